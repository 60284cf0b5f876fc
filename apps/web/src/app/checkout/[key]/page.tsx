import type { Metadata } from 'next';
import { connection } from 'next/server';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import { CheckoutView } from '../../../features/checkout/CheckoutView';
import styles from '../../../features/checkout/checkout.module.css';
import { currentRegion } from '../../../features/region/server';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { getPublicConfig } from '../../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Checkout',
  robots: { index: false, follow: false },
};

/** `/checkout/<key>` (issue 16): a signed-in shopper's checkout session, in the current region's currency. */
export default async function CheckoutPage({ params }: PageProps<'/checkout/[key]'>) {
  await connection(); // per request (the region comes from its cookies), never at build time
  const { key } = await params;
  return withApiFallback(
    `/checkout/${encodeURIComponent(key)}`,
    async () => {
      const [region, config] = await Promise.all([currentRegion(), getPublicConfig()]);
      return { region, config };
    },
    ({ region, config }) => (
      <section className={styles.page} aria-labelledby="checkout-title">
        <RequireSignIn>
          <CheckoutView
            checkoutKey={key}
            region={{ key: region.key, name: region.name, currency: region.currency, countries: region.countries }}
            assetsUrl={config.assets_url}
            shopTakes={config.payments.methods}
          />
        </RequireSignIn>
      </section>
    ),
  );
}
