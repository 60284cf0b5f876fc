import { hash, verify } from '@node-rs/argon2';
import { AppError, parseEmail } from '@kedai/domain';
import { schema, type Database } from '@kedai/db';
import type { SessionState } from '@kedai/contract';
import { blacklistedError } from '../../platform/auth-guard';
import { startSession, type AuthContext, type IssuedSession, type SessionDeps } from '../../platform/session';
import { findUserByEmail, toPublicUser } from './service';

type UserRow = typeof schema.users.$inferSelect;

/**
 * A hash of nothing anyone knows, verified against when the e-mail has no account, so a login
 * for an unknown address costs the same argon2id work as one for a known address.
 */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hash(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
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
export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const parsed = parseEmail(email);
  return parsed.ok ? findUserByEmail(db, parsed.value) : undefined;
}

/**
 * `POST /auth/login`. Any wrong pair — unknown e-mail or wrong password — is
 * `auth/wrong_email_or_password` after the same hashing work. Only with the right password does the
 * caller learn that the address is unverified or the account blacklisted.
 */
export async function login(
  deps: SessionDeps,
  input: { email: string; password: string; rememberme?: boolean | undefined; userAgent: string | undefined },
): Promise<{ issued: IssuedSession; state: SessionState }> {
  const user = await userByEmail(deps.db, input.email);
  if (!(await passwordMatches(user, input.password)) || !user) throw new AppError('auth/wrong_email_or_password');
  if (user.blacklistedAt) throw await blacklistedError(deps.db);
  if (!user.emailVerifiedAt) throw new AppError('auth/unverified_email');
  const issued = await startSession(deps, { userId: user.id, remember: input.rememberme === true, userAgent: input.userAgent });
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
