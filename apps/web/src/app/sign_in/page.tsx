import type { Metadata } from 'next';
import Link from 'next/link';
import { ReturnLink } from '../../features/state/ReturnLink';

export const metadata: Metadata = {
  title: 'Sign in',
  robots: { index: false, follow: true },
};

/**
 * `/sign_in` (spec §2). Accounts open with the next release; until then the page says so plainly
 * and leads back to shopping — to the address remembered before coming here, when there is one.
 */
export default function SignInPage() {
  return (
    <section className="notice" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p>
        Shopper accounts open with our next release. Then you will be able to sign in to keep a cart and a wishlist,
        ask for quotations and follow your orders.
      </p>
      <p>Until then you can browse and search the whole catalogue without an account.</p>
      <p className="notice__actions">
        <ReturnLink className="button button--primary" />
        <Link href="/search" className="button button--secondary">
          Browse products
        </Link>
      </p>
    </section>
  );
}
