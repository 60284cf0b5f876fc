import { describe, expect, it } from 'vitest';
import { canonicalJson, cardPayFields, orderRequestFields } from './idempotency';

describe('canonicalJson', () => {
  it('writes one text for one value: keys sorted at every depth, undefined left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe('{"a":{"d":[2,{"y":null,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});

describe('orderRequestFields', () => {
  const base = {
    kind: 'cart' as const,
    checkoutSessionKey: 'session-1',
    paymentMethod: 'card',
    notes: 'Leave at the door',
    shippingAddressId: '6f1c7c4e-8d2a-4e55-9a53-3f8f1c2b7a10',
  };
  const same = (a: object, b: object) =>
    canonicalJson(orderRequestFields({ ...base, ...a })) === canonicalJson(orderRequestFields({ ...base, ...b }));

  it('is the same request whatever the spelling: spaces, capitals of ids, codes and countries, billing absent or the shipping address', () => {
    expect(same({}, { notes: ' Leave at the door  ', shippingAddressId: base.shippingAddressId.toUpperCase() })).toBe(true);
    expect(same({ voucherCode: 'tenoff', regionCountryCode: 'sg' }, { voucherCode: ' TENOFF ', regionCountryCode: 'SG' })).toBe(true);
    expect(same({}, { billingAddressId: base.shippingAddressId })).toBe(true);
    expect(same({ voucherCode: '' }, {})).toBe(true);
    const a = 'a0000000-0000-4000-8000-000000000001';
    const b = 'b0000000-0000-4000-8000-000000000002';
    expect(same({ kind: 'quotation', quotationIds: [a, b] }, { kind: 'quotation', quotationIds: [b.toUpperCase(), a, a] })).toBe(true);
  });

  it('is another request when anything that changes the order changes', () => {
    for (const change of [
      { notes: 'Ring the bell' },
      { paymentMethod: 'paynow' },
      { checkoutSessionKey: 'session-2' },
      { billingAddressId: 'c0000000-0000-4000-8000-000000000003' },
      { voucherCode: 'TENOFF' },
      { regionCountryCode: 'MY' },
      { kind: 'quotation' as const },
    ]) {
      expect(same({}, change), JSON.stringify(change)).toBe(false);
    }
  });
});

describe('cardPayFields', () => {
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow' };
  const orderId = '6f1c7c4e-8d2a-4e55-9a53-3f8f1c2b7a10';

  it('keeps of a typed card its last four digits, expiry and name, never the number or the security code', () => {
    const text = canonicalJson(cardPayFields({ orderId, method: { card }, saveCard: false }));
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('123');
    expect(text).toContain('"last4":"4242"');
  });

  it('tells apart another card, a saved card, the browser form, another order and the save choice', () => {
    const fields = (x: Parameters<typeof cardPayFields>[0]) => canonicalJson(cardPayFields(x));
    const first = fields({ orderId, method: { card }, saveCard: false });
    expect(fields({ orderId: orderId.toUpperCase(), method: { card }, saveCard: false })).toBe(first);
    for (const other of [
      fields({ orderId, method: { card: { ...card, number: '4000000000000002' } }, saveCard: false }),
      fields({ orderId, method: { card: { ...card, expYear: 2041 } }, saveCard: false }),
      fields({ orderId, method: { card }, saveCard: true }),
      fields({ orderId, method: { savedCardId: orderId }, saveCard: false }),
      fields({ orderId, method: { browser: true }, saveCard: false }),
      fields({ orderId: 'a0000000-0000-4000-8000-000000000001', method: { card }, saveCard: false }),
    ]) {
      expect(other).not.toBe(first);
    }
  });
});
