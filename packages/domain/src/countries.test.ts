import { describe, expect, it } from 'vitest';
import { countryName, isCountryCode, sortCountryCodes } from './countries';

describe('countries', () => {
  it('names countries in English and keeps unknown codes', () => {
    expect(countryName('SG')).toBe('Singapore');
    expect(countryName('xk')).toBe('Kosovo');
    expect(countryName('ZZ')).toBe('Unknown Region');
  });

  it('lists Singapore and Malaysia first, then by name ignoring accents', () => {
    const sorted = sortCountryCodes(['CU', 'HR', 'MY', 'AL', 'SG', 'CI', 'AX', 'CO']).map((c) => c.code);
    expect(sorted.slice(0, 2)).toEqual(['SG', 'MY']);
    // Åland as "Aland" and Côte d’Ivoire as "Cote": a plain code-point sort would put both last.
    expect(sorted.slice(2)).toEqual(['AX', 'AL', 'CO', 'CI', 'HR', 'CU']);
  });

  it('knows ISO country codes, in upper case, and nothing else', () => {
    for (const code of ['SG', 'MY', 'US', 'GB', 'XK', 'AC', 'JE']) expect(isCountryCode(code), code).toBe(true);
    for (const code of ['sg', 'Sg', 'EU', 'UN', 'ZZ', 'XA', 'QO', 'AA', 'QZ', 'SGP', 'S', '', ' SG']) {
      expect(isCountryCode(code), code).toBe(false);
    }
    expect(isCountryCode(undefined)).toBe(false);
    expect(isCountryCode(65)).toBe(false);
  });
});
