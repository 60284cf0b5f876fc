import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { searchEngineLoaded } from '../../src/modules/catalogue/service';
import { createTestApp, expectError, get, type TestApp } from '../helpers';

/** SERVICES picks what one API process runs (decision 0023); health and system answer everywhere. */
describe('SERVICES', () => {
  it('runs everything by default', () => {
    expect([...loadConfig({}).services]).toEqual(['auth', 'store', 'admin', 'fn', 'jobs']);
  });

  it('refuses an unknown service, naming it', () => {
    let error: unknown;
    try {
      loadConfig({ SERVICES: 'store,shop' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(/SERVICES: .*unknown: shop/);
    expect(() => loadConfig({ SERVICES: ' , ' })).toThrow(ConfigError);
  });

  describe('a store process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SERVICES: 'store' } });
    });
    afterAll(() => t.close());

    it("answers the shop's calls, and health and system ones", async () => {
      expect((await get(t.app, '/product/search?query=')).status).toBe(200);
      expect((await get(t.app, '/region/enabled')).status).toBe(200);
      expect((await get(t.app, '/health/live')).status).toBe(200);
      expect((await get(t.app, '/ping')).status).toBe(200);
    });

    it('answers 404 with the error envelope on the auth service and the back office', async () => {
      expectError(await get(t.app, '/auth/me'), 404, 'general/not_found');
      expectError(await get(t.app, '/tfa/is_enabled'), 404, 'general/not_found');
      expectError(await get(t.app, '/user/profile'), 404, 'general/not_found');
      expectError(await get(t.app, '/admin/product'), 404, 'general/not_found');
    });
  });

  describe('a jobs process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SERVICES: 'jobs' } });
    });
    afterAll(() => t.close());

    it('serves only health and system calls', async () => {
      expect((await get(t.app, '/health/live')).status).toBe(200);
      expect((await get(t.app, '/ping')).status).toBe(200);
      expectError(await get(t.app, '/product/search?query='), 404, 'general/not_found');
      expectError(await get(t.app, '/auth/me'), 404, 'general/not_found');
      expectError(await get(t.app, '/admin/product'), 404, 'general/not_found');
    });

    it('is ready without loading the search index, which it never uses', async () => {
      const ready = await get(t.app, '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks.searchIndex).toBe(true);
      expect(searchEngineLoaded(t.app.db)).toBe(false);
    });
  });

  describe('an auth and back-office process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SERVICES: 'auth,admin' } });
    });
    afterAll(() => t.close());

    it('answers sign-in and the guarded back office, not the shop', async () => {
      expect((await get(t.app, '/auth/me')).body).toMatchObject({ signedIn: false });
      // The back office is there, behind its guard.
      expect((await get(t.app, '/admin/product')).status).toBe(401);
      expectError(await get(t.app, '/cart'), 404, 'general/not_found');
    });
  });
});
