import { describe, expect, it } from 'vitest';
import {
  formatRate,
  formatReceiptNumber,
  orderSummary,
  parseLegalDetails,
  parseTaxRegistrationNumber,
  parseTimeZone,
  paymentMethodText,
  receiptTitle,
  type SummaryOrder,
} from './receipts';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const order: SummaryOrder = {
  orderRef: 'KD-1',
  currency: 'SGD',
  subtotal: 3000,
  shippingFee: 400,
  discount: 300,
  voucherCode: 'TENOFF',
  taxFee: 279,
  taxInclusive: false,
  taxName: 'GST',
  taxRateBp: 900,
  total: 3379,
  paymentMethod: 'card',
  shippingAddress: {
    fullName: 'Tan Ah Kow',
    address: '1 Raffles Place',
    unitNumber: '#10-01',
    city: '',
    state: '',
    postalCode: '048616',
    country: 'SG',
    phoneNumber: '+6561234567',
  },
  lines: [
    {
      name: 'T-shirt',
      options: [
        { name: 'Colour', option: 'Red' },
        { name: 'Size', option: 'M' },
      ],
      quantity: 2,
      unitPrice: 1500,
      lineTotal: 3000,
    },
  ],
};

describe('orderSummary', () => {
  it('lists the lines with their variant, and subtotal, discount, delivery, tax with its rate and total in order', () => {
    const summary = orderSummary(order, 'visa •••• 4242');
    expect(summary.lines).toEqual([
      { name: 'T-shirt', variant: 'Colour: Red, Size: M', quantity: 2, unitPrice: 'SGD\u00a015.00', lineTotal: 'SGD\u00a030.00' },
    ]);
    expect(summary.totals.map((row) => `${row.label}: ${plain(row.amount)}`)).toEqual([
      'Subtotal: SGD 30.00',
      'Discount (TENOFF): −SGD 3.00',
      'Delivery: SGD 4.00',
      'GST 9%: SGD 2.79',
      'Total: SGD 33.79',
    ]);
    expect(summary.address).toEqual(['Tan Ah Kow', '1 Raffles Place', '#10-01', 'Singapore 048616', '+6561234567']);
    expect(summary.paymentMethod).toBe('Card (visa •••• 4242)');
  });

  it('says free delivery, leaves out a discount and tax not charged, and marks tax included in the price', () => {
    const free = orderSummary({ ...order, shippingFee: 0, discount: 0, voucherCode: null, taxFee: 0, total: 3000 });
    expect(free.totals.map((row) => row.label)).toEqual(['Subtotal', 'Delivery', 'Total']);
    expect(free.totals[1]!.amount).toBe('Free');
    expect(free.taxLabel).toBeNull();
    const japan = orderSummary({ ...order, currency: 'JPY', taxName: 'Consumption tax', taxRateBp: 1000, taxInclusive: true, taxFee: 100 });
    expect(japan.taxLabel).toBe('Consumption tax 10% (included)');
    // An order placed before the rate was recorded names the tax without a rate.
    expect(orderSummary({ ...order, taxRateBp: null }).taxLabel).toBe('GST');
  });
});

describe('small rules', () => {
  it('write rates, payment methods, receipt numbers and titles', () => {
    expect(formatRate(900)).toBe('9%');
    expect(formatRate(825)).toBe('8.25%');
    expect(paymentMethodText('paynow')).toBe('PayNow');
    expect(paymentMethodText('card', null)).toBe('Card');
    expect(formatReceiptNumber('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(() => formatReceiptNumber('INV', 2026, 0)).toThrow(RangeError);
    expect(receiptTitle({ taxFee: 279 }, 'M90312345A')).toBe('Tax invoice');
    expect(receiptTitle({ taxFee: 279 }, null)).toBe('Receipt');
    expect(receiptTitle({ taxFee: 0 }, 'M90312345A')).toBe('Receipt');
    expect(parseTimeZone('Asia/Singapore')).toBe('Asia/Singapore');
    expect(parseTimeZone('Mars/Olympus')).toBeNull();
  });

  it.each([
    ['M90312345A', 'M90312345A'],
    ['m9-0312345-a', 'M90312345A'],
    ['200312345A', '200312345A'],
    ['53312345D', '53312345D'],
    ['T08LL1234A', 'T08LL1234A'],
    ['', ''],
  ])('a Singapore GST registration number %j is %j', (input, value) => {
    expect(parseTaxRegistrationNumber(input, 'SG')).toBe(value);
  });

  it.each(['12345', 'M1234567', 'X90312345A', '2003123456', 'GST 123'])('%j is no Singapore GST number', (input) => {
    expect(parseTaxRegistrationNumber(input, 'SG')).toBeNull();
  });

  it("takes other countries' numbers as free text, one line of up to 40 characters", () => {
    expect(parseTaxRegistrationNumber(' T1234567890123 ', 'JP')).toBe('T1234567890123');
    expect(parseTaxRegistrationNumber('a\nb', 'JP')).toBeNull();
    expect(parseTaxRegistrationNumber('x'.repeat(41), 'JP')).toBeNull();
  });

  it('legal details: name and address trimmed, the number checked, every field required as text', () => {
    expect(
      parseLegalDetails(
        { legalName: ' Kedai Pte Ltd ', legalAddress: '1 Raffles Place\r\nSingapore 048616', taxRegistrationNumber: '200312345a' },
        'SG',
      ),
    ).toEqual({
      legalName: 'Kedai Pte Ltd',
      legalAddress: '1 Raffles Place\nSingapore 048616',
      taxRegistrationNumber: '200312345A',
    });
    expect(parseLegalDetails({ legalName: 'K', legalAddress: '', taxRegistrationNumber: 'nope' }, 'SG')).toBeNull();
    expect(parseLegalDetails({ legalName: 'x'.repeat(201), legalAddress: '', taxRegistrationNumber: '' }, 'SG')).toBeNull();
    expect(parseLegalDetails({ legalName: 1, legalAddress: '', taxRegistrationNumber: '' }, 'SG')).toBeNull();
    expect(parseLegalDetails(null, 'SG')).toBeNull();
  });
});
