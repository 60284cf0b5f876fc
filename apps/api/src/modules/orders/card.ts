import { AppError, cardPayFields } from '@kedai/domain';
import { schema, type Database } from '@kedai/db';
import {
  applyProviderAnswer,
  cardPaymentByRef,
  earlierAttempt,
  firstDelivery,
  recordProviderPayment,
  refundOrder,
  refundableOf,
  startCardPayment,
  waitingCardPayment,
  type CardChoice,
  type CardOutcome,
  type PaymentProvider,
  type ProviderEvent,
} from '../payments/service';
import { requestDigest } from '../../platform/request-digest';
import { lockOrder, moveOrder, requireMethod } from './service';

/**
 * Paying an order by card (issues 16 and 17), on the provider's word only: the answer to starting
 * the payment (a saved card, the test gateway), the payment fetched from the provider after the
 * shopper's step in the browser, or the provider's verified webhook. Whichever comes first pays
 * the order; the others find it done. Money that arrives for an order no longer waiting for it
 * (paid by another attempt, or cancelled meanwhile) is refunded at once.
 */

type OrderRow = typeof schema.orders.$inferSelect;
type PaymentRow = typeof schema.payments.$inferSelect;

export interface CardPayResult {
  payment: PaymentRow;
  clientSecret: string | null;
  /** The order became paid with this call: mail the shopper after the commit. */
  paidNow: boolean;
}

/** Moves the order on the provider's settled answer: paid, or the money back when it no longer waits for it. */
async function settleOrder(tx: Database, provider: PaymentProvider, order: OrderRow, outcome: CardOutcome, now: Date): Promise<boolean> {
  if (outcome !== 'succeeded') return false;
  if (order.status === 'awaiting_payment') {
    await moveOrder(tx, order, { to: 'paid', actor: 'payment', actorId: null, set: { paidAt: now } });
    return true;
  }
  // Paid twice, or paid after it was cancelled: what the shop holds beyond what the order keeps goes back.
  const keeps = order.status === 'cancelled' ? 0 : order.total;
  const { refundable } = await refundableOf(tx, order.id);
  if (refundable > keeps) await refundOrder(tx, provider, order.id, refundable - keeps);
  return false;
}

/**
 * `POST /payment/stripe/card/pay`: one attempt per `Idempotency-Key` (the same key answers the same
 * payment, whatever the order's status now), the order locked so attempts run one at a time.
 */
export async function payOrderByCard(
  db: Database,
  provider: PaymentProvider,
  shopper: { id: string; email: string },
  orderId: string,
  choice: CardChoice,
  options: { attemptKey: string; saveCard: boolean; now: Date },
): Promise<CardPayResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, shopper.id);
    const attemptDigest = requestDigest(cardPayFields({ orderId: order.id, method: choice, saveCard: options.saveCard }));
    const earlier = await earlierAttempt(tx, provider, order.id, { key: options.attemptKey, digest: attemptDigest });
    if (earlier) return { ...earlier, paidNow: false };
    if (order.status !== 'awaiting_payment') throw new AppError('payment/not_payable');
    requireMethod(order, 'card');
    const started = await startCardPayment(tx, provider, order, shopper, choice, { ...options, attemptDigest });
    const paidNow = await settleOrder(tx, provider, order, started.payment.status === 'succeeded' ? 'succeeded' : 'waiting', options.now);
    return { ...started, paidNow };
  });
}

/**
 * `POST /order/{id}/pay/confirm`: the shopper finished their step in the browser (3-D Secure, the
 * provider's card form); the payment is asked of the provider, never taken from the browser.
 */
export async function confirmCardPayment(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  orderId: string,
  paymentId: unknown,
  now: Date,
): Promise<CardPayResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (order.status !== 'awaiting_payment') throw new AppError('payment/not_payable');
    const waiting = await waitingCardPayment(tx, provider, order.id, paymentId);
    const { payment, outcome } = await applyProviderAnswer(tx, provider, waiting, await provider.confirm(waiting.providerRef!), userId);
    const paidNow = await settleOrder(tx, provider, order, outcome, now);
    return { payment, clientSecret: null, paidNow };
  });
}

/**
 * A provider's webhook event, verified by the caller. Acted on once per event id; the payment is
 * fetched again from the provider, so events that come late or out of order act on the payment as
 * it is now. Answers the order that became paid, if one did (to mail its shopper).
 */
export async function settleProviderEvent(
  db: Database,
  provider: PaymentProvider,
  event: ProviderEvent,
  now: Date,
): Promise<string | null> {
  const about = event.payment;
  // Another shop's payment on the same Stripe account (no order of ours named): acknowledged, nothing written.
  if (!about?.orderId) return null;
  const orderId = about.orderId;
  return db.transaction(async (tx) => {
    // The order first, as every payment path locks it: a `pay` call still writing this payment finishes first.
    const order = await lockOrder(tx, orderId, null).catch((error: unknown) => {
      // An order this shop does not have (another shop on the account): acknowledged, nothing written.
      if (error instanceof AppError && error.errorCode === 'order/not_found') return null;
      throw error;
    });
    if (!order) return null;
    // Then the event, recorded only when acted on; a second delivery waits for the first on the order's lock.
    if (!(await firstDelivery(tx, provider, event))) return null;
    const answer = await provider.retrieve(about.providerRef);
    const row = (await cardPaymentByRef(tx, provider, answer.providerRef)) ?? (await recordProviderPayment(tx, provider, order, answer));
    if (row.orderId !== order.id) return null;
    const { outcome } = await applyProviderAnswer(tx, provider, row, answer, order.userId);
    return (await settleOrder(tx, provider, order, outcome, now)) ? order.id : null;
  });
}
