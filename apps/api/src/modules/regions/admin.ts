/**
 * The shop's settings, for owners (issue 14): the display currency, which regions are on, and
 * where the shop delivers, at what rate and how fast. Each write is audited in its transaction and
 * shows in the storefront at once (the reference-data caches are dropped).
 */
import {
  AppError,
  countryName,
  isSupportedCurrency,
  parseDeliveryDays,
  parseShippingCountry,
  parsePayNowSettings,
  parseLegalDetails,
  parsePayNowSettleDays,
  PAYNOW_SETTLE_AFTER_DAYS_MAX,
  parseQuotationPricing,
  parseShippingRates,
  parseTaxRule,
  sortCountryCodes,
} from '@kedai/domain';
import { asc, eq, schema, type Database } from '@kedai/db';
import type { AdminSettings, AdminShippingLocationInput } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { invalidate } from '../../platform/cache';
import {
  CONFIG_DEFAULTS,
  configEntries,
  legalDetailsOf,
  payNowSettingsOf,
  payNowSettleDaysOf,
  quotationPricingOf,
  setConfigEntry,
} from '../../platform/shop-config';

const { regions, shippingLocations } = schema;
type LocationRow = typeof shippingLocations.$inferSelect;

function toLocation(row: LocationRow) {
  const deliveryDays =
    row.deliveryDaysMin !== null && row.deliveryDaysMax !== null ? { min: row.deliveryDaysMin, max: row.deliveryDaysMax } : null;
  return { countryCode: row.countryCode, name: countryName(row.countryCode), enabled: row.enabled, rates: row.rates, deliveryDays };
}

/** The settings kept in the database; the routes add how shoppers can pay now (`payments`, from the server's configuration). */
export type ShopSettings = Omit<AdminSettings, 'payments'>;

/** `GET /admin/settings`: every region and shipping location, enabled or not. */
export async function shopSettings(db: Database): Promise<ShopSettings> {
  const [entries, regionRows, locationRows] = await Promise.all([
    configEntries(db),
    db.select().from(regions).orderBy(asc(regions.sortOrder), asc(regions.key)),
    db.select().from(shippingLocations),
  ]);
  const byCode = new Map(locationRows.map((row) => [row.countryCode, row]));
  return {
    appCurrency: String(entries.app_currency),
    regions: regionRows.map(({ key, name, currency, countries, enabled }) => ({ key, name, currency, countries, enabled })),
    shippingLocations: sortCountryCodes(locationRows.map((row) => row.countryCode)).map(({ code }) => toLocation(byCode.get(code)!)),
    quotationPricing: quotationPricingOf(entries),
    payNow: payNowSettingsOf(entries),
    payNowSettleAfterDays: payNowSettleDaysOf(entries),
    legal: legalOf(entries),
  };
}

/** The legal details as owners set them ('' where not set). */
function legalOf(entries: Record<string, unknown>): { legalName: string; legalAddress: string; taxRegistrationNumber: string } {
  const { legalAddress, taxRegistrationNumber } = legalDetailsOf(entries);
  return { legalName: typeof entries.legal_name === 'string' ? entries.legal_name : '', legalAddress, taxRegistrationNumber };
}

/**
 * `PUT /admin/settings/legal`: the shop's legal name, address and tax registration number, shown
 * on receipts and tax invoices (issue 30). A Singapore shop's GST number is checked; other
 * countries' numbers are free text.
 */
export async function setLegalDetails(db: Database, actorId: string, input: unknown): Promise<ShopSettings> {
  const home = String((await configEntries(db)).default_region ?? 'SG').toUpperCase();
  const details = parseLegalDetails(input, home);
  if (!details) throw new AppError('settings/invalid_legal_details');
  await db.transaction(async (tx) => {
    const before = {
      legalName: (await entryNow(tx, 'legal_name')) ?? '',
      legalAddress: (await entryNow(tx, 'legal_address')) ?? '',
      taxRegistrationNumber: (await entryNow(tx, 'tax_registration_number')) ?? '',
    };
    await setConfigEntry(tx, 'legal_name', details.legalName);
    await setConfigEntry(tx, 'legal_address', details.legalAddress);
    await setConfigEntry(tx, 'tax_registration_number', details.taxRegistrationNumber);
    await recordAudit(tx, { actorId, action: 'settings.legal', objectType: 'settings', objectId: 'legal', before, after: details });
  });
  invalidate(db);
  return shopSettings(db);
}

/**
 * A configuration entry as stored now, its row locked until the write's transaction ends: the
 * `before` of an audit row (the cached `configEntries` may be behind another process's change).
 */
async function entryNow(tx: Database, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: schema.config.value }).from(schema.config).where(eq(schema.config.key, key)).for('update');
  return row?.value ?? null;
}

/** `PUT /admin/settings/paynow`: the UEN or mobile number PayNow codes pay, and the name and city they show. */
export async function setPayNowSettings(db: Database, actorId: string, input: unknown): Promise<ShopSettings> {
  const settings = parsePayNowSettings(input);
  if (!settings) throw new AppError('settings/invalid_paynow');
  await db.transaction(async (tx) => {
    // Before: the details codes paid until now (the demo's while the shop had set none).
    const before = payNowSettingsOf({ paynow: await entryNow(tx, 'paynow') });
    await setConfigEntry(tx, 'paynow', settings);
    await recordAudit(tx, {
      actorId,
      action: 'settings.paynow',
      objectType: 'settings',
      objectId: 'paynow',
      before,
      after: settings,
    });
  });
  invalidate(db);
  return shopSettings(db);
}

/**
 * `PUT /admin/settings/paynow_settle`: after how many days a reported transfer staff have not
 * confirmed asks the shopper and staff to settle it (issue 27).
 */
export async function setPayNowSettleDays(db: Database, actorId: string, days: unknown): Promise<ShopSettings> {
  const settled = parsePayNowSettleDays(days);
  if (settled === null) throw new AppError('settings/invalid_paynow_settle_days', [PAYNOW_SETTLE_AFTER_DAYS_MAX]);
  await db.transaction(async (tx) => {
    const before = payNowSettleDaysOf({ paynow_settle_days: await entryNow(tx, 'paynow_settle_days') });
    await setConfigEntry(tx, 'paynow_settle_days', settled);
    await recordAudit(tx, {
      actorId,
      action: 'settings.paynow_settle',
      objectType: 'settings',
      objectId: 'paynow_settle_days',
      before: { days: before },
      after: { days: settled },
    });
  });
  invalidate(db);
  return shopSettings(db);
}

/** `PUT /admin/settings/quotation_pricing`: the fee and exchange rates the quotation queue suggests prices with. */
export async function setQuotationPricing(db: Database, actorId: string, input: unknown): Promise<ShopSettings> {
  const entries = await configEntries(db);
  const pricing = parseQuotationPricing(input, String(entries.app_currency));
  if (!pricing) throw new AppError('settings/invalid_quotation_pricing');
  await db.transaction(async (tx) => {
    // Before: the pricing suggestions used until now (the defaults while the shop had set none).
    const before = quotationPricingOf({ quotation_pricing: await entryNow(tx, 'quotation_pricing'), app_currency: entries.app_currency });
    await setConfigEntry(tx, 'quotation_pricing', pricing);
    await recordAudit(tx, {
      actorId,
      action: 'settings.quotation_pricing',
      objectType: 'settings',
      objectId: 'quotation_pricing',
      before,
      after: pricing,
    });
  });
  invalidate(db);
  return shopSettings(db);
}

/** `PUT /admin/settings/currency`. */
export async function setAppCurrency(db: Database, actorId: string, currency: string): Promise<ShopSettings> {
  const code = currency.trim().toUpperCase();
  if (!isSupportedCurrency(code)) throw new AppError('settings/invalid_currency', [currency]);
  await db.transaction(async (tx) => {
    const before = (await entryNow(tx, 'app_currency')) ?? CONFIG_DEFAULTS.app_currency;
    await setConfigEntry(tx, 'app_currency', code);
    await recordAudit(tx, { actorId, action: 'settings.currency', objectType: 'settings', objectId: 'app_currency', before, after: code });
  });
  invalidate(db);
  return shopSettings(db);
}

/** `PUT /admin/region/{key}`: turns a region on or off (the last enabled one stays on). */
export async function setRegionEnabled(db: Database, actorId: string, key: string, enabled: boolean): Promise<ShopSettings> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(regions).for('update');
    const region = rows.find((row) => row.key === key);
    if (!region) throw new AppError('region/not_found', [key]);
    if (!enabled && rows.filter((row) => row.enabled && row.key !== key).length === 0)
      throw new AppError('general/argument_error', ['The last enabled region cannot be turned off']);
    await tx.update(regions).set({ enabled }).where(eq(regions.key, key));
    await recordAudit(tx, {
      actorId,
      action: 'region.enabled',
      objectType: 'region',
      objectId: key,
      before: { enabled: region.enabled },
      after: { enabled },
    });
  });
  invalidate(db);
  return shopSettings(db);
}

/** `PUT /admin/shipping_location/{countryCode}`: adds or changes where the shop delivers, its rates per region and days. */
export async function saveShippingLocation(db: Database, actorId: string, countryCode: string, input: AdminShippingLocationInput) {
  const country = parseShippingCountry(countryCode);
  if (!country.ok) throw new AppError(country.errorCode, [countryCode]);
  const regionKeys = (await db.select({ key: regions.key }).from(regions)).map((row) => row.key);
  const rates = parseShippingRates(input.rates, regionKeys);
  if (!rates.ok) throw new AppError(rates.errorCode, [{ field: 'rates', errorCode: rates.errorCode }]);
  const days = parseDeliveryDays(input.deliveryDays);
  if (!days.ok) throw new AppError(days.errorCode, [{ field: 'deliveryDays', errorCode: days.errorCode }]);
  const values = {
    countryCode: country.value,
    enabled: input.enabled,
    rates: rates.value,
    deliveryDaysMin: days.value?.min ?? null,
    deliveryDaysMax: days.value?.max ?? null,
  };
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingLocations).where(eq(shippingLocations.countryCode, country.value)).for('update');
    const [saved] = await tx
      .insert(shippingLocations)
      .values(values)
      .onConflictDoUpdate({ target: shippingLocations.countryCode, set: values })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'shipping_location.save',
      objectType: 'shipping_location',
      objectId: country.value,
      before: before ?? null,
      after: saved,
    });
    return saved!;
  });
  invalidate(db);
  return toLocation(row);
}

/** `GET /admin/tax_rate`: the tax charged per destination country. */
export async function listTaxRates(db: Database) {
  const rows = await db.select().from(schema.taxRates).orderBy(asc(schema.taxRates.countryCode));
  return { taxRates: rows.map(({ countryCode, name, rateBp, inclusive }) => ({ countryCode, name, rateBp, inclusive })) };
}

/** `PUT /admin/tax_rate/{countryCode}`: sets the tax of a country (packages/domain `parseTaxRule`). */
export async function saveTaxRate(db: Database, actorId: string, countryValue: string, input: unknown) {
  const country = parseShippingCountry(countryValue);
  if (!country.ok) throw new AppError(country.errorCode);
  const rule = parseTaxRule(input);
  if (!rule) throw new AppError('settings/invalid_tax');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(schema.taxRates).where(eq(schema.taxRates.countryCode, country.value)).for('update');
    await tx
      .insert(schema.taxRates)
      .values({ countryCode: country.value, ...rule })
      .onConflictDoUpdate({ target: schema.taxRates.countryCode, set: { ...rule, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId,
      action: 'settings.tax',
      objectType: 'tax_rate',
      objectId: country.value,
      before: before ?? null,
      after: rule,
    });
  });
  invalidate(db);
  return listTaxRates(db);
}

/** `DELETE /admin/tax_rate/{countryCode}`: no tax on orders to that country any more. */
export async function deleteTaxRate(db: Database, actorId: string, countryValue: string) {
  const country = parseShippingCountry(countryValue);
  if (!country.ok) throw new AppError(country.errorCode);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(schema.taxRates).where(eq(schema.taxRates.countryCode, country.value)).returning();
    if (before)
      await recordAudit(tx, { actorId, action: 'settings.tax', objectType: 'tax_rate', objectId: country.value, before, after: null });
  });
  invalidate(db);
  return listTaxRates(db);
}
