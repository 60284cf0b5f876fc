import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@kedai/db';
import { registerErrorHandling } from '../../src/platform/errors';
import { addressSubject, clientAddress, hit, purgeExpired, rateLimit } from '../../src/platform/rate-limit';
import { clearOfWindowEdge, createTestApp, expectEnvelope, type TestApp } from '../helpers';

let t: TestApp;
let handle: TestApp['handle'];
/** A bare app with only the routes of these tests, on the test app's database. */
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  handle = t.handle;
  app = Fastify({ logger: false });
  app.decorate('db', handle.db);
  registerErrorHandling(app);
  app.post('/limited', { preHandler: rateLimit({ name: 'test', limit: 3, windowSeconds: 60, key: (r) => `ip:${clientAddress(r)}` }) }, async () => ({
    ok: true,
  }));
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
/** A window-aligned instant (a multiple of 3600 s), far from the real clock. */
const T0 = Date.parse('2031-03-01T00:00:00Z');
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
    expect(next).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 });
  });

  it('allows again after a short window on the real clock', async () => {
    const key = newKey();
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
    const refused = await hit(handle.db, { key, limit: 1, windowSeconds: 1 });
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await hit(handle.db, { key, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
  });

  it('lets exactly `limit` of 20 concurrent hits through', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hit(handle.db, { key, limit: 5, windowSeconds: 3600, now: at(5) })));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
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
    await hit(handle.db, { key: old, limit: 1, windowSeconds: 60, now: at(-120) });
    await hit(handle.db, { key: live, limit: 1, windowSeconds: 60, now: at(0) });
    expect(await purgeExpired(handle.db, at(1))).toBeGreaterThanOrEqual(1);
    const keys = (await queryRows<{ key: string }>(handle.db, sql`SELECT key FROM rate_limits WHERE key IN (${old}, ${live})`)).map((r) => r.key);
    expect(keys).toEqual([live]);
    // A hit may purge too; with probability 1 it still counts.
    expect((await hit(handle.db, { key: live, limit: 2, windowSeconds: 60, now: at(2), purgeProbability: 1 })).remaining).toBe(0);
  });
});

describe('rateLimit hook', () => {
  it('answers the N+1th request with 429, the envelope and Retry-After', async () => {
    const remoteAddress = '198.51.100.10';
    await clearOfWindowEdge(60);
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: '/limited', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expectEnvelope(refused.json(), 'general/rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().params).toEqual([retryAfter]);
    // Another client address is not affected.
    expect((await app.inject({ method: 'POST', url: '/limited', remoteAddress: '198.51.100.11' })).statusCode).toBe(200);
  });

  it('lets exactly `limit` of concurrent requests through', async () => {
    const remoteAddress = '198.51.100.20';
    await clearOfWindowEdge(60);
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/limited', remoteAddress })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(9);
  });

  it('answers a more specific code when given, and skips requests without a key', async () => {
    const email = `${newKey()}@example.com`;
    await clearOfWindowEdge(60);
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
