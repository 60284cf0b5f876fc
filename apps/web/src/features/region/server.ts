/**
 * The region of the current request, for server components. Server-only (reads request cookies
 * and headers). Memoised per request with React `cache`, so the layout, pages and metadata share
 * one answer and one call each to the API.
 */
import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import type { Region } from '@kedai/contract';
import { getDefaultRegion, getEnabledRegions } from '../../lib/catalogue';
import { COUNTRY_COOKIE, COUNTRY_HEADER, REGION_COOKIE, chooseRegion, normaliseCountry } from './country';

/** The regions shoppers can choose (`GET /region/enabled`), once per request. */
export const enabledRegions = getEnabledRegions;

/**
 * The country of this request: the proxy's header for an address with a country prefix, else the
 * `kedai_country` cookie it left on an earlier one. Null when neither names a country.
 */
export const currentCountry = cache(async (): Promise<string | null> => {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  return normaliseCountry(headerList.get(COUNTRY_HEADER)) ?? normaliseCountry(cookieStore.get(COUNTRY_COOKIE)?.value);
});

/**
 * The region to show prices in: the `kedai_region` cookie of the region picker (when that region
 * is still enabled), else the enabled region whose countries include the request's country (see
 * `currentCountry`), else the shop's default region (`GET /region/default`). Rejects with an
 * `ApiError` when the API cannot answer; pages handle that like any other API failure.
 */
export async function currentRegion(): Promise<Region> {
  return resolveCurrentRegion();
}

const resolveCurrentRegion = cache(async (): Promise<Region> => {
  const [regions, cookieStore, country] = await Promise.all([getEnabledRegions(), cookies(), currentCountry()]);
  const chosen = chooseRegion(regions, { regionKey: cookieStore.get(REGION_COOKIE)?.value, country });
  return chosen ?? getDefaultRegion();
});
