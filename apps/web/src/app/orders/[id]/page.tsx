import type { Metadata } from 'next';
import { connection } from 'next/server';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import styles from '../../../features/checkout/checkout.module.css';
import { OrderView } from '../../../features/orders/OrderView';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { getPublicConfig } from '../../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Your order',
  robots: { index: false, follow: false },
};

/** `/orders/<id>` (issue 16): one of the signed-in shopper's orders, to pay, follow, cancel or confirm. */
export default async function OrderPage({ params }: PageProps<'/orders/[id]'>) {
  await connection(); // per request, never at build time
  const { id } = await params;
  return withApiFallback(
    `/orders/${encodeURIComponent(id)}`,
    () => getPublicConfig(),
    (config) => (
      <section className={styles.page} aria-labelledby="order-title">
        <RequireSignIn>
          <OrderView key={id} orderId={id} assetsUrl={config.assets_url} payments={config.payments} />
        </RequireSignIn>
      </section>
    ),
  );
}
