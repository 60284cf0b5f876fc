import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_ATTEMPTS,
  normaliseVerificationCode,
  parseEmail,
  validateNewRegistration,
  type RegistrationInput,
} from '@kedai/domain';
import { and, desc, eq, gt, isNull, schema, sql, type Database, type Transaction } from '@kedai/db';
import type { PublicUser } from '@kedai/contract';
import type { AppConfig } from '../../platform/config';
import type { Mailer, MailMessage } from '../../platform/mailer';
import { escapeHtml, simpleMail } from '../../platform/mail-template';
import { hit } from '../../platform/rate-limit';
import { sendAccountMail } from './account-mail';
import { startAfterAnswer } from './after-answer';
import { constantTimeEqual, sha256 } from '../../platform/secure-tokens';
import { createUser, findUserByEmail, lockUser, markEmailVerified, toPublicUser, type UserRow } from '../users/service';

export interface AuthDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const { emailVerificationCodes: codes } = schema;

/** Serialises code generation across API processes, so a code is unique among live codes. */
const VERIFY_CODE_LOCK = 4_801_338;

const liveCode = () => and(isNull(codes.consumedAt), gt(codes.expiresAt, sql`now()`));

/**
 * A new random code for the user, of which only the hash is stored. Under a transaction-scoped
 * advisory lock, a code that equals another live code is drawn again, so a code alone names
 * its user.
 */
async function issueCode(tx: Transaction, userId: string, ttlMinutes: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(VERIFY_CODE_LOCK))})`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
    const codeHash = sha256(code);
    const clash = await tx
      .select({ id: codes.id })
      .from(codes)
      .where(and(eq(codes.codeHash, codeHash), liveCode()))
      .limit(1);
    if (clash.length > 0) continue;
    await tx.insert(codes).values({
      userId,
      codeHash,
      expiresAt: sql`now() + make_interval(mins => ${ttlMinutes}::int)`,
    });
    return code;
  }
  throw new Error('no free verification code after 20 draws');
}

function verificationMail(shopName: string, user: UserRow, code: string, ttlMinutes: number): MailMessage {
  const text = [
    `Hello ${user.firstName},`,
    '',
    `Your ${shopName} verification code is ${code}.`,
    `Enter it to confirm your e-mail address. It expires in ${ttlMinutes} minutes and works once.`,
    '',
    `If you did not create an account with ${shopName}, you can ignore this e-mail.`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(user.firstName)},</p>
<p>Your ${escapeHtml(shopName)} verification code is</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${code}</p>
<p>Enter it to confirm your e-mail address. It expires in ${ttlMinutes} minutes and works once.</p>
<p style="color: #666">If you did not create an account with ${escapeHtml(shopName)}, you can ignore this e-mail.</p>
</body></html>
`;
  return { to: user.email, subject: `Your ${shopName} verification code`, text, html };
}

/** Hands the code mail to the mailer (failures are logged: the account exists, and the code can be resent). */
function sendCodeMail(deps: AuthDeps, user: UserRow, code: string): Promise<void> {
  return sendAccountMail(deps, user.id, 'verification', (shop) => verificationMail(shop, user, code, deps.config.verifyCodeTtlMinutes));
}

/**
 * `POST /auth/register`: every field through the domain rules (400 with the first problem's code
 * and all problems in `params`), the password hashed with argon2id, the user created unverified,
 * and a verification code e-mailed. The unique index on the e-mail decides between concurrent
 * registrations of one address.
 */
export async function register(deps: AuthDeps, input: RegistrationInput): Promise<PublicUser> {
  const result = validateNewRegistration(input);
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  const r = result.value;
  // Cheap early answer; the unique index (createUser) is what guarantees it.
  if (await findUserByEmail(deps.db, r.email)) throw new AppError('auth/email_taken');

  const passwordHash = await hash(r.password); // argon2id, the library's default parameters
  const created = await deps.db.transaction(async (tx) => {
    const user = await createUser(tx, {
      email: r.email,
      passwordHash,
      firstName: r.firstName,
      lastName: r.lastName,
      phoneNumber: r.phoneNumber,
      country: r.country,
      birthDate: r.birthDate,
      gender: r.gender,
    });
    const code = await issueCode(tx, user.id, deps.config.verifyCodeTtlMinutes);
    return { user, code };
  });
  deps.log.info({ userId: created.user.id }, 'user registered');
  await sendCodeMail(deps, created.user, created.code);
  return toPublicUser(created.user);
}

const invalidCode = () => new AppError('auth/invalid_email_verification_code');

/** Uses a live code: consumes it, ends the user's other live codes, marks the address verified. */
async function consume(tx: Transaction, code: { id: string; userId: string }): Promise<UserRow | undefined> {
  const used = await tx
    .update(codes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(codes.id, code.id), liveCode()))
    .returning({ id: codes.id });
  if (used.length === 0) return undefined;
  await tx
    .update(codes)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(codes.userId, code.userId), liveCode()));
  return markEmailVerified(tx, code.userId);
}

/**
 * `POST /auth/verifyEmail`. With only a code, the code names its user (codes are unique among
 * live codes). With an e-mail too, the code must be that user's latest live code, and each wrong
 * guess counts: the VERIFY_CODE_MAX_ATTEMPTS-th locks the code. Wrong, expired, replaced, locked and
 * used codes, and unknown e-mails, all answer `auth/invalid_email_verification_code`.
 */
export async function verifyEmail(deps: AuthDeps, input: { code: string; email?: string | undefined }): Promise<PublicUser> {
  const code = normaliseVerificationCode(input.code);
  if (input.email === undefined) {
    if (!code) throw invalidCode();
    const codeHash = sha256(code);
    const user = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: codes.id, userId: codes.userId })
        .from(codes)
        .where(and(eq(codes.codeHash, codeHash), liveCode()))
        .limit(1)
        .for('update');
      return row ? consume(tx, row) : undefined;
    });
    if (!user) throw invalidCode();
    deps.log.info({ userId: user.id }, 'e-mail verified');
    return toPublicUser(user);
  }

  const email = parseEmail(input.email);
  if (!email.ok) throw new AppError(email.errorCode);
  const owner = await findUserByEmail(deps.db, email.value);
  if (!owner) throw invalidCode();
  if (owner.emailVerifiedAt) throw new AppError('auth/email_verified');
  // A wrong guess is counted in a transaction that commits, then answered with the error.
  const user = await deps.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: codes.id, userId: codes.userId, codeHash: codes.codeHash })
      .from(codes)
      .where(and(eq(codes.userId, owner.id), liveCode()))
      .orderBy(desc(codes.createdAt))
      .limit(1)
      .for('update');
    if (!live) return undefined;
    if (code && constantTimeEqual(live.codeHash, sha256(code))) return consume(tx, live);
    await tx
      .update(codes)
      .set({
        attempts: sql`${codes.attempts} + 1`,
        expiresAt: sql`case when ${codes.attempts} + 1 >= ${VERIFY_CODE_MAX_ATTEMPTS}::int then now() else ${codes.expiresAt} end`,
      })
      .where(eq(codes.id, live.id));
    return undefined;
  });
  if (!user) throw invalidCode();
  deps.log.info({ userId: user.id }, 'e-mail verified');
  return toPublicUser(user);
}

/**
 * `POST /auth/resendVerifyCode`, the part before the answer: only the form of the address is
 * checked (`user/invalid_email`). Whether it has an account, is verified or has just had a code
 * decides only what is mailed, after the answer (`resendVerifyCode`), so the answer (status, body
 * and the work before it) is the same for every address (issue 27).
 */
export function startResendVerifyCode(deps: AuthDeps, input: { email: string }): void {
  const email = parseEmail(input.email);
  if (!email.ok) throw new AppError(email.errorCode);
  startAfterAnswer(deps.log, {}, 'could not resend a verification code', () => resendVerifyCode(deps, email.value));
}

/** A verified account is told so at most once in this many seconds, however often a code is asked for it. */
export const VERIFIED_NOTICE_WINDOW_SECONDS = 3600;

/** What a resend did (for tests and the log; never for the answer). */
export type ResendOutcome =
  'unknown' | 'code_sent' | 'waiting' | 'verified_meanwhile' | 'verified_notice_sent' | 'verified_notice_sent_lately';

/**
 * What `POST /auth/resendVerifyCode` mails, after its answer. An unknown address gets nothing. An
 * unverified account gets a new code (which ends the older ones), at most one per
 * VERIFY_CODE_RESEND_SECONDS, judged by the latest code's creation time in the database under the
 * user row's lock (so it holds across API processes); asked sooner, nothing is sent. A verified
 * account gets a short "already verified: sign in or reset your password" mail, at most one an hour.
 */
export async function resendVerifyCode(deps: AuthDeps, email: string): Promise<ResendOutcome> {
  const found = await findUserByEmail(deps.db, email);
  if (!found) return 'unknown';
  if (found.emailVerifiedAt) return sendVerifiedNotice(deps, found);

  const issued = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, found.id);
    if (!user || user.emailVerifiedAt) return 'verified_meanwhile' as const;
    const [latest] = await tx
      .select({
        waitSeconds: sql<number>`ceil(extract(epoch from (${codes.createdAt} + make_interval(secs => ${deps.config.verifyCodeResendSeconds}::int) - now())))::int`,
      })
      .from(codes)
      .where(eq(codes.userId, user.id))
      .orderBy(desc(codes.createdAt))
      .limit(1);
    if (latest && latest.waitSeconds > 0) return 'waiting' as const;
    await tx
      .update(codes)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(codes.userId, user.id), liveCode()));
    const code = await issueCode(tx, user.id, deps.config.verifyCodeTtlMinutes);
    return { user, code };
  });
  if (typeof issued === 'string') return issued;
  await sendCodeMail(deps, issued.user, issued.code);
  deps.log.info({ userId: issued.user.id }, 'verification code resent');
  return 'code_sent';
}

/** Tells a verified account that there is nothing to verify, and how to get in (at most once an hour). */
async function sendVerifiedNotice(deps: AuthDeps, user: UserRow): Promise<ResendOutcome> {
  const lately = await hit(deps.db, {
    key: `verifiedNotice:user:${user.id}`,
    limit: 1,
    windowSeconds: VERIFIED_NOTICE_WINDOW_SECONDS,
    now: deps.config.clock?.(),
  });
  if (!lately.allowed) return 'verified_notice_sent_lately';
  const web = deps.config.publicWebUrl;
  await sendAccountMail(deps, user.id, 'already verified', (shop) =>
    simpleMail({
      to: user.email,
      subject: `Your ${shop} e-mail address is already verified`,
      name: user.firstName,
      paragraphs: [
        `Someone (we hope you) asked for a new verification code for this address, but it is already verified: there is nothing left to confirm.`,
        `Sign in with your e-mail address and password. If you have forgotten your password, choose "Forgot password" on the sign-in page: ${web}/forgot_password`,
      ],
      action: { label: 'Sign in', url: `${web}/sign_in` },
      footer: ['If you did not ask for a code, you can ignore this e-mail: nothing has changed.'],
    }),
  );
  return 'verified_notice_sent';
}

// What other modules use of accounts (two-factor checks the password and mails the user).
export { passwordMatches, sessionState } from './login';
export { sendAccountMail, type AccountMailDeps } from './account-mail';
export { issueResetMail } from './password';
