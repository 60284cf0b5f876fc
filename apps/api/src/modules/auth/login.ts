import { hash, verify } from '@node-rs/argon2';
import { AppError, normaliseEmail, parseEmail, roleAllows } from '@kedai/domain';
import type { Database } from '@kedai/db';
import type { SessionState } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { blacklistedError } from '../../platform/auth-guard';
import { hit, rateLimited, undoHit } from '../../platform/rate-limit';
import { startSession, type AuthContext, type IssuedSession, type SessionDeps } from '../../platform/session';
import { findUserByEmail, toPublicUser, type UserRow } from '../users/service';

/**
 * A hash of nothing anyone knows, verified against when the e-mail has no account, so a login
 * for an unknown address costs the same argon2id work as one for a known address.
 */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hash(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}

/**
 * `auth/unverified_email` after the right password: the route grants this browser a sign-in on
 * verifying (decision 0011), so it carries whose password was proved.
 */
export class UnverifiedSignIn extends AppError {
  constructor(readonly userId: string) {
    super('auth/unverified_email');
  }
}

/** Checks a password against a user's argon2id hash, or against the decoy when there is no user. */
export async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(user?.passwordHash ?? (await decoy()), password);
    return ok && user !== undefined;
  } catch {
    return false;
  }
}

/** Looks a user up by e-mail as typed, or undefined (also for a malformed address). */
async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const parsed = parseEmail(email);
  return parsed.ok ? findUserByEmail(db, parsed.value) : undefined;
}

/**
 * `POST /auth/login`. Any wrong pair — unknown e-mail or wrong password — is
 * `auth/wrong_email_or_password` after the same hashing work. Only with the right password does the
 * caller learn that the address is unverified or the account blacklisted.
 *
 * Tries are counted per account (`RATE_LIMIT_LOGIN_ACCOUNT`, any address) and failures per client
 * address. Past the account's limit the account is not simply locked — anyone could lock anyone
 * out — but only closed to addresses that have been failing: an address with no failed login in
 * the window still has its password checked (one try at a time), the right one signs in, and a
 * wrong one makes it a failing address too (decision 0007).
 */
export async function login(
  deps: SessionDeps,
  input: {
    email: string;
    password: string;
    rememberme?: boolean | undefined;
    userAgent: string | undefined;
    /** The caller's address as a rate-limit subject, e.g. `ip:203.0.113.7`. */
    address: string;
  },
): Promise<{ issued: IssuedSession; state: SessionState }> {
  const { windowSeconds, limit } = deps.config.rateLimits.loginAccount;
  const now = deps.config.clock?.();
  const failuresKey = `loginFailed:${input.address}`;
  const countFailure = () => hit(deps.db, { key: failuresKey, limit: 1, windowSeconds, now });
  const account = await hit(deps.db, { key: `login:acct:${normaliseEmail(input.email)}`, limit, windowSeconds, now });
  // Past the account's limit a try is heard only from an address without failures, and only one at
  // a time: it is counted as a failure up front (atomically), and taken back if the password is right.
  const held = account.allowed ? undefined : await countFailure();
  if (held && !held.allowed) throw rateLimited(account.retryAfterSeconds);

  const user = await userByEmail(deps.db, input.email);
  if (!(await passwordMatches(user, input.password)) || !user) {
    if (held) throw rateLimited(account.retryAfterSeconds);
    await countFailure();
    // A wrong password for a back-office account is a security event its owners see (by whom: unknown).
    if (user && roleAllows(user.role, 'staff')) await recordSignIn(deps.db, 'auth.sign_in_failed', null, user.id);
    throw new AppError('auth/wrong_email_or_password');
  }
  if (held) await undoHit(deps.db, failuresKey, held.windowStart);
  if (user.blacklistedAt) throw await blacklistedError(deps.db);
  if (!user.emailVerifiedAt) throw new UnverifiedSignIn(user.id);
  const issued = await startSession(deps, { userId: user.id, remember: input.rememberme === true, userAgent: input.userAgent });
  if (roleAllows(user.role, 'staff')) await recordSignIn(deps.db, 'auth.sign_in', user.id, user.id);
  const tfaEnabled = user.tfaSecret !== null;
  return {
    issued,
    state: {
      profile: toPublicUser(user),
      signedIn: true,
      tfaPassed: !tfaEnabled,
      tfaEnabled,
      tfaSetupSkipped: user.tfaSetupSkippedAt !== null,
    },
  };
}

/** A back-office account's sign-in (or a wrong password for one) in the audit log. */
function recordSignIn(db: Database, action: 'auth.sign_in' | 'auth.sign_in_failed', actorId: string | null, userId: string) {
  return recordAudit(db, { actorId, action, objectType: 'user', objectId: userId, before: null, after: null });
}

export const SIGNED_OUT: SessionState = {
  profile: null,
  signedIn: false,
  tfaPassed: false,
  tfaEnabled: false,
  tfaSetupSkipped: false,
};

/** What `GET /auth/me` (and two-factor verification) answer for a signed-in caller. */
export function sessionState(auth: AuthContext): SessionState {
  return {
    profile: toPublicUser(auth.user),
    signedIn: true,
    tfaPassed: auth.tfaPassed,
    tfaEnabled: auth.tfaEnabled,
    tfaSetupSkipped: auth.user.tfaSetupSkippedAt !== null,
  };
}
