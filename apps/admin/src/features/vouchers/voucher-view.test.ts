import { describe, expect, it } from 'vitest';
import { fixedVoucher, percentVoucher } from './fixtures';
import { conditionsText, discountText, usesText, validityText } from './voucher-view';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('a voucher in the list', () => {
  it('says what it takes off', () => {
    expect(discountText(percentVoucher())).toBe('10 %');
    expect(discountText(percentVoucher({ percentBp: 1250 }))).toBe('12.5 %');
    expect(plain(discountText(fixedVoucher({ amountOff: { SGD: 500 } })))).toBe('SGD 5.00 off');
    expect(plain(discountText(fixedVoucher()))).toBe('SGD 5.00 or JP¥500 off');
  });

  it('gives its conditions', () => {
    expect(plain(conditionsText(percentVoucher()))).toBe('Minimum spend SGD 50.00 · At most SGD 20.00 off · Once per shopper');
    expect(conditionsText(fixedVoucher())).toBe('');
    expect(conditionsText(fixedVoucher({ perUserLimit: 2 }))).toBe('2 times per shopper');
  });

  it('says when it can be used', () => {
    expect(validityText(percentVoucher())).toBe('Any time');
    expect(validityText(percentVoucher({ validFrom: '2026-12-01T01:00:00.000Z' }))).toMatch(/^From [0-9]{1,2} (Nov|Dec) 2026, \d\d:\d\d$/);
    expect(validityText(percentVoucher({ validUntil: '2026-12-31T15:59:00.000Z' }))).toMatch(
      /^Until \d{1,2} (Dec 2026|Jan 2027), \d\d:\d\d$/,
    );
    expect(validityText(percentVoucher({ validFrom: '2026-12-01T01:00:00.000Z', validUntil: '2026-12-31T15:59:00.000Z' }))).toMatch(
      / 2026, \d\d:\d\d to .*, \d\d:\d\d$/,
    );
  });

  it('counts its uses against its limit', () => {
    expect(usesText(percentVoucher())).toBe('3 of 100');
    expect(usesText(fixedVoucher())).toBe('12 (no limit)');
  });
});
