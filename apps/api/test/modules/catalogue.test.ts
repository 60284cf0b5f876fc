import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kedai/db';
import type { Category, Product, SearchResult } from '@kedai/contract';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, get, type TestApp } from '../helpers';

let t: TestApp;
let categories: Category[];

beforeAll(async () => {
  t = await createTestApp();
  categories = (await get<{ categories: Category[] }>(t.app, '/product/categories')).body.categories;
});
afterAll(() => t?.close());

const search = (query: string) => get<SearchResult>(t.app, `/product/search?${query}`);
const laptops = () => categories.find((c) => c.path.endsWith('.laptops') || c.key === 'laptops')!;

describe('GET /product/categories', () => {
  it('lists a tree of at least 8 categories on 2+ levels, parents before children', () => {
    expect(categories.length).toBeGreaterThanOrEqual(8);
    const seen = new Set<string>();
    for (const category of categories) {
      if (category.parent) {
        expect(seen.has(category.parent)).toBe(true);
        const parent = categories.find((c) => c.id === category.parent)!;
        expect(category.path).toBe(`${parent.path}.${category.key}`);
        expect(parent.children).toContain(category.id);
      } else {
        expect(category.path).toBe(category.key);
      }
      seen.add(category.id);
    }
    expect(categories.some((c) => c.parent !== null)).toBe(true);
  });
});

describe('GET /product/search', () => {
  it('finds laptops for the typo "lapton", most relevant first', async () => {
    const { status, body } = await search('q=lapton');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    expect(body.products[0]!.name).toMatch(/laptop/i);
    expect(body.sort).toBe('relevance');
  });

  it('falls back to similar names only when the words match nothing', async () => {
    const typo = await search('q=gamng%20laptop&limit=5');
    expect(typo.body.total).toBeGreaterThan(0);
    expect(typo.body.products[0]!.name).toMatch(/gaming laptop/i);
    // Words that match bring only products that contain them (in name, keywords or description).
    const words = await search('q=laptop&limit=20');
    expect(words.body.total).toBeGreaterThan(0);
    for (const summary of words.body.products) {
      const product = (await get<Product>(t.app, `/product/one/${summary.uuid}`)).body;
      expect(`${product.name} ${product.description} ${product.category?.name}`).toMatch(/laptop/i);
    }
  });

  it('says when it corrected a typo, with the words it stands for', async () => {
    const { status, body } = await search('q=lapton&limit=5');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    expect(body).toMatchObject({ typoTolerant: true, correctedQuery: 'laptop', suggestedQuery: null });
    expect(body.products[0]!.name).toMatch(/laptop/i);
    // Words the names hold stay; the same search names the same words on every page and sort.
    const two = await search('q=Gamng%20laptop&limit=5');
    expect(two.body).toMatchObject({ typoTolerant: true, correctedQuery: 'gaming laptop' });
    expect((await search('q=Gamng%20laptop&limit=5&sort=price_asc&page=2')).body.correctedQuery).toBe('gaming laptop');
    // The correction is a search that finds products itself, without any typo tolerance.
    const corrected = await search('q=laptop&exact=true&limit=5');
    expect(corrected.body.total).toBeGreaterThan(0);
    expect(corrected.body.typoTolerant).toBe(false);
  });

  it('searches only the words as typed with exact=true: nothing for a typo, and the correction only offered', async () => {
    const { status, body } = await search('q=lapton&exact=true');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, products: [], pages: 0, typoTolerant: false, correctedQuery: null });
    expect(body.suggestedQuery).toBe('laptop');
    // Words that match answer the same with or without the flag.
    const plain = await search('q=laptop&limit=100');
    const exact = await search('q=laptop&limit=100&exact=1');
    expect(exact.body.products.map((p) => p.uuid)).toEqual(plain.body.products.map((p) => p.uuid));
    expect(exact.body.suggestedQuery).toBeNull();
    expect((await search('q=zzqxjwv&exact=true')).body).toMatchObject({ total: 0, suggestedQuery: null, correctedQuery: null });
  });

  it('names no correction for words spelt right, nor for a search without words', async () => {
    for (const query of ['q=laptop', 'q=laptops', 'q=gaming%20laptop', 'sort=newest', 'q=zzqxjwv']) {
      const { body } = await search(`${query}&limit=5`);
      expect(body, query).toMatchObject({ typoTolerant: false, correctedQuery: null, suggestedQuery: null });
    }
  });

  it('corrects within the filters: a typo outside the category is not corrected into it', async () => {
    const { body } = await search(`q=lapton&category=${laptops().path}&limit=5`);
    expect(body).toMatchObject({ typoTolerant: true, correctedQuery: 'laptop' });
    const other = categories.find((c) => c.parent === null && !laptops().path.startsWith(c.path))!;
    const elsewhere = await search(`q=lapton&category=${other.path}&exact=true`);
    expect(elsewhere.body).toMatchObject({ total: 0, correctedQuery: null });
    expect(elsewhere.body.suggestedQuery).not.toBe('laptop');
  });

  it('matches plural and singular words through stemming', async () => {
    const plural = await search('q=laptops&limit=100');
    const singular = await search('q=laptop&limit=100');
    expect(plural.body.total).toBeGreaterThan(0);
    expect(plural.body.total).toBe(singular.body.total);
    expect(plural.body.products.some((p) => /laptop/i.test(p.name))).toBe(true);
  });

  it('answers an empty page, not an error, for words nothing matches', async () => {
    const { status, body } = await search('q=zzqxjwv');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, products: [], pages: 0 });
  });

  it('never lists disabled products', async () => {
    const disabled = await t.handle.db.execute(sql`SELECT param_name FROM products WHERE disabled LIMIT 1`);
    const paramName = (disabled as { rows: { param_name: string }[] }).rows[0]!.param_name;
    const all = await search('limit=100&sort=newest');
    const total = all.body.total;
    const pages = Math.ceil(total / 100);
    const names: string[] = [];
    for (let page = 1; page <= pages; page++) {
      names.push(...(await search(`limit=100&sort=newest&page=${page}`)).body.products.map((p) => p.paramName));
    }
    expect(names).toHaveLength(total);
    expect(names).not.toContain(paramName);
  });

  it('filters by a category including its subcategories', async () => {
    const parent = categories.find((c) => c.children.length > 0)!;
    const childIds = new Set([parent.id, ...categories.filter((c) => c.path.startsWith(`${parent.path}.`)).map((c) => c.id)]);
    const byPath = await search(`category=${parent.path}&limit=100`);
    const byId = await search(`category=${parent.id}&limit=100`);
    expect(byPath.body.total).toBeGreaterThan(0);
    expect(byId.body.total).toBe(byPath.body.total);
    const facetIds = byPath.body.facets.categories.map((c) => c.id);
    expect(
      facetIds.every((id) => childIds.has(id) || categories.find((c) => c.id === id)!.path.startsWith(parent.path.split('.')[0]!)),
    ).toBe(true);
    const parentFacet = byPath.body.facets.categories.find((c) => c.id === parent.id)!;
    expect(parentFacet.count).toBe(byPath.body.total);
    const laptopOnly = await search(`category=${laptops().path}&limit=100`);
    expect(laptopOnly.body.total).toBeLessThanOrEqual(byPath.body.total);
    expect(laptopOnly.body.products.every((p) => /laptop/i.test(p.name))).toBe(true);
  });

  it('filters by merchant and by price in the region, counting facets for other choices', async () => {
    const all = await search('limit=1');
    const merchant = all.body.facets.merchants[0]!;
    expect(all.body.facets.merchants.reduce((sum, m) => sum + m.count, 0)).toBe(all.body.total);
    const byMerchant = await search(`merchant=${merchant.slug}&limit=100`);
    expect(byMerchant.body.total).toBe(merchant.count);
    expect(byMerchant.body.products.every((p) => p.merchant?.id === merchant.id)).toBe(true);
    // The merchant facet still counts the other merchants, so a shopper can switch.
    expect(byMerchant.body.facets.merchants.length).toBe(all.body.facets.merchants.length);

    const band = all.body.facets.priceBands.find((b) => b.count > 0 && b.max !== null)!;
    const priced = await search(`minPrice=${band.min}&maxPrice=${band.max}&limit=100`);
    expect(priced.body.total).toBe(band.count);
    for (const product of priced.body.products) {
      const from = product.priceRange[priced.body.region]!.min;
      expect(from).toBeGreaterThanOrEqual(band.min);
      expect(from).toBeLessThanOrEqual(band.max!);
    }
    expect(all.body.facets.priceBands.reduce((sum, b) => sum + b.count, 0)).toBe(all.body.total);
  });

  it('uses the prices of the region asked for, zero-decimal currencies included', async () => {
    const jp = await search('region=JP&sort=price_asc&limit=5');
    expect(jp.status).toBe(200);
    expect(jp.body).toMatchObject({ region: 'JP', currency: 'JPY' });
    expect(jp.body.products[0]!.priceCurrency.JP).toBe('JPY');
    const sg = await search('sort=price_asc&limit=5');
    expect(sg.body).toMatchObject({ region: 'SG', currency: 'SGD' });
  });

  it('keeps only products in stock when asked', async () => {
    const all = await search('limit=1');
    const inStock = await search('inStock=true&limit=100');
    expect(inStock.body.total).toBeLessThan(all.body.total);
    expect(inStock.body.products.every((p) => p.inStock)).toBe(true);
  });

  it('sorts by price both ways and by newest', async () => {
    const up = (await search('sort=price_asc&limit=50')).body;
    const prices = up.products.map((p) => p.priceRange[up.region]!.min);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = (await search('sort=price_desc&limit=50')).body;
    const downPrices = down.products.map((p) => p.priceRange[down.region]!.min);
    expect(downPrices).toEqual([...downPrices].sort((a, b) => b - a));
    const newest = (await search('sort=newest&limit=50')).body.products.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('pages stably: consecutive pages neither overlap nor skip', async () => {
    for (const sort of ['price_asc', 'newest', 'relevance']) {
      const q = sort === 'relevance' ? '&q=laptop' : '';
      const whole = (await search(`sort=${sort}${q}&limit=20`)).body.products.map((p) => p.uuid);
      const first = (await search(`sort=${sort}${q}&limit=10&page=1`)).body.products.map((p) => p.uuid);
      const second = (await search(`sort=${sort}${q}&limit=10&page=2`)).body.products.map((p) => p.uuid);
      expect([...first, ...second]).toEqual(whole);
    }
  });

  it.each([
    ['limit too large', 'limit=101'],
    ['limit zero', 'limit=0'],
    ['negative price', 'minPrice=-5'],
    ['fractional price', 'maxPrice=10.5'],
    ['unknown sort', 'sort=cheapest'],
    ['page zero', 'page=0'],
    ['non-boolean inStock', 'inStock=maybe'],
    ['min above max', 'minPrice=500&maxPrice=100'],
    ['query too long', `q=${'a'.repeat(201)}`],
  ])('rejects %s with a 400 envelope', async (_label, query) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expectEnvelope(body, 'general/argument_error');
  });

  it('answers 404 envelopes for an unknown category, merchant or region', async () => {
    const category = await search('category=no.such.category');
    expectError(category, 404, 'category/not_found');
    const merchant = await search('merchant=nobody');
    expectError(merchant, 404, 'merchant/not_found');
    const region = await search('region=XX');
    expectError(region, 404, 'region/not_found');
  });
});

describe('GET /product/one/{id}', () => {
  it('finds a product by uuid and by paramName, with variants, stock and prices per region', async () => {
    const withVariants = (await search('limit=100')).body.products.find((p) => p.hasVariants)!;
    const byUuid = await get<Product>(t.app, `/product/one/${withVariants.uuid}`);
    expect(byUuid.status).toBe(200);
    const byName = await get<Product>(t.app, `/product/one/${withVariants.paramName}`);
    expect(byName.body).toEqual(byUuid.body);
    const product = byUuid.body;
    expect(product.variants.length).toBeGreaterThan(0);
    const paths = Object.keys(product.variantPaths);
    expect(paths.length).toBe(product.variants.reduce((n, v) => n * v.options.length, 1));
    for (const path of paths) expect(path.split('/')).toHaveLength(product.variants.length);
    for (const [region, range] of Object.entries(product.priceRange)) {
      const prices = Object.values(product.variantPaths).map((v) => v.price[region] ?? product.price[region]!);
      expect(range).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    }
    expect(product.priceCurrency.SG).toBe('SGD');
  });

  it('shows a disabled product as disabled rather than hiding it from a direct link', async () => {
    const rows = await t.handle.db.execute(sql`SELECT id FROM products WHERE disabled LIMIT 1`);
    const id = (rows as { rows: { id: string }[] }).rows[0]!.id;
    const { status, body } = await get<Product>(t.app, `/product/one/${id}`);
    expect(status).toBe(200);
    expect(body.disabled).toBe(true);
  });

  it('answers 404 with the envelope for an unknown uuid or name', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const { status, body } = await get(t.app, `/product/one/${id}`);
      expect(status).toBe(404);
      expectEnvelope(body, 'product/not_found');
    }
  });
});

describe('GET /product/{id}/flags', () => {
  it('tells whether a product is in stock, disabled or external', async () => {
    const soldOut = (await search('limit=100')).body.products.find((p) => !p.inStock)!;
    const { status, body } = await get(t.app, `/product/${soldOut.uuid}/flags`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ uuid: soldOut.uuid, inStock: false, disabled: false });
    const missing = await get(t.app, '/product/nope/flags');
    expectError(missing, 404, 'product/not_found');
  });
});

describe('GET /product/recently_viewed', () => {
  it('remembers the product pages this visitor was shown, newest first, not the products read, and nothing for others', async () => {
    const visitor = new TestClient(t.app);
    const first = await visitor.get('/product/recently_viewed');
    expect(first.body).toEqual({ products: [] });
    expect(visitor.cookies.get('kedai_vid')).toMatch(/^[0-9a-f-]{36}$/);

    const [a, b, c] = (await search('limit=3&sort=newest')).body.products;
    // Reads, as a prefetch or a server render makes them, are no views.
    for (const product of [a!, b!, c!]) expect((await visitor.get(`/product/one/${product.paramName}`)).status).toBe(200);
    expect((await visitor.get('/product/recently_viewed')).body).toEqual({ products: [] });

    for (const id of [a!.paramName, b!.uuid, a!.uuid]) expect((await visitor.request('POST', `/product/${id}/view`)).status).toBe(204);
    const mine = await visitor.get<{ products: { uuid: string }[] }>('/product/recently_viewed');
    expect(mine.body.products.map((p) => p.uuid)).toEqual([a!.uuid, b!.uuid]);
    const someoneElse = await get(t.app, '/product/recently_viewed', { cookie: 'kedai_vid=11111111-1111-4111-8111-111111111111' });
    expect(someoneElse.body).toEqual({ products: [] });
  });
});
