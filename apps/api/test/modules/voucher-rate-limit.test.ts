import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@kedai/db';
import { LIFTED_LIMITS, createVerifiedUser } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers';

/**
 * `POST /voucher/validate` is limited like sign-in (decision 0007), at its default limits: every try
 * counts per client address (30 per 15 minutes) and per user (10 per 15 minutes), so codes cannot
 * be guessed in bulk from one address or by one account from many.
 */
let t: TestApp;
beforeAll(async () => {
  // The client address comes from X-Forwarded-For here, so one test can speak from several addresses.
  const { RATE_LIMIT_VOUCHER: _address, RATE_LIMIT_VOUCHER_ACCOUNT: _user, ...others } = LIFTED_LIMITS;
  t = await createTestApp({ seed: false, env: { ...others, TRUST_PROXY: 'true' } });
  await t.app.db.insert(schema.vouchers).values({ code: 'REAL10', kind: 'percent', percentBp: 1000 });
}, 120_000);
afterAll(() => t?.close());

const WINDOW = 900;

async function shopper(): Promise<TestClient> {
  const user = await createVerifiedUser(t.app);
  const client = new TestClient(t.app);
  expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  return client;
}

const tryCode = (client: TestClient, code: string, address: string) =>
  client.post('/voucher/validate', { code }, { 'x-forwarded-for': address });

function expectLimited(answer: Awaited<ReturnType<typeof tryCode>>) {
  expect(answer.status).toBe(429);
  expectEnvelope(answer.body, 'general/rate_limited');
  // The app's clock stands at the start of a window (helpers.ts): all of it is left to wait.
  expect(answer.headers['retry-after']).toBe(String(WINDOW));
  expect(answer.body.params).toEqual([WINDOW]);
}

describe('POST /voucher/validate rate limits', () => {
  it('uses the documented defaults', () => {
    expect(t.config.rateLimits.voucher).toEqual({ limit: 30, windowSeconds: WINDOW });
    expect(t.config.rateLimits.voucherAccount).toEqual({ limit: 10, windowSeconds: WINDOW });
  });

  it('allows a user 10 tries, right and wrong alike, from any address; others are unaffected; the window passes', async () => {
    const guesser = await shopper();
    for (let i = 0; i < 10; i++) {
      const answer = await tryCode(guesser, i === 4 ? 'REAL10' : `GUESS${i}`, `198.51.100.${i + 1}`);
      expect(answer.status).toBe(i === 4 ? 200 : 404);
    }
    // The 11th try is refused, the real code included and from a fresh address.
    expectLimited(await tryCode(guesser, 'REAL10', '198.51.100.11'));
    expectLimited(await tryCode(guesser, 'GUESS11', '198.51.100.12'));

    // Another shopper on one of the same addresses is not held up.
    const other = await shopper();
    expect((await tryCode(other, 'REAL10', '198.51.100.1')).status).toBe(200);

    t.clock.advance(WINDOW);
    expect((await tryCode(guesser, 'REAL10', '198.51.100.13')).status).toBe(200);
  });

  it('allows one client address 30 tries across users; other addresses are unaffected; the window passes', async () => {
    const address = '203.0.113.77';
    const shoppers = [await shopper(), await shopper(), await shopper(), await shopper()];
    for (let i = 0; i < 30; i++) expect((await tryCode(shoppers[i % 3]!, `NOPE${i}`, address)).status).toBe(404);
    // A fourth account, which has tried nothing yet, is refused on that address …
    const fourth = shoppers[3]!;
    expectLimited(await tryCode(fourth, 'REAL10', address));
    // … and heard on another.
    expect((await tryCode(fourth, 'REAL10', '203.0.113.78')).status).toBe(200);

    t.clock.advance(WINDOW);
    expect((await tryCode(fourth, 'REAL10', address)).status).toBe(200);
  });

  it('counts an unknown code at the checkout (estimates, create_order) as a try; a known code there costs nothing', async () => {
    const guesser = await shopper();
    const address = '192.0.2.40';
    const headers = { 'x-forwarded-for': address };
    const estimate = (code: string) =>
      guesser.request('GET', `/checkout/estimate_costs?checkoutSessionKey=no-such-session&voucherCode=${code}`, undefined, headers);
    // The shopper's page re-estimates with a real code as often as it likes: never counted.
    for (let i = 0; i < 12; i++) expectEnvelope((await estimate('REAL10')).body, 'checkout/session_not_found');
    // Unknown codes are guesses, whichever route carries them: 10 in all for one user.
    for (let i = 0; i < 5; i++) expectEnvelope((await estimate(`GUESS${i}`)).body, 'checkout/session_not_found');
    for (let i = 5; i < 9; i++) {
      const order = await guesser.post(
        '/checkout/create_order',
        { checkoutSessionKey: 'no-such-session', voucherCode: `GUESS${i}` },
        headers,
      );
      expectEnvelope(order.body, 'checkout/session_not_found');
    }
    expect((await tryCode(guesser, 'GUESS9', address)).status).toBe(404);
    expectLimited(await estimate('GUESS10'));
    expectLimited(await guesser.post('/checkout/create_order', { checkoutSessionKey: 'no-such-session', voucherCode: 'GUESS11' }, headers));
    expectLimited(await tryCode(guesser, 'REAL10', address));
    // A known code at the checkout is still heard.
    expectEnvelope((await estimate('REAL10')).body, 'checkout/session_not_found');
  });
});
