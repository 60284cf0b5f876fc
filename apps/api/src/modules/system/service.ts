import type { Database } from '@kedai/db';
import type { PublicConfig } from '@kedai/contract';
import type { AppConfig } from '../../platform/config';
import { CONFIG_DEFAULTS, configEntries } from '../../platform/shop-config';
import { paymentMethodsOffered } from '../payments/service';

export async function publicConfig(
  db: Database,
  appConfig: AppConfig,
  cards: { name: string; publishableKey: string | null },
): Promise<PublicConfig> {
  const entries = await configEntries(db);
  const { payments } = appConfig;
  // storefront_url: where the back office links to the shop's own pages (PUBLIC_WEB_URL).
  return {
    ...(entries as typeof CONFIG_DEFAULTS),
    assets_url: appConfig.assetsUrl,
    storefront_url: appConfig.publicWebUrl,
    // The storefront loads Stripe Elements only when Stripe takes the cards, offers only the methods
    // the shop takes now, and says on every page when no payment moves real money.
    payments: {
      provider: payments.cards ? (cards.name === 'stripe' ? 'stripe' : 'test') : null,
      stripePublishableKey: payments.cards ? cards.publishableKey : null,
      methods: await paymentMethodsOffered(db, payments),
      testMode: payments.testMode,
    },
  };
}
