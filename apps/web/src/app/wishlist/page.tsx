import type { Metadata } from 'next';
import { connection } from 'next/server';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { currentRegion } from '../../features/region/server';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { WishlistView } from '../../features/wishlist/WishlistView';
import styles from '../../features/wishlist/wishlist.module.css';
import { getPublicConfig } from '../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Your wishlist',
  robots: { index: false, follow: false },
};

/** `/wishlist`: the signed-in user's saved products. */
export default async function WishlistPage() {
  await connection(); // per request (the region comes from its cookies), never at build time
  return withApiFallback(
    '/wishlist',
    async () => {
      const [region, config] = await Promise.all([currentRegion(), getPublicConfig()]);
      return { region, config };
    },
    ({ region, config }) => (
      <section className={styles.page} aria-labelledby="wishlist-title">
        <RequireSignIn>
          <WishlistView region={region.key} assetsUrl={config.assets_url} />
        </RequireSignIn>
      </section>
    ),
  );
}
