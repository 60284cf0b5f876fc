/**
 * How shoppers can pay now, in words for owners (issue 27): each way to pay, whether it is taken,
 * and what to set when it is not. The rule of what is taken is the API's (packages/domain
 * payment-setup); this only says it.
 */
import type { AdminSettings } from '@kedai/contract';
import { TEST_MODE_NOTICE } from '@kedai/domain';

export type PaymentsSetupState = AdminSettings['payments'];

export interface PaymentWayStatus {
  name: string;
  taken: boolean;
  /** What the way does now, or why it is off. */
  status: string;
  /** What an owner sets to turn it on, when it is off. */
  todo: string | null;
}

/** The variables the API server reads to take cards through Stripe. */
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export function paymentWays(payments: PaymentsSetupState): PaymentWayStatus[] {
  const cards: PaymentWayStatus =
    payments.cards === 'stripe'
      ? {
          name: 'Cards',
          taken: true,
          status: payments.testMode ? "Through Stripe, with Stripe's test keys: no real money." : 'Through Stripe.',
          todo: null,
        }
      : payments.cards === 'test'
        ? { name: 'Cards', taken: true, status: 'On the built-in test gateway: no real money (card 4242 4242 4242 4242 pays).', todo: null }
        : {
            name: 'Cards',
            taken: false,
            status: 'Not offered: the shop has no card provider.',
            todo: `Set ${STRIPE_VARIABLES.join(', ')} on the API server and restart it (the webhook endpoint is /payment/stripe/webhook).`,
          };
  const payNowTaken = payments.methods.includes('paynow');
  const payNow: PaymentWayStatus = payNowTaken
    ? {
        name: 'PayNow',
        taken: true,
        status: payments.testMode
          ? 'Offered for orders in Singapore dollars (in test mode, also with the demo’s code, which pays no one).'
          : 'Offered for orders in Singapore dollars, to the details below.',
        todo: null,
      }
    : {
        name: 'PayNow',
        taken: false,
        status: 'Not offered: the shop has not set its own PayNow details.',
        todo: 'Set the shop’s UEN or mobile number in the PayNow section below.',
      };
  return [cards, payNow];
}

/** The line every back-office page shows in test mode, as the storefront's. */
export const TEST_MODE_TEXT = `${TEST_MODE_NOTICE}.`;

/** For a trial: what turns test mode on in production, and what it means. */
export const TRIAL_TEXT =
  'For a trial without real money, set PAYMENTS_TEST_MODE=true on the API server: cards then go to the built-in test gateway, and every page and order e-mail says test mode.';
