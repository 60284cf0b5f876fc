import { describe, expect, it } from 'vitest';
import { DEMO_PAYNOW_SETTINGS } from './paynow';
import { isDemoPayNow, offeredPaymentMethods, paymentsSetup } from './payment-setup';

const own = { proxy: { kind: 'uen' as const, value: '201912345K' }, merchantName: 'Real Shop', merchantCity: 'Singapore' };

describe('paymentsSetup', () => {
  it('outside production takes cards on the test gateway by default, in test mode', () => {
    expect(paymentsSetup({ production: false, stripe: null, testModeFlag: undefined })).toEqual({ cards: 'test', testMode: true });
  });

  it('in production refuses the test gateway: no card provider without Stripe or PAYMENTS_TEST_MODE', () => {
    expect(paymentsSetup({ production: true, stripe: null, testModeFlag: undefined })).toEqual({ cards: null, testMode: false });
    expect(paymentsSetup({ production: true, stripe: null, testModeFlag: false })).toEqual({ cards: null, testMode: false });
  });

  it('in production uses the test gateway only with PAYMENTS_TEST_MODE=true, and says it is test mode', () => {
    expect(paymentsSetup({ production: true, stripe: null, testModeFlag: true })).toEqual({ cards: 'test', testMode: true });
  });

  it('PAYMENTS_TEST_MODE=false turns test payments off outside production too', () => {
    expect(paymentsSetup({ production: false, stripe: null, testModeFlag: false })).toEqual({ cards: null, testMode: false });
  });

  it("Stripe's live keys take real money; its test keys are test mode, refused in production without the flag", () => {
    expect(paymentsSetup({ production: true, stripe: 'live', testModeFlag: undefined })).toEqual({ cards: 'stripe', testMode: false });
    expect(paymentsSetup({ production: false, stripe: 'test', testModeFlag: undefined })).toEqual({ cards: 'stripe', testMode: true });
    expect(paymentsSetup({ production: true, stripe: 'test', testModeFlag: true })).toEqual({ cards: 'stripe', testMode: true });
    expect(paymentsSetup({ production: true, stripe: 'test', testModeFlag: undefined })).toEqual({
      problem: expect.stringMatching(/^STRIPE_SECRET_KEY: Stripe's test keys take no real money/),
    });
  });

  it('refuses test mode with live Stripe keys: pages would say no money is taken while it is', () => {
    expect(paymentsSetup({ production: true, stripe: 'live', testModeFlag: true })).toEqual({
      problem: expect.stringMatching(/^PAYMENTS_TEST_MODE: cannot be true with live Stripe keys/),
    });
  });
});

describe('offeredPaymentMethods', () => {
  it('offers cards with a card provider, PayNow with details an owner set', () => {
    expect(offeredPaymentMethods({ cards: 'stripe', testMode: false }, own)).toEqual(['card', 'paynow']);
    expect(offeredPaymentMethods({ cards: 'stripe', testMode: false }, null)).toEqual(['card']);
    expect(offeredPaymentMethods({ cards: null, testMode: false }, own)).toEqual(['paynow']);
  });

  it("never offers the demo's PayNow code (it pays no one) outside test mode, even when typed in", () => {
    expect(isDemoPayNow(DEMO_PAYNOW_SETTINGS)).toBe(true);
    expect(isDemoPayNow(own)).toBe(false);
    expect(offeredPaymentMethods({ cards: null, testMode: false }, DEMO_PAYNOW_SETTINGS)).toEqual([]);
    expect(offeredPaymentMethods({ cards: null, testMode: false }, null)).toEqual([]);
    expect(offeredPaymentMethods({ cards: 'test', testMode: true }, null)).toEqual(['card', 'paynow']);
  });
});
