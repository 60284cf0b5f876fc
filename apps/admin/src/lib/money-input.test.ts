import { describe, expect, it } from 'vitest';
import { amountPlaceholder, amountText, parseAmount } from './money-input';

describe('parseAmount', () => {
  it('turns major units into exact minor units per currency', () => {
    expect(parseAmount('12.50', 'SGD')).toEqual({ ok: true, value: 1250 });
    expect(parseAmount(' 4 ', 'SGD')).toEqual({ ok: true, value: 400 });
    expect(parseAmount('1500', 'JPY')).toEqual({ ok: true, value: 1500 });
    expect(parseAmount('12,50', 'SGD').ok).toBe(false); // never read as 1250.00
    expect(parseAmount('0.1', 'MYR')).toEqual({ ok: true, value: 10 });
    expect(parseAmount('0', 'SGD')).toEqual({ ok: true, value: 0 });
  });
  it('gives null for blank unless the amount is required', () => {
    expect(parseAmount('  ', 'SGD')).toEqual({ ok: true, value: null });
    expect(parseAmount('', 'SGD', { required: true })).toEqual({ ok: false, error: 'Enter an amount in SGD' });
  });
  it('refuses what is not an amount of the currency', () => {
    expect(parseAmount('12.505', 'SGD')).toEqual({ ok: false, error: 'Enter an amount in SGD, such as 12.50' });
    expect(parseAmount('15.5', 'JPY')).toEqual({ ok: false, error: 'Enter an amount in JPY, such as 1500' });
    expect(parseAmount('abc', 'SGD').ok).toBe(false);
    expect(parseAmount('1e3', 'SGD').ok).toBe(false);
  });
  it('keeps to the smallest amount allowed', () => {
    expect(parseAmount('-1', 'SGD')).toEqual({ ok: false, error: 'The amount must be 0 or more' });
    expect(parseAmount('0', 'SGD', { min: 1 })).toEqual({ ok: false, error: 'The amount must be at least 0.01' });
  });
});

describe('amountText', () => {
  it('shows minor units in major units, blank for none', () => {
    expect(amountText(1250, 'SGD')).toBe('12.50');
    expect(amountText(1500, 'JPY')).toBe('1500');
    expect(amountText(null, 'SGD')).toBe('');
  });
  it('hints the format', () => {
    expect(amountPlaceholder('SGD')).toBe('12.50');
    expect(amountPlaceholder('JPY')).toBe('1500');
  });
});
