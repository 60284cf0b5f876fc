import { hash, verify } from '@node-rs/argon2';
import { AppError, isUuid, parseEmail, parseNewPassword } from '@kedai/domain';
import { and, eq, gt, isNull, schema, sql, type Database } from '@kedai/db';
import { simpleMail, type SimpleMail } from '../../platform/mail-template';
import { revokeUserSessions } from '../../platform/session';
import { randomToken, sha256 } from '../../platform/secure-tokens';
import { sendAccountMail } from './account-mail';
import { afterAnswerWorkSettled, startAfterAnswer } from './after-answer';
import { findUserByEmail, lockUser, setPasswordHash, type UserRow } from '../users/service';
import type { AuthDeps } from './service';

const { userTokens: tokens } = schema;
const PURPOSE = 'password_reset';

const liveResetToken = (userId: string) =>
  and(eq(tokens.userId, userId), eq(tokens.purpose, PURPOSE), isNull(tokens.usedAt), gt(tokens.expiresAt, sql`now()`));

/** Ends every live reset link of the user (a newer link, a reset or a change makes them moot). */
async function endResetTokens(db: Pick<Database, 'update'>, userId: string): Promise<void> {
  await db
    .update(tokens)
    .set({ expiresAt: sql`now()` })
    .where(liveResetToken(userId));
}

/** Sends one of the password mails (a failure is logged: the password work is done, or the user can ask again). */
function sendMail(deps: AuthDeps, user: UserRow, what: string, build: (shop: string) => SimpleMail) {
  return sendAccountMail(deps, user.id, what, (shop) => simpleMail(build(shop)));
}

// ——— Forgot password ———

/**
 * Resolves once every reset link started so far has been issued and mailed, and any other work
 * started after an answer (resent codes) has settled (tests, and shutdown).
 */
export const resetMailsSettled = afterAnswerWorkSettled;

/** Issues a new reset token (ending older live ones), e-mails its link and answers it (the command line prints it). */
export async function issueResetMail(deps: AuthDeps, userId: string): Promise<string | undefined> {
  const token = randomToken();
  const user = await deps.db.transaction(async (tx) => {
    // The user row lock orders concurrent requests, so only the newest link stays live.
    const row = await lockUser(tx, userId);
    if (!row) return undefined;
    await endResetTokens(tx, row.id);
    await tx.insert(tokens).values({
      userId: row.id,
      purpose: PURPOSE,
      tokenHash: sha256(token), // only the hash is kept
      expiresAt: sql`now() + make_interval(mins => ${deps.config.passwordResetTtlMinutes}::int)`,
    });
    return row;
  });
  if (!user) return undefined;
  const url = `${deps.config.publicWebUrl}/reset_password?uid=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`;
  await sendMail(deps, user, 'password reset', (shop) => ({
    to: user.email,
    subject: `Reset your ${shop} password`,
    name: user.firstName,
    paragraphs: [
      `Someone (we hope you) asked to reset the password of your ${shop} account.`,
      `The link below works once and expires in ${deps.config.passwordResetTtlMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url },
    footer: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  }));
  deps.log.info({ userId: user.id }, 'password reset link sent');
  return url;
}

/**
 * `POST /auth/forgotPassword`, the part before the answer. A malformed address is
 * `user/invalid_email`; any well-formed one costs one lookup, account or not, and answers the
 * user to mail a link to (if any), for `startResetMail`.
 */
export async function forgotPassword(deps: Pick<AuthDeps, 'db'>, input: { email: string }): Promise<string | undefined> {
  const email = parseEmail(input.email);
  if (!email.ok) throw new AppError(email.errorCode);
  return (await findUserByEmail(deps.db, email.value))?.id;
}

/**
 * Issues and mails a reset link in the background. The work starts on the event loop's next
 * turn (setImmediate), after the route's answer has been written, so that answer comes after
 * the same work whether or not the address has an account. A failure is logged; the user can
 * ask again.
 */
export function startResetMail(deps: AuthDeps, userId: string): void {
  startAfterAnswer(deps.log, { userId }, 'could not issue a password reset link', () => issueResetMail(deps, userId));
}

// ——— Reset and change ———

/** Tells the user their password changed, so a change they did not make does not go unnoticed. */
function sendChangedNotice(deps: AuthDeps, user: UserRow): Promise<void> {
  return sendMail(deps, user, 'password changed', (shop) => ({
    to: user.email,
    subject: `Your ${shop} password was changed`,
    name: user.firstName,
    paragraphs: [`The password of your ${shop} account was just changed, and other devices were signed out.`],
    footer: [`If this was not you, reset your password at once with "Forgot password" and contact ${shop}.`],
  }));
}

function newPassword(input: string): string {
  const parsed = parseNewPassword(input);
  if (!parsed.ok) throw new AppError(parsed.errorCode);
  return parsed.value;
}

/**
 * `POST /auth/resetPassword`. The token must be a live reset token of `uid`: unknown, used, or
 * another user's -> `auth/invalid_password_reset_token`; out of time (or ended by a newer link)
 * -> `auth/password_reset_token_expired`. A weak password is refused without using the token.
 * The token is used by a conditional update, so two concurrent uses cannot both succeed. Every
 * session of the user ends, and so do their other reset links. The two-factor wrong-code wait
 * stays (decision 0021): the link is the mailbox's, which must not buy more guesses at the code.
 */
export async function resetPassword(deps: AuthDeps, input: { uid: string; resetPasswordToken: string; password: string }): Promise<void> {
  const invalid = () => new AppError('auth/invalid_password_reset_token');
  if (!isUuid(input.uid) || input.resetPasswordToken.length === 0) throw invalid();
  const [token] = await deps.db
    .select({ id: tokens.id, userId: tokens.userId, usedAt: tokens.usedAt, expired: sql<boolean>`${tokens.expiresAt} <= now()` })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256(input.resetPasswordToken)), eq(tokens.purpose, PURPOSE)))
    .limit(1);
  if (!token || token.userId !== input.uid.toLowerCase() || token.usedAt !== null) throw invalid();
  if (token.expired) throw new AppError('auth/password_reset_token_expired');
  const passwordHash = await hash(newPassword(input.password)); // argon2id

  const user = await deps.db.transaction(async (tx) => {
    // The user row first, as a new link (issueResetMail) and every two-factor change take it: a
    // link used while another is asked for then waits instead of deadlocking on the token rows.
    await lockUser(tx, token.userId);
    const used = await tx
      .update(tokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(tokens.id, token.id), isNull(tokens.usedAt), gt(tokens.expiresAt, sql`now()`)))
      .returning({ id: tokens.id });
    if (used.length === 0) return undefined; // used (or ended) since we looked
    // The link reached the mailbox, which proves the address as well as the code would: an
    // unverified account is verified by a reset.
    const row = await setPasswordHash(tx, token.userId, passwordHash, { emailProven: true });
    await endResetTokens(tx, token.userId);
    await revokeUserSessions(tx, token.userId, 'password_reset');
    return row;
  });
  if (!user) throw invalid();
  deps.log.info({ userId: user.id }, 'password reset');
  await sendChangedNotice(deps, user);
}

/**
 * `POST /auth/changePassword` for the signed-in user: the current password must match
 * (`auth/wrong_password`), the new one follow the policy (`auth/invalid_new_password`) and not be a common one (`auth/common_password`). Every
 * other session of the user ends; the caller's stays. Live reset links end too.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: { user: UserRow; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  let matches = false;
  try {
    matches = await verify(caller.user.passwordHash, input.currentPassword);
  } catch {
    matches = false;
  }
  if (!matches) throw new AppError('auth/wrong_password');
  const passwordHash = await hash(newPassword(input.newPassword));
  const user = await deps.db.transaction(async (tx) => {
    const row = await setPasswordHash(tx, caller.user.id, passwordHash);
    await endResetTokens(tx, caller.user.id);
    await revokeUserSessions(tx, caller.user.id, 'password_changed', caller.sessionId);
    return row;
  });
  if (!user) throw new AppError('auth/user_not_found');
  deps.log.info({ userId: user.id }, 'password changed');
  await sendChangedNotice(deps, user);
}
