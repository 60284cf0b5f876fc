import { z } from 'zod';
import { PAYMENT_METHODS } from './checkout';
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
        provider: z
          .enum(['test', 'stripe'])
          .nullable()
          .describe('test: the built-in test gateway (no real money); stripe: cards in Stripe Elements; null: the shop takes no cards'),
        stripePublishableKey: z.string().nullable(),
        methods: z
          .array(z.enum(PAYMENT_METHODS))
          .describe('The ways to pay the shop takes now (PayNow further only in Singapore dollars); empty: checkout offers none'),
        testMode: z
          .boolean()
          .describe('No payment moves real money (test gateway, Stripe test keys, the demo PayNow code): every page says so'),
      })
      .describe('How orders are paid: the storefront loads Stripe Elements only with `stripe`'),
  })
  .catchall(z.unknown())
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;
