import Link from 'next/link';
import type { Product, Region } from '@kedai/contract';
import { isValidVariantPath, priceSpan } from '@kedai/domain';
import { actionProduct } from './action-product';
import { ProductActions } from './ProductActions';
import { categoryHref, merchantHref } from '../catalogue/links';
import { RecentlyViewed } from '../wishlist/RecentlyViewed';
import { RecordProductView } from '../wishlist/RecordProductView';
import type { Crumb } from './breadcrumb';
import { formatWeight, paragraphs } from './format';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from './jsonld';
import { formatPriceSpan } from './price';
import { ProductGallery } from './ProductGallery';
import styles from './product.module.css';
import { StockBadge } from './StockBadge';
import { stockStatusFor, type VariantProduct } from './variants';
import { VariantPicker } from './VariantPicker';
import { ViewItemTracker } from './ViewItemTracker';
import { VariantSelectionProvider } from './variant-selection';
import { galleryImages, optionPictures } from './view';
import type { DeliveryView } from './delivery';

export interface ProductPageProps {
  product: Product;
  region: Region;
  assetsUrl: string;
  crumbs: Crumb[];
  /** Absolute canonical URL of the page. */
  url: string;
  origin: string;
  /** The `?v=` value of the address, unchecked. */
  variantParam: string | null;
  /** Where to, what it costs and how long delivery takes; null with nothing to say. */
  delivery: DeliveryView | null;
}

/** Only what the variant island needs, so the client gets no more of the product than that. */
function variantProduct(product: Product): VariantProduct {
  const { variants, variantPaths, stock, price, priceRange, priceCurrency } = product;
  return { variants, variantPaths, stock, price, priceRange, priceCurrency };
}

function Breadcrumb({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol role="list">
        <li>
          <Link href="/">Home</Link>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            <Link href={crumb.href}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

function Unavailable({ product }: { product: Product }) {
  const similar = product.category ? categoryHref(product.category.path) : '/search';
  return (
    <div className={styles.unavailable} role="note" aria-labelledby="product-unavailable">
      <h2 id="product-unavailable" className={styles.unavailableTitle}>
        This product is no longer available
      </h2>
      <p>It has been taken off sale and can no longer be bought.</p>
      <p className={styles.unavailableActions}>
        <Link href={similar} className="button button--primary">
          {product.category ? `More in ${product.category.name}` : 'Search for something similar'}
        </Link>
      </p>
    </div>
  );
}

function Offer({ product, region, variantParam }: { product: Product; region: Region; variantParam: string | null }) {
  const noPriceLabel = `Not sold in ${region.name}`;
  if (product.variants.length > 0) {
    const initialPath = variantParam && isValidVariantPath(product.variants, variantParam) ? variantParam : null;
    return <VariantPicker product={variantProduct(product)} region={region.key} initialPath={initialPath} noPriceLabel={noPriceLabel} />;
  }
  const price = formatPriceSpan(priceSpan(product, region.key, null));
  return (
    <div className={styles.offer}>
      <p className={styles.price}>{price ?? <span className={styles.noPrice}>{noPriceLabel}</span>}</p>
      <StockBadge status={stockStatusFor(product, null)} />
    </div>
  );
}

export function ProductPage({ product, region, assetsUrl, crumbs, url, origin, variantParam, delivery }: ProductPageProps) {
  const { images, placeholder } = galleryImages(product, assetsUrl);
  const weight = formatWeight(product.weight);
  const description = paragraphs(product.description);
  const soldOut = !product.disabled && !product.inStock;
  const jsonLd = [
    productJsonLd(product, { region: region.key, assetsUrl, url }),
    breadcrumbJsonLd(crumbs, { name: product.name, url }, origin),
  ].filter(Boolean);
  const initialPath = variantParam && isValidVariantPath(product.variants, variantParam) ? variantParam : null;

  return (
    <article className={styles.page} aria-labelledby="product-title">
      <Breadcrumb crumbs={crumbs} current={product.name} />
      <VariantSelectionProvider variants={product.variants} initialPath={initialPath}>
        <div className={styles.layout}>
          <ProductGallery name={product.name} images={images} placeholder={placeholder} optionPictures={optionPictures(product)} />
          <div className={styles.summary}>
            <h1 id="product-title" className={styles.title}>
              {product.name}
            </h1>
            {product.merchant ? (
              <p className={styles.merchant}>
                Sold by <Link href={merchantHref(product.merchant.slug)}>{product.merchant.name}</Link>
              </p>
            ) : null}
            {product.sourceMarketPlace ? (
              <p className={styles.source}>
                <span aria-hidden="true" className={styles.sourceMark}>
                  ↗
                </span>
                Bought for you from {product.sourceMarketPlace}
              </p>
            ) : null}
            {product.disabled ? (
              <Unavailable product={product} />
            ) : (
              <>
                <Offer product={product} region={region} variantParam={variantParam} />
                {soldOut ? <p className={styles.soldOutNote}>This product is sold out at the moment. Please check back later.</p> : null}
                <ProductActions product={actionProduct(product)} region={region.key} regionName={region.name} initialPath={initialPath} />
                {delivery ? <DeliveryNote delivery={delivery} /> : null}
              </>
            )}
          </div>
        </div>
      </VariantSelectionProvider>

      <section className={styles.details} aria-labelledby="product-details-title">
        <h2 id="product-details-title">About this product</h2>
        {description.length > 0 ? (
          description.map((text, i) => <p key={i}>{text}</p>)
        ) : (
          <p className={styles.muted}>The seller has not described this product yet.</p>
        )}
        <dl className={styles.facts}>
          {weight ? (
            <div>
              <dt>Weight</dt>
              <dd>{weight}</dd>
            </div>
          ) : null}
          {product.category ? (
            <div>
              <dt>Category</dt>
              <dd>
                <Link href={categoryHref(product.category.path)}>{product.category.name}</Link>
              </dd>
            </div>
          ) : null}
          {product.merchant ? (
            <div>
              <dt>Seller</dt>
              <dd>
                <Link href={merchantHref(product.merchant.slug)}>{product.merchant.name}</Link>
              </dd>
            </div>
          ) : null}
          {product.sourceMarketPlace ? (
            <div>
              <dt>Source</dt>
              <dd>{product.sourceMarketPlace}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <RecentlyViewed region={region.key} assetsUrl={assetsUrl} excludeId={product.uuid} />

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd.length === 1 ? jsonLd[0] : jsonLd) }} />
      {product.disabled ? null : <ViewItemTracker product={product} region={region.key} variantPath={initialPath} />}
      {product.disabled ? null : <RecordProductView productId={product.uuid} />}
    </article>
  );
}

/** Where the shopper's order would go, what delivery costs and how long it takes (from the shipping locations). */
function DeliveryNote({ delivery }: { delivery: DeliveryView }) {
  return (
    <section className={styles.delivery} aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="visually-hidden">
        Delivery
      </h2>
      {delivery.kind === 'quote' ? (
        <>
          <p className={styles.deliveryCost}>{delivery.cost}</p>
          {delivery.days ? <p>Arrives in {delivery.days} after dispatch.</p> : null}
        </>
      ) : (
        <p className={styles.deliveryCost}>We do not deliver to {delivery.countryName} yet.</p>
      )}
      <p>
        <Link href="/help/shipping">Delivery</Link> · <Link href="/help/returns">Returns</Link>
      </p>
    </section>
  );
}
