import { describe, expect, it } from 'vitest';
import { formToPricing, pricingToForm } from './pricing-form';

describe('the quotation pricing form', () => {
  it('shows the saved rates one per line, sorted, and reads them back', () => {
    const form = pricingToForm({ feePercent: 7.5, exchangeRates: { USD: 1.35, EUR: 1.45 } });
    expect(form).toEqual({ fee: '7.5', rates: 'EUR 1.45\nUSD 1.35' });
    expect(formToPricing(form)).toEqual({ ok: true, value: { feePercent: 7.5, exchangeRates: { EUR: 1.45, USD: 1.35 } } });
  });

  it('takes lower-case codes, "=" or ":", a trailing % on the fee, and skips blank lines', () => {
    expect(formToPricing({ fee: '10%', rates: 'usd = 1.35\n\n myr: 0.3 ' })).toEqual({
      ok: true,
      value: { feePercent: 10, exchangeRates: { USD: 1.35, MYR: 0.3 } },
    });
  });

  it('names the line it cannot read, and a fee that is not a number', () => {
    expect(formToPricing({ fee: 'ten', rates: '' })).toMatchObject({ ok: false, field: 'fee' });
    expect(formToPricing({ fee: '', rates: '' })).toMatchObject({ ok: false, field: 'fee' });
    expect(formToPricing({ fee: '10', rates: 'USD 1.35\nEuro 1.4' })).toEqual({
      ok: false,
      field: 'rates',
      error: 'Line 2: write a currency code and a rate, e.g. USD 1.35.',
    });
    expect(formToPricing({ fee: '10', rates: 'USD 1.35\nusd 1.36' })).toMatchObject({ ok: false, error: 'Line 2: USD is given twice.' });
  });
});
