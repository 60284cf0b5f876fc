import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, allVariantPaths, isInStock, priceRange, thumbnailName, type VariantPathEntry } from '@kedai/domain';
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from '../client';
import * as schema from '../schema';
import { IMAGE_POOL_SIZE, isEmpty, planProduct, seedDemo, type SeedResult } from './demo';

type ProductRow = typeof schema.products.$inferSelect;
type PathRow = typeof schema.productVariantPaths.$inferSelect;

interface Snapshot {
  products: ProductRow[];
  paths: PathRow[];
  regionPrices: Array<typeof schema.productRegionPrices.$inferSelect>;
  categories: Array<typeof schema.categories.$inferSelect>;
}

async function snapshot(db: Database): Promise<Snapshot> {
  return {
    products: await db.select().from(schema.products).orderBy(asc(schema.products.paramName)),
    paths: await db.select().from(schema.productVariantPaths),
    regionPrices: await db.select().from(schema.productRegionPrices),
    categories: await db.select().from(schema.categories).orderBy(asc(schema.categories.path)),
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('demo seed', () => {
  const handles: DatabaseHandle[] = [];
  const dirs: string[] = [];
  let db: Database;
  let assetsDir: string;
  let result: SeedResult;
  let emptyBefore: boolean;
  let a: Snapshot;
  let b: Snapshot;
  let otherAssetsDir: string;
  const pathsOf = (rows: PathRow[]) => {
    const map = new Map<string, PathRow[]>();
    for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
    return map;
  };

  beforeAll(async () => {
    // Two fresh in-memory databases, seeded the same way, for the determinism check.
    const [first, second] = await Promise.all([openDatabase(), openDatabase()]);
    handles.push(first, second);
    await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
    assetsDir = await mkdtemp(join(tmpdir(), 'kedai-seed-a-'));
    otherAssetsDir = await mkdtemp(join(tmpdir(), 'kedai-seed-b-'));
    dirs.push(assetsDir, otherAssetsDir);
    db = first.db;
    emptyBefore = await isEmpty(db);
    result = await seedDemo(db, { assetsDir });
    await seedDemo(second.db, { assetsDir: otherAssetsDir });
    a = await snapshot(db);
    b = await snapshot(second.db);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('reports the empty database, then a full one', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isEmpty(db)).toBe(false);
    expect(result.products).toBe(240);
    expect(a.products).toHaveLength(240);
  });

  it('fills regions, shipping countries and config', async () => {
    const regions = await db.select().from(schema.regions).orderBy(asc(schema.regions.sortOrder));
    expect(regions.map((r) => [r.key, r.currency])).toEqual([
      ['SG', 'SGD'],
      ['MY', 'MYR'],
      ['JP', 'JPY'],
      ['ID', 'IDR'],
      ['US', 'USD'],
      ['GB', 'GBP'],
    ]);
    for (const region of regions) {
      expect(region.enabled).toBe(true);
      expect(region.countries).toEqual([region.key]);
      expect(region.priceBands.length).toBeGreaterThanOrEqual(5);
      expect(region.priceBands.every((edge, i) => Number.isInteger(edge) && (i === 0 || edge > region.priceBands[i - 1]!))).toBe(true);
    }
    expect(regions.find((r) => r.key === 'SG')!.priceBands[0]).toBe(2000);
    const shipping = await db.select().from(schema.shippingLocations);
    expect(shipping.length).toBeGreaterThanOrEqual(30);
    expect(shipping.map((s) => s.countryCode)).toEqual(expect.arrayContaining(['SG', 'MY', 'JP', 'US', 'GB', 'IE']));
    const config = Object.fromEntries((await db.select().from(schema.config)).map((row) => [row.key, row.value]));
    expect(config).toMatchObject({
      app_currency: 'SGD',
      default_region: 'SG',
      shop_name: 'Kedai',
      contact_email: 'hello@kedai.example',
      thumbnail_suffix: '_thumb',
      placeholder_image: PLACEHOLDER_IMAGE,
    });
  });

  it('builds a category tree whose paths follow the parents', () => {
    const byId = new Map(a.categories.map((c) => [c.id, c]));
    expect(a.categories.length).toBeGreaterThanOrEqual(8);
    const depth = (id: string): number => {
      const parent = byId.get(id)!.parentId;
      return parent ? 1 + depth(parent) : 1;
    };
    expect(Math.max(...a.categories.map((c) => depth(c.id)))).toBeGreaterThanOrEqual(2);
    for (const category of a.categories) {
      const parent = category.parentId ? byId.get(category.parentId) : undefined;
      if (category.parentId) expect(parent).toBeDefined();
      expect(category.path).toBe(parent ? `${parent.path}.${category.key}` : category.key);
    }
    expect(a.categories.map((c) => c.path)).toContain('electronics.laptops');
    // Products sit in leaf categories only.
    const parents = new Set(a.categories.map((c) => c.parentId).filter(Boolean));
    for (const product of a.products) expect(parents.has(product.categoryId)).toBe(false);
  });

  it('adds merchants with logos on disk', async () => {
    const merchants = await db.select().from(schema.merchants);
    expect(merchants.length).toBeGreaterThanOrEqual(6);
    expect(new Set(merchants.map((m) => m.countryCode))).toEqual(new Set(['SG', 'MY']));
    for (const merchant of merchants) {
      expect(merchant.logo).toBeTruthy();
      expect(await exists(join(assetsDir, merchant.logo!))).toBe(true);
      expect(await exists(join(assetsDir, thumbnailName(merchant.logo!)))).toBe(true);
    }
    const ids = new Set(merchants.map((m) => m.id));
    expect(a.products.every((p) => p.merchantId && ids.has(p.merchantId))).toBe(true);
  });

  it('names products like a shop, laptops included', () => {
    const laptops = a.categories.find((c) => c.path === 'electronics.laptops')!;
    const inLaptops = a.products.filter((p) => p.categoryId === laptops.id);
    expect(inLaptops.length).toBeGreaterThan(5);
    expect(inLaptops.every((p) => p.name.includes('Laptop'))).toBe(true);
    expect(inLaptops.some((p) => p.name.includes('Gaming Laptop'))).toBe(true);
    expect(inLaptops[0]!.keywords).toMatch(/ laptops electronics$/);
    expect(new Set(a.products.map((p) => p.paramName)).size).toBe(a.products.length);
    for (const product of a.products) {
      expect(product.paramName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.description.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(product.weight).toBeGreaterThan(0);
    }
    const times = a.products.map((p) => p.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.UTC(2026, 0, 1));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1) - 400 * 86_400_000);
  });

  it('stores a row per variant path, matching allVariantPaths', () => {
    const paths = pathsOf(a.paths);
    const withVariants = a.products.filter((p) => p.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(a.products.length * 0.25);
    expect(withVariants.some((p) => p.variants.length === 2)).toBe(true);
    for (const product of a.products) {
      const rows = (paths.get(product.id) ?? []).map((r) => r.path).sort();
      expect(rows).toEqual(allVariantPaths(product.variants).sort());
      for (const variant of product.variants) {
        expect(variant.options.length).toBeGreaterThanOrEqual(2);
        expect(variant.options.length).toBeLessThanOrEqual(4);
      }
    }
    // Some options cost more than the base price (bigger storage, bigger packs).
    expect(a.paths.some((row) => row.price.SG! > a.products.find((p) => p.id === row.productId)!.price.SG!)).toBe(true);
    expect(a.paths.some((row) => row.stock === 0)).toBe(true);
  });

  it('has sold-out, disabled, sourced and image-less products, with inStock from the domain rule', () => {
    const paths = pathsOf(a.paths);
    for (const product of a.products) {
      const variantPaths: Record<string, VariantPathEntry> = Object.fromEntries(
        (paths.get(product.id) ?? []).map((row) => [row.path, { price: row.price, stock: row.stock }]),
      );
      expect(product.inStock).toBe(isInStock({ stock: product.stock, variants: product.variants, variantPaths }));
    }
    const soldOut = a.products.filter((p) => !p.inStock);
    expect(soldOut.length).toBeGreaterThan(5);
    expect(soldOut.some((p) => p.variants.length > 0)).toBe(true);
    expect(a.products.filter((p) => p.disabled).length).toBeGreaterThan(2);
    const noImage = a.products.filter((p) => p.mainImage === null);
    expect(noImage.length).toBeGreaterThan(2);
    expect(noImage.every((p) => p.images.length === 0)).toBe(true);
    for (const product of a.products.filter((p) => p.mainImage)) {
      const colourImages = product.variants.flatMap((variant) => variant.images ?? []);
      expect(product.images.length - colourImages.length).toBeGreaterThanOrEqual(1);
      expect(product.images.length - colourImages.length).toBeLessThanOrEqual(3);
      expect(product.images[0]).toBe(product.mainImage);
      // Each option of a colour variant has its own picture, one of the product's images.
      for (const variant of product.variants.filter((v) => v.name === 'Colour')) {
        expect(variant.images).toHaveLength(variant.options.length);
        for (const image of variant.images ?? []) expect(product.images).toContain(image);
      }
    }
    expect(a.products.some((p) => p.variants.some((v) => v.images?.length))).toBe(true);
    const sourced = a.products.filter((p) => p.sourceMarketPlace);
    expect(sourced.length).toBeGreaterThan(5);
    for (const product of sourced) {
      expect(['Amazon', 'Taobao', 'Lazada', 'Shopee']).toContain(product.sourceMarketPlace);
      expect(product.sourceUrl).toMatch(/^https:\/\//);
    }
  });

  it('prices every product in all six regions in whole minor units', () => {
    const regionKeys = ['SG', 'MY', 'JP', 'ID', 'US', 'GB'];
    const prices = [...a.products.map((p) => p.price), ...a.paths.map((r) => r.price)];
    for (const price of prices) {
      expect(Object.keys(price).sort()).toEqual([...regionKeys].sort());
      for (const amount of Object.values(price)) {
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThan(0);
        expect(amount).toBeLessThanOrEqual(2_147_483_647);
      }
      // JPY has no minor unit: whole yen, and shop-like round amounts.
      expect(price.JP! % 10).toBe(0);
      // IDR: whole hundreds of rupiah.
      expect(price.ID! % 10_000).toBe(0);
      // SGD ~ 12,000 IDR and ~ 115 JPY.
      expect(price.ID! / 100 / (price.SG! / 100)).toBeGreaterThan(10_000);
      expect(price.JP! / (price.SG! / 100)).toBeGreaterThan(90);
    }
  });

  it('stores product_region_prices equal to priceRange()', () => {
    const paths = pathsOf(a.paths);
    const stored = new Map<string, Record<string, { min: number; max: number }>>();
    for (const row of a.regionPrices) {
      stored.set(row.productId, { ...stored.get(row.productId), [row.regionKey]: { min: row.minPrice, max: row.maxPrice } });
    }
    expect(a.regionPrices).toHaveLength(a.products.length * 6);
    for (const product of a.products) {
      const variantPaths: Record<string, VariantPathEntry> = Object.fromEntries(
        (paths.get(product.id) ?? []).map((row) => [row.path, { price: row.price, stock: row.stock }]),
      );
      expect(stored.get(product.id)).toEqual(priceRange(product.price, variantPaths));
    }
  });

  it('writes image files and thumbnails', async () => {
    const names = new Set<string>([PLACEHOLDER_IMAGE]);
    for (const product of a.products.filter((_, i) => i % 7 === 0)) for (const image of product.images) names.add(image);
    for (const category of a.categories) if (category.image) names.add(category.image);
    for (const banner of await db.select().from(schema.banners)) names.add(banner.image);
    for (const popup of await db.select().from(schema.popups)) if (popup.image) names.add(popup.image);
    for (const page of await db.select().from(schema.imagePages)) for (const block of page.blocks) names.add(block.image);
    expect(names.size).toBeGreaterThan(40);
    for (const name of names) {
      expect(name).not.toMatch(/^\//);
      const full = await readFile(join(assetsDir, name), 'utf8');
      const thumb = await readFile(join(assetsDir, thumbnailName(name)), 'utf8');
      expect(full).toMatch(/^<svg [^>]*viewBox="0 0 (800 800|1600 600)"/);
      expect(thumb).toMatch(/^<svg [^>]*width="(200|400)"/);
      expect(full).toContain('sans-serif');
    }
    const laptop = a.products.find((p) => p.name.includes('Laptop') && p.mainImage)!;
    expect(laptop.mainImage).toBe(`products/${laptop.paramName}-1.svg`);
  });

  it('adds banners, popups, home product groups and image pages', async () => {
    const banners = await db.select().from(schema.banners);
    expect(banners.length).toBeGreaterThanOrEqual(3);
    expect(banners.map((b) => b.link)).toContain('/search?category=electronics.laptops');
    const popups = await db.select().from(schema.popups);
    expect(popups.length).toBeGreaterThanOrEqual(1);
    const groups = await db.select().from(schema.homeProductGroups);
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups.some((g) => g.categoryId)).toBe(true);
    const picked = groups.find((g) => g.productIds.length > 0)!;
    expect(picked).toBeDefined();
    const byId = new Map(a.products.map((p) => [p.id, p]));
    for (const id of picked.productIds) {
      const product = byId.get(id)!;
      expect(product.inStock && !product.disabled).toBe(true);
    }
    const pages = await db.select().from(schema.imagePages);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.blocks.length).toBeGreaterThan(0);
      for (const block of page.blocks) expect(block.alt).toBeTruthy();
    }
  });

  it('is deterministic: two fresh databases get the same catalogue', async () => {
    const strip = (p: ProductRow) => {
      const { id: _id, categoryId: _c, merchantId: _m, searchVector: _s, ...rest } = p;
      return rest;
    };
    expect(b.products.map(strip)).toEqual(a.products.map(strip));
    const keyed = (snap: Snapshot) => {
      const names = new Map(snap.products.map((p) => [p.id, p.paramName]));
      return snap.paths
        .map((row) => ({ product: names.get(row.productId), path: row.path, price: row.price, stock: row.stock }))
        .sort((x, y) => `${x.product}|${x.path}`.localeCompare(`${y.product}|${y.path}`));
    };
    expect(keyed(b)).toEqual(keyed(a));
    expect(b.categories.map((c) => c.path)).toEqual(a.categories.map((c) => c.path));
    const sample = a.products.find((p) => p.mainImage)!.mainImage!;
    expect(await readFile(join(otherAssetsDir, sample), 'utf8')).toBe(await readFile(join(assetsDir, sample), 'utf8'));
  });

  it('draws product N the same whatever the run size, with pooled images for big runs', () => {
    for (const index of [0, 17, 239]) {
      const small = planProduct(index, false);
      const big = planProduct(index, true);
      // Pooled runs share their images, so they draw no per-colour pictures.
      const withoutPictures = (plan: typeof small) => ({
        ...plan,
        images: [],
        imageSpecs: [],
        mainImage: null,
        variants: plan.variants.map(({ name, options }) => ({ name, options })),
      });
      expect(withoutPictures(big)).toEqual(withoutPictures(small));
      const colourPictures = small.variants.flatMap((variant) => variant.images ?? []).length;
      expect(big.images.length).toBe(small.images.length - colourPictures);
      for (const image of big.images) {
        const n = Number(/-(\d+)\.svg$/.exec(image)![1]);
        expect(image.startsWith(`products/pool/${small.leaf.slug}-`)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(IMAGE_POOL_SIZE);
      }
    }
    expect(a.products.find((p) => p.paramName === planProduct(17, false).paramName)?.name).toBe(planProduct(17, false).name);
  });
});
