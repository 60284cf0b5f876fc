import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@kedai/domain';
import { paidOrder } from './fixtures';
import {
  ORDER_BADGES,
  addressLines,
  costLines,
  historyLines,
  lineOriginText,
  optionsText,
  paymentMethodText,
  sameAddress,
  statusLabel,
} from './order-view';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('an order as staff read it', () => {
  it('names every status and gives each a badge', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_BADGES[status]).toMatch(/^badge/);
    expect(statusLabel('awaiting_payment')).toBe('Awaiting payment');
    expect(statusLabel('lost_at_sea')).toBe('lost_at_sea');
  });

  it("shows a line's options and where a quoted line came from", () => {
    const [shirt, earbuds] = paidOrder().productCaptures;
    expect(optionsText(shirt!)).toBe('Colour: Indigo · Size: L');
    expect(optionsText(earbuds!)).toBe('');
    expect(lineOriginText(shirt!)).toBeNull();
    expect(lineOriginText(earbuds!)).toBe('Quoted item from Example Market');
    expect(lineOriginText({ source: 'quotation', sourceMarketPlace: null })).toBe('Quoted item');
  });

  it('lists the costs with the voucher, the tax by name and the total', () => {
    expect(costLines(paidOrder()).map((line) => `${line.label}: ${plain(line.text)}`)).toEqual([
      'Subtotal: SGD 128.00',
      'Shipping: SGD 5.00',
      'Discount (voucher WELCOME10): −SGD 12.80',
      'GST: SGD 10.82',
      'Total: SGD 131.02',
    ]);
  });

  it('says "included" when the prices held the tax, and leaves out what the order has none of', () => {
    const order = paidOrder({
      currency: 'JPY',
      subtotal: 11000,
      shippingFee: 0,
      discount: 0,
      voucherCode: null,
      taxFee: 1000,
      taxName: 'Consumption tax',
      taxInclusive: true,
      total: 11000,
    });
    expect(costLines(order).map((line) => `${line.label}: ${plain(line.text)}`)).toEqual([
      'Subtotal: JP¥11,000',
      'Shipping: Free (JP¥0)',
      'Consumption tax (included): JP¥1,000',
      'Total: JP¥11,000',
    ]);
    expect(costLines({ ...order, taxFee: 0, taxName: null }).map((line) => line.key)).toEqual(['subtotal', 'shipping', 'total']);
  });

  it('writes an address as label lines and knows when billing is the same', () => {
    const order = paidOrder();
    expect(addressLines(order.shippingAddress)).toEqual(['Siti Rahman', '1 Raffles Place, #12-01', '048616', 'Singapore', '+65 6123 4567']);
    expect(sameAddress(order.shippingAddress, order.billingAddress)).toBe(true);
    expect(sameAddress(order.shippingAddress, { ...order.billingAddress, postalCode: '018989' })).toBe(false);
  });

  it('tells the history oldest first, who moved it and the note', () => {
    const order = paidOrder();
    const history = [
      { from: 'paid', to: 'processing', actor: 'staff', note: ' Packed by Ali ', at: order.createdAt + 600 },
      ...order.history,
    ];
    expect(historyLines(history).map(({ text, note }) => ({ text, note }))).toEqual([
      { text: 'Placed: Awaiting payment', note: null },
      { text: 'Paid, by the payment provider', note: null },
      { text: 'Processing, by staff', note: 'Packed by Ali' },
    ]);
  });

  it('tells a line that is not a move (a transfer reported, one rejected) by its note', () => {
    const at = paidOrder().createdAt;
    const history = [
      { from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at },
      { from: 'awaiting_payment', to: 'awaiting_payment', actor: 'shopper', note: 'Transfer reported, reference FT1', at: at + 60 },
      { from: 'awaiting_payment', to: 'awaiting_payment', actor: 'staff', note: 'Transfer not found: No such transfer', at: at + 120 },
    ];
    expect(historyLines(history).map(({ text, note }) => ({ text, note }))).toEqual([
      { text: 'Placed: Awaiting payment', note: null },
      { text: 'Transfer reported, reference FT1, by the shopper', note: null },
      { text: 'Transfer not found: No such transfer, by staff', note: null },
    ]);
  });

  it('names how an order is paid', () => {
    expect(['card', 'paynow', 'cheque'].map(paymentMethodText)).toEqual(['Card', 'PayNow', 'cheque']);
  });
});
