import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = {
  title: 'Product not found',
  robots: { index: false },
};

/** Shown for `/product/<id>` when the API answers `product/not_found`. */
export default function ProductNotFound() {
  return (
    <section className="notice" aria-labelledby="product-not-found-title">
      <h1 id="product-not-found-title">We couldn’t find that product</h1>
      <p>It may have been removed, or the link may be mistyped. Try searching for it instead.</p>
      <p className="notice__actions">
        <Link href="/search" className="button button--primary">
          Search products
        </Link>
        <Link href="/" className="button button--secondary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
