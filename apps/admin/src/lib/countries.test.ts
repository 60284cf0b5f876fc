import { describe, expect, it } from 'vitest';
import { ADDRESS_COUNTRY_CODES, countryName } from '@kedai/domain';
import { countryChoices, countryLabel } from './countries';

describe('countries', () => {
  it('lists Singapore and Malaysia first, then by name', () => {
    const list = countryChoices();
    expect(list.slice(0, 2)).toEqual([
      { code: 'SG', name: 'Singapore' },
      { code: 'MY', name: 'Malaysia' },
    ]);
    expect(list.find((c) => c.code === 'ID')?.name).toBe('Indonesia');
    expect(list.some((c) => c.code === 'EU' || c.code === 'UK' || c.code === 'ZZ')).toBe(false);
    expect(countryChoices()).toBe(list); // made once
  });
  it("offers the same countries as the domain's address table", () => {
    expect(
      countryChoices()
        .map((c) => c.code)
        .sort(),
    ).toEqual([...ADDRESS_COUNTRY_CODES].sort());
  });
  it('names the common countries as the domain does', () => {
    for (const code of ['SG', 'MY', 'ID', 'TH', 'JP', 'GB', 'US']) expect(countryLabel(code)).toBe(countryName(code));
    expect(countryLabel('sg')).toBe('Singapore');
  });
});
