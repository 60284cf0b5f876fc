/**
 * How an order may be paid (issue 17): by card, or by PayNow — Singapore's bank transfer by QR code —
 * for orders in Singapore dollars only (the API refuses any other with `payment/paynow_sgd_only`).
 * The checkout offers the methods and the order pages name them by these rules.
 */
import type { PAYMENT_METHODS } from '@kedai/contract';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Card until the shopper chooses otherwise: it is offered in every currency. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

/** The only currency PayNow transfers are in. */
const PAYNOW_CURRENCY = 'SGD';

const LABELS: Record<PaymentMethod, string> = { card: 'Card', paynow: 'PayNow' };

/** What each method means for the shopper, said beside its choice at checkout. */
export const PAYMENT_METHOD_HINTS: Record<PaymentMethod, string> = {
  card: 'Pay with your card on the next page, once your order is placed.',
  paynow: 'Pay from your banking app by scanning a QR code; the shop confirms the transfer.',
};

const PAID_HOW: Record<PaymentMethod, string> = { card: 'by card', paynow: 'by PayNow' };

function isPaymentMethod(method: string): method is PaymentMethod {
  return Object.hasOwn(LABELS, method);
}

/** A method in words ("PayNow"); one this storefront does not know, as the API wrote it. */
export function paymentMethodLabel(method: string): string {
  return isPaymentMethod(method) ? LABELS[method] : method;
}

/** Every method this storefront knows, the default first. */
const ALL_METHODS: readonly PaymentMethod[] = ['card', 'paynow'];

/**
 * The methods offered for an order in `currency`, the default first: of those the shop takes now
 * (`GET /config` `payments.methods`; all by default), PayNow only in Singapore dollars. Empty when
 * the shop cannot take payment (issue 27): checkout then offers none rather than a pretend one.
 */
export function paymentMethodsFor(currency: string, shopTakes: readonly PaymentMethod[] = ALL_METHODS): PaymentMethod[] {
  return ALL_METHODS.filter((method) => shopTakes.includes(method) && (method !== 'paynow' || currency === PAYNOW_CURRENCY));
}

/** `chosen` when it is offered in `currency`; otherwise the first offered (card when none is). */
export function offeredMethod(chosen: PaymentMethod, currency: string, shopTakes?: readonly PaymentMethod[]): PaymentMethod {
  const offered = paymentMethodsFor(currency, shopTakes);
  return offered.includes(chosen) ? chosen : (offered[0] ?? DEFAULT_PAYMENT_METHOD);
}

/** What checkout says when the shop takes no way to pay for the order (no card provider, no PayNow details). */
export const NO_PAYMENT_TEXT = 'The shop cannot take payment right now, so this order cannot be placed. Please try again later.';

/** Under "Place order": "You pay by PayNow on the next page, once your order is placed." */
export function payAfterPlacingText(method: PaymentMethod): string {
  return `You pay ${PAID_HOW[method]} on the next page, once your order is placed.`;
}
