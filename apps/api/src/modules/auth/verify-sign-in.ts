/**
 * Signing in by verifying the e-mail address (decision 0011). The browser that has just proved the
 * password — by registering, or by signing in to an account whose address is not verified yet —
 * gets a short-lived HttpOnly cookie naming a one-time grant. When that same browser then verifies
 * the address, the grant is used up and a session starts, so the shopper goes straight on to where
 * they were going instead of signing in again.
 *
 * A code alone never signs anyone in: the grant is bound to the user, kept only as a hash, ends
 * after `VERIFY_SIGN_IN_TTL_MINUTES`, and is useless on another device.
 */
import { and, eq, gt, isNull, schema, sql, type Database } from '@kedai/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName } from '../../platform/cookies';
import type { AppConfig } from '../../platform/config';
import { randomToken, sha256 } from '../../platform/secure-tokens';

const { userTokens: tokens } = schema;
const PURPOSE = 'verify_sign_in';
const COOKIE = 'kedai_verify_sign_in';

/** How long a browser that proved the password may sign in by verifying (long enough to find the e-mail). */
const VERIFY_SIGN_IN_TTL_MINUTES = 60;

const cookieOptions = (config: AppConfig) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure });

/** Grants this browser a sign-in on verifying `userId`'s address: a new grant (older ones end) in a cookie. */
export async function grantVerifySignIn(db: Database, config: AppConfig, reply: FastifyReply, userId: string): Promise<void> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(tokens)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(tokens.userId, userId), eq(tokens.purpose, PURPOSE), isNull(tokens.usedAt), gt(tokens.expiresAt, sql`now()`)));
    await tx.insert(tokens).values({
      userId,
      purpose: PURPOSE,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(mins => ${VERIFY_SIGN_IN_TTL_MINUTES}::int)`,
    });
  });
  reply.setCookie(cookieName(config, COOKIE), token, { ...cookieOptions(config), maxAge: VERIFY_SIGN_IN_TTL_MINUTES * 60 });
}

/**
 * Uses up the request's grant when it is live and was given for `userId`; answers whether it was.
 * The cookie is cleared either way: it has done its work, or it never could.
 */
export async function useVerifySignIn(
  db: Database,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<boolean> {
  const token = request.cookies[cookieName(config, COOKIE)];
  if (!token) return false;
  reply.clearCookie(cookieName(config, COOKIE), cookieOptions(config));
  const used = await db
    .update(tokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(tokens.tokenHash, sha256(token)),
        eq(tokens.userId, userId),
        eq(tokens.purpose, PURPOSE),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: tokens.id });
  return used.length === 1;
}
