/**
 * What the product page (a server component) hands its cart actions: a plain module, so the server
 * can call `actionProduct` (functions of a 'use client' module cannot be called on the server).
 */
import type { Product } from '@kedai/contract';

/** What the product page hands its cart actions (not the description or images). */
export type ActionProduct = Pick<
  Product,
  | 'uuid'
  | 'name'
  | 'variants'
  | 'variantPaths'
  | 'stock'
  | 'price'
  | 'priceRange'
  | 'priceCurrency'
  | 'merchant'
  | 'category'
  | 'sourceMarketPlace'
>;

/** Picks the fields of `ActionProduct` (so the client gets no more of the product than that). */
export function actionProduct(product: Product): ActionProduct {
  const { uuid, name, variants, variantPaths, stock, price, priceRange, priceCurrency, merchant, category, sourceMarketPlace } = product;
  return { uuid, name, variants, variantPaths, stock, price, priceRange, priceCurrency, merchant, category, sourceMarketPlace };
}
