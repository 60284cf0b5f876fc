import { describe, expect, it } from 'vitest';
import { isValidNumberString, parsePositiveInt } from './numbers';

describe('isValidNumberString', () => {
  it('accepts non-negative integers written in ASCII digits', () => {
    for (const good of ['0', '1', '9', '10', '42', '1000000', '9007199254740991', '99999999999999999999']) {
      expect(isValidNumberString(good), good).toBe(true);
    }
  });

  it('refuses leading zeros', () => {
    for (const bad of ['00', '007', '01', '0000']) expect(isValidNumberString(bad), bad).toBe(false);
  });

  it('refuses signs, spaces, decimals, exponents, separators and the empty string', () => {
    for (const bad of [
      '',
      ' ',
      '-1',
      '+1',
      '-0',
      ' 1',
      '1 ',
      '1 0',
      '1.0',
      '1.',
      '.5',
      '1e3',
      '0x10',
      '1,000',
      '1_000',
      'Infinity',
      'NaN',
      '1\n',
    ]) {
      expect(isValidNumberString(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses non-ASCII digits', () => {
    expect(isValidNumberString('١٢')).toBe(false); // Arabic-Indic
    expect(isValidNumberString('１２')).toBe(false); // full-width
  });

  it('refuses anything that is not a string', () => {
    for (const bad of [0, 1, 1n, null, undefined, true, {}, ['1'], new String('1')]) {
      expect(isValidNumberString(bad)).toBe(false);
    }
  });
});

describe('parsePositiveInt', () => {
  it('parses positive integer strings', () => {
    expect(parsePositiveInt('1')).toBe(1);
    expect(parsePositiveInt('42')).toBe(42);
    expect(parsePositiveInt('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('accepts positive safe integer numbers', () => {
    expect(parsePositiveInt(3)).toBe(3);
    expect(parsePositiveInt(3, { max: 3 })).toBe(3);
  });

  it('rejects zero and negatives', () => {
    expect(parsePositiveInt('0')).toBeNull();
    expect(parsePositiveInt(0)).toBeNull();
    expect(parsePositiveInt(-0)).toBeNull();
    expect(parsePositiveInt('-1')).toBeNull();
    expect(parsePositiveInt(-5)).toBeNull();
  });

  it('applies max inclusively', () => {
    expect(parsePositiveInt('99', { max: 99 })).toBe(99);
    expect(parsePositiveInt('100', { max: 99 })).toBeNull();
    expect(parsePositiveInt(100, { max: 99 })).toBeNull();
    expect(parsePositiveInt('1', { max: 0 })).toBeNull();
  });

  it('rejects values above Number.MAX_SAFE_INTEGER even with a larger max', () => {
    expect(parsePositiveInt('9007199254740992')).toBeNull();
    expect(parsePositiveInt('99999999999999999999')).toBeNull();
    expect(parsePositiveInt('9007199254740992', { max: Number.POSITIVE_INFINITY })).toBeNull();
    expect(parsePositiveInt(2 ** 53, { max: 2 ** 60 })).toBeNull();
  });

  it('rejects fractions, non-finite numbers and malformed strings', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '1.5', '1.0', '007', ' 1', '1e2', '', 'abc', '+3']) {
      expect(parsePositiveInt(bad), String(bad)).toBeNull();
    }
  });

  it('rejects other types', () => {
    for (const bad of [null, undefined, true, 1n, {}, ['1']]) expect(parsePositiveInt(bad)).toBeNull();
  });
});
