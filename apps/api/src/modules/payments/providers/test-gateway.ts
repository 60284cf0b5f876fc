import { randomUUID } from 'node:crypto';
import { CARD_DECLINE_MESSAGES, cardBrand, cardDigits, cardLast4, testCardOutcome } from '@kedai/domain';
import type { PaymentProvider } from '../provider';

/**
 * The built-in test gateway (issue 16): the embedded default until real Stripe keys are configured.
 * It answers as Stripe's documented test cards do (packages/domain test-cards.ts): 4242 4242 4242
 * 4242 succeeds, 4000 0000 0000 0002 is declined, …, 4000 0025 0000 3155 must be confirmed by the
 * shopper first. No money moves, and the storefront says so on the card form. It keeps nothing:
 * what a charge did is in the payments ledger.
 */
export function createTestGateway(): PaymentProvider {
  return {
    name: 'test',
    async charge({ card }) {
      const digits = cardDigits(card.number) ?? '';
      const methodSummary = `${cardBrand(digits)} •••• ${cardLast4(digits)}`;
      const providerRef = `test_ch_${randomUUID()}`;
      const outcome = testCardOutcome(digits);
      if (outcome === 'succeeded' || outcome === 'requires_action') return { status: outcome, providerRef, methodSummary };
      return {
        status: 'failed',
        providerRef,
        methodSummary,
        failureCode: outcome.declined,
        failureMessage: CARD_DECLINE_MESSAGES[outcome.declined],
      };
    },
    async confirm(providerRef) {
      return { status: 'succeeded', providerRef, methodSummary: '' };
    },
    async refund() {
      return { providerRef: `test_re_${randomUUID()}` };
    },
  };
}
