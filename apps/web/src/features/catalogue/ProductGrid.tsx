import type { ProductSummary } from '@kedai/contract';
import { ProductCard } from './ProductCard';

export interface ProductGridProps {
  products: ProductSummary[];
  region: string;
  assetsUrl: string;
  headingLevel?: 2 | 3 | 4;
}

/** Responsive grid of product cards: 2 columns on a phone, up to 6 on a wide screen. */
export function ProductGrid({ products, region, assetsUrl, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid" role="list">
      {products.map((product) => (
        <li key={product.uuid}>
          <ProductCard product={product} region={region} assetsUrl={assetsUrl} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
