import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = {
  title: 'Page not found',
};

export default function NotFound() {
  return (
    <section className="notice" aria-labelledby="not-found-title">
      <h1 id="not-found-title">We couldn’t find that page</h1>
      <p>The page may have moved, or the product may no longer be sold.</p>
      <p className="notice__actions">
        <Link href="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link href="/search" className="button button--secondary">
          Search products
        </Link>
      </p>
    </section>
  );
}
