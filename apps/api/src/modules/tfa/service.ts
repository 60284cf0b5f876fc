import type { FastifyBaseLogger } from 'fastify';
import { toString as qrCodeString } from 'qrcode';
import { TOTP } from 'otpauth';
import { AppError } from '@kedai/domain';
import { and, eq, gt, isNull, schema, sql, type Database, type Transaction } from '@kedai/db';
import type { SessionState, TfaSetupResponse } from '@kedai/contract';
import type { AppConfig } from '../../platform/config';
import type { Mailer } from '../../platform/mailer';
import { simpleMail } from '../../platform/mail-template';
import { forgetTfaPasses, markTfaPassed, revokeUserSessions, type AuthContext } from '../../platform/session';
import { randomToken, sha256 } from '../../platform/secure-tokens';
import { SecretBoxError, isSealed, open, seal, sealedKeyId, type BoxKey } from '../../platform/secret-box';
import { passwordMatches, sendAccountMail, sessionState } from '../auth/service';
import { shopName } from '../../platform/shop-config';
import {
  acceptTfaStep,
  clearTfa,
  enableTfa,
  markTfaSetupSkipped,
  replaceTfaSecrets,
  setPendingTfaSecret,
  usersWithTfaSecrets,
  type UserRow,
} from '../users/service';
import { TOTP_PARAMS, matchTotp, newTotpSecret } from './totp';

/**
 * Two-factor authentication (rules: access.md–7, issue 4). The secret lives in `users.tfa_secret` once a
 * code has confirmed it; until then in `users.tfa_pending_secret`. Every accepted code records its
 * time step in `users.tfa_last_step` with a conditional UPDATE, so a code (or an older one) is
 * never accepted twice, even by two requests at once. Any change of the second factor (on, off,
 * reset by e-mail) ends the user's other sessions, as a password change does (issue 11). Both
 * columns hold the secret sealed (AES-256-GCM, decision 0009), never as it is. The columns are
 * written through the users module, which owns the table.
 */

/** The secret a stored value seals; one the keys cannot open is told to the user with the way out. */
function openSecret(deps: Pick<TfaDeps, 'keys' | 'log'>, userId: string, stored: string): string {
  try {
    return open(deps.keys, stored);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    deps.log.error({ userId, keyId: sealedKeyId(stored), reason: error.message }, 'two-factor secret cannot be opened');
    throw new AppError('auth/tfa_secret_unreadable');
  }
}

/** Now on the clock codes are judged by (config.clock in tests). */
const nowMs = (deps: Pick<TfaDeps, 'config'>) => (deps.config.clock?.() ?? new Date()).getTime();

export interface TfaDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Secrets are stored sealed with these (platform/secret-box.ts); the first seals. */
  keys: readonly BoxKey[];
}

const { userTokens } = schema;

const TFA_RESET = 'tfa_reset';

/** `ABCD EFGH …`: easier to type from a screen. */
function groupKey(base32: string): string {
  return base32.match(/.{1,4}/g)?.join(' ') ?? base32;
}

/** `POST /tfa/setup`: a new pending secret (replacing an earlier pending one) and the ways to enter it. */
export async function setupTfa(deps: TfaDeps, auth: AuthContext): Promise<TfaSetupResponse> {
  if (auth.tfaEnabled) throw new AppError('auth/tfa_already_setup');
  const secret = newTotpSecret();
  // The condition, not the check above, decides against a set-up confirmed meanwhile.
  if (!(await setPendingTfaSecret(deps.db, auth.user.id, seal(deps.keys, secret)))) throw new AppError('auth/tfa_already_setup');
  const otpauthUri = new TOTP({
    issuer: await shopName(deps.db),
    label: auth.user.email,
    secret,
    algorithm: TOTP_PARAMS.algorithm,
    digits: TOTP_PARAMS.digits,
    period: TOTP_PARAMS.period,
  }).toString();
  const svg = await qrCodeString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    manualKey: groupKey(secret),
  };
}

/**
 * `POST /tfa/verify`: with two-factor on, a right code passes this session; with a set-up
 * pending, a right code from the new secret turns two-factor on and passes this session.
 */
export async function verifyTfa(deps: TfaDeps, auth: AuthContext, token: string): Promise<SessionState> {
  const { user } = auth;
  const stored = user.tfaSecret ?? user.tfaPendingSecret;
  if (!stored) throw new AppError('auth/tfa_not_setup');
  const secret = openSecret(deps, user.id, stored);
  const step = matchTotp({ token, secret, atMs: nowMs(deps), after: user.tfaLastStep });
  if (step === undefined) throw new AppError('auth/tfa_wrong_code');

  const updated = await deps.db.transaction(async (tx) => {
    // Only a step after the last accepted one counts, and only while the secret is still the one checked.
    const row = user.tfaSecret ? await acceptTfaStep(tx, user.id, stored, step) : await enableTfa(tx, user.id, stored, step);
    if (!row) return undefined;
    await markTfaPassed(tx, auth.session.id);
    // A new second factor: sessions signed in without it end (this one has just passed it).
    if (!user.tfaSecret) await revokeUserSessions(tx, user.id, 'tfa_changed', auth.session.id);
    return row;
  });
  // Another request took this code (or a later one) first, or the secret changed meanwhile.
  if (!updated) throw new AppError('auth/tfa_wrong_code');
  if (!user.tfaSecret) deps.log.info({ userId: user.id }, 'two-factor authentication enabled');
  return sessionState({
    user: updated,
    session: { ...auth.session, tfaPassedAt: new Date() },
    tfaEnabled: true,
    tfaPassed: true,
  });
}

/** `POST /tfa/skip_setup`: remembers that the user declined (the first time counts); nothing to skip once it is on. */
export async function skipTfaSetup(deps: TfaDeps, auth: AuthContext): Promise<void> {
  if (auth.tfaEnabled) throw new AppError('auth/tfa_already_setup');
  await markTfaSetupSkipped(deps.db, auth.user.id);
}

/**
 * Two-factor off (with `code`, only if that code's step is still new for that secret), and the
 * sessions' passes forgotten, so turning it on again later asks every other session for a code
 * from the new secret.
 */
async function turnOff(tx: Transaction, userId: string, code?: { secret: string; step: number }): Promise<UserRow | undefined> {
  const row = await clearTfa(tx, userId, code);
  if (row) await forgetTfaPasses(tx, userId);
  return row;
}

/**
 * `POST /tfa/disable_tfa`: the account's password and a right, unused code turn two-factor off
 * (either alone — a stolen unlocked phone, or a session left open — is not enough), and every
 * other session of the user ends.
 */
export async function disableTfa(deps: TfaDeps, auth: AuthContext, input: { token: string; password: string }): Promise<void> {
  const { user } = auth;
  const stored = user.tfaSecret;
  if (!stored) throw new AppError('auth/tfa_not_enabled');
  if (!(await passwordMatches(user, input.password))) throw new AppError('auth/wrong_password');
  const secret = openSecret(deps, user.id, stored);
  const step = matchTotp({ token: input.token, secret, atMs: nowMs(deps), after: user.tfaLastStep });
  if (step === undefined) throw new AppError('auth/tfa_wrong_code');
  const row = await deps.db.transaction(async (tx) => {
    const off = await turnOff(tx, user.id, { secret: stored, step });
    if (off) await revokeUserSessions(tx, user.id, 'tfa_changed', auth.session.id);
    return off;
  });
  if (!row) throw new AppError('auth/tfa_wrong_code');
  deps.log.info({ userId: user.id }, 'two-factor authentication disabled');
}

const liveToken = () => and(eq(userTokens.purpose, TFA_RESET), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`));

/**
 * `POST /tfa/requestReset`: e-mails the signed-in user a single-use link that turns two-factor
 * off (for a lost authenticator). Only the token's SHA-256 is stored; a new link ends older ones.
 */
export async function requestTfaReset(deps: TfaDeps, auth: AuthContext): Promise<void> {
  const { user } = auth;
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
        `The link below turns it off. It works once and expires in ${deps.config.tfaResetTtlMinutes} minutes.`,
      ],
      action: { label: 'Turn off two-factor authentication', url },
      footer: ['If you did not ask for this, ignore this e-mail: two-factor authentication stays on.'],
    }),
  );
  deps.log.info({ userId: user.id }, 'two-factor reset requested');
}

/**
 * `POST /tfa/reset`: a live reset token turns two-factor off for its user. No session needed (the
 * link may be opened on another device): the token, e-mailed to the account's address, is the proof.
 */
export async function resetTfa(deps: TfaDeps, resetTfaToken: string): Promise<void> {
  const invalid = () => new AppError('auth/tfa_reset_token_invalid');
  if (!resetTfaToken) throw invalid();
  const userId = await deps.db.transaction(async (tx) => {
    // Marking it used is the condition, so one token turns two-factor off once.
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userTokens.tokenHash, sha256(resetTfaToken)), liveToken()))
      .returning({ userId: userTokens.userId });
    if (!used) return undefined;
    await turnOff(tx, used.userId);
    // Whoever lost the authenticator signs in afresh; any session opened meanwhile ends.
    await revokeUserSessions(tx, used.userId, 'tfa_changed');
    return used.userId;
  });
  if (!userId) throw invalid();
  deps.log.info({ userId }, 'two-factor authentication reset by e-mail');
}

/**
 * At start: seals every two-factor secret still stored as it is (written before encryption at rest)
 * and re-seals those of a key that is no longer the first (a rotation). Idempotent; each row is
 * changed only if it still holds the value read, so API processes starting together agree.
 */
export async function sealStoredSecrets(db: Database, keys: readonly BoxKey[]): Promise<number> {
  const current = keys[0]?.id;
  const stale = (value: string | null) => value !== null && (!isSealed(value) || sealedKeyId(value) !== current);
  let changed = 0;
  for (const row of await usersWithTfaSecrets(db)) {
    if (!stale(row.tfaSecret) && !stale(row.tfaPendingSecret)) continue;
    const reseal = (value: string | null) => {
      if (value === null || !stale(value)) return value;
      try {
        return seal(keys, isSealed(value) ? open(keys, value) : value);
      } catch (error) {
        // Sealed under a key no longer configured: left as it is (its user resets two-factor by e-mail).
        if (error instanceof SecretBoxError) return value;
        throw error;
      }
    };
    const next = { tfaSecret: reseal(row.tfaSecret), tfaPendingSecret: reseal(row.tfaPendingSecret) };
    if (next.tfaSecret === row.tfaSecret && next.tfaPendingSecret === row.tfaPendingSecret) continue;
    if (await replaceTfaSecrets(db, row.id, row, next)) changed++;
  }
  return changed;
}
