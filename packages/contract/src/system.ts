import { z } from 'zod';
import { UnixSeconds } from './common';

export const Ping = z.object({ ok: z.literal(true), time: UnixSeconds });

/** The shop's public configuration: `app_currency` plus the entries the storefront needs. */
export const PublicConfig = z
  .object({
    app_currency: z.string(),
    default_region: z.string(),
    shop_name: z.string(),
    contact_email: z.string(),
    assets_url: z.string().describe('Base URL of the assets host for image names'),
    storefront_url: z.string().describe("The storefront's public address (PUBLIC_WEB_URL), for links to its pages"),
    thumbnail_suffix: z.string(),
    placeholder_image: z.string(),
    payments: z
      .object({
        provider: z.enum(['test', 'stripe']).describe('test: the built-in test gateway (no real money); stripe: cards in Stripe Elements'),
        stripePublishableKey: z.string().nullable(),
      })
      .describe('How cards are paid: the storefront loads Stripe Elements only with `stripe`'),
  })
  .catchall(z.unknown())
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;
