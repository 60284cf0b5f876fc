import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedInClient } from '../accounts';
import { createTestApp, get, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('security headers of the API', () => {
  it('answers per-user data with nosniff and no-store', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    for (const path of ['/auth/me', '/cart', '/wishlist', '/address', '/product/recently_viewed']) {
      const { status, headers } = await client.get(path);
      expect(status, path).toBe(200);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['cache-control'], path).toBe('no-store');
    }
  });

  it('answers errors and catalogue calls with nosniff, and never lets a cache keep a JSON answer by default', async () => {
    for (const path of ['/product/search?q=kopi', '/nowhere', '/cart']) {
      const { headers } = await get(t.app, path);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['cache-control'], path).toBe('no-store');
    }
  });

  it('keeps the caching a route sets itself (the images of the assets host)', async () => {
    const search = await get(t.app, '/product/search?q=&pageSize=1');
    const image: string = search.body.products?.[0]?.mainImage ?? search.body.items?.[0]?.mainImage;
    expect(image).toBeTruthy();
    const answer = await t.app.inject({ method: 'GET', url: `/assets/${image}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/max-age=604800/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
