import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { createProduct } from './factories';
import { productRegionPrices, productVariantPaths, products } from './schema';
import { createTestDatabase } from './testing';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

describe('createProduct', () => {
  it('stores what the catalogue derives: every variant path, the price range per region, whether it is in stock', async () => {
    const { db } = handle;
    const sizes = [{ name: 'Size', options: ['S', 'M', 'L'] }];
    const shirt = await createProduct(db, {
      price: { SG: 1000, MY: 3000 },
      variants: sizes,
      variantPaths: { '0': { stock: 0 }, '1': { price: { SG: 1500, MY: 4000 }, stock: 0 }, '2': { stock: 0 } },
    });
    expect(shirt.paths).toEqual(['0', '1', '2']);
    const [row] = await db.select().from(products).where(eq(products.id, shirt.id));
    expect(row).toMatchObject({ inStock: false, stock: 0, disabled: false });
    const paths = await db.select().from(productVariantPaths).where(eq(productVariantPaths.productId, shirt.id));
    expect(paths).toHaveLength(3);
    const ranges = await db.select().from(productRegionPrices).where(eq(productRegionPrices.productId, shirt.id));
    expect(Object.fromEntries(ranges.map((r) => [r.regionKey, [r.minPrice, r.maxPrice]]))).toEqual({ SG: [1000, 1500], MY: [3000, 4000] });

    const mug = await createProduct(db, { stock: 3 });
    const [mugRow] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(mugRow).toMatchObject({ inStock: true, stock: 3 });
    expect(mug.paths).toEqual([]);
  });
});
