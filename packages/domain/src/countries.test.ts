import { describe, expect, it } from 'vitest';
import { countryName, isCountryCode, sortCountryCodes } from './countries';
import rules from './address-rules.json';

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

  it('is the country set of the address table: every code there, and no withdrawn alias that would list a country twice', () => {
    const all: string[] = [];
    for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) all.push(String.fromCharCode(a, b));
    expect(all.filter(isCountryCode).sort()).toEqual(Object.keys(rules.countries).sort());
    for (const code of ['DD', 'SU', 'UK', 'YU']) expect(isCountryCode(code), code).toBe(false);
    const names = all.filter(isCountryCode).map(countryName);
    expect(new Set(names).size).toBe(names.length);
  });
});
