import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = {
  title: 'Your cart',
  robots: { index: false, follow: true },
};

/**
 * `/cart` (spec §2; `?itemId=` after a buy-now). There is no cart to fill yet, so this is the
 * cart's genuine empty state.
 */
export default function CartPage() {
  return (
    <section className="notice" aria-labelledby="cart-title">
      <h1 id="cart-title">Your cart</h1>
      <p>Your cart is empty.</p>
      <p>Find something you like in the catalogue — products from local merchants and marketplaces around the world.</p>
      <p className="notice__actions">
        <Link href="/search" className="button button--primary">
          Browse the catalogue
        </Link>
        <Link href="/" className="button button--secondary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
