import {
  AppError,
  canMoveOrder,
  disputeInfo,
  isShopperCancellable,
  isTransferReported,
  isUuid,
  orderStateLabel,
  toUnixSeconds,
  type DisputeHistory,
  type OrderActor,
  type OrderStatus,
  type OrderTimes,
} from '@kedai/domain';
import { and, asc, count, desc, eq, inArray, queryRows, schema, sql, type Database, type SQL } from '@kedai/db';
import type { DisputeInfo, Order, OrderList, OrderListQuery } from '@kedai/contract';
import { returnStock } from '../catalogue/service';
import { releaseQuotationItems } from '../quotations/service';
import { releaseVoucher } from '../vouchers/service';
import { abandonOpenCardPayments, refundOrder, refundableOf, sendPendingRefunds, type PaymentProvider } from '../payments/service';
import { recordEvent, type DomainEventType } from '../../platform/events';
import { nextReceiptNumber } from './receipt';

/**
 * Orders (issue 16, rules: entities.md "Order"): written once, in the transaction that places them,
 * and then changed only by their status transitions (packages/domain `canMoveOrder`), each one a
 * conditional update on the status it moves from and a line of history. Cancelling gives back what
 * the order held: its stock, its voucher's use and its quotation items. Every read names the
 * shopper (`user_id = $me`): another shopper's order, or an id that is not one, is a 404.
 */

type OrderRow = typeof schema.orders.$inferSelect;
type LineRow = typeof schema.orderLines.$inferSelect;
type EventRow = typeof schema.orderEvents.$inferSelect;
type PaymentRow = typeof schema.payments.$inferSelect;
export type NewOrder = typeof schema.orders.$inferInsert;
export type NewOrderLine = Omit<typeof schema.orderLines.$inferInsert, 'orderId'>;
const { orders, orderLines, orderEvents, payments } = schema;

const notFound = () => new AppError('order/not_found');

/**
 * Writes a new order with its lines and the first line of its history, in the caller's
 * transaction, and answers it as `GET /order/{id}` will (from the rows written: no read back).
 */
export async function writeOrder(tx: Database, order: NewOrder & { id: string }, lines: NewOrderLine[]): Promise<Order> {
  const [row] = await tx.insert(orders).values(order).returning();
  const lineRows = await tx
    .insert(orderLines)
    .values(lines.map((line) => ({ ...line, orderId: order.id })))
    .returning();
  const events = await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: null, toStatus: order.status, actor: 'shopper', actorId: order.userId })
    .returning();
  await recordEvent(tx, { type: 'order.placed', subject: order.id, payload: { total: row!.total, currency: row!.currency } });
  return toOrder(row!, lineRows, events, []);
}

/** The shopper's order placed with this idempotency key, if any, with the digest of the request that placed it. */
export async function orderByIdempotencyKey(
  db: Database,
  userId: string,
  key: string,
): Promise<{ id: string; digest: string | null } | undefined> {
  const [row] = await db
    .select({ id: orders.id, digest: orders.idempotencyDigest })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

function toOrder(row: OrderRow, lines: LineRow[], events: EventRow[], paid: PaymentRow[]): Order {
  const status = row.status;
  // A transfer the shop is checking reads as such, with no time to pay: the expiry job leaves it (decision 0018).
  const reported = isTransferReported({ status, payments: paid });
  return {
    id: row.id,
    orderRef: row.orderRef,
    kind: row.kind,
    status,
    statusLabel: orderStateLabel({ status, payments: paid }, 'shopper'),
    history: events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      actor: event.actor,
      note: event.note,
      at: toUnixSeconds(event.createdAt),
    })),
    regionKey: row.regionKey,
    regionCountryCode: row.regionCountryCode,
    currency: row.currency,
    subtotal: row.subtotal,
    shippingFee: row.shippingFee,
    discount: row.discount,
    taxFee: row.taxFee,
    taxInclusive: row.taxInclusive,
    taxName: row.taxName,
    total: row.total,
    voucherCode: row.voucherCode,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    cartItems: row.cartItemIds,
    quotationItems: lines.flatMap((line) => line.quotationItemId ?? []),
    productCaptures: lines.map((line) => ({
      source: line.source,
      productId: line.productId,
      variantPath: line.variantPath,
      quotationItemId: line.quotationItemId,
      ...line.capture,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    })),
    payments: paid.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      provider: payment.provider,
      methodSummary: payment.methodSummary,
      failureCode: payment.failureCode,
      failureMessage: payment.failureMessage,
      createdAt: toUnixSeconds(payment.createdAt),
    })),
    payBy: row.payBy && status === 'awaiting_payment' && !reported ? toUnixSeconds(row.payBy) : null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    cancelReason: row.cancelReason,
    canCancel: isShopperCancellable(status),
    canConfirmReceipt: canMoveOrder(status, 'completed', 'shopper'),
    createdAt: toUnixSeconds(row.createdAt),
    updatedAt: toUnixSeconds(row.updatedAt),
  };
}

/** Orders as answered, with their lines, history and payments, in the order of `rows`. */
export async function withDetails(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, events, paid] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  const of = <T extends { orderId: string }>(list: T[], id: string) => list.filter((item) => item.orderId === id);
  return rows.map((row) => toOrder(row, of(lines, row.id), of(events, row.id), of(paid, row.id)));
}

/** `GET /order/{id}` and `GET /quotation_order/{id}` (`kind` 'quotation'): the caller's order. */
export async function getOrder(db: Database, userId: string, id: string, kind?: 'cart' | 'quotation'): Promise<Order> {
  if (!isUuid(id)) throw notFound();
  const filters: SQL[] = [eq(orders.id, id.toLowerCase()), eq(orders.userId, userId)];
  if (kind) filters.push(eq(orders.kind, kind));
  const [row] = await db
    .select()
    .from(orders)
    .where(and(...filters));
  if (!row) throw notFound();
  const [order] = await withDetails(db, [row]);
  return order!;
}

/** `GET /order` and `GET /quotation_order`: the caller's orders, newest first, a page at a time. */
export async function listOrders(db: Database, userId: string, query: OrderListQuery, kind?: 'cart' | 'quotation'): Promise<OrderList> {
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  const filters: SQL[] = [eq(orders.userId, userId)];
  if (kind) filters.push(eq(orders.kind, kind));
  if (query.status) filters.push(eq(orders.status, query.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const n = total?.n ?? 0;
  return { orders: await withDetails(db, rows), total: n, page, limit, pages: Math.max(1, Math.ceil(n / limit)) };
}

export interface OrderMove {
  to: OrderStatus;
  actor: OrderActor;
  actorId: string | null;
  note?: string | null;
  /** Columns set with the move (the carrier and tracking number of a shipment, a cancel reason…). */
  set?: Partial<
    Pick<OrderRow, 'carrier' | 'trackingNumber' | 'cancelReason' | 'paidAt' | 'shippedAt' | 'deliveredAt' | 'completedAt' | 'cancelledAt'>
  >;
}

/** The statuses whose reaching is a domain event (platform/events.ts), with what the event tells. */
const STATUS_EVENTS: Partial<
  Record<OrderStatus, { type: DomainEventType; payload: (moved: OrderRow, move: OrderMove) => Record<string, unknown> }>
> = {
  paid: { type: 'order.paid', payload: (moved) => ({ amount: moved.total, currency: moved.currency, method: moved.paymentMethod }) },
  shipped: { type: 'order.shipped', payload: (moved) => ({ carrier: moved.carrier, trackingNumber: moved.trackingNumber }) },
  delivered: { type: 'order.delivered', payload: () => ({}) },
  cancelled: { type: 'order.cancelled', payload: (moved, move) => ({ reason: moved.cancelReason, actor: move.actor }) },
  // The whole order refunded after a dispute (a part refund records `order.refunded` with `part: true`, admin.ts).
  refunded: { type: 'order.refunded', payload: () => ({ part: false }) },
};

/**
 * Moves an order along one allowed transition, in the caller's transaction: a conditional update on
 * the status it is in now, so of two moves at once only one happens; the other is 409
 * `order/invalid_transition` (from, to) as if it had come second. Every path that pays, ships,
 * delivers, cancels or refunds an order comes here, so this records its domain event.
 */
export async function moveOrder(tx: Database, order: Pick<OrderRow, 'id' | 'status'>, move: OrderMove): Promise<OrderRow> {
  if (!canMoveOrder(order.status, move.to, move.actor)) throw new AppError('order/invalid_transition', [order.status, move.to]);
  const [moved] = await tx
    .update(orders)
    .set({ ...move.set, status: move.to, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw new AppError('order/invalid_transition', [order.status, move.to]);
  // A paid order's receipt number, taken only once the move is sure (decision 0026: no gaps).
  if (move.to === 'paid' && !moved.receiptNumber) {
    moved.receiptNumber = await nextReceiptNumber(tx, moved.paidAt ?? new Date());
    await tx.update(orders).set({ receiptNumber: moved.receiptNumber }).where(eq(orders.id, order.id));
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: move.to,
    actor: move.actor,
    actorId: move.actorId,
    note: move.note ?? null,
  });
  const event = STATUS_EVENTS[move.to];
  if (event) await recordEvent(tx, { type: event.type, subject: order.id, payload: event.payload(moved, move) });
  return moved;
}

/** The order's row for a change: locked until the transaction ends. */
export async function lockOrder(tx: Database, id: string, userId: string | null): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound();
  const [locked] = await queryRows<{ id: string }>(
    tx,
    userId
      ? sql`SELECT id FROM orders WHERE id = ${id.toLowerCase()}::uuid AND user_id = ${userId}::uuid FOR UPDATE`
      : sql`SELECT id FROM orders WHERE id = ${id.toLowerCase()}::uuid FOR UPDATE`,
  );
  if (!locked) throw notFound();
  const [row] = await tx.select().from(orders).where(eq(orders.id, locked.id));
  return row!;
}

/**
 * Gives back what a cancelled order held: its payment (refunds recorded, sent to the card provider
 * after the commit), its stock, its voucher's use, its quotation items.
 */
async function giveBack(tx: Database, orderId: string): Promise<void> {
  await refundOrder(tx, orderId);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await returnStock(
    tx,
    lines.flatMap((line) =>
      line.productId ? [{ productId: line.productId, variantPath: line.variantPath, quantity: line.quantity }] : [],
    ),
  );
  await releaseVoucher(tx, orderId);
  await releaseQuotationItems(tx, orderId);
}

/** Who cancels an order, and why. */
interface Cancellation {
  actor: OrderActor;
  actorId: string | null;
  userId: string | null;
  reason: string | null;
  now: Date;
  /** Records the change in the audit log, in the same transaction (staff). */
  audit?: (tx: Database, order: OrderRow) => Promise<void>;
}

/**
 * Cancels an order (the shopper's `DELETE /order/{id}`, staff, or the job that cancels unpaid
 * orders) and gives back what it held, in one transaction; then, with none open, the card provider
 * is asked to cancel its open payments and to make the refunds recorded (decision 0019).
 */
export async function cancelOrder(db: Database, id: string, by: Cancellation & { provider: PaymentProvider }): Promise<void> {
  const orderId = await db.transaction((tx) => cancelOrderIn(tx, id, by));
  await askCardProvider(db, by.provider, orderId);
}

/**
 * Step 1 of a cancellation, in the caller's transaction (with more of its own: a PayNow report
 * released): the order cancelled, what it held given back, its card refunds recorded pending.
 * Answers the order's id, for the caller to `askCardProvider` once its transaction commits.
 */
export async function cancelOrderIn(tx: Database, id: string, by: Cancellation): Promise<string> {
  const order = await lockOrder(tx, id, by.userId);
  await moveOrder(tx, order, {
    to: 'cancelled',
    actor: by.actor,
    actorId: by.actorId,
    note: by.reason,
    set: { cancelReason: by.reason, cancelledAt: by.now },
  });
  await giveBack(tx, order.id);
  await by.audit?.(tx, order);
  return order.id;
}

/**
 * Steps 2 and 3 of what a committed change recorded for the card provider: open payments of a
 * cancelled order cancelled, pending refunds made. What the provider leaves unanswered is asked
 * again by `payments.settle` (card-settle.ts).
 */
export async function askCardProvider(db: Database, provider: PaymentProvider, orderId: string): Promise<void> {
  await abandonOpenCardPayments(db, provider, orderId);
  await sendPendingRefunds(db, provider, orderId);
}

const METHOD_NAMES: Record<string, string> = { card: 'card', paynow: 'PayNow' };

/** Refuses a payment of the wrong kind for the order (a PayNow order paid by card, or the other way). */
export function requireMethod(order: Pick<OrderRow, 'paymentMethod'>, method: 'card' | 'paynow'): void {
  if (order.paymentMethod !== method)
    throw new AppError('payment/wrong_method', [METHOD_NAMES[order.paymentMethod] ?? order.paymentMethod]);
}

/**
 * The ledger's part of a part refund, in the caller's transaction with the order locked (`lockOrder`):
 * the refunds recorded (card ones pending, for `askCardProvider` after the commit) and the
 * `order.refunded` event. Also how a dispute is resolved by a refund (modules/disputes), so the
 * money rules stay one: then the event names the dispute (`disputeId`), which tells the shopper's
 * feed of it (decision 0024). Answers the amount refunded.
 */
export async function refundPartIn(tx: Database, order: OrderRow, amount: unknown, reason: string, disputeId?: string): Promise<number> {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError('payment/invalid_refund_amount', [(await refundableOf(tx, order.id)).refundable]);
  }
  const refunded = await refundOrder(tx, order.id, amount);
  if (refunded === 0) throw new AppError('payment/invalid_refund_amount', [0]);
  await recordEvent(tx, {
    type: 'order.refunded',
    subject: order.id,
    payload: { part: true, amount: refunded, currency: order.currency, reason, ...(disputeId ? { disputeId } : {}) },
  });
  return refunded;
}

/** When the order reached its later statuses, as the dispute rules read them. */
export function orderTimes(row: Pick<OrderRow, 'shippedAt' | 'deliveredAt' | 'completedAt'>): OrderTimes {
  return { shippedAt: row.shippedAt, deliveredAt: row.deliveredAt, completedAt: row.completedAt };
}

/**
 * A line of the order's history that is not a move (a dispute opened or resolved): the status it is
 * in, before and after, with who and a note, in the caller's transaction.
 */
export async function noteInHistory(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'status'>,
  entry: { actor: OrderActor; actorId: string | null; note: string },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: entry.actor,
    actorId: entry.actorId,
    note: entry.note,
  });
}

/** `POST /order/{id}/confirm_receipt`: the shopper has the goods. */
export async function confirmReceipt(db: Database, userId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, userId);
    await moveOrder(tx, order, { to: 'completed', actor: 'shopper', actorId: userId, set: { completedAt: now } });
  });
}

/**
 * `GET /order/{id}/dispute_info`: the domain's rule with the order's disputes (`historyOf`, from
 * modules/disputes, which owns them), so the answer and opening one never disagree.
 */
export async function orderDisputeInfo(
  db: Database,
  userId: string,
  id: string,
  now: Date,
  historyOf: (orderId: string) => Promise<DisputeHistory>,
): Promise<DisputeInfo> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id.toLowerCase()), eq(orders.userId, userId)));
  if (!row) throw notFound();
  const info = disputeInfo(row.status, orderTimes(row), now, await historyOf(row.id));
  return { canDispute: info.canDispute, until: info.until ? toUnixSeconds(info.until) : null, how: info.how };
}

export { mailOrder, orderMailDeps, type OrderMailDeps } from './mail';
