/**
 * Paying an order by card (issues 16 and 17; decision 0019): the test gateway's card form and its
 * rules (the API's own: a number that passes the Luhn check, an expiry date not past, a 3- or
 * 4-digit security code), the one call that pays by card on either provider
 * (`POST /payment/stripe/card/pay`: a typed card on the test gateway, a saved card, or — Stripe —
 * neither, for Elements), the confirmation after the shopper's step in the browser, and a decline
 * in the bank's own words. A typed number is sent once and never kept.
 */
import type { CardPayAnswer, Order } from '@kedai/contract';
import type { ApiClient, Endpoints } from '@kedai/contract/client';
import { cardDigits, errorMessageFor, isLuhnValid } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';

export interface CardForm {
  name: string;
  number: string;
  /** "MM/YY" (or MM/YYYY) as typed. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;
export type CardProblems = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardForm = { name: '', number: '', expiry: '', cvc: '' };

/** "12/34", "12 / 2034", "1234" -> month and four-digit year; null when it is not a month and a year. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const typed = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: typed < 100 ? 2000 + typed : typed };
}

/** Every problem of the card form, as field -> what to do; empty when the card can be sent. */
export function cardProblems(card: CardForm, now: Date = new Date()): CardProblems {
  const problems: CardProblems = {};
  if (card.name.trim() === '') problems.name = 'Enter the name on the card.';
  const digits = cardDigits(card.number);
  if (card.number.trim() === '') problems.number = 'Enter the card number.';
  else if (digits === null || digits.length < 12 || digits.length > 19 || !isLuhnValid(digits))
    problems.number = 'This is not a valid card number. Check it and try again.';
  const expiry = parseExpiry(card.expiry);
  if (card.expiry.trim() === '') problems.expiry = 'Enter the expiry date, for example 08/29.';
  else if (!expiry) problems.expiry = 'Write the expiry date as month and year, for example 08/29.';
  else {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    if (expiry.year < year || (expiry.year === year && expiry.month < month)) problems.expiry = 'This card has expired.';
    else if (expiry.year > year + 30) problems.expiry = 'Check the expiry year.';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'Enter the 3 or 4 digits of the security code.';
  return problems;
}

/** The `card` of `POST /payment/stripe/card/pay` for a checked form (test gateway only). */
export function cardBody(card: CardForm): { number: string; expMonth: number; expYear: number; cvc: string; name: string } {
  const expiry = parseExpiry(card.expiry);
  return {
    number: cardDigits(card.number) ?? '',
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    cvc: card.cvc.trim(),
    name: card.name.trim(),
  };
}

/**
 * What the shopper reads when paying failed: a declined card in the gateway's words ("Your card has
 * insufficient funds.") with what to do; anything else by the display rule (rules: errors.md).
 */
export function paymentErrorMessage(error: unknown): string {
  const envelope = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown; params?: unknown }) : {};
  const reason = Array.isArray(envelope.params) ? envelope.params[0] : undefined;
  if (envelope.errorCode === 'payment/declined' && typeof reason === 'string' && reason.trim() !== '') {
    const said = reason.trim().replace(/\.?$/, '.');
    return `${said} Try another card.`;
  }
  return errorMessageFor(error);
}

export type PayResult = { ok: true; order: Order } | PayFailure;
type PayFailure = { ok: false; message: string; declined: boolean; unanswered: boolean };

/** What the card call answered: the order, and the payment with the browser's step if there is one (Stripe's client secret). */
export type CardPayResult = ({ ok: true } & CardPayAnswer) | PayFailure;

function failure(error: unknown): PayFailure {
  const envelope = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown; status?: unknown }) : {};
  return {
    ok: false,
    message: paymentErrorMessage(error),
    declined: envelope.errorCode === 'payment/declined',
    unanswered: envelope.status === 0,
  };
}

/**
 * How an attempt pays: a card typed on the test gateway's form, a saved card (one click), or —
 * Stripe — nothing, the card being entered in Elements with the answer's client secret. `saveCard`
 * keeps a new card for next time.
 */
export type PayChoice = { card: CardForm; saveCard?: boolean } | { savedCardId: string } | { elements: true; saveCard?: boolean };

/** The body of `POST /payment/stripe/card/pay` for an attempt. */
export function payBody(orderId: string, choice: PayChoice): Endpoints['POST /payment/stripe/card/pay']['body'] {
  if ('savedCardId' in choice) return { orderId, savedCardId: choice.savedCardId };
  const save = choice.saveCard === undefined ? {} : { saveCard: choice.saveCard };
  return 'card' in choice ? { orderId, card: cardBody(choice.card), ...save } : { orderId, ...save };
}

/** `POST /payment/stripe/card/pay` with the attempt's `Idempotency-Key` (one per attempt, the same to retry one that got no answer). */
export async function payOrder(
  orderId: string,
  choice: PayChoice,
  attemptKey: string,
  api: ApiClient = browserApi,
): Promise<CardPayResult> {
  try {
    const answer = await api.post('/payment/stripe/card/pay', {
      body: payBody(orderId, choice),
      headers: { 'Idempotency-Key': attemptKey },
    });
    return { ok: true, ...answer };
  } catch (error) {
    return failure(error);
  }
}

/** `POST /order/{id}/pay/confirm`: the shopper approves the payment the bank asked about (3-D Secure). */
export async function confirmPayment(id: string, paymentId: string, api: ApiClient = browserApi): Promise<PayResult> {
  try {
    return { ok: true, order: await api.post('/order/:id/pay/confirm', { params: { id }, body: { paymentId } }) };
  } catch (error) {
    return failure(error);
  }
}

/** The payment the bank asks the shopper to confirm, if any (the latest one waiting). */
export function paymentToConfirm(order: Pick<Order, 'status' | 'payments'>): Order['payments'][number] | null {
  if (order.status !== 'awaiting_payment') return null;
  return [...order.payments].reverse().find((payment) => payment.kind === 'charge' && payment.status === 'requires_action') ?? null;
}
