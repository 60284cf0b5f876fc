import { randomUUID } from 'node:crypto';
import { AppError, CARD_DECLINE_MESSAGES, cardBrand, cardLast4, testCardOutcome, type TestCardOutcome } from '@kedai/domain';
import type { PaymentProvider, ProviderPayment, SavedCardDetails } from '../provider';

/**
 * The built-in test gateway (issues 16 and 17): the embedded default until Stripe keys are
 * configured. It answers as Stripe's documented test cards do (packages/domain test-cards.ts): 4242
 * 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, …, 4000 0025 0000 3155 must be confirmed
 * by the shopper first. Cards may be saved as on Stripe. No money moves, and the storefront says so.
 *
 * It keeps nothing: what a payment or a saved card does is written in its reference
 * (`test_pi.<outcome>.<amount>.<currency>.<id>`, `test_pm.<outcome>.<id>`), as a real provider's
 * token means something only to the provider; the ledger keeps the rest.
 */
type Outcome = 'succeeded' | 'requires_action' | `declined-${string}`;

const outcomeOf = (card: TestCardOutcome): Outcome => (typeof card === 'string' ? card : `declined-${card.declined}`);
const paymentRef = (outcome: Outcome, amount: number, currency: string) => `test_pi.${outcome}.${amount}.${currency}.${randomUUID()}`;

/** What a reference says; an unknown one is a failed payment (never a succeeded one). */
function readRef(ref: string): { outcome: Outcome; amount: number; currency: string } {
  const [, outcome = 'declined-generic_decline', amount = '0', currency = ''] = ref.split('.');
  return { outcome: outcome as Outcome, amount: Number(amount) || 0, currency };
}

function answer(ref: string, amount: number, currency: string, outcome: Outcome, methodSummary: string | null): ProviderPayment {
  const base = { providerRef: ref, amount, currency, methodSummary, clientSecret: null, amountReceived: 0 };
  if (outcome === 'succeeded') return { ...base, status: 'succeeded', amountReceived: amount };
  if (outcome === 'requires_action') return { ...base, status: 'requires_action' };
  const code = outcome.slice('declined-'.length) as keyof typeof CARD_DECLINE_MESSAGES;
  return {
    ...base,
    status: 'failed',
    failureCode: code,
    failureMessage: CARD_DECLINE_MESSAGES[code] ?? CARD_DECLINE_MESSAGES.generic_decline,
  };
}

export function createTestGateway(): PaymentProvider {
  return {
    name: 'test',
    takesCardNumbers: true,
    publishableKey: null,
    async startPayment({ amount, currency, method, saveCard }) {
      if (method.kind === 'browser') throw new AppError('payment/invalid_card');
      if (method.kind === 'saved') {
        const outcome = readRef(method.methodRef).outcome;
        return answer(paymentRef(outcome, amount, currency), amount, currency, outcome, null);
      }
      const { number, expMonth, expYear } = method.card;
      const outcome = outcomeOf(testCardOutcome(number));
      const brand = cardBrand(number);
      const last4 = cardLast4(number);
      const payment = answer(paymentRef(outcome, amount, currency), amount, currency, outcome, `${brand} •••• ${last4}`);
      if (!saveCard || payment.status === 'failed') return payment;
      const savedCard: SavedCardDetails = { methodRef: `test_pm.${outcome}.${randomUUID()}`, brand, last4, expMonth, expYear };
      return { ...payment, savedCard };
    },
    async confirm(providerRef) {
      // The shopper's "Confirm payment" stands for the bank's 3-D Secure page: approved.
      const { outcome, amount, currency } = readRef(providerRef);
      return answer(providerRef, amount, currency, outcome === 'requires_action' ? 'succeeded' : outcome, null);
    },
    async retrieve(providerRef) {
      const { outcome, amount, currency } = readRef(providerRef);
      return answer(providerRef, amount, currency, outcome, null);
    },
    async cancel() {
      return true;
    },
    async refund() {
      return { providerRef: `test_re_${randomUUID()}` };
    },
    async createCustomer() {
      return `test_cus_${randomUUID()}`;
    },
    async removeCard() {},
    readEvent() {
      return null;
    },
  };
}
