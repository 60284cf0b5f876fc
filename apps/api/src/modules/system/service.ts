import type { Database } from '@kedai/db';
import type { PublicConfig } from '@kedai/contract';
import type { AppConfig } from '../../platform/config';
import { CONFIG_DEFAULTS, configEntries } from '../../platform/shop-config';

export async function publicConfig(
  db: Database,
  appConfig: AppConfig,
  cards: { name: string; publishableKey: string | null },
): Promise<PublicConfig> {
  const entries = await configEntries(db);
  // storefront_url: where the back office links to the shop's own pages (PUBLIC_WEB_URL).
  return {
    ...(entries as typeof CONFIG_DEFAULTS),
    assets_url: appConfig.assetsUrl,
    storefront_url: appConfig.publicWebUrl,
    // The storefront loads Stripe Elements only when Stripe takes the cards.
    payments: { provider: cards.name === 'stripe' ? 'stripe' : 'test', stripePublishableKey: cards.publishableKey },
  };
}
