import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@kedai/domain';
import { queryRows, sql, type Database } from '@kedai/db';
import { sendError } from './errors';

/**
 * Fixed-window rate limiting kept in the database (table `rate_limits`), so a limit holds across
 * every API process that shares it (architecture §5). Decision record 0007.
 *
 * A hit is one atomic `INSERT … ON CONFLICT DO UPDATE SET hits = hits + 1 RETURNING hits`: the
 * row lock of the upsert orders concurrent hits on one key, each sees its own count, and so at
 * most `limit` of them are ever allowed in one window, whatever the concurrency. Windows are
 * aligned on the database clock (`floor(epoch / windowSeconds)`), the one clock every process shares.
 */

export interface HitOptions {
  /** Whole key, e.g. `register:ip:203.0.113.7`; limiters prefix their name. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
  /** The clock, for tests; the database's `now()` when absent. */
  now?: Date;
  /** Chance that this hit also deletes expired windows (default 1 %). */
  purgeProbability?: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits still allowed in this window after this one. */
  remaining: number;
  /** Seconds until this window ends (at least 1). */
  retryAfterSeconds: number;
  /** Start of the window this hit was counted in (for `undoHit`). */
  windowStart: Date;
}

const PURGE_BATCH = 1000;

/** Counts one hit on `key` and says whether it is within the limit. */
export async function hit(db: Database, options: HitOptions): Promise<HitResult> {
  const { key, limit, windowSeconds } = options;
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new RangeError('windowSeconds must be a positive integer');
  const now = options.now ? options.now.toISOString() : null;
  const [row] = await queryRows<{ hits: number; retry_after: number; window_start: number }>(
    db,
    sql`WITH clock AS (SELECT coalesce(${now}::timestamptz, now()) AS at),
      win AS (SELECT at, to_timestamp(floor(extract(epoch FROM at) / ${windowSeconds}::int) * ${windowSeconds}::int) AS start FROM clock)
    INSERT INTO rate_limits (key, window_start, expires_at, hits)
    SELECT ${key}, start, start + ${windowSeconds}::int * interval '1 second', 1 FROM win
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits, ceil(extract(epoch FROM rate_limits.expires_at - (SELECT at FROM clock)))::int AS retry_after,
      extract(epoch FROM rate_limits.window_start)::float8 AS window_start`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  const hits = Number(row.hits);
  if (Math.random() < (options.purgeProbability ?? 0.01)) await purgeExpired(db, options.now);
  return {
    allowed: hits <= limit,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
    windowStart: new Date(Number(row.window_start) * 1000),
  };
}

/** Takes back one hit counted by `hit` (in the window it was counted in), e.g. a try that turned out harmless. */
export async function undoHit(db: Database, key: string, windowStart: Date): Promise<void> {
  await db.execute(
    sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${key} AND window_start = ${windowStart.toISOString()}::timestamptz AND hits > 0`,
  );
}

/**
 * Deletes up to a batch of windows that have ended. Rows another process holds are skipped
 * (`SKIP LOCKED`), so concurrent purges never wait on each other or on hits. Answers the count.
 */
export async function purgeExpired(db: Database, now?: Date): Promise<number> {
  const at = now ? now.toISOString() : null;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limits WHERE (key, window_start) IN (
      SELECT key, window_start FROM rate_limits
      WHERE expires_at <= coalesce(${at}::timestamptz, now())
      LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING key`,
  );
  return rows.length;
}

/** A limit: `limit` hits per `windowSeconds`. */
interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOptions extends Limit {
  /** Limiter name, the prefix of its keys (`register`, `verifyEmail`, …). */
  name: string;
  /** The subject counted, e.g. `ip:${clientAddress(request)}`; undefined lets the request through uncounted. */
  key: (request: FastifyRequest) => string | undefined;
  /** The 429 answer's code; `general/rate_limited` by default. */
  errorCode?: ErrorCode;
}

/**
 * A route hook (use it as `preHandler`, after validation) that counts the request and answers
 * 429 with the error envelope, `Retry-After` and the seconds to wait in `params[0]` once the
 * limit is passed.
 */
export function rateLimit(options: RateLimitOptions) {
  return async function rateLimitHook(request: FastifyRequest, reply: FastifyReply) {
    const subject = options.key(request);
    if (subject === undefined) return;
    const result = await hit(request.server.db, {
      key: `${options.name}:${subject}`,
      limit: options.limit,
      windowSeconds: options.windowSeconds,
      now: request.server.config.clock?.(),
    });
    if (result.allowed) return;
    request.log.info({ limiter: options.name, subject }, 'rate limited');
    reply.header('retry-after', String(result.retryAfterSeconds));
    return sendError(reply, 429, options.errorCode ?? 'general/rate_limited', [result.retryAfterSeconds]);
  };
}

/** The refusal a service throws past a limit it counts itself (`params[0]`: seconds to wait). */
export function rateLimited(retryAfterSeconds: number, errorCode: ErrorCode = 'general/rate_limited'): AppError {
  return new AppError(errorCode, [retryAfterSeconds]);
}

/** Gives a 429 thrown by a service its `Retry-After` header, as the `rateLimit` hook does for its own. */
export function setRetryAfter(reply: FastifyReply, error: unknown): void {
  if (error instanceof AppError && error.status === 429 && Array.isArray(error.params) && typeof error.params[0] === 'number') {
    reply.header('retry-after', String(error.params[0]));
  }
}

/**
 * The client's address as a rate-limit subject: `request.ip` (which honours TRUST_PROXY), with
 * IPv4-mapped IPv6 addresses as plain IPv4, and other IPv6 addresses cut to their /64 — one
 * subscriber usually holds a whole /64, so counting single addresses would be no limit at all.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  return addressSubject(request.ip);
}

export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of a valid IPv6 address, without leading zeros. */
function expandIPv6(ip: string): string[] {
  const toHextets = (part: string): string[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [group];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  };
  const [head = '', tail] = ip.split('::');
  const front = toHextets(head);
  const back = tail === undefined ? [] : toHextets(tail);
  const zeros = Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((h) => parseInt(h, 16).toString(16));
}
