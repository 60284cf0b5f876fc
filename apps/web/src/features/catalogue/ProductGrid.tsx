import type { ProductSummary } from '@kedai/contract';
import { ProductCard } from './ProductCard';

export interface ProductGridProps {
  products: ProductSummary[];
  region: string;
  assetsUrl: string;
  headingLevel?: 2 | 3 | 4;
  /** Name of the list for `select_item` analytics; each card reports its position. Optional. */
  listName?: string;
  /** Position of the first product in the whole list (e.g. 24 on page 2 of 24 per page). */
  indexOffset?: number;
  /** How many of the first cards load their image eagerly (above the fold). Default 0. */
  priorityCount?: number;
}

/** Responsive grid of product cards: 2 columns on a phone, up to 6 on a wide screen. */
export function ProductGrid({ products, region, assetsUrl, headingLevel, listName, indexOffset = 0, priorityCount = 0 }: ProductGridProps) {
  return (
    <ul className="product-grid" role="list">
      {products.map((product, i) => (
        <li key={product.uuid}>
          <ProductCard
            product={product}
            region={region}
            assetsUrl={assetsUrl}
            headingLevel={headingLevel}
            listName={listName}
            index={indexOffset + i}
            priority={i < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}
