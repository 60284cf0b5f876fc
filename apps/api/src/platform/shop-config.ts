/**
 * The shop's configuration entries (the `config` table over built-in defaults): reference data
 * every part reads — the auth guard, e-mails, the public configuration — so it lives here.
 */
import {
  DEFAULT_QUOTATION_PRICING,
  DEMO_PAYNOW_SETTINGS,
  RECEIPT_PREFIX_DEFAULT,
  SHOP_TIME_ZONE_DEFAULT,
  PAYNOW_SETTLE_AFTER_DAYS_DEFAULT,
  parsePayNowSettings,
  parsePayNowSettleDays,
  parseQuotationPricing,
  parseTimeZone,
  type PayNowSettings,
  type QuotationPricing,
} from '@kedai/domain';
import { schema, type Database } from '@kedai/db';
import { cached } from './cache';

/** What a shop without its own configuration entries is called and shows. */
export const CONFIG_DEFAULTS = {
  app_currency: 'SGD',
  default_region: 'SG',
  shop_name: 'Kedai',
  contact_email: 'hello@kedai.example',
  thumbnail_suffix: '_thumb',
  placeholder_image: 'placeholder.svg',
};

/** The shop's configuration entries from the database, over the built-in defaults. */
export function configEntries(db: Database): Promise<Record<string, unknown>> {
  return cached(db, 'config', async (reader) => {
    const rows = await reader.select().from(schema.config);
    return { ...CONFIG_DEFAULTS, ...Object.fromEntries(rows.map((row) => [row.key, row.value])) };
  });
}

/** The shop's name, as e-mails and the authenticator app show it. */
export async function shopName(db: Database): Promise<string> {
  return String((await configEntries(db)).shop_name ?? CONFIG_DEFAULTS.shop_name);
}

/** The fee and exchange rates the quotation queue suggests prices with (`quotation_pricing`), or the defaults. */
export function quotationPricingOf(entries: Record<string, unknown>): QuotationPricing {
  return parseQuotationPricing(entries.quotation_pricing, String(entries.app_currency)) ?? DEFAULT_QUOTATION_PRICING;
}

/** The shop's PayNow details (`paynow`), or the demo's (a code that pays no one) until staff set them. */
export function payNowSettingsOf(entries: Record<string, unknown>): PayNowSettings {
  return parsePayNowSettings(entries.paynow) ?? DEMO_PAYNOW_SETTINGS;
}

/** After how many days a reported PayNow transfer staff have not confirmed is stale (`paynow_settle_days`), or the default. */
export function payNowSettleDaysOf(entries: Record<string, unknown>): number {
  return parsePayNowSettleDays(entries.paynow_settle_days) ?? PAYNOW_SETTLE_AFTER_DAYS_DEFAULT;
}

/** Sets one configuration entry (the back office's settings; audited by the caller, in its transaction). */
export async function setConfigEntry(db: Database, key: string, value: unknown): Promise<void> {
  await db.insert(schema.config).values({ key, value }).onConflictDoUpdate({ target: schema.config.key, set: { value } });
}

/** The shop's time zone (`time_zone`), that e-mails and receipts write times in; Singapore's until set. */
export function shopTimeZoneOf(entries: Record<string, unknown>): string {
  return parseTimeZone(entries.time_zone) ?? SHOP_TIME_ZONE_DEFAULT;
}

/** What owners set for the receipt (`legal_name`, `legal_address`, `tax_registration_number`, `receipt_prefix`). */
export function legalDetailsOf(entries: Record<string, unknown>): {
  legalName: string;
  legalAddress: string;
  taxRegistrationNumber: string;
  receiptPrefix: string;
} {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    legalName: text(entries.legal_name) || String(entries.shop_name ?? CONFIG_DEFAULTS.shop_name),
    legalAddress: text(entries.legal_address),
    taxRegistrationNumber: text(entries.tax_registration_number),
    receiptPrefix: text(entries.receipt_prefix) || RECEIPT_PREFIX_DEFAULT,
  };
}
