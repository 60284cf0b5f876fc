import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import type { Merchant } from '@kedai/contract';
import { emptyMerchantForm, formToMerchantInput, merchantSaveErrors, merchantToForm } from './merchant-form';

const merchant: Merchant = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'batik-house',
  name: 'Batik House',
  description: 'Hand-drawn batik.',
  logo: 'products/logo.webp',
  countryCode: 'MY',
  productCount: 3,
};

describe('the merchant form', () => {
  it('round-trips a saved merchant', () => {
    expect(formToMerchantInput(merchantToForm(merchant))).toEqual({
      ok: true,
      input: { name: 'Batik House', slug: 'batik-house', description: 'Hand-drawn batik.', logo: 'products/logo.webp', countryCode: 'MY' },
    });
  });
  it('leaves the URL name to the API when blank, and sends no logo as null', () => {
    expect(formToMerchantInput({ ...emptyMerchantForm(), name: ' Kain Co ', countryCode: 'SG' })).toEqual({
      ok: true,
      input: { name: 'Kain Co', description: '', logo: null, countryCode: 'SG' },
    });
  });
  it("checks the domain's rules first", () => {
    const result = formToMerchantInput({ ...emptyMerchantForm(), slug: 'Bad Slug' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['name', 'slug', 'countryCode']);
    expect(result.errors.countryCode).toBe('Choose the country the merchant is in');
    const blank = formToMerchantInput({ ...emptyMerchantForm(), countryCode: 'SG' });
    expect(!blank.ok && Object.keys(blank.errors)).toEqual(['name']);
  });
  it('puts a taken URL name beside its field', () => {
    const taken = new ApiError(
      { errorCode: 'merchant/slug_taken', error: 'Another merchant already uses this URL name', params: [] },
      409,
      '/admin/merchant',
    );
    expect(merchantSaveErrors(taken)).toEqual({ slug: 'Another merchant already uses this URL name' });
  });
});
