import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { seedDemo } from '@kedai/db/seed';
import { createTestDatabase } from '@kedai/db/testing';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, type AppConfig } from '../src/platform/config';
import { invalidate } from '../src/platform/cache';
import { LIFTED_LIMITS, createVerifiedUser, outbox, signedInClient, staffClient } from './accounts';
import { TestClock, expectError, get } from './helpers';
import { SG_ADDRESS } from './shop';

describe('loadConfig', () => {
  it('runs on defaults: embedded database, port 4000, images on the storefront origin', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, seedDemo: true, assetsUrl: '/assets' });
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
  });

  it('serves images from the public API address or an explicit assets host when given', () => {
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.shop.example/' }).assetsUrl).toBe('https://api.shop.example/assets');
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.shop.example', ASSETS_URL: 'https://cdn.shop.example/img/' }).assetsUrl).toBe(
      'https://cdn.shop.example/img',
    );
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ASSETS_URL: 'ftp://cdn' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['API_PORT', 'DATABASE_URL', 'LOG_LEVEL', 'ASSETS_URL']) expect(problems).toContain(name);
  });

  it('reads TFA_RESET_WAIT_HOURS: 72 by default, whole hours from 1 to 720 (decision 0021)', () => {
    expect(loadConfig({}).tfaResetWaitHours).toBe(72);
    expect(loadConfig({ TFA_RESET_WAIT_HOURS: '24' }).tfaResetWaitHours).toBe(24);
    for (const bad of ['0', '721', '1.5', 'soon']) {
      expect(() => loadConfig({ TFA_RESET_WAIT_HOURS: bad }), bad).toThrow(/TFA_RESET_WAIT_HOURS/);
    }
  });

  it('treats empty variables as unset and reads lists', () => {
    const config = loadConfig({ DATABASE_URL: '', WEB_ORIGINS: 'https://shop.example, https://www.shop.example' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webOrigins).toEqual(['https://shop.example', 'https://www.shop.example']);
  });

  it('reads the mail settings: outbox only by default, SMTP URLs only', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      mailUrl: undefined,
      mailFrom: 'Kedai <no-reply@kedai.example>',
      verifyCodeTtlMinutes: 15,
      verifyCodeResendSeconds: 60,
    });
    const smtp = loadConfig({
      MAIL_URL: 'smtps://user:secret@mail.example:465',
      MAIL_FROM: 'Shop <shop@example.com>',
      VERIFY_CODE_TTL_MINUTES: '30',
    });
    expect(smtp).toMatchObject({
      mailUrl: 'smtps://user:secret@mail.example:465',
      mailFrom: 'Shop <shop@example.com>',
      verifyCodeTtlMinutes: 30,
    });
    let error: unknown;
    try {
      loadConfig({ MAIL_URL: 'http://user:secret@mail.example', VERIFY_CODE_TTL_MINUTES: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('MAIL_URL');
    expect(message).toContain('VERIFY_CODE_TTL_MINUTES');
    expect(message).not.toContain('secret');
  });

  it('reads the auth rate limits as HITS/SECONDS', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      register: { limit: 10, windowSeconds: 3600 },
      verifyEmail: { limit: 20, windowSeconds: 900 },
      resendVerifyCode: { limit: 10, windowSeconds: 900 },
      login: { limit: 30, windowSeconds: 900 },
      loginAccount: { limit: 10, windowSeconds: 900 },
      forgotPassword: { limit: 10, windowSeconds: 3600 },
      forgotPasswordAccount: { limit: 3, windowSeconds: 3600 },
      tfa: { limit: 10, windowSeconds: 300 },
      tfaReset: { limit: 3, windowSeconds: 3600 },
      searchExternal: { limit: 30, windowSeconds: 3600 },
      opengraph: { limit: 60, windowSeconds: 600 },
      productView: { limit: 300, windowSeconds: 600 },
      voucher: { limit: 30, windowSeconds: 900 },
      voucherAccount: { limit: 10, windowSeconds: 900 },
      chat: { limit: 30, windowSeconds: 60 },
      socket: { limit: 120, windowSeconds: 60 },
    });
    expect(loadConfig({ RATE_LIMIT_REGISTER: '3/60' }).rateLimits.register).toEqual({ limit: 3, windowSeconds: 60 });
    let error: unknown;
    try {
      loadConfig({ RATE_LIMIT_REGISTER: '10', RATE_LIMIT_VERIFY_EMAIL: '0/60', RATE_LIMIT_RESEND_CODE: '5/100000' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['RATE_LIMIT_REGISTER', 'RATE_LIMIT_VERIFY_EMAIL', 'RATE_LIMIT_RESEND_CODE']) {
      expect((error as ConfigError).message).toContain(name);
    }
  });

  it('reads SEARCH_ENGINE: the in-memory index by default, PostgreSQL on request, nothing else', () => {
    expect(loadConfig({}).searchEngine).toBe('memory');
    expect(loadConfig({ SEARCH_ENGINE: 'postgres' }).searchEngine).toBe('postgres');
    expect(() => loadConfig({ SEARCH_ENGINE: 'elastic' })).toThrow(/SEARCH_ENGINE/);
  });

  it('reads TRUST_PROXY as a flag or a list of trusted proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.1',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads SAFE_FETCH_TEST_ORIGINS as host:port entries for test fixtures, and refuses it in production', () => {
    expect(loadConfig({}).safeFetchTestOrigins).toEqual([]);
    expect(loadConfig({ SAFE_FETCH_TEST_ORIGINS: '127.0.0.1:4790, Fixture.Test:8080,[::1]:4791' }).safeFetchTestOrigins).toEqual([
      '127.0.0.1:4790',
      'fixture.test:8080',
      '[::1]:4791',
    ]);
    for (const bad of ['127.0.0.1', 'http://127.0.0.1:4790', '127.0.0.1:4790/p', '*:80']) {
      expect(() => loadConfig({ SAFE_FETCH_TEST_ORIGINS: bad }), bad).toThrow(/SAFE_FETCH_TEST_ORIGINS/);
    }
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    expect(loadConfig(production).safeFetchTestOrigins).toEqual([]);
    let error: unknown;
    try {
      loadConfig({ ...production, SAFE_FETCH_TEST_ORIGINS: '127.0.0.1:4790' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^SAFE_FETCH_TEST_ORIGINS: cannot be set in production/)]);
  });
});

/** What production needs besides the payments (issue 27). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a'.repeat(32),
  TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
};
const LIVE_STRIPE = { STRIPE_SECRET_KEY: 'sk_live_kedai', STRIPE_PUBLISHABLE_KEY: 'pk_live_kedai', STRIPE_WEBHOOK_SECRET: 'whsec_kedai' };
const TEST_STRIPE = { STRIPE_SECRET_KEY: 'sk_test_kedai', STRIPE_PUBLISHABLE_KEY: 'pk_test_kedai', STRIPE_WEBHOOK_SECRET: 'whsec_kedai' };

describe('loadConfig: who takes payments (issue 27)', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('outside production the built-in test gateway takes cards, in test mode', () => {
    expect(loadConfig({}).payments).toEqual({ cards: 'test', testMode: true });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ cards: 'test', testMode: true });
  });

  it('production without card keys refuses the test gateway: no card provider, not test mode', () => {
    expect(loadConfig(PRODUCTION).payments).toEqual({ cards: null, testMode: false });
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'false' }).payments).toEqual({ cards: null, testMode: false });
  });

  it('production with PAYMENTS_TEST_MODE=true uses the test gateway and says it is test mode', () => {
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({ cards: 'test', testMode: true });
  });

  it('takes cards through Stripe with its keys: live keys real money, test keys test mode (in production only on purpose)', () => {
    expect(loadConfig({ ...PRODUCTION, ...LIVE_STRIPE }).payments).toEqual({ cards: 'stripe', testMode: false });
    expect(loadConfig({ ...TEST_STRIPE }).payments).toEqual({ cards: 'stripe', testMode: true });
    expect(loadConfig({ ...PRODUCTION, ...TEST_STRIPE, PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({ cards: 'stripe', testMode: true });
    expect(problemsOf({ ...PRODUCTION, ...TEST_STRIPE })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: Stripe's test keys take no real money/),
    ]);
  });

  it('refuses test mode with live keys, and keys of two modes', () => {
    expect(problemsOf({ ...PRODUCTION, ...LIVE_STRIPE, PAYMENTS_TEST_MODE: 'true' })).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE: cannot be true with live Stripe keys/),
    ]);
    expect(problemsOf({ ...PRODUCTION, ...LIVE_STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_test_kedai' })).toEqual([
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: must be a live key/),
    ]);
    expect(problemsOf({ PAYMENTS_TEST_MODE: 'maybe' })).toEqual([expect.stringMatching(/^PAYMENTS_TEST_MODE/)]);
  });
});

/**
 * The API as production runs it, on a fresh seeded database. The development outbox, which
 * production never serves, is switched on here past the environment's check, only so the test can
 * read the verification codes of the accounts it makes.
 */
async function productionApp(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kedai-test-'));
  const clock = new TestClock();
  const config: AppConfig = {
    ...loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...LIFTED_LIMITS, ...env }),
    devOutbox: true,
    clock: clock.now,
  };
  const handle = await createTestDatabase();
  await seedDemo(handle.db, { assetsDir: config.assetsDir });
  const app = await buildApp({ config, db: handle.db, logger: false });
  return {
    app,
    clock,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CARD = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow' } };
const OWN_PAYNOW = { proxy: { kind: 'uen', value: '201912345K' }, merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' };

type ProductionApp = Awaited<ReturnType<typeof productionApp>>;

async function shopper(t: ProductionApp) {
  const user = await createVerifiedUser(t.app);
  const client = await signedInClient(t.app, user);
  const address = (await client.post('/address', SG_ADDRESS)).body.address.id as string;
  /** Places an order of one unit of a new product, to be paid as `paymentMethod`. */
  const place = async (paymentMethod: string) => {
    const productId = (await createProduct(t.app.db, { stock: 5, price: { SG: 1500 } })).id;
    const line = await client.post('/cart', { productId, quantity: 1 });
    const key = (await client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
    return {
      productId,
      answer: await client.post('/checkout/create_order', { checkoutSessionKey: key, paymentMethod, shippingAddressId: address }),
    };
  };
  return { user, client, place };
}

describe('in production without card keys (issue 27)', () => {
  let t: ProductionApp;
  beforeAll(async () => {
    t = await productionApp({});
  }, 120_000);
  afterAll(() => t?.close());

  it('offers no way to pay: no card provider, and not the demo PayNow code', async () => {
    const config = await get(t.app, '/config');
    expect(config.body.payments).toEqual({ provider: null, stripePublishableKey: null, methods: [], testMode: false });
  });

  it('refuses card and PayNow orders with payment/method_unavailable, writing nothing', async () => {
    const s = await shopper(t);
    const byCard = await s.place('card');
    expectError(byCard.answer, 409, 'payment/method_unavailable');
    expect(byCard.answer.body.params).toEqual(['card']);
    const byPayNow = await s.place('paynow');
    expectError(byPayNow.answer, 409, 'payment/method_unavailable');
    expect(byPayNow.answer.body.params).toEqual(['PayNow']);
    expect((await s.client.get('/order')).body.orders).toEqual([]);
    // The stock stays on sale and the lines in the cart.
    const [product] = await t.app.db.select().from(schema.products).where(eq(schema.products.id, byCard.productId));
    expect(product!.stock).toBe(5);
    expect((await s.client.get('/cart')).body.cartItems).toHaveLength(2);
  });

  it("tells owners what is missing; PayNow is offered once an owner sets the shop's details, cards never", async () => {
    const owner = (await staffClient(t.app, 'owner', t.clock.now)).client;
    const before = await owner.get('/admin/settings');
    expect(before.body.payments).toEqual({ cards: null, testMode: false, methods: [] });
    // The demo's example UEN typed in is still a code that pays no one.
    const demo = await owner.put('/admin/settings/paynow', { ...OWN_PAYNOW, proxy: { kind: 'uen', value: 'S99345678ABCD' } });
    expect(demo.body.payments.methods).toEqual([]);
    const saved = await owner.put('/admin/settings/paynow', OWN_PAYNOW);
    expect(saved.body.payments).toEqual({ cards: null, testMode: false, methods: ['paynow'] });
    expect((await get(t.app, '/config')).body.payments).toMatchObject({ provider: null, methods: ['paynow'], testMode: false });

    const s = await shopper(t);
    const { answer: order } = await s.place('paynow');
    expect(order.status, order.response.payload).toBe(201);
    const info = await s.client.post(`/order/${order.body.id}/payment_info`);
    expect(info.body.paynow.payee).toEqual({ kind: 'uen', value: '201912345K' });
    // Card payment of any order is refused before anything else: there is no card provider.
    const paid = await s.client.post('/payment/stripe/card/pay', { orderId: order.body.id, ...CARD });
    expectError(paid, 409, 'payment/method_unavailable');
    expect((await s.client.get(`/order/${order.body.id}`)).body.payments).toEqual([]);
    // A real shop's mails say nothing of test mode.
    await t.app.jobs.runDue();
    const [placedMail] = await outbox(t.app, s.user.email);
    expect(placedMail!.subject).toBe(`Order ${order.body.orderRef} placed`);
    expect(placedMail!.text).not.toContain('Test mode');

    // Without the shop's details (the demo's again), no code is shown and no transfer reported.
    await t.app.db.delete(schema.config).where(eq(schema.config.key, 'paynow'));
    invalidate(t.app.db);
    const after = await s.client.post(`/order/${order.body.id}/payment_info`);
    expect(after.body).toMatchObject({ state: 'awaiting_payment', paynow: null });
    expectError(await s.client.post(`/order/${order.body.id}/paynow_paid`, {}), 409, 'payment/method_unavailable');
  });
});

describe('in production with PAYMENTS_TEST_MODE=true (issue 27)', () => {
  let t: ProductionApp;
  beforeAll(async () => {
    t = await productionApp({ PAYMENTS_TEST_MODE: 'true' });
  }, 120_000);
  afterAll(() => t?.close());

  it('takes cards on the test gateway and says test mode to shoppers, owners and in every order e-mail', async () => {
    expect((await get(t.app, '/config')).body.payments).toEqual({
      provider: 'test',
      stripePublishableKey: null,
      methods: ['card', 'paynow'],
      testMode: true,
    });
    const owner = (await staffClient(t.app, 'owner', t.clock.now)).client;
    expect((await owner.get('/admin/settings')).body.payments).toEqual({ cards: 'test', testMode: true, methods: ['card', 'paynow'] });

    const s = await shopper(t);
    const { answer: order } = await s.place('card');
    expect(order.status, order.response.payload).toBe(201);
    const paid = await s.client.post('/payment/stripe/card/pay', { orderId: order.body.id, ...CARD });
    expect(paid.status, paid.response.payload).toBe(200);
    expect(paid.body.order.status).toBe('paid');
    await t.app.jobs.runDue();
    const mails = (await outbox(t.app, s.user.email)).filter((mail) => mail.subject.startsWith('Order'));
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${order.body.orderRef} paid`, `Order ${order.body.orderRef} placed`]);
    for (const mail of mails) {
      expect(mail.text).toContain('Test mode: no real money is taken');
      expect(mail.html).toContain('Test mode: no real money is taken');
    }
  });
});
