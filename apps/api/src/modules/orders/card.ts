import { AppError, cardPayFields, isUuid } from '@kedai/domain';
import { and, eq, schema, type Database } from '@kedai/db';
import {
  applyAttemptAnswer,
  applyProviderAnswer,
  askToStartPayment,
  attemptInFlight,
  cardPaymentByRef,
  cardRequestOf,
  clientSecretOf,
  earlierAttempt,
  firstDelivery,
  forgetUnansweredAttempt,
  recordCardAttempt,
  recordProviderPayment,
  refundOrder,
  refundableOf,
  sendPendingRefunds,
  waitingCardPayment,
  type CardChoice,
  type CardOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
} from '../payments/service';
import { requestDigest } from '../../platform/request-digest';
import { lockOrder, moveOrder, requireMethod } from './service';

/**
 * Paying an order by card (issues 16 and 17), on the provider's word only: the answer to starting
 * the payment (a saved card, the test gateway), the payment fetched from the provider after the
 * shopper's step in the browser, or the provider's verified webhook. Whichever comes first pays
 * the order; the others find it done. Money that arrives for an order no longer waiting for it
 * (paid by another attempt, or cancelled meanwhile) is refunded at once.
 *
 * The provider is never asked inside a transaction (decision 0019): a short transaction records the
 * attempt, the provider is asked with none open, and a second short transaction locks the order and
 * applies the answer if it is still news (a webhook may have applied it meanwhile).
 */

type OrderRow = typeof schema.orders.$inferSelect;
type PaymentRow = typeof schema.payments.$inferSelect;

export interface CardPayResult {
  payment: PaymentRow;
  clientSecret: string | null;
  /** The order became paid with this call (its `order.paid` event, recorded by `moveOrder`, mails the shopper). */
  paidNow: boolean;
}

/** Moves the order on the provider's settled answer: paid, or the money back when it no longer waits for it. */
async function settleOrder(tx: Database, order: OrderRow, outcome: CardOutcome, now: Date): Promise<boolean> {
  if (outcome !== 'succeeded') return false;
  if (order.status === 'awaiting_payment') {
    await moveOrder(tx, order, { to: 'paid', actor: 'payment', actorId: null, set: { paidAt: now } });
    return true;
  }
  // Paid twice, or paid after it was cancelled: what the shop holds beyond what the order keeps goes back.
  const keeps = order.status === 'cancelled' ? 0 : order.total;
  const { refundable } = await refundableOf(tx, order.id);
  // Recorded here; made at the provider once the caller's transaction commits (`sendPendingRefunds`).
  if (refundable > keeps) await refundOrder(tx, order.id, refundable - keeps);
  return false;
}

/**
 * `POST /payment/stripe/card/pay`: one attempt per `Idempotency-Key` (the same key answers the same
 * payment, whatever the order's status now). An attempt recorded but not yet answered (a crash, or
 * the same call repeated at once) asks the provider again under the same idempotency key.
 */
export async function payOrderByCard(
  db: Database,
  provider: PaymentProvider,
  shopper: { id: string; email: string },
  orderId: string,
  choice: CardChoice,
  options: { attemptKey: string; saveCard: boolean; now: Date },
): Promise<CardPayResult> {
  return oneAskAtATime(orderId, () => payAttempt(db, provider, shopper, orderId, choice, options));
}

/**
 * The `pay` calls of one order this process is asking the provider about: each waits for the one
 * before it to be answered, as it waited on the order's lock when the provider was asked inside the
 * transaction, so a second attempt sees the order paid (409) or still waiting. Across processes a
 * second attempt meets the first recorded and unanswered, and is 409 too (`attemptInFlight`).
 */
const asking = new Map<string, Promise<void>>();

async function oneAskAtATime<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  const key = orderId.toLowerCase();
  const before = asking.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const turn = before.then(() => mine);
  asking.set(key, turn);
  await before;
  try {
    return await work();
  } finally {
    done();
    if (asking.get(key) === turn) asking.delete(key);
  }
}

async function payAttempt(
  db: Database,
  provider: PaymentProvider,
  shopper: { id: string; email: string },
  orderId: string,
  choice: CardChoice,
  options: { attemptKey: string; saveCard: boolean; now: Date },
): Promise<CardPayResult> {
  // 1. The attempt recorded under its key (or the one recorded before found), and committed.
  const recorded = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, shopper.id);
    const attemptDigest = requestDigest(cardPayFields({ orderId: order.id, method: choice, saveCard: options.saveCard }));
    const earlier = await earlierAttempt(tx, order.id, { key: options.attemptKey, digest: attemptDigest });
    if (earlier?.providerRef) return { order, attempt: earlier, request: null };
    if (!earlier) {
      if (order.status !== 'awaiting_payment' || (await attemptInFlight(tx, order.id))) throw new AppError('payment/not_payable');
      requireMethod(order, 'card');
    }
    const request = await cardRequestOf(tx, provider, shopper.id, choice, options.saveCard);
    const attempt =
      earlier ??
      (await recordCardAttempt(tx, provider, order, {
        attemptKey: options.attemptKey,
        attemptDigest,
        methodSummary: request.savedSummary,
      }));
    return { order, attempt, request };
  });
  if (!recorded.request)
    return { payment: recorded.attempt, clientSecret: await clientSecretOf(provider, recorded.attempt), paidNow: false };

  // 2. The provider asked, with no transaction open.
  let answer: ProviderPayment;
  try {
    answer = await askToStartPayment(db, provider, recorded.order, shopper, recorded.request, options.attemptKey);
  } catch (error) {
    await forgetUnansweredAttempt(db, recorded.attempt);
    throw error;
  }

  // 3. The answer applied with the order locked again, unless a webhook or a repeated call applied it first.
  const settled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, shopper.id);
    const { payment, outcome } = await applyAttemptAnswer(tx, provider, recorded.attempt, answer, shopper.id);
    return { payment, paidNow: await settleOrder(tx, order, outcome, options.now) };
  });
  await sendPendingRefunds(db, provider, settled.payment.orderId);
  const clientSecret =
    settled.payment.providerRef === answer.providerRef ? answer.clientSecret : await clientSecretOf(provider, settled.payment);
  return { ...settled, clientSecret };
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
  const waiting = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (order.status !== 'awaiting_payment') throw new AppError('payment/not_payable');
    return waitingCardPayment(tx, provider, order.id, paymentId);
  });
  const answer = await provider.confirm(waiting.providerRef!);
  const settled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    // As it is now: a webhook may have applied the same answer meanwhile.
    const row = (await cardPaymentByRef(tx, provider, waiting.providerRef!)) ?? waiting;
    const { payment, outcome } = await applyProviderAnswer(tx, provider, row, answer, userId);
    const paidNow = await settleOrder(tx, order, outcome, now);
    return { payment, clientSecret: null, paidNow };
  });
  await sendPendingRefunds(db, provider, settled.payment.orderId);
  return settled;
}

/**
 * A provider's webhook event, verified by the caller. Acted on once per event id; the payment is
 * fetched again from the provider (before the transaction), so events that come late or out of
 * order act on the payment as it is now. Answers the order that became paid, if one did.
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
  // An order this shop does not have (another shop on the account), or an event already acted on: the provider is not asked.
  if (!isUuid(orderId)) return null;
  const [known] = await db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.id, orderId.toLowerCase()));
  if (!known) return null;
  const [seen] = await db
    .select({ id: schema.paymentEvents.eventId })
    .from(schema.paymentEvents)
    .where(and(eq(schema.paymentEvents.provider, provider.name), eq(schema.paymentEvents.eventId, event.id)));
  if (seen) return null;
  const answer = await provider.retrieve(about.providerRef);
  const paidOrder = await db.transaction(async (tx) => {
    // The order first, as every payment path locks it: a `pay` call applying this payment finishes first.
    const order = await lockOrder(tx, orderId, null);
    // Then the event, recorded only when acted on; a second delivery waits for the first on the order's lock.
    if (!(await firstDelivery(tx, provider, event))) return null;
    const row = (await cardPaymentByRef(tx, provider, answer.providerRef)) ?? (await recordProviderPayment(tx, provider, order, answer));
    if (row.orderId !== order.id) return null;
    const { outcome } = await applyProviderAnswer(tx, provider, row, answer, order.userId);
    return (await settleOrder(tx, order, outcome, now)) ? order.id : null;
  });
  await sendPendingRefunds(db, provider, orderId.toLowerCase());
  return paidOrder;
}

/**
 * A card payment of a cancelled order the provider would not cancel (`payments.settle`): asked as
 * it is now, with no transaction open, and its answer applied as a webhook's would be (money that
 * arrived is refunded, since the order no longer waits for it).
 */
export async function settleCardPayment(db: Database, provider: PaymentProvider, row: PaymentRow, now: Date): Promise<void> {
  const answer = await provider.retrieve(row.providerRef!);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId, null);
    const current = await cardPaymentByRef(tx, provider, answer.providerRef);
    if (!current) return;
    const { outcome } = await applyProviderAnswer(tx, provider, current, answer, order.userId);
    await settleOrder(tx, order, outcome, now);
  });
  await sendPendingRefunds(db, provider, row.orderId);
}
