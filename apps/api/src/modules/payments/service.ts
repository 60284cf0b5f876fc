import { AppError, amountHeld, amountToRefund, cardDigits, isLuhnValid, isUuid } from '@kedai/domain';
import { and, asc, eq, schema, sql, type Database } from '@kedai/db';
import type { CardInput, PaymentProvider } from './provider';

/**
 * The payments ledger (issue 16): every charge attempt and every refund of an order, as its provider
 * answered. Run in the order's transaction with the order locked, so one order is charged by one
 * attempt at a time; the card's number is never stored (only `visa •••• 4242`).
 */

type PaymentRow = typeof schema.payments.$inferSelect;
const { payments } = schema;

/** A card as typed, checked before any provider sees it: 400 `payment/invalid_card` otherwise. */
export function cardOf(input: unknown, now: Date): CardInput {
  const card = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const number = typeof card.number === 'string' ? card.number : '';
  const digits = cardDigits(number);
  const expMonth = Number(card.expMonth);
  const expYear = Number(card.expYear);
  const cvc = typeof card.cvc === 'string' ? card.cvc.trim() : '';
  const name = typeof card.name === 'string' ? card.name.trim().slice(0, 200) : '';
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
  const valid =
    digits !== null &&
    digits.length >= 12 &&
    digits.length <= 19 &&
    isLuhnValid(digits) &&
    Number.isInteger(expMonth) &&
    expMonth >= 1 &&
    expMonth <= 12 &&
    Number.isInteger(year) &&
    year <= now.getUTCFullYear() + 30 &&
    !expired &&
    /^\d{3,4}$/.test(cvc);
  if (!valid) throw new AppError('payment/invalid_card');
  return { number: digits, expMonth, expYear: year, cvc, name };
}

/** Charges the order's total through the provider and records the answer. */
export async function chargeOrder(
  tx: Database,
  provider: PaymentProvider,
  order: { id: string; total: number; currency: string },
  card: CardInput,
  attemptKey: string,
): Promise<PaymentRow> {
  const answer = await provider.charge({ amount: order.total, currency: order.currency, card, idempotencyKey: attemptKey });
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      kind: 'charge',
      status: answer.status,
      amount: order.total,
      currency: order.currency,
      providerRef: answer.providerRef,
      methodSummary: answer.methodSummary,
      failureCode: answer.failureCode ?? null,
      failureMessage: answer.failureMessage ?? null,
    })
    .returning();
  return row!;
}

/** Confirms a charge the shopper had to approve; 404 `payment/not_found` for another order's or one not waiting. */
export async function confirmCharge(tx: Database, provider: PaymentProvider, orderId: string, paymentId: unknown): Promise<PaymentRow> {
  if (typeof paymentId !== 'string' || !isUuid(paymentId)) throw new AppError('payment/not_found');
  const [waiting] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId.toLowerCase()), eq(payments.orderId, orderId), eq(payments.status, 'requires_action')));
  if (!waiting?.providerRef) throw new AppError('payment/not_found');
  const answer = await provider.confirm(waiting.providerRef);
  const [row] = await tx
    .update(payments)
    .set({
      status: answer.status,
      failureCode: answer.failureCode ?? null,
      failureMessage: answer.failureMessage ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, waiting.id))
    .returning();
  return row!;
}

/** PayNow: transfers shoppers report and staff confirm, and refunds staff make by hand (issue 17). */
export const PAYNOW = 'paynow';

/**
 * What of the order's money the shop still holds and has not promised back: succeeded charges less
 * refunds made or owed (packages/domain ledger).
 */
export async function refundableOf(tx: Database, orderId: string): Promise<{ refundable: number; charge: PaymentRow | undefined }> {
  const ledger = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id));
  const charge = ledger.filter((p) => p.kind === 'charge' && p.status === 'succeeded').at(-1);
  return { refundable: amountHeld(ledger) - amountToRefund(ledger), charge };
}

/**
 * Gives money back: `amount` (a part, staff's choice) or all the shop still holds (a paid order
 * cancelled, or refunded after a dispute). A card charge is refunded through its provider at once;
 * a PayNow transfer becomes a pending refund that staff send from the shop's bank and then mark
 * done. Never more than is held: a part refunded before is not refunded again. Answers the amount.
 */
export async function refundOrder(tx: Database, provider: PaymentProvider, orderId: string, amount?: number): Promise<number> {
  const { refundable, charge } = await refundableOf(tx, orderId);
  const giving = amount ?? refundable;
  if (!charge || giving <= 0) return 0;
  if (giving > refundable) throw new AppError('payment/invalid_refund_amount', [refundable]);
  if (charge.provider === PAYNOW) {
    await owePayNowRefund(tx, charge, giving);
    return giving;
  }
  const refund = await provider.refund({ providerRef: charge.providerRef!, amount: giving, currency: charge.currency });
  await tx.insert(payments).values({
    orderId,
    provider: charge.provider,
    kind: 'refund',
    status: 'succeeded',
    amount: giving,
    currency: charge.currency,
    providerRef: refund.providerRef,
    methodSummary: charge.methodSummary,
  });
  return giving;
}

/** A refund of (part of) a PayNow transfer, for staff to send from the shop's bank and then mark done. */
export async function owePayNowRefund(tx: Database, charge: PaymentRow, amount = charge.amount): Promise<void> {
  await tx.insert(payments).values({
    orderId: charge.orderId,
    provider: PAYNOW,
    kind: 'refund',
    status: 'pending',
    amount,
    currency: charge.currency,
    methodSummary: charge.methodSummary,
  });
}

/** A PayNow transfer the shopper says they made: a pending charge until staff confirm or reject it. */
export async function recordTransferReport(
  tx: Database,
  order: { id: string; total: number; currency: string },
  reference: string | null,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: PAYNOW,
      kind: 'charge',
      status: 'pending',
      amount: order.total,
      currency: order.currency,
      providerRef: reference,
      methodSummary: 'PayNow',
    })
    .returning();
  return row!;
}

/** The order's PayNow payments or refunds waiting for staff. */
export async function pendingPayNow(tx: Database, orderId: string, kind: 'charge' | 'refund'): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, PAYNOW), eq(payments.kind, kind), eq(payments.status, 'pending')));
}

/** A PayNow payment or refund locked for staff's decision; 404 `payment/not_found` for any other. */
export async function lockPayNowPayment(tx: Database, id: string): Promise<PaymentRow> {
  if (!isUuid(id)) throw new AppError('payment/not_found');
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id.toLowerCase()), eq(payments.provider, PAYNOW)))
    .for('update');
  if (!row) throw new AppError('payment/not_found');
  return row;
}

/**
 * Staff's word on a pending PayNow entry: the transfer arrived (or the refund was sent, with its
 * bank reference), or it did not, with the reason the shopper reads. 409 `payment/not_waiting` once decided.
 */
export async function settlePayNowPayment(
  tx: Database,
  row: PaymentRow,
  outcome: { status: 'succeeded'; reference?: string } | { status: 'failed'; reason: string },
): Promise<PaymentRow> {
  if (row.status !== 'pending') throw new AppError('payment/not_waiting');
  const [settled] = await tx
    .update(payments)
    .set(
      outcome.status === 'succeeded'
        ? { status: 'succeeded', ...(outcome.reference ? { providerRef: outcome.reference } : {}), updatedAt: sql`now()` }
        : { status: 'failed', failureMessage: outcome.reason, updatedAt: sql`now()` },
    )
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning();
  if (!settled) throw new AppError('payment/not_waiting');
  return settled;
}

export type { CardInput, PaymentProvider } from './provider';
