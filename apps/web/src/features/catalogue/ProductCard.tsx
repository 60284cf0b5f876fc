import Link from 'next/link';
import type { ProductSummary } from '@kedai/contract';
import { assetUrl } from '@kedai/domain';
import { productHref } from './links';
import { productForRegion } from './list-item';
import { displayPrice } from './price';
import { TrackedProductLink } from './TrackedProductLink';

/** Intrinsic size of a thumbnail on the assets host (square); CSS scales it to the card. */
const THUMBNAIL_SIZE = 320;

export interface ProductCardProps {
  product: ProductSummary;
  region: string;
  assetsUrl: string;
  /** Heading level of the product name inside its section. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Name of the list the card is shown in ("Search results", "New arrivals" …). When given, a
   * click on the card reports `select_item` with it and `index`; without it the link is plain.
   */
  listName?: string;
  /** 0-based position of the card in its list. */
  index?: number;
  /**
   * Load the image at once with high priority: for the first cards of a page, which are likely
   * the largest content painted. Default: lazy.
   */
  priority?: boolean;
}

/**
 * One product in a grid. The name is the link; a stretched pseudo-element makes the whole card
 * clickable without repeating the name (the image alt) inside the link's accessible name.
 */
export function ProductCard({ product, region, assetsUrl, headingLevel = 3, listName, index = 0, priority = false }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const price = displayPrice(product, region);
  const seller = product.merchant?.name ?? product.sourceMarketPlace;
  const href = productHref(product.paramName);
  return (
    <article className={product.inStock ? 'product-card' : 'product-card product-card--sold-out'}>
      <div className="product-card__media">
        <img
          src={assetUrl(assetsUrl, product.mainImage, 'thumb')}
          alt={product.name}
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          // A priority card is a page's largest paint (search results): decoded with its frame.
          decoding={priority ? undefined : 'async'}
        />
        {product.inStock ? null : <span className="badge badge--sold-out">Sold out</span>}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          {listName ? (
            <TrackedProductLink
              href={href}
              className="product-card__link"
              product={productForRegion(product, region)}
              region={region}
              listName={listName}
              index={index}
            >
              {product.name}
            </TrackedProductLink>
          ) : (
            // Not prefetched, as TrackedProductLink says why.
            <Link href={href} prefetch={false} className="product-card__link">
              {product.name}
            </Link>
          )}
        </Heading>
        {seller ? <p className="product-card__seller">{seller}</p> : null}
        <p className="product-card__price">
          {price ? (
            price.from ? (
              <>
                <span className="product-card__from">From </span>
                {price.amount}
              </>
            ) : (
              price.amount
            )
          ) : (
            <span className="product-card__unavailable">Not sold in this region</span>
          )}
        </p>
      </div>
    </article>
  );
}
