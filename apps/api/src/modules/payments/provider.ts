/**
 * One interface for every way of taking card payments (issues 16 and 17), shaped as Stripe's
 * PaymentIntents are: a payment is started for an amount, may wait for the shopper (a card form of
 * the provider's own, 3-D Secure) and ends succeeded or failed on the provider's word, never the
 * browser's. The built-in test gateway and Stripe implement it; a third provider is one folder
 * under `providers/`.
 */

/** What the shopper typed on the shop's own card form (the test gateway only). Never stored or logged. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** How this attempt is paid. */
export type PaymentMethodInput =
  /** A card typed on the shop's form: only a provider with `takesCardNumbers`. */
  | { kind: 'card'; card: CardInput }
  /** A card the shopper saved before (its provider reference). */
  | { kind: 'saved'; methodRef: string }
  /** A card the shopper enters in the provider's own form in the browser, which confirms it there. */
  | { kind: 'browser' };

/** A card as saved at the provider: never its number. */
export interface SavedCardDetails {
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A payment as the provider answers it now. */
export interface ProviderPayment {
  /** `pending`: waiting for the card (the provider's form) or still processing. */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  /** The provider's id of the payment, to confirm or refund it. */
  providerRef: string;
  /** Minor units of `currency` (the shop's, packages/domain money), as the provider holds it. */
  amount: number;
  currency: string;
  /** What the provider has received (for the check that it is the order's total). */
  amountReceived: number;
  /** `visa •••• 4242`: what the shopper paid with, once known. */
  methodSummary: string | null;
  failureCode?: string;
  failureMessage?: string;
  /** For the provider's browser library (Stripe's client secret) while the browser has a step to do. */
  clientSecret: string | null;
  /** The card the shopper asked to save, once the payment succeeded with it. */
  savedCard?: SavedCardDetails;
  /** The order it pays, as the provider was told (metadata): for events about a payment not yet in the ledger. */
  orderId?: string;
}

/** A provider's event (a webhook), verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment it is about, when it is about one of ours. */
  payment: ProviderPayment | null;
}

export interface StartPaymentInput {
  amount: number;
  currency: string;
  method: PaymentMethodInput;
  /** The shopper's customer at the provider: needed to save a card or pay with a saved one. */
  customerRef: string | null;
  saveCard: boolean;
  /** One per attempt: a repeated call charges once. */
  idempotencyKey: string;
  orderId: string;
  orderRef: string;
}

/** A provider's word on a refund: made, or refused for good (asking again would be refused again). */
export type RefundAnswer = { providerRef: string } | { refused: { code: string; message: string } };

export interface PaymentProvider {
  /** Stored with every payment, saved card and customer (`test`, `stripe`). */
  readonly name: string;
  /** Whether the shop's own card form may be used (the test gateway); Stripe takes cards only in Elements. */
  readonly takesCardNumbers: boolean;
  /** What the browser needs to load the provider's card form (Stripe's publishable key); null for none. */
  readonly publishableKey: string | null;
  startPayment(input: StartPaymentInput): Promise<ProviderPayment>;
  /** The payment after the shopper's step in the browser (3-D Secure, the provider's form), as the provider now answers. */
  confirm(providerRef: string): Promise<ProviderPayment>;
  /** The payment as the provider holds it, without acting on it (a repeated `pay` call answers its client secret). */
  retrieve(providerRef: string): Promise<ProviderPayment>;
  /** Cancels a payment still waiting for the shopper (the order was cancelled); false when it could not be (it just succeeded). */
  cancel(providerRef: string): Promise<boolean>;
  /**
   * Gives (part of) a succeeded payment back: the provider's refund, or its refusal for good (the
   * payment already refunded at the provider, the amount too large), with its reason. Throws when the
   * provider could not be asked or did not answer (asked again later under the same key).
   */
  refund(input: { providerRef: string; amount: number; currency: string; idempotencyKey: string }): Promise<RefundAnswer>;
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** Removes a saved card at the provider (the shopper removed it). */
  removeCard(methodRef: string): Promise<void>;
  /**
   * A webhook's event, verified against its signature on the raw body; throws
   * `payment/invalid_signature` when it is not the provider's. Null for a provider without webhooks.
   */
  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
}
