import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyDecimals, toMinorUnits } from './money';
import { fromStripeAmount, STRIPE_MAX_AMOUNT, stripeDecimals, toStripeAmount } from './stripe-amounts';

describe("the shop's display decimals these conversions start from (money.ts)", () => {
  it('are 0 for JPY, KRW and ISK and 2 for the others', () => {
    expect(['JPY', 'KRW', 'ISK'].map(currencyDecimals)).toEqual([0, 0, 0]);
    expect(['UGX', 'HUF', 'TWD', 'KWD', 'BHD', 'VND', 'IDR', 'SGD', 'USD'].map(currencyDecimals)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });
});

describe('stripeDecimals', () => {
  it('is 0 for Stripe zero-decimal currencies', () => {
    for (const code of ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])
      expect(stripeDecimals(code), code).toBe(0);
  });

  it('is 3 for the three-decimal currencies', () => {
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) expect(stripeDecimals(code), code).toBe(3);
  });

  it('is 2 for ISK and UGX (two-decimal with 00 decimals), HUF, TWD and the rest', () => {
    for (const code of ['ISK', 'UGX', 'HUF', 'TWD', 'IDR', 'SGD', 'USD', 'EUR']) expect(stripeDecimals(code), code).toBe(2);
  });

  it('is 2 for a well-formed code Stripe does not list', () => {
    expect(stripeDecimals('XYZ')).toBe(2);
  });

  it('ignores case', () => {
    expect(stripeDecimals('jpy')).toBe(0);
    expect(stripeDecimals('Kwd')).toBe(3);
  });

  it('refuses anything but 3 letters', () => {
    for (const bad of ['', 'JP', 'JPYY', 'J1Y', ' JPY', 'JPY ', '¥¥¥']) expect(() => stripeDecimals(bad), bad).toThrow(RangeError);
    expect(() => stripeDecimals(undefined as unknown as string)).toThrow(RangeError);
  });
});

/** [currency, the shop's minor units, Stripe's amount]: each row must convert both ways. */
const ROUND_TRIPS: [string, number, number][] = [
  ['JPY', 500, 500], // ¥500: whole yen on both sides
  ['KRW', 15_000, 15_000],
  ['ISK', 5, 500], // 5 krónur: whole units here, 00 decimals at Stripe
  ['UGX', 500, 500], // 5.00 shillings: hundredths on both sides, whole shillings only
  ['HUF', 1234, 1234], // 12.34 forints: charged with decimals
  ['TWD', 9950, 9950],
  ['KWD', 512, 5120], // 5.12 dinars: thousandths at Stripe
  ['BHD', 1, 10], // 0.01 dinar
  ['VND', 50_000, 500], // 500 dong: hundredths here, whole dong at Stripe
  ['IDR', 1_500_000, 1_500_000], // 15,000.00 rupiah: two-decimal at Stripe too
  ['SGD', 1234, 1234],
  ['USD', 1, 1],
  ['CLP', 100_000, 1000], // zero-decimal at Stripe, unknown to money.ts so hundredths here
  ['EUR', 2999, 2999],
];

describe('toStripeAmount and fromStripeAmount', () => {
  it.each(ROUND_TRIPS)('%s: %i in the shop is %i at Stripe, and back', (currency, shop, stripe) => {
    expect(toStripeAmount(shop, currency)).toBe(stripe);
    expect(fromStripeAmount(stripe, currency)).toBe(shop);
  });

  it.each(ROUND_TRIPS)('%s: multiples of the row convert to the same multiples, both ways', (currency, shop, stripe) => {
    for (let times = 1; stripe * times <= STRIPE_MAX_AMOUNT; times = times * 3 + 1) {
      expect(toStripeAmount(shop * times, currency)).toBe(stripe * times);
      expect(fromStripeAmount(stripe * times, currency)).toBe(shop * times);
    }
  });

  it('ignores case', () => {
    expect(toStripeAmount(500, 'jpy')).toBe(500);
    expect(fromStripeAmount(500, 'jpy')).toBe(500);
    expect(toStripeAmount(5, 'isk')).toBe(500);
  });

  it('starts from the shop amounts money.ts parses', () => {
    expect(toStripeAmount(toMinorUnits('5.12', 'KWD'), 'KWD')).toBe(5120);
    expect(toStripeAmount(toMinorUnits('5', 'ISK'), 'ISK')).toBe(500);
    expect(toStripeAmount(toMinorUnits('500', 'JPY'), 'JPY')).toBe(500);
    // 5.125 KWD never becomes a shop amount: the shop keeps KWD in hundredths.
    expect(() => toMinorUnits('5.125', 'KWD')).toThrow(RangeError);
  });
});

describe('toStripeAmount', () => {
  it('refuses a fraction Stripe cannot carry', () => {
    expect(() => toStripeAmount(1234, 'VND')).toThrow(/Stripe takes VND in whole units, so 12\.34 VND cannot be charged exactly/);
    expect(() => toStripeAmount(100_050, 'CLP')).toThrow(RangeError);
    expect(() => toStripeAmount(550, 'UGX')).toThrow(/Stripe takes UGX in whole units only; 5\.50 UGX is 550/);
    expect(() => toStripeAmount(1, 'UGX')).toThrow(RangeError);
  });

  it('takes amounts up to STRIPE_MAX_AMOUNT in Stripe units and refuses more', () => {
    expect(STRIPE_MAX_AMOUNT).toBe(99_999_999);
    expect(toStripeAmount(99_999_999, 'USD')).toBe(99_999_999);
    expect(() => toStripeAmount(100_000_000, 'USD')).toThrow(/at most 99999999/);
    expect(toStripeAmount(999_999, 'ISK')).toBe(99_999_900);
    expect(() => toStripeAmount(1_000_000, 'ISK')).toThrow(RangeError); // 100,000,000 at Stripe
    expect(toStripeAmount(9_999_999, 'KWD')).toBe(99_999_990);
    expect(() => toStripeAmount(10_000_000, 'KWD')).toThrow(RangeError);
    expect(toStripeAmount(9_999_999_900, 'VND')).toBe(99_999_999); // more than the max here, fine at Stripe
  });

  it('refuses zero, negative, fractional, NaN, infinite and unsafe amounts', () => {
    for (const bad of [0, -0, -500, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => toStripeAmount(bad, 'SGD'), String(bad)).toThrow(/must be a whole number above zero/);
  });

  it('refuses a malformed currency code', () => {
    expect(() => toStripeAmount(500, 'YEN!')).toThrow(/3-letter ISO 4217 code, got "YEN!"/);
    expect(() => toStripeAmount(500, '')).toThrow(RangeError);
  });
});

describe('fromStripeAmount', () => {
  it('refuses amounts Stripe would not take in the currency', () => {
    expect(() => fromStripeAmount(5125, 'KWD')).toThrow(/thousandths ending in 0, so the shop's KWD prices must be whole hundredths/);
    expect(() => fromStripeAmount(550, 'ISK')).toThrow(/Stripe takes ISK in whole units only/);
    expect(() => fromStripeAmount(550, 'UGX')).toThrow(RangeError);
  });

  it('accepts HUF and TWD with any two decimals', () => {
    expect(fromStripeAmount(1299, 'HUF')).toBe(1299);
    expect(fromStripeAmount(1, 'TWD')).toBe(1);
  });

  it('refuses more than STRIPE_MAX_AMOUNT, zero, negative, fractional and NaN amounts', () => {
    expect(fromStripeAmount(STRIPE_MAX_AMOUNT, 'SGD')).toBe(STRIPE_MAX_AMOUNT);
    for (const bad of [STRIPE_MAX_AMOUNT + 1, 0, -1, 1.5, Number.NaN])
      expect(() => fromStripeAmount(bad, 'SGD'), String(bad)).toThrow(RangeError);
  });

  it('refuses a malformed currency code', () => {
    expect(() => fromStripeAmount(500, 'JP')).toThrow(RangeError);
  });
});

describe('if the shop kept a three-decimal currency in thousandths', () => {
  afterEach(() => {
    vi.doUnmock('./money');
    vi.resetModules();
  });

  it('refuses a KWD price that is not whole hundredths, and says so', async () => {
    vi.resetModules();
    vi.doMock('./money', async (importOriginal) => {
      const money = await importOriginal<typeof import('./money')>();
      return { ...money, currencyDecimals: (code: string) => (code.toUpperCase() === 'KWD' ? 3 : money.currencyDecimals(code)) };
    });
    const stripe = await import('./stripe-amounts');
    expect(stripe.toStripeAmount(5120, 'KWD')).toBe(5120); // 5.120
    expect(stripe.fromStripeAmount(5120, 'KWD')).toBe(5120);
    expect(() => stripe.toStripeAmount(5125, 'KWD')).toThrow(/the shop's KWD prices must be whole hundredths/); // 5.125
  });
});
