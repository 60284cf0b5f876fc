/**
 * The country prefix of rules: screens.md: the first path segment may be a two-letter country code
 * (`/sg/product/…`). `src/proxy.ts` strips it and passes the country on (decision 0005); the
 * region and analytics read it back. Client-safe: no server imports.
 */
import type { Region } from '@kedai/contract';

/** Cookie set by the region picker: the key of the region the shopper chose (e.g. `SG`). */
export const REGION_COOKIE = 'kedai_region';
/** Cookie set by the proxy from the last country prefix seen (upper-case ISO code). */
export const COUNTRY_COOKIE = 'kedai_country';
/** Request header the proxy sets for the render of a prefixed address. */
export const COUNTRY_HEADER = 'x-kedai-country';
/** Both cookies live for a year. */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Top-level route names of the app. None is two letters today; a route added with a two-letter
 * name must be listed here so it is never taken for a country.
 */
const ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'cart',
  'category',
  'merchant',
  'page',
  'product',
  'profile',
  'register',
  'search',
  'sign_in',
  'two_factor',
  'verify_email',
  'wishlist',
]);

/** Region codes ICU names that are not countries a shopper can be in. */
const NOT_COUNTRIES: ReadonlySet<string> = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let regionNames: Intl.DisplayNames | null | undefined;

function knownRegion(code: string): boolean {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  if (!regionNames) return true; // no ICU data: accept any two letters
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** Whether a path segment is a country prefix: two letters (any case), an ISO country, not a route. */
export function isCountrySegment(segment: string | null | undefined): boolean {
  if (!segment || !/^[A-Za-z]{2}$/.test(segment)) return false;
  if (ROUTE_SEGMENTS.has(segment.toLowerCase())) return false;
  const code = segment.toUpperCase();
  return !NOT_COUNTRIES.has(code) && knownRegion(code);
}

/** Upper-case ISO code, or null when the value is not a country code. */
export function normaliseCountry(value: string | null | undefined): string | null {
  return value && isCountrySegment(value) ? value.toUpperCase() : null;
}

export interface CountryPrefix {
  /** Upper-case country code, or null when the path has no country prefix. */
  country: string | null;
  /** The path without the prefix (always starting with `/`). */
  path: string;
}

/** `/sg/product/x` -> {country: 'SG', path: '/product/x'}; `/sg` -> {country: 'SG', path: '/'}. */
export function splitCountryPrefix(pathname: string): CountryPrefix {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || !isCountrySegment(match[1])) return { country: null, path: pathname || '/' };
  return { country: match[1]!.toUpperCase(), path: match[2] || '/' };
}

/** The country of a path's prefix, or null. */
export function countryFromPath(pathname: string): string | null {
  return splitCountryPrefix(pathname).country;
}

/** A cookie's value from a `document.cookie`-style string. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return part.slice(index + 1).trim();
      }
    }
  }
  return null;
}

/**
 * The country for analytics (rules: screens.md): the first path segment of the address the browser shows
 * when it is a country code, else the `kedai_country` cookie the proxy left on an earlier visit.
 */
export function countryForAnalytics(pathname: string, cookieHeader: string | null | undefined): string | null {
  return countryFromPath(pathname) ?? normaliseCountry(cookieValue(cookieHeader, COUNTRY_COOKIE));
}

/** The enabled region that ships to a country (first in display order), or undefined. */
export function regionForCountry(regions: readonly Region[], country: string | null | undefined): Region | undefined {
  if (!country) return undefined;
  const code = country.toUpperCase();
  return regions.find((region) => region.countries.some((c) => c.toUpperCase() === code));
}

/** The region with this key among the enabled ones, or undefined. */
function regionByKey(regions: readonly Region[], key: string | null | undefined): Region | undefined {
  if (!key) return undefined;
  return regions.find((region) => region.key === key);
}

/**
 * Which region to show (pure rule behind `currentRegion`): the region chosen in the picker when it
 * is still enabled, else the region of the country (path prefix or its cookie), else the default.
 */
export function chooseRegion(
  regions: readonly Region[],
  choice: { regionKey?: string | null; country?: string | null },
): Region | undefined {
  return regionByKey(regions, choice.regionKey) ?? regionForCountry(regions, choice.country);
}

/** `kedai_region=SG; Path=/; Max-Age=…; SameSite=Lax` — the picker's cookie, for `document.cookie`. */
export function regionCookie(key: string, secure = false): string {
  return `${REGION_COOKIE}=${encodeURIComponent(key)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
