import { describe, expect, it } from 'vitest';
import {
  addMoney,
  currencyDecimals,
  CurrencyMismatchError,
  DEFAULT_CURRENCY,
  formatMoney,
  formatMoneyOrNull,
  fromMinorUnits,
  isSupportedCurrency,
  multiplyMoney,
  sumMoney,
  SUPPORTED_CURRENCIES,
  toMinorUnits,
} from './money';

describe('SUPPORTED_CURRENCIES and currencyDecimals', () => {
  it('lists the 32 currencies of rules: money.md once each', () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(32);
    expect(new Set(SUPPORTED_CURRENCIES).size).toBe(32);
    expect(DEFAULT_CURRENCY).toBe('SGD');
  });

  it('gives 0 decimals to JPY, ISK and KRW and 2 to every other supported currency', () => {
    const zero = SUPPORTED_CURRENCIES.filter((code) => currencyDecimals(code) === 0);
    expect(zero).toEqual(['JPY', 'ISK', 'KRW']);
    expect(SUPPORTED_CURRENCIES.filter((code) => currencyDecimals(code) === 2)).toHaveLength(29);
  });

  it('keeps IDR at 2 although ICU uses 0', () => {
    expect(currencyDecimals('IDR')).toBe(2);
  });

  it('gives 2 to unknown codes and ignores case', () => {
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('XYZ')).toBe(2);
    expect(currencyDecimals('jpy')).toBe(0);
  });

  it('isSupportedCurrency accepts only exact supported codes', () => {
    expect(isSupportedCurrency('SGD')).toBe(true);
    expect(isSupportedCurrency('KRW')).toBe(true);
    expect(isSupportedCurrency('EUR')).toBe(false);
    expect(isSupportedCurrency('sgd')).toBe(false);
    expect(isSupportedCurrency('')).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
    expect(isSupportedCurrency(42)).toBe(false);
  });
});

describe('formatMoney', () => {
  it('prints the exact en-GB strings ICU produces, with U+00A0 after letter codes', () => {
    expect(formatMoney(1250, 'SGD')).toBe('SGD\u00a012.50');
    expect(formatMoney(1250, 'USD')).toBe('US$12.50');
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
    expect(formatMoney(1500000, 'IDR')).toBe('IDR\u00a015,000.00');
    expect(formatMoney(1500, 'KRW')).toBe('₩1,500');
    expect(formatMoney(1500, 'ISK')).toBe('ISK\u00a01,500');
    expect(formatMoney(123456789, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney(100, 'MYR')).toBe('MYR\u00a01.00');
  });

  it('uses the same format for the same currency on repeated calls (cached formatter)', () => {
    expect(formatMoney(5, 'SGD')).toBe('SGD\u00a00.05');
    expect(formatMoney(5, 'SGD')).toBe('SGD\u00a00.05');
    expect(formatMoney(5, 'JPY')).toBe('JP¥5');
  });

  it('formats zero and negative zero the same way', () => {
    expect(formatMoney(0, 'SGD')).toBe('SGD\u00a00.00');
    expect(formatMoney(-0, 'SGD')).toBe('SGD\u00a00.00');
    expect(formatMoney(0, 'JPY')).toBe('JP¥0');
  });

  it('puts the minus sign before the currency', () => {
    expect(formatMoney(-1250, 'SGD')).toBe('-SGD\u00a012.50');
    expect(formatMoney(-100, 'GBP')).toBe('-£1.00');
    expect(formatMoney(-1500, 'JPY')).toBe('-JP¥1,500');
  });

  it('is exact at the largest safe integer, where amount / 100 would lose a cent', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'SGD')).toBe('SGD\u00a090,071,992,547,409.91');
  });

  it('accepts lower-case codes', () => {
    expect(formatMoney(1250, 'sgd')).toBe('SGD\u00a012.50');
    expect(formatMoney(1500, 'jpy')).toBe('JP¥1,500');
  });

  it('formats unknown but well-formed codes with 2 decimals', () => {
    expect(formatMoney(100, 'EUR')).toBe('€1.00');
  });

  it('throws RangeError for floats, NaN, infinities and unsafe integers', () => {
    expect(() => formatMoney(12.5, 'SGD')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'SGD')).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'SGD')).toThrow(RangeError);
    expect(() => formatMoney(Number.NEGATIVE_INFINITY, 'SGD')).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53, 'SGD')).toThrow(RangeError);
  });

  it('throws RangeError for malformed currency codes', () => {
    expect(() => formatMoney(100, 'SG')).toThrow(RangeError);
    expect(() => formatMoney(100, '')).toThrow(RangeError);
  });
});

describe('fromMinorUnits', () => {
  it('renders the exact major amount', () => {
    expect(fromMinorUnits(1250, 'SGD')).toBe('12.50');
    expect(fromMinorUnits(5, 'SGD')).toBe('0.05');
    expect(fromMinorUnits(0, 'SGD')).toBe('0.00');
    expect(fromMinorUnits(-5, 'SGD')).toBe('-0.05');
    expect(fromMinorUnits(-1250, 'USD')).toBe('-12.50');
    expect(fromMinorUnits(1500, 'JPY')).toBe('1500');
    expect(fromMinorUnits(-1500, 'KRW')).toBe('-1500');
    expect(fromMinorUnits(1500000, 'IDR')).toBe('15000.00');
    expect(fromMinorUnits(Number.MAX_SAFE_INTEGER, 'SGD')).toBe('90071992547409.91');
  });

  it('renders negative zero as zero', () => {
    expect(fromMinorUnits(-0, 'SGD')).toBe('0.00');
  });

  it('refuses non-integers', () => {
    expect(() => fromMinorUnits(1.5, 'SGD')).toThrow(RangeError);
    expect(() => fromMinorUnits(Number.NaN, 'JPY')).toThrow(RangeError);
  });
});

describe('toMinorUnits', () => {
  it('parses decimal strings without float error', () => {
    expect(toMinorUnits('12.5', 'SGD')).toBe(1250);
    expect(toMinorUnits('12.50', 'SGD')).toBe(1250);
    expect(toMinorUnits('12', 'SGD')).toBe(1200);
    expect(toMinorUnits('0.07', 'SGD')).toBe(7);
    // 1.15 * 100 is 114.99999999999999 in floats
    expect(toMinorUnits('1.15', 'SGD')).toBe(115);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('-12.5', 'SGD')).toBe(-1250);
    expect(toMinorUnits('007.10', 'SGD')).toBe(710);
    expect(toMinorUnits('  12.5 ', 'SGD')).toBe(1250);
  });

  it('accepts numbers through their shortest decimal form', () => {
    expect(toMinorUnits(12.5, 'SGD')).toBe(1250);
    expect(toMinorUnits(1.15, 'SGD')).toBe(115);
    expect(toMinorUnits(0.1, 'SGD')).toBe(10);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toMinorUnits('-0', 'SGD'), 0)).toBe(true);
    expect(Object.is(toMinorUnits(-0, 'SGD'), 0)).toBe(true);
    expect(Object.is(toMinorUnits('-0.00', 'SGD'), 0)).toBe(true);
  });

  it('allows extra fraction digits only when they are zeros', () => {
    expect(toMinorUnits('12.500', 'SGD')).toBe(1250);
    expect(toMinorUnits('1500.00', 'JPY')).toBe(1500);
  });

  it('throws RangeError when there are too many decimals', () => {
    expect(() => toMinorUnits('12.505', 'SGD')).toThrow(RangeError);
    expect(() => toMinorUnits('1500.5', 'JPY')).toThrow(RangeError);
    expect(() => toMinorUnits('1.5', 'KRW')).toThrow(/at most 0 decimal places/);
    // 0.1 + 0.2 is 0.30000000000000004: a float that is not money
    expect(() => toMinorUnits(0.1 + 0.2, 'SGD')).toThrow(RangeError);
  });

  it('throws RangeError for text that is not a plain decimal', () => {
    for (const bad of ['', ' ', 'abc', '12,50', '1,250.00', '+12', '12.', '.5', '1e3', '--1', '1-2', 'Infinity', '12.5 SGD', '١٢']) {
      expect(() => toMinorUnits(bad, 'SGD'), bad).toThrow(RangeError);
    }
  });

  it('throws RangeError for non-finite numbers and exponent forms', () => {
    expect(() => toMinorUnits(Number.NaN, 'SGD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'SGD')).toThrow(RangeError);
    expect(() => toMinorUnits(1e21, 'SGD')).toThrow(RangeError);
  });

  it('throws RangeError when the result is beyond the safe integer range', () => {
    expect(toMinorUnits('90071992547409.91', 'SGD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinorUnits('90071992547409.92', 'SGD')).toThrow(RangeError);
  });

  it('round-trips with fromMinorUnits', () => {
    for (const amount of [0, 1, 99, 100, 1250, -1250, 123456789]) {
      expect(toMinorUnits(fromMinorUnits(amount, 'SGD'), 'SGD')).toBe(amount);
      expect(toMinorUnits(fromMinorUnits(amount, 'JPY'), 'JPY')).toBe(amount);
    }
  });
});

describe('addMoney, sumMoney and multiplyMoney', () => {
  it('adds amounts of the same currency', () => {
    expect(addMoney({ amount: 1250, currency: 'SGD' }, { amount: 75, currency: 'SGD' })).toEqual({
      amount: 1325,
      currency: 'SGD',
    });
    expect(addMoney({ amount: 1250, currency: 'SGD' }, { amount: -1250, currency: 'SGD' })).toEqual({
      amount: 0,
      currency: 'SGD',
    });
  });

  it('refuses mixed currencies with CurrencyMismatchError', () => {
    const add = () => addMoney({ amount: 1, currency: 'SGD' }, { amount: 1, currency: 'USD' });
    expect(add).toThrow(CurrencyMismatchError);
    expect(add).toThrow('Currency mismatch: expected SGD, got USD');
  });

  it('treats currency codes case-insensitively', () => {
    expect(addMoney({ amount: 1, currency: 'SGD' }, { amount: 2, currency: 'sgd' })).toEqual({ amount: 3, currency: 'SGD' });
  });

  it('refuses non-integer amounts and overflowing sums', () => {
    expect(() => addMoney({ amount: 1.5, currency: 'SGD' }, { amount: 1, currency: 'SGD' })).toThrow(RangeError);
    expect(() => addMoney({ amount: 1, currency: 'SGD' }, { amount: Number.NaN, currency: 'SGD' })).toThrow(RangeError);
    expect(() => addMoney({ amount: Number.MAX_SAFE_INTEGER, currency: 'SGD' }, { amount: 1, currency: 'SGD' })).toThrow(RangeError);
  });

  it('sums a list, and an empty list is zero in the given currency', () => {
    expect(sumMoney([], 'JPY')).toEqual({ amount: 0, currency: 'JPY' });
    expect(
      sumMoney(
        [
          { amount: 100, currency: 'SGD' },
          { amount: 250, currency: 'SGD' },
          { amount: 5, currency: 'SGD' },
        ],
        'SGD',
      ),
    ).toEqual({ amount: 355, currency: 'SGD' });
    expect(() => sumMoney([{ amount: 100, currency: 'USD' }], 'SGD')).toThrow(CurrencyMismatchError);
  });

  it('multiplies by an integer quantity', () => {
    expect(multiplyMoney({ amount: 1250, currency: 'SGD' }, 3)).toEqual({ amount: 3750, currency: 'SGD' });
    expect(multiplyMoney({ amount: 1250, currency: 'SGD' }, 0)).toEqual({ amount: 0, currency: 'SGD' });
    expect(multiplyMoney({ amount: 1250, currency: 'SGD' }, -1)).toEqual({ amount: -1250, currency: 'SGD' });
    expect(Object.is(multiplyMoney({ amount: -5, currency: 'SGD' }, 0).amount, 0)).toBe(true);
  });

  it('refuses fractional or non-finite quantities, float amounts and overflow', () => {
    expect(() => multiplyMoney({ amount: 1250, currency: 'SGD' }, 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney({ amount: 1250, currency: 'SGD' }, Number.NaN)).toThrow(RangeError);
    expect(() => multiplyMoney({ amount: 1250, currency: 'SGD' }, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => multiplyMoney({ amount: 12.5, currency: 'SGD' }, 2)).toThrow(RangeError);
    expect(() => multiplyMoney({ amount: Number.MAX_SAFE_INTEGER, currency: 'SGD' }, 2)).toThrow(RangeError);
  });
});

describe('formatMoneyOrNull', () => {
  it('formats like formatMoney, and gives null instead of throwing for what cannot be shown', () => {
    expect(formatMoneyOrNull({ amount: 1250, currency: 'SGD' })).toBe(formatMoney(1250, 'SGD'));
    expect(formatMoneyOrNull({ amount: 1, currency: 'NOPE!' })).toBeNull();
    expect(formatMoneyOrNull({ amount: 1.5, currency: 'SGD' })).toBeNull();
    expect(formatMoneyOrNull(null)).toBeNull();
    expect(formatMoneyOrNull(undefined)).toBeNull();
  });
});
