import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@kedai/db';
import { registerErrorHandling } from '../../src/platform/errors';
import { addressSubject, clientAddress, hit, purgeExpired, rateLimit, undoHit } from '../../src/platform/rate-limit';
import { TestClock, WINDOW_ALIGNED, createTestApp, expectEnvelope, race, type TestApp } from '../helpers';

let t: TestApp;
let handle: TestApp['handle'];
/** A bare app with only the routes of these tests, on the test app's database, its windows on `clock`. */
let app: FastifyInstance;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  handle = t.handle;
  app = Fastify({ logger: false });
  app.decorate('db', handle.db);
  app.decorate('config', { ...t.config, clock: clock.now });
  registerErrorHandling(app);
  app.post(
    '/limited',
    { preHandler: rateLimit({ name: 'test', limit: 3, windowSeconds: 60, key: (r) => `ip:${clientAddress(r)}` }) },
    async () => ({
      ok: true,
    }),
  );
  app.post(
    '/specific',
    {
      preHandler: rateLimit({
        name: 'specific',
        limit: 1,
        windowSeconds: 60,
        key: (r) => ((r.body as { email?: string } | undefined)?.email ? `email:${(r.body as { email: string }).email}` : undefined),
        errorCode: 'auth/resend_verify_code_rate_limit',
      }),
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

let serial = 0;
const newKey = () => `k${++serial}:${Date.now()}`;
const T0 = WINDOW_ALIGNED;
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('hit', () => {
  it('allows `limit` hits in a window, then refuses with the seconds left in the window', async () => {
    const key = newKey();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await hit(handle.db, { key, limit: 3, windowSeconds: 60, now: at(10) }));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers.map((a) => a.remaining)).toEqual([2, 1, 0, 0]);
    expect(answers[3]!.retryAfterSeconds).toBe(50);
    // Part seconds round up, so a client that waits Retry-After lands in the next window.
    expect((await hit(handle.db, { key, limit: 3, windowSeconds: 60, now: new Date(T0 + 59_500) })).retryAfterSeconds).toBe(1);
  });

  it('allows again in the next window', async () => {
    const key = newKey();
    for (let i = 0; i < 2; i++) await hit(handle.db, { key, limit: 2, windowSeconds: 60, now: at(30) });
    expect((await hit(handle.db, { key, limit: 2, windowSeconds: 60, now: at(59) })).allowed).toBe(false);
    const next = await hit(handle.db, { key, limit: 2, windowSeconds: 60, now: at(60) });
    expect(next).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60, windowStart: at(60) });
  });

  it('windows a second long: refused within the second, allowed at the next', async () => {
    const key = newKey();
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 1, now: at(7) })).allowed).toBe(true);
    const refused = await hit(handle.db, { key, limit: 1, windowSeconds: 1, now: new Date(T0 + 7_999) });
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 1, now: at(8) })).allowed).toBe(true);
  });

  it('without `now` counts in the window of the database clock (production)', async () => {
    const before = Date.now();
    const { allowed, windowStart } = await hit(handle.db, { key: newKey(), limit: 1, windowSeconds: 86_400 });
    expect(allowed).toBe(true);
    expect(windowStart.getTime() % 86_400_000).toBe(0);
    expect(windowStart.getTime()).toBeLessThanOrEqual(before + 1000);
    expect(windowStart.getTime() + 86_400_000).toBeGreaterThan(before - 1000);
  });

  it('undoHit takes one hit back in the window it was counted in', async () => {
    const key = newKey();
    const first = await hit(handle.db, { key, limit: 1, windowSeconds: 60, now: at(3) });
    await undoHit(handle.db, key, first.windowStart);
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 60, now: at(4) })).allowed).toBe(true);
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 60, now: at(5) })).allowed).toBe(false);
    // Another window's count is untouched.
    await undoHit(handle.db, key, at(-60));
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 60, now: at(6) })).allowed).toBe(false);
  });

  race('lets exactly `limit` of 20 concurrent hits through', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hit(handle.db, { key, limit: 5, windowSeconds: 3600, now: at(5) })));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    expect(answers.filter((a) => !a.allowed)).toHaveLength(15);
    const [row] = await queryRows<{ hits: number }>(handle.db, sql`SELECT hits FROM rate_limits WHERE key = ${key}`);
    expect(row?.hits).toBe(20);
  });

  it('counts keys independently', async () => {
    const a = newKey();
    const b = newKey();
    expect((await hit(handle.db, { key: a, limit: 1, windowSeconds: 60, now: at(1) })).allowed).toBe(true);
    expect((await hit(handle.db, { key: a, limit: 1, windowSeconds: 60, now: at(2) })).allowed).toBe(false);
    expect((await hit(handle.db, { key: b, limit: 1, windowSeconds: 60, now: at(3) })).allowed).toBe(true);
  });

  it('deletes windows that have ended, and only those', async () => {
    const old = newKey();
    const live = newKey();
    // No purge by chance before the one under test (a hit purges with probability 1 % by default).
    await hit(handle.db, { key: old, limit: 1, windowSeconds: 60, now: at(-120), purgeProbability: 0 });
    await hit(handle.db, { key: live, limit: 1, windowSeconds: 60, now: at(0), purgeProbability: 0 });
    expect(await purgeExpired(handle.db, at(1))).toBeGreaterThanOrEqual(1);
    const keys = (await queryRows<{ key: string }>(handle.db, sql`SELECT key FROM rate_limits WHERE key IN (${old}, ${live})`)).map(
      (r) => r.key,
    );
    expect(keys).toEqual([live]);
    // A hit may purge too; with probability 1 it still counts.
    expect((await hit(handle.db, { key: live, limit: 2, windowSeconds: 60, now: at(2), purgeProbability: 1 })).remaining).toBe(0);
  });
});

describe('rateLimit hook', () => {
  it('answers the N+1th request with 429, the envelope and Retry-After', async () => {
    const remoteAddress = '198.51.100.10';
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: '/limited', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expectEnvelope(refused.json(), 'general/rate_limited');
    // The clock stands at the start of the window: all of it is left.
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().params).toEqual([60]);
    // Another client address is not affected.
    expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress: '198.51.100.11' })).statusCode).toBe(200);
  });

  it('counts on the app clock: allowed again once it reaches the next window, not before', async () => {
    const remoteAddress = '198.51.100.30';
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress })).statusCode).toBe(200);
    clock.advance(59);
    const refused = await app.inject({ method: 'POST', url: '/limited', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress })).statusCode).toBe(200);
  });

  race('lets exactly `limit` of concurrent requests through', async () => {
    const remoteAddress = '198.51.100.20';
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/limited', remoteAddress })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expectEnvelope(answer.json(), 'general/rate_limited');
  });

  it('answers a more specific code when given, and skips requests without a key', async () => {
    const email = `${newKey()}@example.com`;
    expect((await app.inject({ method: 'POST', url: '/specific', payload: { email } })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/specific', payload: { email } });
    expect(refused.statusCode).toBe(429);
    expectEnvelope(refused.json(), 'auth/resend_verify_code_rate_limit');
    expect(refused.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'POST', url: '/specific', payload: {} })).statusCode).toBe(200);
  });
});

describe('addressSubject', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and cuts IPv6 to its /64', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(addressSubject('2001:0db8:abcd:0012::ff')).toBe('2001:db8:abcd:12::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
