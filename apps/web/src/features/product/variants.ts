/**
 * Variant selection on the product page, as pure functions: the options a shopper has chosen
 * (one per variant, or none yet), the variant path they make, the price and stock that path has
 * in a region, and which options still lead to stock. The stock and path rules themselves are
 * those of '@kedai/domain'.
 */
import type { Product } from '@kedai/contract';
import { allVariantPaths, isInStock, isValidVariantPath, onlyLeftText, stockFor, stockLevel, type StockLevel } from '@kedai/domain';

/** What the selection needs of a product (a subset, so the client island gets only this). */
export type VariantProduct = Pick<Product, 'variants' | 'variantPaths' | 'stock' | 'price' | 'priceRange' | 'priceCurrency'>;

/** The chosen option index of each variant, in variant order; null where nothing is chosen yet. */
export type Selection = readonly (number | null)[];

/**
 * The selection a `?v=` value stands for. A valid full path selects its options; anything else
 * (absent, malformed, out of range) selects nothing, except that a variant with a single option
 * is always chosen (there is nothing to choose).
 */
export function selectionFromPath(variants: Product['variants'], path: string | null | undefined): Selection {
  if (path && isValidVariantPath(variants, path)) return path.split('/').map(Number);
  return variants.map((variant) => (variant.options.length === 1 ? 0 : null));
}

/** The variant path of a complete selection ("0/1"), or null while a variant has no option chosen. */
export function pathFromSelection(selection: Selection): string | null {
  if (selection.length === 0 || selection.some((index) => index === null)) return null;
  return selection.join('/');
}

/** The selection after choosing option `optionIndex` of variant `variantIndex`. */
export function chooseOption(selection: Selection, variantIndex: number, optionIndex: number): Selection {
  return selection.map((current, i) => (i === variantIndex ? optionIndex : current));
}

/**
 * For each variant, for each of its options: whether choosing it — with the options already
 * chosen for the other variants — can still lead to a variant path with stock. An option for
 * which this is false is shown as sold out.
 */
export function optionsInStock(product: Pick<VariantProduct, 'variants' | 'variantPaths' | 'stock'>, selection: Selection): boolean[][] {
  const result = product.variants.map((variant) => variant.options.map(() => false));
  for (const path of allVariantPaths(product.variants)) {
    if (stockFor(product, path) <= 0) continue;
    const indexes = path.split('/').map(Number);
    indexes.forEach((optionIndex, variantIndex) => {
      const compatible = indexes.every(
        (other, i) => i === variantIndex || selection[i] === null || selection[i] === undefined || selection[i] === other,
      );
      if (compatible) result[variantIndex]![optionIndex] = true;
    });
  }
  return result;
}

export interface StockStatus {
  kind: StockLevel;
  label: string;
  /** Units on hand, when known (a full variant path, or a product without variants). */
  stock: number | null;
}

export function stockStatus(stock: number): StockStatus {
  const kind = stockLevel(stock);
  if (kind === 'sold_out') return { kind, label: 'Sold out', stock: 0 };
  return { kind, label: kind === 'low_stock' ? onlyLeftText(stock) : 'In stock', stock };
}

/**
 * The stock status to show: that of the chosen variant path (or of the product when it has no
 * variants); before a full path is chosen, "In stock" when any path has stock, else "Sold out".
 */
export function stockStatusFor(product: Pick<VariantProduct, 'variants' | 'variantPaths' | 'stock'>, path: string | null): StockStatus {
  if (product.variants.length === 0 || (path && isValidVariantPath(product.variants, path))) {
    return stockStatus(stockFor(product, path));
  }
  return isInStock(product) ? { kind: 'in_stock', label: 'In stock', stock: null } : { kind: 'sold_out', label: 'Sold out', stock: 0 };
}
