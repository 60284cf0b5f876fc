import { createHmac, randomBytes, webcrypto } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { AppError, isUuid } from '@kedai/domain';
import { and, eq, inArray, isNull, ne, schema, sql, type Database } from '@kedai/db';
import type { AppConfig } from './config';
import { cookieName } from './cookies';
import { randomToken, sha256 } from './secure-tokens';

/**
 * Sessions (architecture §7): a short-lived access JWT and an opaque refresh token, both in
 * httpOnly cookies. The JWT names its session, and every authenticated request checks that session
 * in the database (one primary-key read), so logout, a password change and refresh-token reuse end
 * access at once instead of when the JWT expires. The refresh token is stored hashed and rotated on
 * every use; a rotated token presented again (after a short grace for two tabs refreshing at once)
 * revokes the whole session.
 */

/** The session cookies' names; `__Host-kedai_at` and `__Host-kedai_rt` with COOKIE_SECURE (`cookieName`). */
const ACCESS_COOKIE = 'kedai_at';
const REFRESH_COOKIE = 'kedai_rt';

type UserRow = typeof schema.users.$inferSelect;
type SessionRow = typeof schema.authSessions.$inferSelect;
const { authSessions, refreshTokens, users } = schema;

/** The signed-in caller, set on `request.auth` by the guards below. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
  /** Two-factor authentication is on for this user. */
  tfaEnabled: boolean;
  /** This session needs no second factor, or has passed it. */
  tfaPassed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export type RevokeReason = 'logout' | 'refresh_token_reuse' | 'password_changed' | 'password_reset' | 'blacklisted' | 'tfa_changed';

export interface SessionDeps {
  db: Database;
  config: AppConfig;
  key: Uint8Array;
}

function sessionTtlSeconds(config: AppConfig, remember: boolean): number {
  return remember ? config.rememberMeDays * 86_400 : config.sessionTtlHours * 3_600;
}

function authContext(user: UserRow, session: SessionRow): AuthContext {
  const tfaEnabled = user.tfaSecret !== null;
  return { user, session, tfaEnabled, tfaPassed: !tfaEnabled || session.tfaPassedAt !== null };
}

async function signAccessToken(deps: SessionDeps, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomBytes(12).toString('base64url'))
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${deps.config.accessTokenTtlSeconds}s`)
    .sign(deps.key);
}

/** Inserts a refresh token for the session (only its hash is kept) and answers the token itself. */
async function insertRefreshToken(
  db: Pick<Database, 'insert'>,
  session: Pick<SessionRow, 'id' | 'expiresAt'>,
  token: string = randomToken(),
): Promise<string> {
  await db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: sha256(token), expiresAt: session.expiresAt });
  return token;
}

/**
 * The one successor of a refresh token: derived from it under the server's key, so a second tab
 * presenting the same token within the grace is answered with the very same successor (one chain),
 * without the successor itself ever being stored.
 */
function successorOf(deps: SessionDeps, presented: string): string {
  return createHmac('sha256', deps.key).update(`kedai-refresh-successor:${presented}`).digest('base64url');
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  remember: boolean;
}

/** Starts a session for a user who has just proved their password. */
export async function startSession(
  deps: SessionDeps,
  input: { userId: string; remember: boolean; userAgent: string | undefined },
): Promise<IssuedSession & { session: SessionRow }> {
  const ttl = sessionTtlSeconds(deps.config, input.remember);
  const { session, refreshToken } = await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({
        userId: input.userId,
        remember: input.remember,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        expiresAt: sql`now() + make_interval(secs => ${ttl}::int)`,
      })
      .returning();
    return { session: session!, refreshToken: await insertRefreshToken(tx, session!) };
  });
  const accessToken = await signAccessToken(deps, input.userId, session.id);
  return { session, accessToken, refreshToken, remember: input.remember };
}

/**
 * `POST /auth/refreshAccessToken`: trades the newest refresh token of a session for a new pair.
 * Each token has exactly one successor (`successorOf`). A token already rotated is answered with
 * that same successor while it is within the reuse grace and its successor is still the newest
 * (two tabs refreshing at once share one chain); any other use of a rotated token — after the
 * grace, or once the chain has moved past its successor — means someone else holds a copy, and
 * revokes the whole session (decision 0008).
 */
export async function refreshSession(deps: SessionDeps, presented: string | undefined): Promise<IssuedSession> {
  const invalid = () => new AppError('auth/invalid_refresh_token');
  if (!presented || presented.length > 256) throw invalid();
  const successor = successorOf(deps, presented);
  const presentedHash = sha256(presented);
  const outcome = await deps.db.transaction(async (tx) => {
    // Every refresh of a session first locks the session's row, the one lock they all take in the
    // same order: a late twin (which reads its successor) and the successor itself, refreshed at the
    // same moment, then wait for each other instead of deadlocking.
    const [owner] = await tx
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        sql`${authSessions.id} = (SELECT ${refreshTokens.sessionId} FROM ${refreshTokens} WHERE ${refreshTokens.tokenHash} = ${presentedHash})`,
      )
      .for('update');
    if (!owner) return { kind: 'invalid' as const };
    const [row] = await tx
      .select({
        token: refreshTokens,
        session: authSessions,
        blacklisted: sql<boolean>`${users.blacklistedAt} is not null`,
        tfaOwed: sql<boolean>`${users.tfaSecret} is not null and ${authSessions.tfaPassedAt} is null`,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now() or ${authSessions.expiresAt} <= now()`,
        withinGrace: sql<boolean>`${refreshTokens.rotatedAt} > now() - make_interval(secs => ${deps.config.refreshReuseGraceSeconds}::int)`,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, presentedHash));
    if (!row || row.session.revokedAt !== null || row.expired || row.blacklisted) return { kind: 'invalid' as const };
    // A session that still owes its second factor lives only as long as its first access token:
    // refreshing cannot keep a password-only session open (decision 0008).
    if (row.tfaOwed) return { kind: 'tfa_owed' as const };

    const ttl = sessionTtlSeconds(deps.config, row.session.remember);
    const slide = async () => {
      const [session] = await tx
        .update(authSessions)
        .set({ lastUsedAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${ttl}::int)` })
        .where(eq(authSessions.id, row.session.id))
        .returning();
      return session!;
    };

    if (row.token.rotatedAt === null) {
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: sql`now()` })
        .where(eq(refreshTokens.id, row.token.id));
      const session = await slide();
      return { kind: 'ok' as const, session, refreshToken: await insertRefreshToken(tx, session, successor) };
    }

    // A rotated token: the late twin of a refresh still in its grace gets the same successor, if
    // that successor has not been rotated in turn; anything else is a replay.
    if (row.withinGrace) {
      const [next] = await tx
        .select({ rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, sha256(successor)), eq(refreshTokens.sessionId, row.session.id)));
      if (next && next.rotatedAt === null) return { kind: 'ok' as const, session: await slide(), refreshToken: successor };
    }
    await tx
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'refresh_token_reuse' })
      .where(eq(authSessions.id, row.session.id));
    return { kind: 'reused' as const, sessionId: row.session.id };
  });
  if (outcome.kind === 'tfa_owed') throw new AppError('auth/tfa_not_verified');
  if (outcome.kind !== 'ok') throw invalid();
  const accessToken = await signAccessToken(deps, outcome.session.userId, outcome.session.id);
  return { accessToken, refreshToken: outcome.refreshToken, remember: outcome.session.remember };
}

/** Ends one session (idempotent). */
export async function revokeSession(db: Database, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Pick<Database, 'update'>,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Records that this session passed two-factor authentication. */
export async function markTfaPassed(db: Pick<Database, 'update'>, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ tfaPassedAt: sql`now()` })
    .where(eq(authSessions.id, sessionId));
}

/** Forgets every session's two-factor pass (two-factor turned off: a later secret must be passed anew). */
export async function forgetTfaPasses(db: Pick<Database, 'update'>, userId: string): Promise<void> {
  await db.update(authSessions).set({ tfaPassedAt: null }).where(eq(authSessions.userId, userId));
}

/** The session a refresh token belongs to, if the token is known (for logout without a valid access token). */
export async function sessionIdOfRefreshToken(db: Database, token: string | undefined): Promise<string | undefined> {
  if (!token || token.length > 256) return undefined;
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  return row?.sessionId;
}

/** The server's key made a WebCrypto key once: given the raw bytes, `jwtVerify` imports them anew on every request. */
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function verifyKeyOf(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = verifyKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(key, imported);
  }
  return imported;
}

/**
 * Access tokens this process has verified, with their claims, until they expire: a session's next
 * requests skip the signature check (a thread-pool round trip in WebCrypto), never the session read
 * that sees a logout or a revocation. Keyed by the whole token, signature included.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, JWTPayload>>();
const VERIFIED_TOKENS_MAX = 10_000;

async function verifyAccessToken(key: Uint8Array, token: string): Promise<JWTPayload> {
  let verified = verifiedTokens.get(key);
  if (!verified) verifiedTokens.set(key, (verified = new Map()));
  const known = verified.get(token);
  // Expired as jwtVerify would find it (its `exp` not after now).
  if (known && typeof known.exp === 'number' && known.exp > Math.floor(Date.now() / 1000)) return known;
  verified.delete(token);
  const { payload } = await jwtVerify(token, await verifyKeyOf(key), { algorithms: ['HS256'] });
  if (typeof payload.exp === 'number') {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, payload);
  }
  return payload;
}

export type AccessCheck =
  { kind: 'none' } | { kind: 'invalid' } | { kind: 'blacklisted'; user: UserRow } | { kind: 'ok'; auth: AuthContext };

/** Reads the access cookie: no cookie, a bad/expired/revoked one, a blacklisted user, or the signed-in caller. */
export async function checkAccess(deps: SessionDeps, request: FastifyRequest): Promise<AccessCheck> {
  const token = request.cookies[cookieName(deps.config, ACCESS_COOKIE)];
  if (!token) return { kind: 'none' };
  let userId: string;
  let sessionId: string;
  try {
    const payload = await verifyAccessToken(deps.key, token);
    // Ids that are no uuid cannot name a session (and would make the uuid columns refuse the query).
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { kind: 'invalid' };
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return { kind: 'invalid' };
    userId = payload.sub;
    sessionId = payload.sid;
  } catch {
    return { kind: 'invalid' };
  }
  const [row] = await deps.db
    .select({ session: authSessions, user: users, live: sql<boolean>`${authSessions.expiresAt} > now()` })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .limit(1);
  if (!row || row.session.revokedAt !== null || !row.live) return { kind: 'invalid' };
  if (row.user.blacklistedAt !== null) return { kind: 'blacklisted', user: row.user };
  return { kind: 'ok', auth: authContext(row.user, row.session) };
}

/**
 * When the request's access token expires (unix seconds), read without checking it: only for a
 * caller `checkAccess` has already let in (the live socket closes at that instant, so its client
 * refreshes over HTTP and reconnects).
 */
export function accessTokenExpiry(config: AppConfig, request: FastifyRequest): number | undefined {
  const token = request.cookies[cookieName(config, ACCESS_COOKIE)];
  if (!token) return undefined;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Of these sessions, the ones still as good as `checkAccess` would find them (not revoked, not
 * expired, the user not blacklisted, a second factor owed passed), with their user's role and whether two-factor is set up and passed: a
 * long-lived connection (the live socket) asks again now and then instead of on every request.
 */
export async function sessionsStillValid(
  db: Database,
  sessionIds: readonly string[],
): Promise<Map<string, { role: string; tfaPassed: boolean }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: authSessions.id,
      role: users.role,
      // Two-factor set up and passed in this session: what staff need (a user who turned it off has no secret).
      tfaPassed: sql<boolean>`${users.tfaSecret} is not null and ${authSessions.tfaPassedAt} is not null`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        inArray(authSessions.id, [...sessionIds]),
        isNull(authSessions.revokedAt),
        sql`${authSessions.expiresAt} > now()`,
        isNull(users.blacklistedAt),
        sql`(${users.tfaSecret} is null or ${authSessions.tfaPassedAt} is not null)`,
      ),
    );
  return new Map(rows.map((row) => [row.id, { role: row.role, tfaPassed: Boolean(row.tfaPassed) }]));
}

/** The refresh cookie of the request, under the name this configuration uses. */
export function refreshTokenOf(config: AppConfig, request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(config, REFRESH_COOKIE)];
}

// Path=/ and no Domain, as `__Host-` names require (and Secure whenever they are used).
const cookieBase = (config: AppConfig) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure });

/** Sets both session cookies; without "remember me" the refresh cookie ends with the browser session. */
export function setSessionCookies(reply: FastifyReply, config: AppConfig, issued: IssuedSession): void {
  reply.setCookie(cookieName(config, ACCESS_COOKIE), issued.accessToken, { ...cookieBase(config), maxAge: config.accessTokenTtlSeconds });
  reply.setCookie(cookieName(config, REFRESH_COOKIE), issued.refreshToken, {
    ...cookieBase(config),
    ...(issued.remember ? { maxAge: config.rememberMeDays * 86_400 } : {}),
  });
}

export function clearSessionCookies(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(cookieName(config, ACCESS_COOKIE), cookieBase(config));
  reply.clearCookie(cookieName(config, REFRESH_COOKIE), cookieBase(config));
}
