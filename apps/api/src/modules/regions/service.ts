import { AppError, sortCountryCodes } from '@kedai/domain';
import { asc, eq, schema, type Database } from '@kedai/db';
import type { Region } from '@kedai/contract';
import { cached } from '../../platform/cache';
import { configEntries } from '../system/service';

type RegionRow = typeof schema.regions.$inferSelect;

function toRegion(row: RegionRow): Region {
  return { key: row.key, name: row.name, currency: row.currency, countries: row.countries, priceBands: row.priceBands };
}

function allRegionRows(db: Database): Promise<RegionRow[]> {
  return cached(db, 'regions', () => db.select().from(schema.regions).orderBy(asc(schema.regions.sortOrder), asc(schema.regions.key)));
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

export async function defaultRegion(db: Database): Promise<Region> {
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

export async function enabledShippingLocations(db: Database) {
  const rows = await cached(db, 'shipping_locations', () =>
    db.select({ code: schema.shippingLocations.countryCode }).from(schema.shippingLocations).where(eq(schema.shippingLocations.enabled, true)),
  );
  return sortCountryCodes(rows.map((row) => row.code)).map(({ code, name }) => ({ countryCode: code, name }));
}
