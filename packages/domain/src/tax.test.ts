import { describe, expect, it } from 'vitest';
import { basisPointsOf, parseTaxRule, taxOf, type TaxRule } from './tax';

const gst: TaxRule = { rateBp: 900, inclusive: false, name: 'GST' };
const consumptionTax: TaxRule = { rateBp: 1000, inclusive: true, name: 'Consumption tax' };

describe('basisPointsOf: the one rounding rule, half up', () => {
  it.each([
    [10_000, 900, 900],
    [1050, 900, 95], // 94.5 -> 95
    [1049, 900, 94], // 94.41
    [1, 5000, 1], // 0.5 -> 1
    [1, 4999, 0],
    [0, 900, 0],
    [12_345, 0, 0],
    [12_345, 10_000, 12_345],
    [Number.MAX_SAFE_INTEGER, 10_000, Number.MAX_SAFE_INTEGER], // exact beyond 2^53 intermediates
    [900_000_000_001, 3333, 299_970_000_000], // 299 970 000 000.3333
  ])('%i × %i bp = %i', (amount, bp, share) => {
    expect(basisPointsOf(amount, bp)).toBe(share);
  });

  it.each([
    [-1, 900],
    [10.5, 900],
    [Number.NaN, 900],
    [100, -1],
    [100, 10_001],
    [100, 12.5],
  ])('refuses amount %s at %s bp', (amount, bp) => {
    expect(() => basisPointsOf(amount, bp)).toThrow(RangeError);
  });
});

describe('taxOf', () => {
  it.each([
    ['GST 9 % on top', gst, 10_000, 900],
    ['GST 9 % on top, half a cent rounds up', gst, 1050, 95],
    ['GST 9 % of nothing', gst, 0, 0],
    ['10 % inside 1100 yen', consumptionTax, 1100, 100],
    ['10 % inside 1000 yen (90.9…)', consumptionTax, 1000, 91],
    ['10 % inside 11 yen (exactly 1)', consumptionTax, 11, 1],
    ['10 % inside 5 yen (0.4545…)', consumptionTax, 5, 0],
    ['9 % inside 10900 cents', { ...gst, inclusive: true }, 10_900, 900],
    ['9 % inside 545 cents (45.0)', { ...gst, inclusive: true }, 545, 45],
    ['9 % inside 6 cents (0.495…)', { ...gst, inclusive: true }, 6, 0],
    ['1 bp inside 10001 (exactly 1, odd denominator)', { rateBp: 1, inclusive: true, name: 'T' }, 10_001, 1],
    ['1 bp inside 5000 (0.49995)', { rateBp: 1, inclusive: true, name: 'T' }, 5000, 0],
    ['1 bp inside 5001 (0.50005)', { rateBp: 1, inclusive: true, name: 'T' }, 5001, 1],
    ['0 % inclusive', { rateBp: 0, inclusive: true, name: 'None' }, 5000, 0],
    ['no rule', null, 12_345, 0],
  ] as const)('%s', (_, rule, amount, tax) => {
    expect(taxOf(amount, rule)).toBe(tax);
  });

  it('refuses negative and fractional amounts, with or without a rule', () => {
    expect(() => taxOf(-100, gst)).toThrow(RangeError);
    expect(() => taxOf(-100, consumptionTax)).toThrow(RangeError);
    expect(() => taxOf(1.5, null)).toThrow(RangeError);
  });
});

describe('parseTaxRule', () => {
  it.each([
    [{ rateBp: 900, inclusive: false, name: 'GST' }, gst],
    [{ rateBp: 1000, inclusive: true, name: '  Consumption tax ' }, consumptionTax],
    [
      { rateBp: 0, inclusive: false, name: 'None' },
      { rateBp: 0, inclusive: false, name: 'None' },
    ],
    [
      { rateBp: 10_000, inclusive: false, name: 'x'.repeat(20) },
      { rateBp: 10_000, inclusive: false, name: 'x'.repeat(20) },
    ],
    [
      { rateBp: 800, inclusive: true, name: '消費税' },
      { rateBp: 800, inclusive: true, name: '消費税' },
    ],
  ])('accepts %o', (input, rule) => {
    expect(parseTaxRule(input)).toEqual(rule);
  });

  it.each([
    ['not an object', 'GST'],
    ['null', null],
    ['an array', [900, false, 'GST']],
    ['a negative rate', { rateBp: -1, inclusive: false, name: 'GST' }],
    ['a rate above 100 %', { rateBp: 10_001, inclusive: false, name: 'GST' }],
    ['a fractional rate', { rateBp: 900.5, inclusive: false, name: 'GST' }],
    ['a rate as a string', { rateBp: '900', inclusive: false, name: 'GST' }],
    ['no rate', { inclusive: false, name: 'GST' }],
    ['inclusive as a string', { rateBp: 900, inclusive: 'false', name: 'GST' }],
    ['no inclusive', { rateBp: 900, name: 'GST' }],
    ['an empty name', { rateBp: 900, inclusive: false, name: '   ' }],
    ['a name of 21 characters', { rateBp: 900, inclusive: false, name: 'x'.repeat(21) }],
    ['a name on two lines', { rateBp: 900, inclusive: false, name: 'G\nST' }],
    ['no name', { rateBp: 900, inclusive: false }],
  ])('refuses %s', (_, input) => {
    expect(parseTaxRule(input)).toBeNull();
  });
});
