import { AppError, cardDigits, isLuhnValid, isUuid } from '@kedai/domain';
import { and, eq, schema, sql, type Database } from '@kedai/db';
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

/** Refunds every succeeded charge of an order (a paid order cancelled) and records the refunds. */
export async function refundOrder(tx: Database, provider: PaymentProvider, orderId: string): Promise<void> {
  const charged = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'charge'), eq(payments.status, 'succeeded')));
  for (const charge of charged) {
    const refund = await provider.refund({ providerRef: charge.providerRef!, amount: charge.amount, currency: charge.currency });
    await tx.insert(payments).values({
      orderId,
      provider: charge.provider,
      kind: 'refund',
      status: 'succeeded',
      amount: charge.amount,
      currency: charge.currency,
      providerRef: refund.providerRef,
      methodSummary: charge.methodSummary,
    });
  }
}

export type { CardInput, PaymentProvider } from './provider';
