import { describe, expect, it } from 'vitest';
import { offeredMethod, payAfterPlacingText, paymentMethodLabel, paymentMethodsFor } from './payment-methods';

describe('the payment methods', () => {
  it('offers PayNow for Singapore dollars only, card first', () => {
    expect(paymentMethodsFor('SGD')).toEqual(['card', 'paynow']);
    for (const currency of ['JPY', 'MYR', 'USD', 'sgd']) expect(paymentMethodsFor(currency)).toEqual(['card']);
  });

  it('offers only the methods the shop takes now, none when it takes none', () => {
    expect(paymentMethodsFor('SGD', ['paynow'])).toEqual(['paynow']);
    expect(paymentMethodsFor('JPY', ['paynow'])).toEqual([]);
    expect(paymentMethodsFor('SGD', [])).toEqual([]);
    expect(offeredMethod('card', 'SGD', ['paynow'])).toBe('paynow');
  });

  it('keeps a method chosen only where it is offered', () => {
    expect(offeredMethod('paynow', 'SGD')).toBe('paynow');
    expect(offeredMethod('paynow', 'JPY')).toBe('card');
    expect(offeredMethod('card', 'JPY')).toBe('card');
  });

  it('names each method, and an unknown one as it came', () => {
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel('paynow')).toBe('PayNow');
    expect(paymentMethodLabel('bank_giro')).toBe('bank_giro');
    expect(paymentMethodLabel('toString')).toBe('toString');
  });

  it('says how the order will be paid once placed', () => {
    expect(payAfterPlacingText('card')).toBe('You pay by card on the next page, once your order is placed.');
    expect(payAfterPlacingText('paynow')).toBe('You pay by PayNow on the next page, once your order is placed.');
  });
});
