import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { newTaxForm, taxFailureOf, taxInputOf, taxRateText, taxToForm } from './tax-form';

describe('a country’s tax', () => {
  it('is sent with its rate in basis points and its name trimmed', () => {
    expect(taxInputOf({ countryCode: 'SG', name: ' GST ', rate: '9', inclusive: false })).toEqual({
      ok: true,
      countryCode: 'SG',
      input: { name: 'GST', rateBp: 900, inclusive: false },
    });
    expect(taxInputOf({ countryCode: 'JP', name: 'Consumption tax', rate: '10 %', inclusive: true })).toMatchObject({
      input: { rateBp: 1000, inclusive: true },
    });
    expect(taxInputOf({ countryCode: 'MY', name: 'SST', rate: '0', inclusive: false })).toMatchObject({ input: { rateBp: 0 } });
  });

  it('opens in the form as it was typed, and reads back the same', () => {
    const rate = { countryCode: 'MY', name: 'SST', rateBp: 825, inclusive: false };
    expect(taxToForm(rate)).toEqual({ countryCode: 'MY', name: 'SST', rate: '8.25', inclusive: false });
    expect(taxInputOf(taxToForm(rate))).toEqual({ ok: true, countryCode: 'MY', input: { name: 'SST', rateBp: 825, inclusive: false } });
    expect(taxRateText(825)).toBe('8.25 %');
  });

  it('needs a country, a name of 1 to 20 characters and a rate from 0 to 100', () => {
    expect(taxInputOf(newTaxForm())).toEqual({
      ok: false,
      errors: { countryCode: 'Choose a country', name: 'Enter the name of the tax, such as GST', rate: 'Enter a percentage' },
    });
    expect(taxInputOf({ countryCode: 'SG', name: 'x'.repeat(21), rate: '100.5', inclusive: false })).toEqual({
      ok: false,
      errors: { name: 'The name must be at most 20 characters', rate: 'The percentage must be at most 100' },
    });
    expect(taxInputOf({ countryCode: 'SG', name: 'G\nST', rate: '9', inclusive: false })).toMatchObject({
      errors: { name: 'The name must be one line' },
    });
  });

  it('says a refusal beside its field', () => {
    const refused = (errorCode: string) => new ApiError({ errorCode, error: 'Refused', params: [] }, 400, '/admin/tax_rate/ZZ');
    expect(taxFailureOf(refused('shipping/invalid_country'))).toEqual({ errors: { countryCode: 'Choose a country' }, message: 'Refused' });
    expect(Object.keys(taxFailureOf(refused('settings/invalid_tax')).errors)).toEqual(['name', 'rate']);
    expect(taxFailureOf(new Error('Network down'))).toEqual({ errors: {}, message: 'Network down' });
  });
});
