import { sql, queryRows, uuidList, type Database, type SQL } from '@kedai/db';
import type { ProductSummary, Product } from '@kedai/contract';
import { toUnixSeconds } from '@kedai/domain';

/** Columns every product list needs; `p` is products and `m` merchants. */
const SUMMARY_COLUMNS = sql`
  p.id, p.param_name, p.name, p.price, p.main_image, p.in_stock, p.source_market_place,
  jsonb_array_length(p.variants) > 0 AS has_variants, p.created_at,
  m.id AS merchant_id, m.slug AS merchant_slug, m.name AS merchant_name,
  COALESCE((SELECT jsonb_object_agg(r.region_key, jsonb_build_object('min', r.min_price, 'max', r.max_price))
            FROM product_region_prices r WHERE r.product_id = p.id), '{}'::jsonb) AS price_range`;

export interface SummaryRow {
  id: string;
  param_name: string;
  name: string;
  price: Record<string, number>;
  main_image: string | null;
  in_stock: boolean;
  source_market_place: string | null;
  has_variants: boolean;
  created_at: Date | string;
  merchant_id: string | null;
  merchant_slug: string | null;
  merchant_name: string | null;
  price_range: Record<string, { min: number; max: number }>;
}

export interface DetailRow extends SummaryRow {
  description: string;
  variants: Product['variants'];
  variant_paths: Product['variantPaths'] | null;
  stock: number;
  images: string[];
  source_url: string | null;
  disabled: boolean;
  weight: number;
  category_id: string | null;
  category_name: string | null;
  category_path: string | null;
}

export function toSummary(row: SummaryRow, currencies: Record<string, string>): ProductSummary {
  return {
    uuid: row.id,
    paramName: row.param_name,
    name: row.name,
    price: row.price,
    priceRange: row.price_range,
    priceCurrency: Object.fromEntries(
      Object.keys(row.price)
        .filter((region) => currencies[region])
        .map((region) => [region, currencies[region]!]),
    ),
    mainImage: row.main_image,
    inStock: row.in_stock,
    hasVariants: row.has_variants,
    sourceMarketPlace: row.source_market_place,
    merchant: row.merchant_id ? { id: row.merchant_id, slug: row.merchant_slug!, name: row.merchant_name! } : null,
    createdAt: toUnixSeconds(new Date(row.created_at)),
  };
}

export function toProduct(row: DetailRow, currencies: Record<string, string>): Product {
  return {
    ...toSummary(row, currencies),
    description: row.description,
    variants: row.variants,
    variantPaths: row.variant_paths ?? {},
    stock: row.stock,
    images: row.images,
    sourceUrl: row.source_url,
    category: row.category_id ? { id: row.category_id, name: row.category_name!, path: row.category_path! } : null,
    disabled: row.disabled,
    weight: row.weight,
  };
}

/** Products matching `where` with everything a product page needs, disabled ones included. */
function detailRows(db: Database, where: SQL, limit?: number): Promise<DetailRow[]> {
  return queryRows<DetailRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS},
          p.description, p.variants, p.stock, p.images, p.source_url, p.disabled, p.weight,
          c.id AS category_id, c.name AS category_name, c.path AS category_path,
          (SELECT jsonb_object_agg(v.path, jsonb_build_object('price', v.price, 'stock', v.stock))
             FROM product_variant_paths v WHERE v.product_id = p.id) AS variant_paths
        FROM products p
        LEFT JOIN merchants m ON m.id = p.merchant_id
        LEFT JOIN categories c ON c.id = p.category_id
        WHERE ${where}
        ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
}

/** One product by its uuid or its paramName, disabled ones included (their page says so). */
export async function findProductRow(db: Database, where: SQL): Promise<DetailRow | undefined> {
  return (await detailRows(db, where, 1))[0];
}

/** Whole products by id, disabled ones included, in no particular order (unknown ids are skipped). */
export async function detailRowsByIds(db: Database, ids: string[]): Promise<DetailRow[]> {
  if (ids.length === 0) return [];
  return detailRows(db, sql`p.id IN (${uuidList(ids)})`);
}

/** Enabled products by id, in the order of the ids given. */
export async function summaryRowsByIds(db: Database, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}
        FROM products p LEFT JOIN merchants m ON m.id = p.merchant_id
        WHERE NOT p.disabled AND p.id IN (${uuidList(ids)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Newest in-stock enabled products of some categories. */
export async function newestRowsInCategories(db: Database, categoryIds: string[], limit: number): Promise<SummaryRow[]> {
  if (categoryIds.length === 0) return [];
  return queryRows<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}
        FROM products p LEFT JOIN merchants m ON m.id = p.merchant_id
        WHERE NOT p.disabled AND p.in_stock
          AND p.category_id IN (${uuidList(categoryIds)})
        ORDER BY p.created_at DESC NULLS LAST, p.id
        LIMIT ${limit}`,
  );
}
