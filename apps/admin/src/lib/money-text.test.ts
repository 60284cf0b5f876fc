import { describe, expect, it } from 'vitest';
import { priceText } from './money-text';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('priceText', () => {
  it("formats minor units with the currency's decimals", () => {
    expect(plain(priceText(1250, 'SGD'))).toBe('SGD 12.50');
    expect(plain(priceText(150000, 'JPY'))).toBe('JP¥150,000');
  });
  it('never throws on an amount it cannot format', () => {
    expect(priceText(12.5, 'SGD')).toBe('SGD 12.5');
  });
});
