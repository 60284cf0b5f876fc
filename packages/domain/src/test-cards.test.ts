import { describe, expect, it } from 'vitest';
import { CARD_DECLINE_MESSAGES, TEST_CARDS, cardBrand, cardDigits, cardLast4, isLuhnValid, testCardOutcome } from './test-cards';

describe('testCardOutcome', () => {
  it.each([
    ['4242424242424242', 'succeeded'],
    ['4242 4242 4242 4242', 'succeeded'],
    ['4242-4242-4242-4242', 'succeeded'],
    ['4000 0000 0000 0002', { declined: 'generic_decline' }],
    ['4000 0000 0000 9995', { declined: 'insufficient_funds' }],
    ['4000 0000 0000 0069', { declined: 'expired_card' }],
    ['4000 0025 0000 3155', 'requires_action'],
    ['5555 5555 5555 4444', 'succeeded'], // another valid number (Stripe's Mastercard)
    ['3782 822463 10005', 'succeeded'], // 15 digits (Stripe's American Express)
    ['4242 4242 4242 4241', { declined: 'incorrect_number' }], // fails Luhn
    ['4242 4242 4242', 'succeeded'], // 12 digits passing Luhn: the shortest accepted
    ['0000 0000 000', { declined: 'incorrect_number' }], // passes Luhn, 11 digits
    ['0000 0000 0000 0000 0000', { declined: 'incorrect_number' }], // passes Luhn, 20 digits
    ['4242 4242 4242 424a', { declined: 'incorrect_number' }],
    ['4242.4242.4242.4242', { declined: 'incorrect_number' }],
    ['', { declined: 'incorrect_number' }],
  ])('%j -> %j', (number, outcome) => {
    expect(testCardOutcome(number)).toEqual(outcome);
  });

  it('knows only valid numbers, and a message for every decline', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(isLuhnValid(number)).toBe(true);
    for (const message of Object.values(CARD_DECLINE_MESSAGES)) expect(message).toMatch(/^Your card .+\.$/);
  });
});

describe('isLuhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002500003155', true],
    ['79927398713', true],
    ['79927398710', false],
    ['0', true],
    ['18', true],
    ['4242 4242 4242 4242', true],
    ['', false],
    ['4242x4242', false],
  ])('%j -> %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5105 1051 0510 5100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221 0000 0000 0009', 'mastercard'],
    ['2720 9900 0000 0000', 'mastercard'],
    ['2220 9900 0000 0000', 'unknown'],
    ['2721 0000 0000 0000', 'unknown'],
    ['5000 0000 0000 0000', 'unknown'],
    ['5600 0000 0000 0000', 'unknown'],
    ['3782 822463 10005', 'amex'],
    ['3714 496353 98431', 'amex'],
    ['3530 1113 3330 0000', 'unknown'], // JCB
    ['6011 1111 1111 1117', 'unknown'], // Discover
    ['4x', 'unknown'],
    ['', 'unknown'],
  ])('%j -> %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('cardLast4 and cardDigits', () => {
  it.each([
    ['4242 4242 4242 4242', '4242'],
    ['4000-0025-0000-3155', '3155'],
    ['123', ''],
    ['4242 4242 abcd', ''],
  ])('last four of %j: %j', (number, last4) => {
    expect(cardLast4(number)).toBe(last4);
  });

  it.each([
    ['4242 4242-4242\t4242', '4242424242424242'],
    [' 42 ', '42'],
    ['', null],
    ['42/42', null],
  ])('digits of %j: %j', (number, digits) => {
    expect(cardDigits(number)).toBe(digits);
  });
});
