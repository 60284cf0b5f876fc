/**
 * One interface for every way of taking card payments (issue 16; Stripe comes with issue 17): a
 * provider charges an amount, confirms a charge the shopper had to approve (3-D Secure), and
 * refunds. An order becomes paid only on the provider's answer, never on the browser's word; a new
 * provider is one folder under `providers/` implementing this.
 */

/** What the shopper typed on the card form. The number never reaches the database or the logs. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

interface ChargeAnswer {
  status: 'succeeded' | 'requires_action' | 'failed';
  /** The provider's id of the charge, to confirm or refund it. */
  providerRef: string;
  /** `visa •••• 4242`: what the shopper paid with. */
  methodSummary: string;
  failureCode?: string;
  failureMessage?: string;
}

export interface PaymentProvider {
  /** Stored with every payment (`test`, `stripe`). */
  readonly name: string;
  /** Charges `amount` (minor units of `currency`); `idempotencyKey` makes a repeated attempt charge once. */
  charge(input: { amount: number; currency: string; card: CardInput; idempotencyKey: string }): Promise<ChargeAnswer>;
  /** The charge after the shopper approved it. */
  confirm(providerRef: string): Promise<ChargeAnswer>;
  /** Gives a succeeded charge's money back. */
  refund(input: { providerRef: string; amount: number; currency: string }): Promise<{ providerRef: string }>;
}
