import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, schema } from '@kedai/db';
import { newEmail as newAccountEmail, registration } from '../accounts';
import { XSRF_PAIR, createTestApp, expectEnvelope, race, type TestApp } from '../helpers';
import { loadConfig } from '../../src/platform/config';

/** The auth routes at their real, default per-address limits (decision record 0007). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const newEmail = () => newAccountEmail('limit');

function send(url: string, payload: object, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: XSRF_PAIR });
}

function expectLimited(response: Awaited<ReturnType<typeof send>>, errorCode: string, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expectEnvelope(body, errorCode);
  // The app's clock stands at the start of a window (helpers.ts): all of it is left to wait.
  expect(response.headers['retry-after']).toBe(String(windowSeconds));
  expect(body.params).toEqual([windowSeconds]);
}

describe('auth rate limits per client address', () => {
  it('uses the documented defaults (their values are pinned in config.test.ts)', () => {
    expect(t.config.rateLimits).toEqual(loadConfig({}).rateLimits);
  });

  it('POST /auth/register: 10 an hour, then 429 general/rate_limited; other addresses unaffected', async () => {
    const ip = '203.0.113.1';
    for (let i = 0; i < 10; i++) {
      // Refused bodies count too: the limit is on attempts, not on accounts.
      const response = await send('/auth/register', i % 2 ? registration() : { ...registration(), acceptTerms: false }, ip);
      expect(response.statusCode).toBe(i % 2 ? 201 : 400);
    }
    const email = newEmail();
    expectLimited(await send('/auth/register', registration({ email }), ip), 'general/rate_limited', 3600);
    // Nothing was created by the refused request.
    expect((await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${email}` })).json().messages).toHaveLength(0);
    expect((await send('/auth/register', registration({ email }), '203.0.113.2')).statusCode).toBe(201);
  });

  race('POST /auth/register: lets exactly 10 of 15 concurrent attempts through', async () => {
    const bodies = Array.from({ length: 15 }, () => registration());
    const answers = await Promise.all(bodies.map((body) => send('/auth/register', body, '203.0.113.3')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expectEnvelope(answer.json(), 'general/rate_limited');
    // Exactly the ten let through have an account.
    const created = await t.app.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(
        inArray(
          schema.users.email,
          bodies.map((b) => b.email),
        ),
      );
    expect(created.map((u) => u.email).sort()).toEqual(
      bodies
        .filter((_, i) => answers[i]!.statusCode === 201)
        .map((b) => b.email)
        .sort(),
    );
  });

  it('POST /auth/verifyEmail: 20 guesses per 15 minutes, then 429 even for the right code', async () => {
    const ip = '203.0.113.4';
    const email = newEmail();
    expect((await send('/auth/register', registration({ email }), '203.0.113.5')).statusCode).toBe(201);
    const mail = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${email}` })).json().messages[0];
    const code = /code is (\d{6})\b/.exec(mail.text)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 20; i++) {
      const response = await send('/auth/verifyEmail', { code: wrong }, ip);
      expect(response.statusCode).toBe(400);
    }
    expectLimited(await send('/auth/verifyEmail', { code }, ip), 'general/rate_limited', 900);
    // The limit is per client: the code still works from elsewhere.
    expect((await send('/auth/verifyEmail', { code }, '203.0.113.6')).statusCode).toBe(200);
  });

  it('POST /auth/resendVerifyCode: 10 per 15 minutes per client address, across e-mails', async () => {
    const ip = '2001:db8:1:2::10';
    for (let i = 0; i < 10; i++) {
      // Unknown addresses: always `{ok: true}` until the per-client limit.
      expect((await send('/auth/resendVerifyCode', { email: newEmail() }, ip)).statusCode).toBe(200);
    }
    // Another address of the same IPv6 /64 is the same client.
    expectLimited(
      await send('/auth/resendVerifyCode', { email: newEmail() }, '2001:db8:1:2::99'),
      'auth/resend_verify_code_rate_limit',
      900,
    );
    expect((await send('/auth/resendVerifyCode', { email: newEmail() }, '2001:db8:1:3::10')).statusCode).toBe(200);
  });

  it('documents the 429 answers in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/auth/register', '/auth/verifyEmail', '/auth/resendVerifyCode']) {
      expect(Object.keys(doc.paths[path].post.responses)).toContain('429');
    }
  });
});

describe('behind the storefront proxy (TRUST_PROXY=loopback)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => proxied?.close());

  it('counts the right-most untrusted X-Forwarded-For address, so a forged left-most entry does not help', async () => {
    const resend = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/auth/resendVerifyCode',
        payload: { email: newEmail() },
        remoteAddress: '127.0.0.1',
        headers: { ...XSRF_PAIR, 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 10; i++) expect((await resend(`198.18.0.${i}, 203.0.113.50`)).statusCode).toBe(200);
    expectLimited(await resend('198.18.0.99, 203.0.113.50'), 'auth/resend_verify_code_rate_limit', 900);
    // Another shopper behind the same storefront has a limit of their own.
    expect((await resend('203.0.113.51')).statusCode).toBe(200);
  });
});
