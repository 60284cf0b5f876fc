import { AppError, isInStock, isUuid } from '@kedai/domain';
import { sql, type Database } from '@kedai/db';
import type { Product, ProductFlags, ProductSummary } from '@kedai/contract';
import { regionCurrencies } from '../regions/service';
import type { Category } from '@kedai/contract';
import { findCategory, subtreeIds } from './categories';
import { detailRowsByIds, findProductRow, newestRowsInCategories, summaryRowsByIds, toProduct, toSummary } from './products';

export async function getProduct(db: Database, idOrParamName: string): Promise<Product> {
  const where = isUuid(idOrParamName) ? sql`p.id = ${idOrParamName.toLowerCase()}::uuid` : sql`p.param_name = ${idOrParamName}`;
  const [row, currencies] = await Promise.all([findProductRow(db, where), regionCurrencies(db)]);
  if (!row) throw new AppError('product/not_found', [idOrParamName]);
  return toProduct(row, currencies);
}

/** Whole products by id (as `GET /product/one` answers them), disabled ones included, in the order of the ids. */
export async function productsByIds(db: Database, ids: string[]): Promise<Product[]> {
  const [rows, currencies] = await Promise.all([detailRowsByIds(db, [...new Set(ids)]), regionCurrencies(db)]);
  const byId = new Map(rows.map((row) => [row.id, toProduct(row, currencies)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** Enabled products' summaries by id, in the order of the ids (disabled and unknown ones left out). */
export async function productSummariesByIds(db: Database, ids: string[]): Promise<ProductSummary[]> {
  const [rows, currencies] = await Promise.all([summaryRowsByIds(db, ids), regionCurrencies(db)]);
  return rows.map((row) => toSummary(row, currencies));
}

export async function productFlags(db: Database, idOrParamName: string): Promise<ProductFlags> {
  const product = await getProduct(db, idOrParamName);
  return {
    uuid: product.uuid,
    inStock: !product.disabled && isInStock(product),
    disabled: product.disabled,
    external: product.sourceMarketPlace !== null,
    sourceMarketPlace: product.sourceMarketPlace,
    inWishlist: false,
    inCart: false,
    backInStock: [],
  };
}

/** A category (by id or path) and the newest in-stock products of its subtree, at most `limit`. */
export async function newestInCategory(
  db: Database,
  categoryIdOrPath: string,
  limit: number,
): Promise<{ category: Category; products: ProductSummary[] }> {
  const category = await findCategory(db, categoryIdOrPath);
  const [rows, currencies] = await Promise.all([newestRowsInCategories(db, await subtreeIds(db, category), limit), regionCurrencies(db)]);
  return { category, products: rows.map((row) => toSummary(row, currencies)) };
}

export { returnStock, takeStock } from './stock';
export { searchEngineLoaded, warmSearchEngine } from './search';
