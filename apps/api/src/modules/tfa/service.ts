import type { FastifyBaseLogger } from 'fastify';
import { toString as qrCodeString } from 'qrcode';
import { TOTP } from 'otpauth';
import { AppError, isRecoveryCodeForm } from '@kedai/domain';
import { type Database, type Transaction } from '@kedai/db';
import type { TfaEnabledResponse, TfaRecoveryCodesResponse, TfaSetupResponse, TfaVerifyResponse } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import type { AppConfig } from '../../platform/config';
import type { Mailer } from '../../platform/mailer';
import { rateLimited } from '../../platform/rate-limit';
import { markTfaPassed, revokeUserSessions, type AuthContext } from '../../platform/session';
import { SecretBoxError, isSealed, open, seal, sealedKeyId, type BoxKey } from '../../platform/secret-box';
import { passwordMatches, sessionState } from '../auth/service';
import { shopName } from '../../platform/shop-config';
import {
  acceptTfaStep,
  claimTfaTry,
  clearTfaFailures,
  enableTfa,
  lockUser,
  markTfaSetupSkipped,
  replaceTfaSecrets,
  setPendingTfaSecret,
  usersWithTfaSecrets,
  type UserRow,
} from '../users/service';
import { TOTP_PARAMS, matchTotp, newTotpSecret } from './totp';
import { recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes';
import { cancelPendingReset, pendingReset, turnTfaOff } from './resets';
import { sendTfaNotice } from './notices';

/**
 * Two-factor authentication (rules: access.md–7, issue 4). The secret lives in `users.tfa_secret` once a
 * code has confirmed it; until then in `users.tfa_pending_secret`. Every accepted code records its
 * time step in `users.tfa_last_step` with a conditional UPDATE, so a code (or an older one) is
 * never accepted twice, even by two requests at once. Any change of the second factor (on, off,
 * reset by e-mail) ends the user's other sessions, as a password change does (issue 11). Both
 * columns hold the secret sealed (AES-256-GCM, decision 0009), never as it is. The columns are
 * written through the users module, which owns the table. Recovery codes, resets by e-mail (slow
 * and loud) and the wait after wrong codes follow decision 0021 (recovery-codes.ts, resets.ts);
 * every change is mailed to the account (notices.ts), after its transaction.
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
 * Claims one try at a code for the user before it is judged (decision 0021): after TFA_FREE_TRIES
 * wrong codes in a row each further try waits, 429 `auth/tfa_too_many_attempts` with the seconds.
 */
async function claimTry(deps: Pick<TfaDeps, 'db' | 'config'>, userId: string): Promise<void> {
  const wait = await claimTfaTry(deps.db, userId, new Date(nowMs(deps)));
  if (wait > 0) throw rateLimited(wait, 'auth/tfa_too_many_attempts');
}

/** What a right code did besides passing the session, for the answer and the mails after commit. */
interface Passed {
  row: UserRow;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
  resetCancelled: boolean;
}

/** The session passes: the wrong-code count cleared, a pending reset by e-mail cancelled (the old factor is in hand). */
async function pass(tx: Transaction, auth: AuthContext): Promise<boolean> {
  await markTfaPassed(tx, auth.session.id);
  await clearTfaFailures(tx, auth.user.id);
  return cancelPendingReset(tx, auth.user.id, 'signed_in');
}

/**
 * `POST /tfa/verify`: with two-factor on, a right code (authenticator or recovery code, told apart
 * by form) passes this session; with a set-up pending, a right code from the new secret turns
 * two-factor on, passes this session and answers ten new recovery codes. Every try is claimed
 * first (the wrong-code wait); a right one cancels a pending reset by e-mail.
 */
export async function verifyTfa(deps: TfaDeps, auth: AuthContext, token: string): Promise<TfaVerifyResponse> {
  const { user } = auth;
  const stored = user.tfaSecret ?? user.tfaPendingSecret;
  if (!stored) throw new AppError('auth/tfa_not_setup');
  const enabling = !user.tfaSecret;
  await claimTry(deps, user.id);

  let passed: Passed | undefined;
  if (!enabling && isRecoveryCodeForm(token)) {
    passed = await deps.db.transaction(async (tx) => {
      // The account first, as every change of its second factor locks it (else a deadlock with an owner's reset or the reset job).
      await lockUser(tx, user.id);
      if (!(await useRecoveryCode(tx, user.id, token))) return undefined;
      const resetCancelled = await pass(tx, auth);
      return { row: user, recoveryCodesLeft: await recoveryCodesLeft(tx, user.id), resetCancelled };
    });
  } else {
    const secret = openSecret(deps, user.id, stored);
    const step = matchTotp({ token, secret, atMs: nowMs(deps), after: user.tfaLastStep });
    if (step === undefined) throw new AppError('auth/tfa_wrong_code');
    passed = await deps.db.transaction(async (tx) => {
      // Only a step after the last accepted one counts, and only while the secret is still the one checked.
      const row = enabling ? await enableTfa(tx, user.id, stored, step) : await acceptTfaStep(tx, user.id, stored, step);
      if (!row) return undefined;
      const resetCancelled = await pass(tx, auth);
      if (!enabling) return { row, resetCancelled };
      // A new second factor: sessions signed in without it end (this one has just passed it).
      await revokeUserSessions(tx, user.id, 'tfa_changed', auth.session.id);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'tfa.enabled',
        objectType: 'user',
        objectId: user.id,
        before: { tfaEnabled: false },
        after: { tfaEnabled: true },
      });
      return { row, recoveryCodes: await replaceRecoveryCodes(tx, user.id), resetCancelled };
    });
  }
  // A wrong code, or another request took this code (or a later one) first, or the secret changed meanwhile.
  if (!passed) throw new AppError('auth/tfa_wrong_code');

  if (enabling) {
    deps.log.info({ userId: user.id }, 'two-factor authentication enabled');
    await sendTfaNotice(deps, user, { kind: 'enabled' });
  }
  if (passed.recoveryCodesLeft !== undefined) {
    deps.log.info({ userId: user.id, left: passed.recoveryCodesLeft }, 'recovery code used');
    await sendTfaNotice(deps, user, { kind: 'code_used', left: passed.recoveryCodesLeft });
  }
  if (passed.resetCancelled) {
    deps.log.info({ userId: user.id }, 'two-factor reset cancelled: signed in');
    await sendTfaNotice(deps, user, { kind: 'reset_cancelled', reason: 'signed_in' });
  }
  return {
    ...sessionState({ user: passed.row, session: { ...auth.session, tfaPassedAt: new Date() }, tfaEnabled: true, tfaPassed: true }),
    ...(passed.recoveryCodes ? { recoveryCodes: passed.recoveryCodes } : {}),
    ...(passed.recoveryCodesLeft !== undefined ? { recoveryCodesLeft: passed.recoveryCodesLeft } : {}),
  };
}

/** `GET /tfa/is_enabled`: on or off, the recovery codes left, and a reset by e-mail waiting to take effect. */
export async function tfaStatus(deps: Pick<TfaDeps, 'db'>, auth: AuthContext): Promise<TfaEnabledResponse> {
  if (!auth.tfaEnabled) return { enabled: false, recoveryCodesLeft: 0, pendingReset: null };
  return {
    enabled: true,
    recoveryCodesLeft: await recoveryCodesLeft(deps.db, auth.user.id),
    pendingReset: await pendingReset(deps.db, auth.user.id),
  };
}

/** `POST /tfa/skip_setup`: remembers that the user declined (the first time counts); nothing to skip once it is on. */
export async function skipTfaSetup(deps: TfaDeps, auth: AuthContext): Promise<void> {
  if (auth.tfaEnabled) throw new AppError('auth/tfa_already_setup');
  await markTfaSetupSkipped(deps.db, auth.user.id);
}

/**
 * `POST /tfa/disable_tfa`: the account's password and a right, unused code (authenticator or
 * recovery code) turn two-factor off (either alone — a stolen unlocked phone, or a session left
 * open — is not enough), the recovery codes void, and every other session of the user ends.
 */
export async function disableTfa(deps: TfaDeps, auth: AuthContext, input: { token: string; password: string }): Promise<void> {
  const { user } = auth;
  const stored = user.tfaSecret;
  if (!stored) throw new AppError('auth/tfa_not_enabled');
  if (!(await passwordMatches(user, input.password))) throw new AppError('auth/wrong_password');
  await claimTry(deps, user.id);
  const byRecoveryCode = isRecoveryCodeForm(input.token);
  let step: number | undefined;
  if (!byRecoveryCode) {
    step = matchTotp({ token: input.token, secret: openSecret(deps, user.id, stored), atMs: nowMs(deps), after: user.tfaLastStep });
    if (step === undefined) throw new AppError('auth/tfa_wrong_code');
  }
  const row = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id); // before its recovery code, as in verifyTfa
    if (byRecoveryCode && !(await useRecoveryCode(tx, user.id, input.token))) return undefined;
    const off = await turnTfaOff(tx, user.id, step === undefined ? undefined : { secret: stored, step });
    if (!off) return undefined;
    await clearTfaFailures(tx, user.id);
    await revokeUserSessions(tx, user.id, 'tfa_changed', auth.session.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'tfa.disabled',
      objectType: 'user',
      objectId: user.id,
      before: { tfaEnabled: true },
      after: { tfaEnabled: false },
    });
    return off;
  });
  if (!row) throw new AppError('auth/tfa_wrong_code');
  deps.log.info({ userId: user.id }, 'two-factor authentication disabled');
  await sendTfaNotice(deps, user, { kind: 'disabled' });
}

/**
 * `POST /tfa/recovery_codes`: with the password and a current authenticator code, ten new recovery
 * codes (every older one void), and a pending reset by e-mail cancelled. Needs a session that has
 * passed its second factor.
 */
export async function renewRecoveryCodes(
  deps: TfaDeps,
  auth: AuthContext,
  input: { token: string; password: string },
): Promise<TfaRecoveryCodesResponse> {
  const { user } = auth;
  const stored = user.tfaSecret;
  if (!stored) throw new AppError('auth/tfa_not_enabled');
  if (!(await passwordMatches(user, input.password))) throw new AppError('auth/wrong_password');
  await claimTry(deps, user.id);
  const step = matchTotp({ token: input.token, secret: openSecret(deps, user.id, stored), atMs: nowMs(deps), after: user.tfaLastStep });
  if (step === undefined) throw new AppError('auth/tfa_wrong_code');
  const renewed = await deps.db.transaction(async (tx) => {
    if (!(await acceptTfaStep(tx, user.id, stored, step))) return undefined;
    await clearTfaFailures(tx, user.id);
    // The authenticator is in hand (a session opened before the reset was asked for): as at sign-in,
    // a reset by e-mail waiting meanwhile is cancelled.
    const resetCancelled = await cancelPendingReset(tx, user.id, 'signed_in');
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id), resetCancelled };
  });
  if (!renewed) throw new AppError('auth/tfa_wrong_code');
  deps.log.info({ userId: user.id }, 'recovery codes renewed');
  await sendTfaNotice(deps, user, { kind: 'codes_renewed' });
  if (renewed.resetCancelled) {
    deps.log.info({ userId: user.id }, 'two-factor reset cancelled: recovery codes renewed with the authenticator');
    await sendTfaNotice(deps, user, { kind: 'reset_cancelled', reason: 'signed_in' });
  }
  return { recoveryCodes: renewed.recoveryCodes };
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

// What other modules use of two-factor: an owner's reset (modules/staff) turns it off and tells the member.
export { turnTfaOff } from './resets';
export { sendTfaNotice } from './notices';
