import type { Metadata } from 'next';
import { connection } from 'next/server';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import styles from '../../features/checkout/checkout.module.css';
import { OrdersView } from '../../features/orders/OrdersView';
import { pageOf } from '../../features/orders/orders';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { getPublicConfig } from '../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Your orders',
  robots: { index: false, follow: false },
};

/** `/orders?page=` (issue 16): the signed-in shopper's orders, newest first. */
export default async function OrdersPage({ searchParams }: PageProps<'/orders'>) {
  await connection(); // per request, never at build time
  const page = pageOf((await searchParams).page);
  return withApiFallback(
    '/orders',
    () => getPublicConfig(),
    (config) => (
      <section className={styles.page} aria-labelledby="orders-title">
        <RequireSignIn>
          <OrdersView key={page} page={page} assetsUrl={config.assets_url} />
        </RequireSignIn>
      </section>
    ),
  );
}
