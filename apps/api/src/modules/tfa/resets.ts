import type { FastifyInstance } from 'fastify';
import { AppError, roleAllows } from '@kedai/domain';
import { and, asc, eq, gt, isNull, lte, schema, sql, type Database, type Transaction } from '@kedai/db';
import { recordAudit } from '../../platform/audit';
import type { RecurringJob } from '../../platform/jobs';
import { simpleMail } from '../../platform/mail-template';
import { forgetTfaPasses, revokeUserSessions, type AuthContext } from '../../platform/session';
import { randomToken, sha256 } from '../../platform/secure-tokens';
import { sendAccountMail } from '../auth/service';
import { clearTfa, lockUser, type UserRow } from '../users/service';
import { voidRecoveryCodes } from './recovery-codes';
import { sendTfaNotice } from './notices';
import type { TfaDeps } from './service';

/**
 * Turning two-factor off without the authenticator (decision 0021). A shopper who lost it asks for
 * a link by e-mail; using the link only schedules the reset: two-factor stays on for
 * TFA_RESET_WAIT_HOURS while the address is told, with a one-click "this was not me", and a
 * sign-in with the old factor cancels it too. A job turns it off once the time has come. Staff and
 * owners are never reset by e-mail (a mailbox must not open the back office): an owner resets them
 * (`resetMemberTfa` in modules/staff), and the last owner uses a recovery code or `admin:create`.
 */

const { userTokens, tfaResets } = schema;
const TFA_RESET = 'tfa_reset';
const JOB_INTERVAL_MS = 60_000;
const BATCH = 100;

/** Now on the clock resets are scheduled and completed by (config.clock in tests). */
const nowOf = (deps: Pick<TfaDeps, 'config'>) => deps.config.clock?.() ?? new Date();

const isStaffAccount = (user: Pick<UserRow, 'role'>) => roleAllows(user.role, 'staff');
const pending = () => and(isNull(tfaResets.cancelledAt), isNull(tfaResets.completedAt));

/**
 * Two-factor off: secret, pending secret and last step cleared (with `code`, only while that
 * secret is still active and the code's step new), every session's pass forgotten (turning it on
 * again asks every session for the new secret), the recovery codes void, and a pending reset moot.
 */
export async function turnTfaOff(tx: Transaction, userId: string, code?: { secret: string; step: number }): Promise<UserRow | undefined> {
  const row = await clearTfa(tx, userId, code);
  if (!row) return undefined;
  await forgetTfaPasses(tx, userId);
  await voidRecoveryCodes(tx, userId);
  await tx
    .update(tfaResets)
    .set({ completedAt: sql`now()` })
    .where(and(eq(tfaResets.userId, userId), pending()));
  return row;
}

/** Cancels the user's pending reset, if any (the old factor was used, or "this was not me"); answers whether one was. */
export async function cancelPendingReset(tx: Pick<Database, 'update'>, userId: string, reason: 'signed_in'): Promise<boolean> {
  const cancelled = await tx
    .update(tfaResets)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(and(eq(tfaResets.userId, userId), pending()))
    .returning({ id: tfaResets.id });
  return cancelled.length > 0;
}

/** The user's pending reset, if any. */
export async function pendingReset(db: Pick<Database, 'select'>, userId: string): Promise<{ effectiveAt: string } | null> {
  const [row] = await db
    .select({ effectiveAt: tfaResets.effectiveAt })
    .from(tfaResets)
    .where(and(eq(tfaResets.userId, userId), pending()))
    .limit(1);
  return row ? { effectiveAt: row.effectiveAt.toISOString() } : null;
}

const liveToken = () => and(eq(userTokens.purpose, TFA_RESET), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`));

/**
 * `POST /tfa/requestReset`: e-mails a shopper a single-use link that schedules turning two-factor
 * off (for a lost authenticator). Only the token's SHA-256 is stored; a new link ends older ones.
 * Staff and owners: `auth/tfa_reset_staff`.
 */
export async function requestTfaReset(deps: TfaDeps, auth: AuthContext): Promise<void> {
  const { user } = auth;
  if (isStaffAccount(user)) throw new AppError('auth/tfa_reset_staff');
  if (!auth.tfaEnabled) throw new AppError('auth/tfa_not_enabled');
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(userTokens.userId, user.id), liveToken()));
    await tx.insert(userTokens).values({
      userId: user.id,
      purpose: TFA_RESET,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(mins => ${deps.config.tfaResetTtlMinutes}::int)`,
    });
  });
  const url = `${deps.config.publicWebUrl}/two_factor/reset?token=${encodeURIComponent(token)}`;
  await sendAccountMail(deps, user.id, 'two-factor reset', (shop) =>
    simpleMail({
      to: user.email,
      subject: `Turn off two-factor authentication at ${shop}`,
      name: user.firstName,
      paragraphs: [
        `Someone, hopefully you, asked to turn off two-factor authentication for your ${shop} account because the authenticator app is lost.`,
        `The link below works once and expires in ${deps.config.tfaResetTtlMinutes} minutes. For your safety, two-factor authentication then stays on for another ${deps.config.tfaResetWaitHours} hours before it turns off, and this address is told.`,
        'If you still have a recovery code, sign in with it instead: that is immediate.',
      ],
      action: { label: 'Turn off two-factor authentication', url },
      footer: [
        'If this was not you, ignore this e-mail: two-factor authentication stays on. Whoever asked knows your password, so reset it with "Forgot password".',
      ],
    }),
  );
  deps.log.info({ userId: user.id }, 'two-factor reset requested');
}

/**
 * `POST /tfa/reset`: a live reset token schedules turning two-factor off for its user, at now +
 * TFA_RESET_WAIT_HOURS, and mails the address a notice with the "this was not me" link. No
 * session needed: the token, mailed to the address, is the proof. A reset already pending stays
 * as it is (its notice went out). A staff or owner account's token: `auth/tfa_reset_staff`.
 */
export async function resetTfa(deps: TfaDeps, resetTfaToken: string): Promise<{ ok: true; effectiveAt: string }> {
  const invalid = () => new AppError('auth/tfa_reset_token_invalid');
  if (!resetTfaToken) throw invalid();
  const cancelToken = randomToken();
  const effectiveAt = new Date(nowOf(deps).getTime() + deps.config.tfaResetWaitHours * 3_600_000);
  const outcome = await deps.db.transaction(async (tx) => {
    // Marking it used is the condition, so one token schedules once.
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userTokens.tokenHash, sha256(resetTfaToken)), liveToken()))
      .returning({ userId: userTokens.userId });
    if (!used) throw invalid();
    // The row lock orders this against a sign-in, an owner's reset, or a second link.
    const user = await lockUser(tx, used.userId);
    if (!user) throw invalid();
    if (isStaffAccount(user)) throw new AppError('auth/tfa_reset_staff');
    if (user.tfaSecret === null) throw new AppError('auth/tfa_not_enabled');
    const existing = await pendingReset(tx, user.id);
    if (existing) return { user, effectiveAt: existing.effectiveAt, scheduled: false };
    await tx.insert(tfaResets).values({ userId: user.id, effectiveAt, cancelTokenHash: sha256(cancelToken) });
    return { user, effectiveAt: effectiveAt.toISOString(), scheduled: true };
  });
  if (outcome.scheduled) {
    deps.log.info({ userId: outcome.user.id, effectiveAt: outcome.effectiveAt }, 'two-factor reset scheduled');
    await sendTfaNotice(deps, outcome.user, {
      kind: 'reset_scheduled',
      effectiveAt,
      waitHours: deps.config.tfaResetWaitHours,
      cancelUrl: `${deps.config.publicWebUrl}/two_factor/cancel_reset?token=${encodeURIComponent(cancelToken)}`,
    });
  }
  return { ok: true, effectiveAt: outcome.effectiveAt };
}

/** `POST /tfa/cancel_reset`: the "this was not me" link cancels its pending reset; otherwise `auth/tfa_reset_cancel_invalid`. */
export async function cancelTfaReset(deps: TfaDeps, cancelToken: string): Promise<void> {
  const [cancelled] = cancelToken
    ? await deps.db
        .update(tfaResets)
        .set({ cancelledAt: sql`now()`, cancelReason: 'not_me' })
        .where(and(eq(tfaResets.cancelTokenHash, sha256(cancelToken)), pending()))
        .returning({ userId: tfaResets.userId })
    : [];
  if (!cancelled) throw new AppError('auth/tfa_reset_cancel_invalid');
  deps.log.info({ userId: cancelled.userId }, 'two-factor reset cancelled: not me');
  const [user] = await deps.db.select().from(schema.users).where(eq(schema.users.id, cancelled.userId));
  if (user) await sendTfaNotice(deps, user, { kind: 'reset_cancelled', reason: 'not_me' });
}

/**
 * The job's work: completes the resets whose time has come by `now`. Each is claimed by a
 * conditional UPDATE (so several API processes complete it once); two-factor goes off, the
 * recovery codes void, every session ends, and the address is told. A reset of an account that
 * has since become staff is cancelled instead: staff are never reset by e-mail.
 */
export async function completeDueTfaResets(deps: Pick<TfaDeps, 'db' | 'mailer' | 'log'>, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: tfaResets.id, userId: tfaResets.userId })
    .from(tfaResets)
    .where(and(pending(), lte(tfaResets.effectiveAt, now)))
    .orderBy(asc(tfaResets.effectiveAt))
    .limit(BATCH);
  let completed = 0;
  for (const { id, userId } of due) {
    const user = await deps.db.transaction(async (tx) => {
      // The account before its reset, as a sign-in's right code, an owner's reset and turning
      // two-factor off lock them: in the other order the job and a sign-in deadlock.
      const row = await lockUser(tx, userId);
      if (!row) return undefined;
      const [claimed] = await tx
        .update(tfaResets)
        .set({ completedAt: sql`now()` })
        .where(and(eq(tfaResets.id, id), pending(), lte(tfaResets.effectiveAt, now)))
        .returning({ userId: tfaResets.userId });
      if (!claimed) return undefined; // cancelled, or completed by another process, since it was read
      if (isStaffAccount(row)) {
        await tx
          .update(tfaResets)
          .set({ completedAt: null, cancelledAt: sql`now()` })
          .where(eq(tfaResets.id, id));
        return undefined;
      }
      const off = await turnTfaOff(tx, row.id);
      await revokeUserSessions(tx, row.id, 'tfa_changed');
      // By the address's own link, after the wait: no one in the back office did it.
      await recordAudit(tx, {
        actorId: null,
        action: 'tfa.reset',
        objectType: 'user',
        objectId: row.id,
        before: { tfaEnabled: true },
        after: { tfaEnabled: false },
      });
      return off;
    });
    if (!user) continue;
    completed++;
    deps.log.info({ userId: user.id }, 'two-factor authentication reset by e-mail');
    await sendTfaNotice(deps, user, { kind: 'reset_done' });
  }
  return completed;
}

/** The recurring job (`tfa.resets`, every minute): the resets whose waiting time has passed on the app's clock. */
export function tfaResetsJob(app: FastifyInstance, everyMs = JOB_INTERVAL_MS): RecurringJob {
  return {
    name: 'tfa.resets',
    everyMs,
    run: () => completeDueTfaResets({ db: app.db, mailer: app.mailer, log: app.log }, app.config.clock?.() ?? new Date()),
  };
}
