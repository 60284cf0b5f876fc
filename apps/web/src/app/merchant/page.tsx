import type { Metadata } from 'next';
import { connection } from 'next/server';
import { MerchantCard } from '../../features/merchants/MerchantCard';
import { getMerchants } from '../../features/merchants/load';
import { siteOrigin } from '../../lib/site';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { getPublicConfig } from '../../lib/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  const origin = await siteOrigin();
  return {
    title: 'Our merchants',
    description: 'The local merchants and sourcing partners whose products you can buy here.',
    alternates: { canonical: `${origin}/merchant` },
  };
}

/** `/merchant`: every merchant, with logo, country, product count and description. */
export default async function MerchantsPage() {
  await connection();
  return withApiFallback(
    '/merchant',
    async () => {
      const [merchants, config] = await Promise.all([getMerchants(), getPublicConfig()]);
      return { merchants, config };
    },
    ({ merchants, config }) => (
      <div className="directory">
        <h1>Our merchants</h1>
        <p className="directory__lead">Local shops and sourcing partners, all in one place.</p>
        {merchants.length === 0 ? (
          <p className="empty">Merchants will appear here soon.</p>
        ) : (
          <ul role="list" className="merchant-grid">
            {merchants.map((merchant, i) => (
              <li key={merchant.id}>
                <MerchantCard merchant={merchant} assetsUrl={config.assets_url} priority={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>
    ),
  );
}
