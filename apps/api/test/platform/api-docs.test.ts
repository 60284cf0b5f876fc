import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers';

/**
 * The API reference lists every route, the back office's included (issue 27). Developers read it on
 * the API's own address; in production it is served only when API_DOCS=true. (The storefront never
 * forwards `/api/docs…`: apps/web/src/proxy.test.ts.)
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a'.repeat(32),
  TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
  // Production refuses the built-in test gateway unless told (issue 27 §2); payments are not what is tested here.
  PAYMENTS_TEST_MODE: 'true',
};

describe('API_DOCS', () => {
  it('is on by default except in production, and can be set either way', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('the API reference in production', () => {
  let hidden: TestApp;
  let shown: TestApp;
  beforeAll(async () => {
    hidden = await createTestApp({ seed: false, env: PRODUCTION });
    shown = await createTestApp({ seed: false, env: { ...PRODUCTION, API_DOCS: 'true' } });
  }, 120_000);
  afterAll(async () => {
    await hidden?.close();
    await shown?.close();
  });

  it('is not served without API_DOCS=true: /docs and /docs/json answer 404', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/index.html']) {
      const answer = await hidden.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expectEnvelope(answer.json(), 'general/not_found');
      expect(answer.body).not.toContain('/admin/');
    }
    // The routes themselves still work.
    expect((await hidden.app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
  });

  it('is served with API_DOCS=true', async () => {
    const answer = await shown.app.inject({ method: 'GET', url: '/docs/json' });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json().paths)).toContain('/admin/settings');
    expect((await shown.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });
});
