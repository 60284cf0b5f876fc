/**
 * Paying an order by card on the shop's payment gateway (issue 16, step 4; the built-in test gateway
 * until real keys are configured): the card form's rules (the API's own: a number that passes the
 * Luhn check, an expiry date not past, a 3- or 4-digit security code), the calls, and a decline in
 * the gateway's own words. The number is sent once and never kept.
 */
import type { Order } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
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

/** The body of `POST /order/{id}/pay` for a checked form. */
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

export type PayResult = { ok: true; order: Order } | { ok: false; message: string; declined: boolean; unanswered: boolean };

function failure(error: unknown): PayResult {
  const envelope = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown; status?: unknown }) : {};
  return {
    ok: false,
    message: paymentErrorMessage(error),
    declined: envelope.errorCode === 'payment/declined',
    unanswered: envelope.status === 0,
  };
}

/** `POST /order/{id}/pay` with the card and the attempt's `Idempotency-Key`. */
export async function payOrder(id: string, card: CardForm, attemptKey: string, api: ApiClient = browserApi): Promise<PayResult> {
  try {
    const order = await api.post('/order/:id/pay', {
      params: { id },
      body: { card: cardBody(card) },
      headers: { 'Idempotency-Key': attemptKey },
    });
    return { ok: true, order };
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
