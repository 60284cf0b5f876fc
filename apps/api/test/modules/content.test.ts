import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kedai/db';
import { createTestApp, expectEnvelope, expectError, get, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('system', () => {
  it('answers /ping', async () => {
    const { status, body } = await get(t.app, '/ping');
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(Math.abs(body.time - Date.now() / 1000)).toBeLessThan(60);
  });

  it('serves the public configuration with app_currency and the assets host', async () => {
    const { status, body } = await get(t.app, '/config');
    expect(status).toBe(200);
    expect(body).toMatchObject({ app_currency: 'SGD', default_region: 'SG', thumbnail_suffix: '_thumb' });
    expect(body.assets_url).toBe('/assets');
  });

  it('serves the OpenAPI document generated from the schemas at /docs', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(html.statusCode);
    const { status, body } = await get(t.app, '/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of ['/product/search', '/product/one/{id}', '/region/default', '/home_product_group/by_category']) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    const params = body.paths['/product/search'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'category', 'sort', 'page', 'limit', 'minPrice']));
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const { status, body } = await get(t.app, '/no/such/route');
    expect(status).toBe(404);
    expectEnvelope(body, 'general/not_found');
  });

  it('serves product images and their thumbnails from the assets host, placeholder included', async () => {
    const product = (await get(t.app, '/product/search?limit=1')).body.products[0];
    const image = await t.app.inject({ method: 'GET', url: `/assets/${product.mainImage}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const thumb = await t.app.inject({ method: 'GET', url: `/assets/${product.mainImage.replace(/(\.\w+)$/, '_thumb$1')}` });
    expect(thumb.statusCode).toBe(200);
    const placeholder = await t.app.inject({ method: 'GET', url: '/assets/placeholder_thumb.svg' });
    expect(placeholder.statusCode).toBe(200);
    const missing = await get(t.app, '/assets/nothing-here.png');
    expectError(missing, 404, 'general/not_found');
  });
});

describe('content', () => {
  it('lists enabled banners and popups in order', async () => {
    const banners = await get(t.app, '/banner');
    expect(banners.body.banners.length).toBeGreaterThan(0);
    expect(banners.body.banners[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      image: expect.any(String),
      link: expect.anything(),
    });
    await t.handle.db.execute(sql`UPDATE popups SET enabled = false WHERE id = (SELECT id FROM popups ORDER BY sort_order LIMIT 1)`);
    const popups = await get(t.app, '/popup');
    const enabled = (await t.handle.db.execute<Record<string, unknown>>(sql`SELECT count(*)::int AS n FROM popups WHERE enabled`)) as {
      rows: { n: number }[];
    };
    expect(popups.body.popups).toHaveLength(enabled.rows[0]!.n);
    for (const popup of popups.body.popups) expect(Object.keys(popup).sort()).toEqual(['id', 'image', 'link', 'name']);
  });

  it('lists home product groups with their products, by hand or by category', async () => {
    const { body } = await get(t.app, '/home_product_group');
    expect(body.groups.length).toBeGreaterThan(0);
    for (const group of body.groups) {
      expect(group.products.length).toBeGreaterThan(0);
      for (const product of group.products) expect(product.uuid).toBeTruthy();
    }
    expect(body.groups.some((g: { categoryId: string | null }) => g.categoryId !== null)).toBe(true);
  });

  it('makes a group from a category and its subcategories, bounded by limit', async () => {
    const categories = (await get(t.app, '/product/categories')).body.categories;
    const parent = categories.find((c: { children: string[] }) => c.children.length > 0);
    const byId = await get(t.app, `/home_product_group/by_category?categoryId=${parent.id}&limit=5`);
    expect(byId.status).toBe(200);
    expect(byId.body.group).toMatchObject({ name: parent.name, categoryId: parent.id });
    expect(byId.body.group.products.length).toBeGreaterThan(0);
    expect(byId.body.group.products.length).toBeLessThanOrEqual(5);
    expect(byId.body.group.products.every((p: { inStock: boolean }) => p.inStock)).toBe(true);

    const byPath = await get(t.app, `/home_product_group/by_category?categoryId=${parent.path}&limit=5`);
    expect(byPath.body).toEqual(byId.body);

    const tooMany = await get(t.app, `/home_product_group/by_category?categoryId=${parent.id}&limit=500`);
    expectError(tooMany, 400, 'general/argument_error');
    const missing = await get(t.app, '/home_product_group/by_category');
    expect(missing.status).toBe(400);
    const unknown = await get(t.app, '/home_product_group/by_category?categoryId=nothing');
    expectError(unknown, 404, 'category/not_found');
  });

  it('lists merchants with their product counts and finds one by id or slug', async () => {
    const { body } = await get(t.app, '/merchant');
    expect(body.merchants.length).toBeGreaterThanOrEqual(6);
    const merchant = body.merchants[0];
    const byId = await get(t.app, `/merchant/${merchant.id}`);
    const bySlug = await get(t.app, `/merchant/${merchant.slug}`);
    expect(byId.body).toEqual({ merchant });
    expect(bySlug.body).toEqual({ merchant });
    const search = await get(t.app, `/product/search?merchant=${merchant.id}&limit=1`);
    expect(search.body.total).toBe(merchant.productCount);
    const missing = await get(t.app, '/merchant/nobody-here');
    expectError(missing, 404, 'merchant/not_found');
  });

  it('serves image pages by slug or id and 404s unknown ones', async () => {
    const rows = (await t.handle.db.execute<Record<string, unknown>>(sql`SELECT id, slug FROM image_pages WHERE enabled LIMIT 1`)) as {
      rows: { id: string; slug: string }[];
    };
    const page = rows.rows[0]!;
    const bySlug = await get(t.app, `/image_page/${page.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.imagePage.blocks.length).toBeGreaterThan(0);
    const byId = await get(t.app, `/image_page/${page.id}`);
    expect(byId.body).toEqual(bySlug.body);
    const missing = await get(t.app, '/image_page/none');
    expectError(missing, 404, 'image_page/not_found');
  });

  it('serves the text pages by slug with their Markdown and last change, and 404s unknown ones', async () => {
    for (const slug of ['shipping', 'returns', 'privacy', 'terms']) {
      const { status, body } = await get(t.app, `/text_page/${slug}`);
      expect(status).toBe(200);
      expect(Object.keys(body.textPage).sort()).toEqual(['body', 'slug', 'title', 'updatedAt']);
      expect(body.textPage.slug).toBe(slug);
      expect(body.textPage.body).toMatch(/^## /m);
      expect(Math.abs(body.textPage.updatedAt - Date.now() / 1000)).toBeLessThan(3600);
    }
    const rows = (await t.handle.db.execute<Record<string, unknown>>(
      sql`UPDATE text_pages SET title = 'Delivery', updated_at = '2026-03-04T05:06:07Z' WHERE slug = 'shipping' RETURNING slug`,
    )) as { rows: { slug: string }[] };
    expect(rows.rows).toHaveLength(1);
    const edited = await get(t.app, '/text_page/shipping');
    expect(edited.body.textPage).toMatchObject({ title: 'Delivery', updatedAt: Date.parse('2026-03-04T05:06:07Z') / 1000 });

    expectError(await get(t.app, '/text_page/no-such-page'), 404, 'general/not_found');
    expectError(await get(t.app, '/text_page/SHIPPING'), 404, 'general/not_found');
    expectError(await get(t.app, `/text_page/${'a'.repeat(201)}`), 400, 'general/argument_error');
  });
});

describe('regions and shipping', () => {
  it('lists regions with their currencies, and the default region', async () => {
    const all = await get(t.app, '/region');
    const keys = all.body.regions.map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['SG', 'MY', 'JP']));
    expect(all.body.regions.find((r: { key: string }) => r.key === 'JP').currency).toBe('JPY');
    const def = await get(t.app, '/region/default');
    expect(def.body.region).toMatchObject({ key: 'SG', currency: 'SGD' });
  });

  it('lists only enabled regions as choices', async () => {
    await t.handle.db.execute(sql`UPDATE regions SET enabled = false WHERE key = 'MY'`);
    const { invalidate } = await import('../../src/platform/cache');
    invalidate(t.handle.db);
    const enabled = await get(t.app, '/region/enabled');
    expect(enabled.body.regions.map((r: { key: string }) => r.key)).not.toContain('MY');
    const all = await get(t.app, '/region');
    expect(all.body.regions.map((r: { key: string }) => r.key)).toContain('MY');
    await t.handle.db.execute(sql`UPDATE regions SET enabled = true WHERE key = 'MY'`);
    invalidate(t.handle.db);
  });

  it('lists shipping countries with Singapore and Malaysia first, then by name', async () => {
    const { body } = await get(t.app, '/shipping_location/enabled');
    const codes = body.shippingLocations.map((l: { countryCode: string }) => l.countryCode);
    expect(codes.slice(0, 2)).toEqual(['SG', 'MY']);
    const rest = body.shippingLocations.slice(2).map((l: { name: string }) => l.name);
    expect(rest).toEqual([...rest].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(body.shippingLocations[0]).toMatchObject({ countryCode: 'SG', name: 'Singapore' });
  });

  it('says what delivery to each country costs in every region and how long it takes', async () => {
    const { body } = await get(t.app, '/shipping_location/enabled');
    const singapore = body.shippingLocations.find((l: { countryCode: string }) => l.countryCode === 'SG');
    expect(singapore.deliveryDays).toEqual({ min: 1, max: 3 });
    expect(singapore.rates.SG).toEqual({ fee: 400, freeFrom: 6000 });
    expect(singapore.rates.JP).toEqual({ fee: 460, freeFrom: 6900 });
    const germany = body.shippingLocations.find((l: { countryCode: string }) => l.countryCode === 'DE');
    expect(germany.deliveryDays).toEqual({ min: 7, max: 14 });
    expect(germany.rates.SG.fee).toBeGreaterThan(singapore.rates.SG.fee);
  });
});
