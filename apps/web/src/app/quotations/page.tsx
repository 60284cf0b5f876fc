import type { Metadata } from 'next';
import { connection } from 'next/server';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { QuotationsView } from '../../features/quotations/QuotationsView';
import styles from '../../features/quotations/quotations.module.css';
import { currentRegion } from '../../features/region/server';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { getPublicConfig } from '../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Your quotations',
  robots: { index: false, follow: false },
};

/** `/quotations` (issue 15): signed-in users' quotation items, quoted prices in the current region's currency. */
export default async function QuotationsPage() {
  await connection(); // per request (the region comes from its cookies), never at build time
  return withApiFallback(
    '/quotations',
    async () => {
      const [region, config] = await Promise.all([currentRegion(), getPublicConfig()]);
      return { region, config };
    },
    ({ region, config }) => (
      <section className={styles.page} aria-labelledby="quotations-title">
        <RequireSignIn>
          <QuotationsView region={{ key: region.key, name: region.name, currency: region.currency }} assetsUrl={config.assets_url} />
        </RequireSignIn>
      </section>
    ),
  );
}
