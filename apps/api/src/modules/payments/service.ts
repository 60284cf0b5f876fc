import { AppError, amountHeld, amountToRefund, cardDigits, isLuhnValid, isUuid } from '@kedai/domain';
import { and, asc, desc, eq, inArray, isNull, schema, sql, type Database } from '@kedai/db';
import type {
  CardInput,
  PaymentMethodInput,
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  RefundAnswer,
  SavedCardDetails,
} from './provider';
import { createTestGateway } from './providers/test-gateway';
import { requireSameRequest } from '../../platform/request-digest';

/**
 * The payments ledger (issue 16): every charge attempt and every refund of an order, as its provider
 * answered, written with the order locked; the provider itself is asked with no transaction open
 * (decision 0019: record the attempt, ask, apply the answer). The card's number is never stored
 * (only `visa •••• 4242`).
 */

type PaymentRow = typeof schema.payments.$inferSelect;
type SavedCardRow = typeof schema.savedCards.$inferSelect;
const { payments, paymentCustomers, savedCards, paymentEvents } = schema;

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

/** The shopper's customer at the provider, created the first time a card is saved or paid with (no transaction open: two at once keep the first stored). */
async function customerOf(db: Database, provider: PaymentProvider, user: { id: string; email: string }): Promise<string> {
  const [known] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider.name)));
  if (known) return known.customerRef;
  const customerRef = await provider.createCustomer({ userId: user.id, email: user.email });
  await db.insert(paymentCustomers).values({ userId: user.id, provider: provider.name, customerRef }).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider.name)));
  return stored!.customerRef;
}

async function keepSavedCard(tx: Database, provider: PaymentProvider, userId: string, card: SavedCardDetails): Promise<void> {
  await tx
    .insert(savedCards)
    .values({ userId, provider: provider.name, ...card })
    .onConflictDoNothing({ target: [savedCards.provider, savedCards.methodRef] });
}

/** How the shopper pays this attempt, as the `pay` call said it. */
export type CardChoice = { card: CardInput } | { savedCardId: string } | { browser: true };

/**
 * The attempt an `Idempotency-Key` already started: a repeated `pay` call answers it; the same key
 * with another request (`attemptDigest`) is 422 `general/idempotency_key_reused`.
 */
export async function earlierAttempt(tx: Database, orderId: string, attempt: { key: string; digest: string }): Promise<PaymentRow | null> {
  const [earlier] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.attemptKey, attempt.key)));
  if (!earlier) return null;
  requireSameRequest(earlier.attemptDigest, attempt.digest);
  return earlier;
}

/** The client secret of an attempt still waiting for the browser's step (asked of the provider, no transaction open). */
export async function clientSecretOf(provider: PaymentProvider, row: PaymentRow): Promise<string | null> {
  const waiting = (row.status === 'pending' || row.status === 'requires_action') && provider.publishableKey && row.providerRef;
  return waiting ? (await provider.retrieve(row.providerRef!)).clientSecret : null;
}

/** How an attempt asks the provider: checked and recorded before it is asked. */
export interface CardRequest {
  method: PaymentMethodInput;
  saveCard: boolean;
  /** Whether the provider needs the shopper's customer (to save a card or pay with a saved one). */
  needsCustomer: boolean;
  savedSummary: string | null;
}

/** The shopper's choice checked (a saved card only the shopper's own; a card form only where the provider takes one). */
export async function cardRequestOf(
  tx: Database,
  provider: PaymentProvider,
  shopperId: string,
  choice: CardChoice,
  saveCardAsked: boolean,
): Promise<CardRequest> {
  let method: PaymentMethodInput;
  let savedSummary: string | null = null;
  if ('savedCardId' in choice) {
    const saved = await savedCardOf(tx, provider, shopperId, choice.savedCardId);
    method = { kind: 'saved', methodRef: saved.methodRef };
    savedSummary = `${saved.brand} •••• ${saved.last4}`;
  } else if ('card' in choice) {
    if (!provider.takesCardNumbers) throw new AppError('payment/card_form_required');
    method = { kind: 'card', card: choice.card };
  } else {
    if (provider.takesCardNumbers) throw new AppError('payment/invalid_card');
    method = { kind: 'browser' };
  }
  const saveCard = saveCardAsked && method.kind !== 'saved';
  return { method, saveCard, needsCustomer: saveCard || method.kind === 'saved', savedSummary };
}

/**
 * Step 1 of a card attempt (decision 0019): the attempt recorded, pending and not yet answered (no
 * provider reference), under its key, before the provider is asked. A crash after the provider
 * answered is recovered by asking again under the same idempotency key, or by the provider's webhook.
 */
export async function recordCardAttempt(
  tx: Database,
  provider: PaymentProvider,
  order: { id: string; total: number; currency: string },
  options: { attemptKey: string; attemptDigest: string; methodSummary: string | null },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      kind: 'charge',
      status: 'pending',
      amount: order.total,
      currency: order.currency,
      methodSummary: options.methodSummary,
      attemptKey: options.attemptKey,
      attemptDigest: options.attemptDigest,
    })
    .returning();
  return row!;
}

/**
 * Whether another attempt of the order is being asked of the provider now (recorded, not yet
 * answered): a second attempt waits its turn (409), as it did when the provider was asked under the
 * order's lock. One left unanswered by a crash stops blocking after a few minutes.
 */
export async function attemptInFlight(tx: Database, orderId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'charge'),
        eq(payments.status, 'pending'),
        isNull(payments.providerRef),
        sql`${payments.attemptKey} IS NOT NULL`,
        sql`${payments.createdAt} > now() - interval '5 minutes'`,
      ),
    )
    .limit(1);
  return open !== undefined;
}

/** The provider's idempotency key of an attempt: a repeated ask (a retry, a crash recovered) charges once. */
const attemptIdempotencyKey = (orderId: string, attemptKey: string) => `${orderId}:${attemptKey}`;

/** Step 2: the provider asked to start the attempt's payment, with no transaction open. */
export async function askToStartPayment(
  db: Database,
  provider: PaymentProvider,
  order: { id: string; orderRef: string; total: number; currency: string },
  shopper: { id: string; email: string },
  request: CardRequest,
  attemptKey: string,
): Promise<ProviderPayment> {
  const customerRef = request.needsCustomer ? await customerOf(db, provider, shopper) : null;
  return provider.startPayment({
    amount: order.total,
    currency: order.currency,
    method: request.method,
    customerRef,
    saveCard: request.saveCard,
    idempotencyKey: attemptIdempotencyKey(order.id, attemptKey),
    orderId: order.id,
    orderRef: order.orderRef,
  });
}

/** An attempt the provider refused outright (it threw): forgotten, as before it was recorded, unless answered meanwhile. */
export async function forgetUnansweredAttempt(db: Database, row: PaymentRow): Promise<void> {
  await db.delete(payments).where(and(eq(payments.id, row.id), isNull(payments.providerRef)));
}

/**
 * Step 3, with the order locked again: the provider's answer written on the attempt recorded in
 * step 1, only if it is still unanswered. A webhook that recorded the same payment meanwhile keeps
 * its row (the attempt's key moves to it); an attempt another call answered first keeps that answer.
 * Answers the attempt's row and what changed, for the caller to move the order.
 */
export async function applyAttemptAnswer(
  tx: Database,
  provider: PaymentProvider,
  attempt: PaymentRow,
  answer: ProviderPayment,
  userId: string,
): Promise<{ payment: PaymentRow; outcome: CardOutcome }> {
  const known = await cardPaymentByRef(tx, provider, answer.providerRef);
  if (known && known.id !== attempt.id) {
    await tx.delete(payments).where(and(eq(payments.id, attempt.id), isNull(payments.providerRef)));
    const adopted = await updatePayment(tx, known, { attemptKey: attempt.attemptKey, attemptDigest: attempt.attemptDigest });
    return applyProviderAnswer(tx, provider, adopted, answer, userId);
  }
  const [row] = await tx.select().from(payments).where(eq(payments.id, attempt.id)).for('update');
  if (!row) throw new AppError('payment/not_found');
  if (row.providerRef && row.providerRef !== answer.providerRef) return { payment: row, outcome: 'unchanged' };
  const answered = row.providerRef ? row : await updatePayment(tx, row, { providerRef: answer.providerRef });
  // The provider says when a card is saved (Stripe: once the payment succeeded with it).
  if (answer.savedCard) await keepSavedCard(tx, provider, userId, answer.savedCard);
  return applyProviderAnswer(tx, provider, answered, answer, userId);
}

/** A card payment of the order still waiting for the shopper's step; 404 `payment/not_found` otherwise. */
export async function waitingCardPayment(
  tx: Database,
  provider: PaymentProvider,
  orderId: string,
  paymentId: unknown,
): Promise<PaymentRow> {
  if (typeof paymentId !== 'string' || !isUuid(paymentId)) throw new AppError('payment/not_found');
  const [waiting] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId.toLowerCase()),
        eq(payments.orderId, orderId),
        eq(payments.provider, provider.name),
        eq(payments.kind, 'charge'),
        inArray(payments.status, ['pending', 'requires_action']),
      ),
    )
    .for('update');
  if (!waiting?.providerRef) throw new AppError('payment/not_found');
  return waiting;
}

/** The card charge a provider's reference names (a webhook's payment), locked; undefined when it is not in the ledger. */
export async function cardPaymentByRef(tx: Database, provider: PaymentProvider, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, providerRef), eq(payments.kind, 'charge')))
    .for('update');
  return row;
}

/**
 * A provider's payment the ledger had not recorded (the shop's transaction failed after the provider
 * took the attempt): recorded now, since the ledger must hold what the provider holds.
 */
export async function recordProviderPayment(
  tx: Database,
  provider: PaymentProvider,
  order: { id: string; total: number; currency: string },
  answer: ProviderPayment,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      kind: 'charge',
      status: 'pending',
      amount: order.total,
      currency: order.currency,
      providerRef: answer.providerRef,
      methodSummary: answer.methodSummary,
    })
    .returning();
  return row!;
}

/** Why a charge was refused although the provider took money: it was not the order's amount or currency. */
const AMOUNT_MISMATCH = 'amount_mismatch';

export type CardOutcome = 'succeeded' | 'failed' | 'mismatch' | 'unchanged' | 'waiting';

/**
 * Writes the provider's word on a card charge into the ledger. Succeeded is final (a late or
 * repeated answer changes nothing); money received that is not the charge's amount and currency
 * is refunded at once and never pays the order ('mismatch'). Saves the card the shopper asked to
 * save. Answers what changed, for the caller to move the order.
 */
export async function applyProviderAnswer(
  tx: Database,
  provider: PaymentProvider,
  row: PaymentRow,
  answer: ProviderPayment,
  userId: string,
): Promise<{ payment: PaymentRow; outcome: CardOutcome }> {
  if (row.status === 'succeeded' || (row.status === 'failed' && row.failureCode === AMOUNT_MISMATCH))
    return { payment: row, outcome: 'unchanged' };
  if (answer.status === 'succeeded' && (answer.amountReceived !== row.amount || answer.currency !== row.currency)) {
    const refunded = await provider.refund({
      providerRef: answer.providerRef,
      amount: answer.amountReceived,
      currency: answer.currency,
      idempotencyKey: `mismatch:${row.id}`,
    });
    // Not recorded as refunded unless it was: the caller's transaction fails and is retried, as when unanswered.
    if ('refused' in refunded) throw new AppError('payment/provider_unavailable');
    const payment = await updatePayment(tx, row, {
      status: 'failed',
      failureCode: AMOUNT_MISMATCH,
      failureMessage: 'The amount paid did not match the order, so it was refunded in full. Please pay again.',
    });
    return { payment, outcome: 'mismatch' };
  }
  if (answer.status === row.status && answer.failureCode === (row.failureCode ?? undefined)) return { payment: row, outcome: 'unchanged' };
  const payment = await updatePayment(tx, row, {
    status: answer.status,
    methodSummary: answer.methodSummary ?? row.methodSummary,
    failureCode: answer.failureCode ?? null,
    failureMessage: answer.failureMessage ?? null,
  });
  if (answer.status === 'succeeded' && answer.savedCard) await keepSavedCard(tx, provider, userId, answer.savedCard);
  const outcome = answer.status === 'succeeded' || answer.status === 'failed' ? answer.status : 'waiting';
  return { payment, outcome };
}

async function updatePayment(tx: Database, row: PaymentRow, set: Partial<PaymentRow>): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(payments.id, row.id))
    .returning();
  return updated!;
}

/** A provider's event (webhook) seen for the first time? Recorded in the caller's transaction, so a failure is retried. */
export async function firstDelivery(tx: Database, provider: PaymentProvider, event: ProviderEvent): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider: provider.name, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** The shopper's saved cards on the current provider, newest first. */
export async function listSavedCards(db: Database, provider: PaymentProvider, userId: string): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider.name)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

async function savedCardOf(db: Database, provider: PaymentProvider, userId: string, id: string): Promise<SavedCardRow> {
  if (!isUuid(id)) throw new AppError('payment/card_not_found');
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id.toLowerCase()), eq(savedCards.userId, userId), eq(savedCards.provider, provider.name)));
  if (!card) throw new AppError('payment/card_not_found');
  return card;
}

/** Removes one of the shopper's saved cards, at the provider too; 404 `payment/card_not_found` for anyone else's. */
export async function removeSavedCard(db: Database, provider: PaymentProvider, userId: string, id: string): Promise<void> {
  const card = await savedCardOf(db, provider, userId, id);
  await provider.removeCard(card.methodRef);
  await db.delete(savedCards).where(eq(savedCards.id, card.id));
}

/** PayNow: transfers shoppers report and staff confirm, and refunds staff make by hand (issue 17). */
export const PAYNOW = 'paynow';

/**
 * What of the order's money the shop still holds and has not promised back: succeeded charges less
 * refunds made or owed (packages/domain ledger).
 */
export async function refundableOf(tx: Database, orderId: string): Promise<{ refundable: number; charges: ChargeLeft[] }> {
  const ledger = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id));
  const charges = ledger
    .filter((p) => p.kind === 'charge' && p.status === 'succeeded')
    .map((charge) => ({
      charge,
      left:
        charge.amount -
        ledger
          .filter((p) => p.kind === 'refund' && p.refundOf === charge.id && p.status !== 'failed')
          .reduce((sum, refund) => sum + refund.amount, 0),
    }));
  return { refundable: amountHeld(ledger) - amountToRefund(ledger), charges };
}

interface ChargeLeft {
  charge: PaymentRow;
  /** Its amount less its refunds made or owed. */
  left: number;
}

/**
 * Gives money back: `amount` (a part, staff's choice) or all the shop still holds (a paid order
 * cancelled, refunded after a dispute, or a second payment of an order already paid). Each charge
 * is refunded the way it was taken: a card refund recorded pending, for the caller to send to its
 * provider once its transaction commits (`sendPendingRefunds`); a PayNow transfer as a pending refund
 * staff send from the shop's bank and then mark done. Never more than is held: a
 * part refunded before is not refunded again. Answers the amount.
 */
export async function refundOrder(tx: Database, orderId: string, amount?: number): Promise<number> {
  const { refundable, charges } = await refundableOf(tx, orderId);
  const giving = amount ?? refundable;
  if (charges.length === 0 || giving <= 0) return 0;
  if (giving > refundable) throw new AppError('payment/invalid_refund_amount', [refundable]);
  let rest = giving;
  // The newest charges first: a second payment of a paid order is the one given back.
  for (const { charge, left } of charges.reverse()) {
    const part = Math.min(rest, left);
    if (part <= 0) continue;
    await refundCharge(tx, charge, part);
    rest -= part;
    if (rest === 0) break;
  }
  return giving;
}

/**
 * Step 1 of a refund (decision 0019): recorded, with the order locked, as a pending refund of the
 * charge; the card provider is asked only after the caller's transaction commits (`sendPendingRefunds`).
 * Pending, it already counts as promised back, so a second refund meanwhile cannot give it again.
 */
async function refundCharge(tx: Database, charge: PaymentRow, amount: number): Promise<void> {
  if (charge.provider === PAYNOW) return owePayNowRefund(tx, charge, amount);
  await tx.insert(payments).values({
    orderId: charge.orderId,
    provider: charge.provider,
    kind: 'refund',
    status: 'pending',
    amount,
    currency: charge.currency,
    methodSummary: charge.methodSummary,
    refundOf: charge.id,
  });
}

/** The provider's idempotency key of a refund: its own ledger row, so asking again after a crash refunds once. */
const refundIdempotencyKey = (refund: PaymentRow) => `refund:${refund.id}`;

/** The test gateway, to refund its own charges whatever this process's provider (they moved no money). */
const TEST_GATEWAY = createTestGateway();

/**
 * Who refunds a charge: the provider that took it. A test-gateway charge taken before Stripe was
 * configured is refunded by the gateway (no money moved); a charge of another provider than this
 * process's (a Stripe charge in a process without Stripe keys) cannot be refunded here: null.
 */
function refunderOf(charge: PaymentRow, provider: PaymentProvider): PaymentProvider | null {
  if (charge.provider === provider.name) return provider;
  return charge.provider === TEST_GATEWAY.name ? TEST_GATEWAY : null;
}

/**
 * Steps 2 and 3 of card refunds recorded pending (of one order, or every one a crash left): each
 * asked of its provider with no transaction open, under its row's idempotency key, and the answer
 * recorded if the refund is still pending (another process may have recorded it meanwhile). A refund
 * the provider did not answer stays pending for the next ask (`payments.settle`); one it refused for
 * good is recorded `failed` with its reason (staff see it on the order; the amount is refundable
 * again). A refund of a provider this process is not configured for stays pending, logged. Answers
 * how many were recorded.
 */
export async function sendPendingRefunds(
  db: Database,
  provider: PaymentProvider,
  orderId?: string,
  log?: { error: (details: object, message: string) => void },
): Promise<number> {
  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'refund'),
        eq(payments.status, 'pending'),
        sql`${payments.provider} <> ${PAYNOW}`,
        ...(orderId ? [eq(payments.orderId, orderId)] : []),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  let sent = 0;
  const unsendable: string[] = [];
  for (const refund of pending) {
    const [charge] = await db.select().from(payments).where(eq(payments.id, refund.refundOf!));
    if (!charge?.providerRef) continue;
    const by = refunderOf(charge, provider);
    if (!by) {
      unsendable.push(refund.id);
      continue;
    }
    let answer: RefundAnswer;
    try {
      answer = await by.refund({
        providerRef: charge.providerRef,
        amount: refund.amount,
        currency: refund.currency,
        idempotencyKey: refundIdempotencyKey(refund),
      });
    } catch {
      continue; // unanswered (down, or the answer lost): asked again under the same key later
    }
    const recorded = await db
      .update(payments)
      .set(
        'refused' in answer
          ? { status: 'failed', failureCode: answer.refused.code, failureMessage: answer.refused.message, updatedAt: sql`now()` }
          : { status: 'succeeded', providerRef: answer.providerRef, updatedAt: sql`now()` },
      )
      .where(and(eq(payments.id, refund.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    sent += recorded.length;
  }
  if (unsendable.length > 0)
    log?.error(
      { refunds: unsendable, provider: provider.name },
      'Card refunds of another provider than this process is configured for are left pending: configure that provider',
    );
  return sent;
}

/** The card charges of an order still waiting for the shopper or the provider (with the provider's reference). */
async function openCardCharges(db: Database, provider: PaymentProvider, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider.name),
        eq(payments.kind, 'charge'),
        inArray(payments.status, ['pending', 'requires_action']),
        sql`${payments.providerRef} IS NOT NULL`,
      ),
    );
}

/**
 * Card payments of an order cancelled (and committed) that still wait for the shopper are cancelled
 * at the provider, with no transaction open, so they cannot be completed later; the cancellation is
 * recorded only if the payment is still open. One that cannot be cancelled (it just succeeded, or the
 * provider did not answer) is left open: its success is refunded when reported (webhook, or `payments.settle`).
 * Answers those left open.
 */
export async function abandonOpenCardPayments(db: Database, provider: PaymentProvider, orderId: string): Promise<PaymentRow[]> {
  const left: PaymentRow[] = [];
  for (const row of await openCardCharges(db, provider, orderId)) {
    if (await provider.cancel(row.providerRef!)) {
      await db
        .update(payments)
        .set({ status: 'failed', failureCode: 'canceled', failureMessage: 'Cancelled with the order.', updatedAt: sql`now()` })
        .where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'requires_action'])));
    } else left.push(row);
  }
  return left;
}

/** Why an attempt the provider never answered (a crash while it was asked) was closed. */
const NO_ANSWER = 'no_answer';

/**
 * Card attempts recorded and never answered (the process stopped while the provider was asked)
 * older than `olderThanMinutes`: closed as failed, so the ledger shows no payment waiting. A payment
 * the provider did make for one reaches the ledger by its webhook (its own row), or by the shopper
 * repeating the same attempt (the same idempotency key answers it). Answers how many were closed.
 */
export async function closeUnansweredAttempts(db: Database, olderThanMinutes: number): Promise<number> {
  const closed = await db
    .update(payments)
    .set({
      status: 'failed',
      failureCode: NO_ANSWER,
      failureMessage: 'The card provider did not answer. Please try again.',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.kind, 'charge'),
        eq(payments.status, 'pending'),
        isNull(payments.providerRef),
        sql`${payments.attemptKey} IS NOT NULL`,
        sql`${payments.provider} <> ${PAYNOW}`,
        sql`${payments.createdAt} < now() - make_interval(mins => ${olderThanMinutes})`,
      ),
    )
    .returning({ id: payments.id });
  return closed.length;
}

/** Open card charges (with the provider's reference) of orders already cancelled: the ones `payments.settle` asks about. */
export async function openChargesOfCancelledOrders(db: Database, provider: PaymentProvider, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        eq(payments.kind, 'charge'),
        inArray(payments.status, ['pending', 'requires_action']),
        sql`${payments.providerRef} IS NOT NULL`,
        sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${payments.orderId} AND o.status = 'cancelled')`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
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
    refundOf: charge.id,
  });
}

/** A PayNow transfer the shopper says they made: a pending charge until staff confirm or reject it. */
export async function recordTransferReport(
  tx: Database,
  order: { id: string; total: number; currency: string },
  reference: string | null,
  now: Date,
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
      // Its age on the app's clock: staff see it, and it is asked to be settled after the days owners set.
      createdAt: now,
    })
    .returning();
  return row!;
}

/**
 * Claims asking the shopper to settle a PayNow report still waiting (issue 27): true for the one
 * caller that marks it, false when another process did or staff decided meanwhile.
 */
export async function claimSettleAsk(db: Database, paymentId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ settleAskedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.provider, PAYNOW), eq(payments.status, 'pending'), isNull(payments.settleAskedAt)))
    .returning({ id: payments.id });
  return claimed.length > 0;
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

export type { CardInput, PaymentProvider, ProviderEvent, ProviderPayment } from './provider';
export { createTestGateway } from './providers/test-gateway';
export { createStripeProvider } from './providers/stripe';
export { paymentMethodsOffered, requireMethodOffered } from './methods';
