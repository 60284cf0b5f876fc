/**
 * Which ways to pay a shop offers, and whether it runs in test mode (issue 27): the one place for the
 * rule. A shop in production never takes "payments" that move no money unless its operator says so
 * (`PAYMENTS_TEST_MODE=true`), and then every page and order e-mail says so; a shop without a card
 * provider or PayNow details offers no way to pay rather than a pretend one (decision 0019).
 */
import { DEMO_PAYNOW_SETTINGS, type PayNowSettings } from './paynow';

/** The ways to pay an order (the contract's `PAYMENT_METHODS`). */
export type PaymentMethodName = 'card' | 'paynow';

/** Who takes cards: Stripe, or the built-in test gateway (which moves no money). */
export type CardGateway = 'stripe' | 'test';

/** What the banner on every page of test mode says, and the order e-mails too. */
export const TEST_MODE_NOTICE = 'Test mode: no real money is taken';

export interface PaymentsSetup {
  /** Who takes cards; null: no card provider, so cards are not offered. */
  cards: CardGateway | null;
  /** No payment moves real money (the test gateway, Stripe's test keys, the demo's PayNow code). */
  testMode: boolean;
}

export interface PaymentsSetupInput {
  production: boolean;
  /** Stripe's keys as configured (all three, or none): in Stripe's live or test mode. */
  stripe: 'live' | 'test' | null;
  /** `PAYMENTS_TEST_MODE` when set; unset means on outside production, off in production. */
  testModeFlag: boolean | undefined;
}

/**
 * The card provider and test mode for a configuration, or the problem that must stop the start.
 * Test payments (the built-in gateway, Stripe's test keys) are allowed outside production, and in
 * production only with `PAYMENTS_TEST_MODE=true`; without Stripe and without that, production takes
 * no cards at all. Live Stripe keys with the flag set are refused: pages would say no money is taken
 * while it is.
 */
export function paymentsSetup({ production, stripe, testModeFlag }: PaymentsSetupInput): PaymentsSetup | { problem: string } {
  const testAllowed = testModeFlag ?? !production;
  if (stripe === 'live') {
    if (testModeFlag === true) {
      return {
        problem: 'PAYMENTS_TEST_MODE: cannot be true with live Stripe keys (the shop would say no real money is taken while it is)',
      };
    }
    return { cards: 'stripe', testMode: false };
  }
  if (stripe === 'test') {
    if (!testAllowed) {
      return {
        problem:
          "STRIPE_SECRET_KEY: Stripe's test keys take no real money; set live keys, or PAYMENTS_TEST_MODE=true on purpose for a trial",
      };
    }
    return { cards: 'stripe', testMode: true };
  }
  return testAllowed ? { cards: 'test', testMode: true } : { cards: null, testMode: false };
}

/** Whether these are the demo's PayNow details (the published example UEN, which pays no one). */
export function isDemoPayNow(settings: PayNowSettings): boolean {
  return settings.proxy.kind === DEMO_PAYNOW_SETTINGS.proxy.kind && settings.proxy.value === DEMO_PAYNOW_SETTINGS.proxy.value;
}

/**
 * The ways to pay the shop offers: cards when it has a card provider; PayNow with the details an
 * owner set (`ownPayNow`, null until then), or with the demo's only in test mode, since their code
 * pays no one. PayNow is further only for orders in Singapore dollars.
 */
export function offeredPaymentMethods(setup: PaymentsSetup, ownPayNow: PayNowSettings | null): PaymentMethodName[] {
  const payNow = setup.testMode || (ownPayNow !== null && !isDemoPayNow(ownPayNow));
  return [...(setup.cards ? (['card'] as const) : []), ...(payNow ? (['paynow'] as const) : [])];
}
