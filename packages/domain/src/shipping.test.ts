import { describe, expect, it } from 'vitest';
import { deliveryDaysText, shippingFee, shippingQuoteText, shippingRateText } from './shipping';

const singapore = { fee: 400, freeFrom: 6000 };

describe('shipping', () => {
  it('charges the fee below the free threshold and nothing from it', () => {
    expect(shippingFee(singapore, 5999)).toBe(400);
    expect(shippingFee(singapore, 6000)).toBe(0);
    expect(shippingFee({ fee: 1200, freeFrom: null }, 1_000_000)).toBe(1200);
  });

  it('says how long delivery takes in working days', () => {
    expect(deliveryDaysText({ min: 1, max: 3 })).toBe('1–3 working days');
    expect(deliveryDaysText({ min: 1, max: 1 })).toBe('1 working day');
    expect(deliveryDaysText({ min: 5, max: 5 })).toBe('5 working days');
    expect(deliveryDaysText(null)).toBeNull();
    expect(deliveryDaysText({ min: 4, max: 2 })).toBeNull();
  });

  it('quotes delivery in the region’s currency, free when the product alone reaches the threshold', () => {
    const base = { countryName: 'Singapore', rate: singapore, currency: 'SGD', deliveryDays: null };
    expect(shippingQuoteText({ ...base, price: 2500 })).toMatch(/^Delivery to Singapore: SGD\s?4\.00, free on orders from SGD\s?60\.00$/);
    expect(shippingQuoteText({ ...base, price: 6000 })).toBe('Free delivery to Singapore');
    expect(shippingQuoteText({ ...base, price: null })).toMatch(/free on orders from/);
    expect(shippingQuoteText({ ...base, rate: { fee: 0, freeFrom: null }, price: 100 })).toBe('Free delivery to Singapore');
    expect(shippingQuoteText({ ...base, rate: { fee: 1800, freeFrom: null }, price: 100 })).toMatch(
      /^Delivery to Singapore: SGD\s?18\.00$/,
    );
    expect(shippingQuoteText({ ...base, currency: 'JPY', rate: { fee: 1500, freeFrom: null }, price: 100 })).toMatch(/1,500/);
    expect(shippingQuoteText({ ...base, rate: null, price: 100 })).toBeNull();
  });

  it('states a rate for a list of countries', () => {
    expect(shippingRateText(singapore, 'SGD')).toMatch(/^SGD\s?4\.00, free from SGD\s?60\.00$/);
    expect(shippingRateText({ fee: 1800, freeFrom: null }, 'SGD')).toMatch(/^SGD\s?18\.00$/);
    expect(shippingRateText({ fee: 0, freeFrom: null }, 'SGD')).toBe('Free');
  });
});
