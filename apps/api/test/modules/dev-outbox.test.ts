import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { registration } from '../accounts';
import { createTestApp, expectError, get, post, type TestApp } from '../helpers';

const to = 'outbox.reader@example.com';
const outboxUrl = `/dev/outbox?to=${encodeURIComponent(to)}`;

describe('the development outbox switched on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { DEV_OUTBOX: 'true' } });
    expect((await post(t.app, '/auth/register', registration({ email: to }))).status).toBe(201);
  });
  afterAll(() => t?.close());

  const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: outboxUrl, remoteAddress, headers });

  it('answers a client on this machine, over IPv4 and IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await ask(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().messages[0].text).toMatch(/code is \d{6}/);
    }
  });

  it('is a route that does not exist for any other client', async () => {
    for (const address of ['203.0.113.7', '10.0.0.2', '192.168.1.5', '::ffff:203.0.113.7', '2001:db8::1']) {
      const answer = await ask(address);
      expectError({ status: answer.statusCode, body: answer.json() }, 404, 'general/not_found');
      expect(answer.body).not.toMatch(/code is/);
    }
  });

  it('refuses a request that was forwarded, even from loopback (the storefront forwards browsers from there)', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      const answer = await ask('127.0.0.1', { [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1' });
      expectError({ status: answer.statusCode, body: answer.json() }, 404, 'general/not_found');
    }
  });

  it('cannot be fooled by a forwarded-for header naming loopback when the API trusts proxies', async () => {
    const trusting = await createTestApp({ seed: false, env: { DEV_OUTBOX: 'true', TRUST_PROXY: 'true' } });
    try {
      const answer = await trusting.app.inject({
        method: 'GET',
        url: outboxUrl,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await trusting.close();
    }
  });
});

describe('the development outbox switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { DEV_OUTBOX: 'false' } });
  });
  afterAll(() => t?.close());

  it('does not exist, not even for loopback, nor in the API reference', async () => {
    expectError(await get(t.app, outboxUrl), 404, 'general/not_found');
    const docs = await get(t.app, '/docs/json');
    expect(Object.keys(docs.body.paths)).not.toContain('/dev/outbox');
  });
});

describe('when the outbox is on', () => {
  it('is on by default only for the embedded demo: development mode without DATABASE_URL', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://shop@db/kedai' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devOutbox).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a'.repeat(32),
        TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
      }).devOutbox,
    ).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://shop@db/kedai', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
  });

  it('cannot be switched on in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a'.repeat(32),
        TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
        DEV_OUTBOX: 'true',
      }),
    ).toThrow(/DEV_OUTBOX/);
  });
});
