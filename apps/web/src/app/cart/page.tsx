import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { CartView } from '../../features/cart/CartView';
import styles from '../../features/cart/cart.module.css';
import { currentRegion } from '../../features/region/server';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { getPublicConfig } from '../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Your cart',
  robots: { index: false, follow: false },
};

/** `/cart` (rules: screens.md; `?itemId=` after a buy-now): signed-in users' cart, in the current region's currency. */
export default async function CartPage() {
  await connection(); // per request (the region comes from its cookies), never at build time
  return withApiFallback(
    '/cart',
    async () => {
      const [region, config] = await Promise.all([currentRegion(), getPublicConfig()]);
      return { region, config };
    },
    ({ region, config }) => (
      <section className={styles.page} aria-labelledby="cart-title">
        <RequireSignIn>
          <Suspense fallback={<p role="status">Loading your cart…</p>}>
            <CartView region={{ key: region.key, name: region.name, currency: region.currency }} assetsUrl={config.assets_url} />
          </Suspense>
        </RequireSignIn>
      </section>
    ),
  );
}
