import { AppError, sortCountryCodes, type TaxRule } from '@kedai/domain';
import { asc, eq, schema, type Database } from '@kedai/db';
import type { Region } from '@kedai/contract';
import { cached } from '../../platform/cache';
import { configEntries } from '../../platform/shop-config';
import { savePreferredCountry, type UserRow } from '../users/service';

type RegionRow = typeof schema.regions.$inferSelect;

function toRegion(row: RegionRow): Region {
  return { key: row.key, name: row.name, currency: row.currency, countries: row.countries, priceBands: row.priceBands };
}

function allRegionRows(db: Database): Promise<RegionRow[]> {
  return cached(db, 'regions', (reader) =>
    reader.select().from(schema.regions).orderBy(asc(schema.regions.sortOrder), asc(schema.regions.key)),
  );
}

export async function listRegions(db: Database, options: { enabledOnly?: boolean } = {}): Promise<Region[]> {
  const rows = await allRegionRows(db);
  return rows.filter((row) => !options.enabledOnly || row.enabled).map(toRegion);
}

/** Region key -> currency, for every region (prices are shown in their region's currency). */
export async function regionCurrencies(db: Database): Promise<Record<string, string>> {
  const rows = await allRegionRows(db);
  return Object.fromEntries(rows.map((row) => [row.key, row.currency]));
}

async function defaultRegion(db: Database): Promise<Region> {
  const entries = await configEntries(db);
  const regions = await listRegions(db, { enabledOnly: true });
  const region = regions.find((r) => r.key === entries.default_region) ?? regions[0];
  if (!region) throw new AppError('region/not_found', ['default']);
  return region;
}

/** The enabled region with this key, or the shop's default when no key is given. */
export async function resolveRegion(db: Database, key: string | undefined): Promise<Region> {
  if (!key) return defaultRegion(db);
  const region = (await listRegions(db, { enabledOnly: true })).find((r) => r.key === key);
  if (!region) throw new AppError('region/not_found', [key]);
  return region;
}

/** The enabled region whose countries include this one (first in display order), else the shop's default. */
export async function regionForCountry(db: Database, country: string | null): Promise<Region> {
  if (country) {
    const regions = await listRegions(db, { enabledOnly: true });
    const match = regions.find((r) => r.countries.some((c) => c.toUpperCase() === country));
    if (match) return match;
  }
  return defaultRegion(db);
}

/**
 * A CDN's country header value: two letters. Cloudflare's `XX` (unknown) and `T1` (Tor), and
 * anything else that is not a country code, count as no country.
 */
export function countryFromHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const code = first?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'ZZ' ? code : null;
}

/** A country code offered by an enabled region, upper-case; null when no enabled region has it. */
async function offeredCountry(db: Database, value: string): Promise<string | null> {
  const code = value.trim().toUpperCase();
  const regions = await listRegions(db, { enabledOnly: true });
  return regions.some((r) => r.countries.some((c) => c.toUpperCase() === code)) ? code : null;
}

/**
 * `GET /region/preferred`: the user's stored country while an enabled region still offers it;
 * null when none was chosen or its region has been disabled since (nothing usable to prefer).
 */
export async function preferredCountry(db: Database, user: UserRow): Promise<string | null> {
  return user.preferredCountry ? offeredCountry(db, user.preferredCountry) : null;
}

/** `POST /region/prefer`: only a country of an enabled region is kept (400 `user/invalid_country`). */
export async function setPreferredCountry(db: Database, user: UserRow, value: string): Promise<string> {
  const code = await offeredCountry(db, value);
  if (!code) throw new AppError('user/invalid_country', [value]);
  await savePreferredCountry(db, user.id, code);
  return code;
}

export async function enabledShippingLocations(db: Database) {
  const rows = await cached(db, 'shipping_locations', (reader) =>
    reader
      .select({
        code: schema.shippingLocations.countryCode,
        rates: schema.shippingLocations.rates,
        min: schema.shippingLocations.deliveryDaysMin,
        max: schema.shippingLocations.deliveryDaysMax,
      })
      .from(schema.shippingLocations)
      .where(eq(schema.shippingLocations.enabled, true)),
  );
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return sortCountryCodes(rows.map((row) => row.code)).map(({ code, name }) => {
    const row = byCode.get(code)!;
    const deliveryDays = row.min !== null && row.max !== null ? { min: row.min, max: row.max } : null;
    return { countryCode: code, name, rates: row.rates, deliveryDays };
  });
}

/** The tax the shop charges on orders delivered to `country`, or null where it charges none. */
export async function taxRuleFor(db: Database, country: string): Promise<TaxRule | null> {
  const rows = await cached(db, 'tax_rates', (reader) => reader.select().from(schema.taxRates));
  const row = rows.find((r) => r.countryCode === country);
  return row ? { name: row.name, rateBp: row.rateBp, inclusive: row.inclusive } : null;
}
