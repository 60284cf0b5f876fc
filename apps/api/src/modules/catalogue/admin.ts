/**
 * The back office's product work (issue 14): list, read, create, edit and stock. Every write runs
 * in one transaction with its audit record, refuses a product that breaks a rule of
 * `validateProductDraft` without writing anything, and keeps the derived rows (variant paths,
 * price ranges per region, `in_stock`) equal to the product. Edits carry the `version` they were
 * made from; stock changes by a delta or from the value the staff member saw, so a sale made
 * meanwhile is never overwritten.
 */
import {
  AppError,
  isInStock,
  isUuid,
  mergeVariantPaths,
  pathsBackInStock,
  priceRange,
  PRODUCT_STOCK_MAX,
  toUnixSeconds,
  validateProductDraft,
  type ProductDraft,
  type VariantPathEntry,
} from '@kedai/domain';
import { eq, queryRows, schema, sql, type Database } from '@kedai/db';
import type {
  AdminProduct,
  AdminProductInput,
  AdminProductList,
  AdminProductListQuery,
  AdminStockAnswer,
  AdminStockChange,
} from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { recordEvent } from '../../platform/events';
import { invalidate } from '../../platform/cache';
import { isUniqueViolation } from '../../platform/db-errors';
import { listRegions } from '../regions/service';
import { getProduct } from './service';
import { announceCatalogueChange } from './search';

const { products, productVariantPaths, productRegionPrices, categories, merchants } = schema;
const DEFAULT_LIMIT = 25;

interface ListRow {
  id: string;
  param_name: string;
  name: string;
  main_image: string | null;
  disabled: boolean;
  in_stock: boolean;
  version: number;
  updated_at: Date | string;
  category_id: string | null;
  category_name: string | null;
  category_path: string | null;
  merchant_id: string | null;
  merchant_slug: string | null;
  merchant_name: string | null;
  units: number | string;
  paths: number | string;
}

const ORDER = {
  // NULLS LAST as the indexes are built, so they serve the order (the columns are never null).
  updated: sql`p.updated_at DESC NULLS LAST, p.id`,
  newest: sql`p.created_at DESC NULLS LAST, p.id`,
  name: sql`lower(p.name), p.id`,
  stock: sql`sort_units ASC, p.id`,
} as const;

/** `GET /admin/product`: every product (disabled too), searched by words of the name, the URL name or the id, paged on the server. */
export async function listProductsForStaff(db: Database, query: AdminProductListQuery): Promise<AdminProductList> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const page = query.page ?? 1;
  const q = query.q?.trim() ?? '';
  const conditions = [sql`TRUE`];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Each side has its index (trigram on name and URL name; the key for an id).
    conditions.push(
      isUuid(q)
        ? sql`(p.id = ${q.toLowerCase()}::uuid OR p.name ILIKE ${pattern} OR p.param_name ILIKE ${pattern})`
        : sql`(p.name ILIKE ${pattern} OR p.param_name ILIKE ${pattern})`,
    );
  }
  if (query.disabled !== undefined) conditions.push(sql`p.disabled = ${query.disabled}`);
  const where = sql.join(conditions, sql` AND `);
  // The page is chosen first (by an index for every order but stock), then only its rows are
  // joined and counted: a list of 100,000 products answers in milliseconds (bench/RESULTS.md).
  const unitsOf = sql`CASE WHEN jsonb_array_length(p.variants) = 0 THEN p.stock
                      ELSE COALESCE((SELECT sum(v.stock) FROM product_variant_paths v WHERE v.product_id = p.id), 0) END`;
  const [rows, total] = await Promise.all([
    queryRows<ListRow>(
      db,
      sql`WITH page AS (
            SELECT p.*, ${query.sort === 'stock' ? unitsOf : sql`NULL::bigint`} AS sort_units
            FROM products p WHERE ${where}
            ORDER BY ${ORDER[query.sort ?? 'updated']}
            LIMIT ${limit} OFFSET ${(page - 1) * limit}
          )
          SELECT p.id, p.param_name, p.name, p.main_image, p.disabled, p.in_stock, p.version, p.updated_at,
                 c.id AS category_id, c.name AS category_name, c.path AS category_path,
                 m.id AS merchant_id, m.slug AS merchant_slug, m.name AS merchant_name,
                 ${unitsOf} AS units,
                 (SELECT count(*) FROM product_variant_paths v WHERE v.product_id = p.id) AS paths
          FROM page p
          LEFT JOIN categories c ON c.id = p.category_id
          LEFT JOIN merchants m ON m.id = p.merchant_id
          ORDER BY ${ORDER[query.sort ?? 'updated']}`,
    ),
    countProducts(db, conditions),
  ]);
  return {
    products: rows.map((row) => ({
      id: row.id,
      paramName: row.param_name,
      name: row.name,
      mainImage: row.main_image,
      category: row.category_id ? { id: row.category_id, name: row.category_name!, path: row.category_path! } : null,
      merchant: row.merchant_id ? { id: row.merchant_id, slug: row.merchant_slug!, name: row.merchant_name! } : null,
      disabled: row.disabled,
      inStock: row.in_stock,
      stock: Number(row.units),
      variantCount: Number(row.paths),
      version: row.version,
      updatedAt: toUnixSeconds(new Date(row.updated_at)),
    })),
    total,
    page,
    limit,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

async function countProducts(db: Database, conditions: ReturnType<typeof sql>[]): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM products p WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  return Number(row?.n ?? 0);
}

/** `GET /admin/product/{id}`: the product as the storefront answers it, with its version. */
export async function productForStaff(db: Database, id: string): Promise<AdminProduct> {
  const product = await getProduct(db, id);
  const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, product.uuid));
  return { product, version: row!.version };
}

/** Checks a draft against the rules and the shop's regions, categories and merchants; nothing is written when it fails. */
async function checkedDraft(db: Database, input: AdminProductInput): Promise<ProductDraft> {
  const regions = await listRegions(db);
  const result = validateProductDraft(
    input,
    regions.map((region) => region.key),
  );
  if (!result.ok) {
    const [first] = result.problems;
    throw new AppError(first!.errorCode, result.problems);
  }
  const draft = result.value;
  if (
    draft.categoryId &&
    (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, draft.categoryId))).length === 0
  ) {
    throw new AppError('product/unknown_category', [{ field: 'categoryId', errorCode: 'product/unknown_category' }]);
  }
  if (draft.merchantId && (await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, draft.merchantId))).length === 0) {
    throw new AppError('product/unknown_merchant', [{ field: 'merchantId', errorCode: 'product/unknown_merchant' }]);
  }
  return draft;
}

/** The columns of `products` a draft sets, with `in_stock` derived from the stock it will have. */
function productColumns(draft: ProductDraft, stock: number, paths: Record<string, VariantPathEntry>) {
  return {
    paramName: draft.paramName,
    name: draft.name,
    description: draft.description,
    categoryId: draft.categoryId,
    merchantId: draft.merchantId,
    price: draft.price,
    variants: draft.variants,
    stock,
    mainImage: draft.images[0] ?? null,
    images: draft.images,
    sourceMarketPlace: draft.sourceMarketPlace,
    sourceUrl: draft.sourceUrl,
    disabled: draft.disabled,
    weight: draft.weight,
    inStock: isInStock({ stock, variants: draft.variants, variantPaths: paths }),
  };
}

/** Replaces a product's variant paths and price ranges with those of `paths`. */
async function writeDerivedRows(tx: Database, productId: string, price: ProductDraft['price'], paths: Record<string, VariantPathEntry>) {
  await tx.delete(productVariantPaths).where(eq(productVariantPaths.productId, productId));
  const pathRows = Object.entries(paths).map(([path, entry]) => ({ productId, path, price: entry.price, stock: entry.stock }));
  if (pathRows.length > 0) await tx.insert(productVariantPaths).values(pathRows);
  await tx.delete(productRegionPrices).where(eq(productRegionPrices.productId, productId));
  const ranges = Object.entries(priceRange(price, paths)).map(([regionKey, range]) => ({
    productId,
    regionKey,
    minPrice: range.min,
    maxPrice: range.max,
  }));
  if (ranges.length > 0) await tx.insert(productRegionPrices).values(ranges);
}

const paramNameTaken = () => new AppError('product/param_name_taken', [{ field: 'paramName', errorCode: 'product/param_name_taken' }]);

/** `POST /admin/product`. */
export async function createProduct(db: Database, actorId: string, input: AdminProductInput): Promise<AdminProduct> {
  const draft = await checkedDraft(db, input);
  const paths = mergeVariantPaths(draft.variantPaths, {});
  const stock = draft.variants.length === 0 ? (draft.stock ?? 0) : 0;
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values(productColumns(draft, stock, paths))
        .returning({ id: products.id });
      await writeDerivedRows(tx, row!.id, draft.price, paths);
      await recordAudit(tx, { actorId, action: 'product.create', objectType: 'product', objectId: row!.id, before: null, after: draft });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw paramNameTaken();
    throw error;
  }
  invalidate(db);
  announceCatalogueChange(db);
  return productForStaff(db, id);
}

/** `PUT /admin/product/{id}`: the whole product from the version it was read at; stock stays as it is now. */
export async function updateProduct(db: Database, actorId: string, id: string, input: AdminProductInput): Promise<AdminProduct> {
  const draft = await checkedDraft(db, input);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw new AppError('product/not_found', [id]);
      if (input.version === undefined || input.version !== current.version) throw new AppError('product/version_conflict');
      const stored = Object.fromEntries(
        (await tx.select().from(productVariantPaths).where(eq(productVariantPaths.productId, id))).map((row) => [
          row.path,
          { price: row.price, stock: row.stock },
        ]),
      );
      const paths = mergeVariantPaths(draft.variantPaths, stored);
      const stock = draft.variants.length === 0 ? current.stock : 0;
      await tx
        .update(products)
        .set({ ...productColumns(draft, stock, paths), version: current.version + 1, updatedAt: new Date() })
        .where(eq(products.id, id));
      await writeDerivedRows(tx, id, draft.price, paths);
      // Enabled again with stock, or a new path with stock: shoppers waiting for it are told.
      const variantPaths = pathsBackInStock(
        { disabled: current.disabled, stock: current.stock, variants: current.variants, variantPaths: stored },
        { disabled: draft.disabled, stock, variants: draft.variants, variantPaths: paths },
      );
      if (variantPaths.length > 0) await recordEvent(tx, { type: 'product.back_in_stock', subject: id, payload: { variantPaths } });
      const { searchVector: _search, ...before } = current;
      await recordAudit(tx, {
        actorId,
        action: 'product.update',
        objectType: 'product',
        objectId: id,
        before: { ...before, variantPaths: stored },
        after: draft,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw paramNameTaken();
    throw error;
  }
  invalidate(db);
  announceCatalogueChange(db);
  return productForStaff(db, id);
}

/**
 * `POST /admin/product/{id}/stock`: by `delta` (never below zero), or to `stock` when it still is
 * `expected`. One conditional update, so it is right however many orders or staff change it at once.
 */
export async function changeStock(db: Database, actorId: string, id: string, change: AdminStockChange): Promise<AdminStockAnswer> {
  const byDelta = change.delta !== undefined && change.stock === undefined && change.expected === undefined;
  const bySetting = change.delta === undefined && change.stock !== undefined && change.expected !== undefined;
  if ((!byDelta && !bySetting) || !Number.isSafeInteger(change.delta ?? change.stock)) throw new AppError('general/argument_error');
  if (bySetting && (change.stock! < 0 || change.stock! > PRODUCT_STOCK_MAX)) throw new AppError('product/invalid_stock');
  const answer = await db.transaction(async (tx) => {
    const [product] = await tx.select({ variants: products.variants }).from(products).where(eq(products.id, id));
    if (!product) throw new AppError('product/not_found', [id]);
    const onPaths = product.variants.length > 0;
    if (onPaths !== (change.variantPath !== '')) throw new AppError('cart/invalid_variant_path');
    // One conditional update: a sale or another change made meanwhile is counted, never overwritten.
    // As bigint: a delta or an expected value past the column's range is refused by the guard, not overflowed.
    const guard = byDelta
      ? sql`stock + ${change.delta!}::bigint BETWEEN 0 AND ${PRODUCT_STOCK_MAX}`
      : sql`stock = ${change.expected!}::bigint`;
    const value = byDelta ? sql`stock + ${change.delta!}::bigint` : sql`${change.stock!}`;
    const [changed] = onPaths
      ? await queryRows<{ stock: number }>(
          tx,
          sql`UPDATE product_variant_paths SET stock = ${value}
              WHERE product_id = ${id}::uuid AND path = ${change.variantPath} AND ${guard} RETURNING stock`,
        )
      : await queryRows<{ stock: number }>(
          tx,
          sql`UPDATE products SET stock = ${value} WHERE id = ${id}::uuid AND ${guard} RETURNING stock`,
        );
    if (!changed) {
      const [now] = onPaths
        ? await queryRows<{ stock: number }>(
            tx,
            sql`SELECT stock FROM product_variant_paths WHERE product_id = ${id}::uuid AND path = ${change.variantPath}`,
          )
        : await queryRows<{ stock: number }>(tx, sql`SELECT stock FROM products WHERE id = ${id}::uuid`);
      if (!now) throw new AppError('cart/invalid_variant_path');
      throw bySetting ? new AppError('product/stock_changed', [now.stock]) : new AppError('product/invalid_stock');
    }
    const [derived] = await queryRows<{ in_stock: boolean }>(
      tx,
      sql`UPDATE products p SET in_stock = CASE WHEN jsonb_array_length(p.variants) = 0 THEN p.stock > 0
                ELSE EXISTS (SELECT 1 FROM product_variant_paths v WHERE v.product_id = p.id AND v.stock > 0) END
          WHERE p.id = ${id}::uuid RETURNING in_stock`,
    );
    const before = byDelta ? changed.stock - change.delta! : change.expected!;
    if (before <= 0 && changed.stock > 0) {
      await recordEvent(tx, { type: 'product.back_in_stock', subject: id, payload: { variantPaths: [change.variantPath] } });
    }
    await recordAudit(tx, {
      actorId,
      action: 'product.stock',
      objectType: 'product',
      objectId: id,
      before: { variantPath: change.variantPath, stock: before },
      after: { variantPath: change.variantPath, stock: changed.stock },
    });
    return { variantPath: change.variantPath, stock: changed.stock, inStock: derived!.in_stock };
  });
  invalidate(db);
  announceCatalogueChange(db);
  return answer;
}
