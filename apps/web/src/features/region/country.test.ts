import { describe, expect, it } from 'vitest';
import {
  chooseRegion,
  cookieValue,
  countryForAnalytics,
  countryFromPath,
  isCountrySegment,
  normaliseCountry,
  regionCookie,
  regionForCountry,
  splitCountryPrefix,
} from './country';
import type { Region } from '@kedai/contract';

const sg: Region = { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] };
const my: Region = { key: 'MY', name: 'Malaysia', currency: 'MYR', countries: ['MY', 'BN'], priceBands: [] };

describe('country prefix (rules: screens.md: the first path segment may be a two-letter country code)', () => {
  it('recognises ISO country codes in any case', () => {
    for (const code of ['sg', 'SG', 'my', 'us', 'jp', 'ac', 'xk']) expect(isCountrySegment(code)).toBe(true);
  });

  it('refuses unknown codes, pseudo-regions, other lengths and route names', () => {
    for (const segment of ['zz', 'eu', 'un', 'aa', 'qq', 's', 'sgp', 'search', 'cart', 's1', '', null, undefined]) {
      expect(isCountrySegment(segment)).toBe(false);
    }
  });

  it('splits the prefix from the path', () => {
    expect(splitCountryPrefix('/sg/product/kopi')).toEqual({ country: 'SG', path: '/product/kopi' });
    expect(splitCountryPrefix('/sg/')).toEqual({ country: 'SG', path: '/' });
    expect(splitCountryPrefix('/sg')).toEqual({ country: 'SG', path: '/' });
    expect(splitCountryPrefix('/MY/search')).toEqual({ country: 'MY', path: '/search' });
  });

  it('leaves paths without a country prefix alone', () => {
    expect(splitCountryPrefix('/')).toEqual({ country: null, path: '/' });
    expect(splitCountryPrefix('/search')).toEqual({ country: null, path: '/search' });
    expect(splitCountryPrefix('/zz/search')).toEqual({ country: null, path: '/zz/search' });
    expect(countryFromPath('/product/sg')).toBeNull();
  });

  it('normalises cookie and header values', () => {
    expect(normaliseCountry('sg')).toBe('SG');
    expect(normaliseCountry('zz')).toBeNull();
    expect(normaliseCountry('<script>')).toBeNull();
    expect(normaliseCountry(null)).toBeNull();
  });

  it('analytics take the country of the address, else the kedai_country cookie', () => {
    expect(countryForAnalytics('/my/search', 'kedai_country=SG')).toBe('MY');
    expect(countryForAnalytics('/search', 'a=b; kedai_country=sg')).toBe('SG');
    expect(countryForAnalytics('/search', 'kedai_country=zz')).toBeNull();
    expect(countryForAnalytics('/', '')).toBeNull();
  });

  it('reads a cookie from a cookie header', () => {
    expect(cookieValue('a=1; kedai_country=SG; b=2', 'kedai_country')).toBe('SG');
    expect(cookieValue('kedai_country_x=1', 'kedai_country')).toBeNull();
    expect(cookieValue('', 'kedai_country')).toBeNull();
  });
});

describe('choosing the region', () => {
  const regions = [sg, my];

  it('maps a country to the enabled region whose countries include it', () => {
    expect(regionForCountry(regions, 'BN')).toBe(my);
    expect(regionForCountry(regions, 'sg')).toBe(sg);
    expect(regionForCountry(regions, 'FR')).toBeUndefined();
  });

  it("prefers the picker's region, then the country's, then nothing (the caller uses the default)", () => {
    expect(chooseRegion(regions, { regionKey: 'MY', country: 'SG' })).toBe(my);
    expect(chooseRegion(regions, { regionKey: 'GONE', country: 'SG' })).toBe(sg);
    expect(chooseRegion(regions, { regionKey: null, country: 'FR' })).toBeUndefined();
    expect(chooseRegion(regions, {})).toBeUndefined();
  });

  it("writes the picker's cookie for a year, SameSite=Lax", () => {
    expect(regionCookie('MY')).toBe('kedai_region=MY; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(regionCookie('MY', true)).toMatch(/; Secure$/);
  });
});
