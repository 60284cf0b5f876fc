import type { ShippingLocation } from '@kedai/contract';
import { describe, expect, it } from 'vitest';
import { deliveryCountry, deliveryView } from './delivery';

const sg = { key: 'SG', currency: 'SGD', countries: ['SG'] };
const gb = { key: 'GB', currency: 'GBP', countries: ['GB'] };
const locations: ShippingLocation[] = [
  { countryCode: 'SG', name: 'Singapore', rates: { SG: { fee: 400, freeFrom: 6000 } }, deliveryDays: { min: 1, max: 3 } },
  { countryCode: 'GB', name: 'United Kingdom', rates: {}, deliveryDays: null },
];

describe('the product page’s delivery line', () => {
  it('delivers to the request’s country within the chosen region, else to the region’s country', () => {
    expect(deliveryCountry(sg, 'SG')).toBe('SG');
    expect(deliveryCountry(gb, 'SG')).toBe('GB');
    expect(deliveryCountry({ countries: [] }, 'FR')).toBe('FR');
    expect(deliveryCountry({ countries: [] }, null)).toBeNull();
  });

  it('quotes the fee, the free threshold and the days', () => {
    expect(deliveryView(sg, 'SG', locations, 2500)).toEqual({
      kind: 'quote',
      cost: expect.stringMatching(/^Delivery to Singapore: SGD\s?4\.00, free on orders from SGD\s?60\.00$/),
      days: '1–3 working days',
    });
    expect(deliveryView(sg, 'SG', locations, 7000)).toMatchObject({ cost: 'Free delivery to Singapore' });
  });

  it('says the cost comes at checkout where the country has no rate in this currency', () => {
    expect(deliveryView(gb, 'GB', locations, 2500)).toEqual({
      kind: 'quote',
      cost: 'Delivery to United Kingdom: the cost is shown at checkout',
      days: null,
    });
  });

  it('says plainly when the shop does not deliver to the country', () => {
    expect(deliveryView({ key: 'SG', currency: 'SGD', countries: ['SG', 'BN'] }, 'BN', locations, 100)).toEqual({
      kind: 'not_delivered',
      countryName: 'Brunei',
    });
  });
});
