import {
  AppError,
  ORDER_NOTE_MAX,
  SHIPMENT_TEXT_MAX,
  amountHeld,
  amountToRefund,
  isUuid,
  nextOrderStatuses,
  PAYNOW_METHOD,
  parsePaymentReason,
  type OrderStatus,
} from '@kedai/domain';
import { and, count, desc, eq, inArray, schema, sql, type Database, type SQL } from '@kedai/db';
import type { AdminOrder, AdminOrderCancel, AdminOrderList, AdminOrderListQuery, AdminOrderMove, AdminOrderRefund } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { refundOrder, type PaymentProvider } from '../payments/service';
import { askCardProvider, cancelOrder, lockOrder, moveOrder, refundPartIn, withDetails, type OrderMove } from './service';

/**
 * The back office's orders (issue 16): the list (by status, by reference or e-mail, a page at a
 * time) and one order; staff move an order along the transitions the domain allows them
 * (processing, shipped with a carrier and tracking number, delivered, refunded) or cancel it with a
 * reason (a paid order is refunded). Every change is audited in its transaction.
 */

type OrderRow = typeof schema.orders.$inferSelect;
const { orders, users } = schema;

async function toAdminOrders(db: Database, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const [answered, people] = await Promise.all([
    withDetails(db, rows),
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.userId),
        ),
      ),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  return answered.map((order, i) => {
    const person = personById.get(rows[i]!.userId);
    return {
      ...order,
      shopper: { id: rows[i]!.userId, email: person?.email ?? '', name: person ? `${person.firstName} ${person.lastName}`.trim() : '' },
      nextStatuses: nextOrderStatuses(order.status, 'staff').filter((status) => status !== 'cancelled'),
      refundable: amountHeld(order.payments) - amountToRefund(order.payments),
      version: rows[i]!.version,
    };
  });
}

/** Awaiting payment with a PayNow transfer staff have not decided on (packages/domain `isTransferReported`, in SQL). */
const transferReported = sql`(${orders.status} = 'awaiting_payment' AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${orders.id} AND p.provider = ${PAYNOW_METHOD} AND p.kind = 'charge' AND p.status = 'pending'))`;

/** `GET /admin/order`. */
export async function listOrdersForStaff(db: Database, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const limit = query.limit ?? 25;
  const page = query.page ?? 1;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.payment === 'transfer_reported') filters.push(transferReported);
  else if (query.payment) filters.push(eq(orders.paymentMethod, query.payment));
  if (query.q) {
    const q = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    filters.push(sql`(${orders.orderRef} ILIKE ${`%${q}%`} OR ${users.email} ILIKE ${`%${q}%`})`);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    orders: await toAdminOrders(
      db,
      rows.map((row) => row.order),
    ),
    total: n,
    page,
    limit,
    pages: Math.max(1, Math.ceil(n / limit)),
  };
}

/** `GET /admin/order/{id}`. */
export async function orderForStaff(db: Database, id: string): Promise<AdminOrder> {
  if (!isUuid(id)) throw new AppError('order/not_found');
  const [row] = await db.select().from(orders).where(eq(orders.id, id.toLowerCase()));
  if (!row) throw new AppError('order/not_found');
  return (await toAdminOrders(db, [row]))[0]!;
}

function textOf(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length >= 1 && text.length <= max ? text : null;
}

/** `POST /admin/order/{id}/status`: one step along the order's life; answers whether it was shipped. */
export async function moveOrderForStaff(
  db: Database,
  provider: PaymentProvider,
  actorId: string,
  id: string,
  body: AdminOrderMove,
  now: Date,
): Promise<void> {
  const to = body.to as OrderStatus;
  const note = body.note === undefined || body.note === null || body.note === '' ? null : textOf(body.note, ORDER_NOTE_MAX);
  if (note === null && body.note) throw new AppError('order/invalid_cancel_reason');
  const move: OrderMove = { to, actor: 'staff', actorId, note };
  if (to === 'shipped') {
    const carrier = textOf(body.carrier, SHIPMENT_TEXT_MAX);
    const trackingNumber = textOf(body.trackingNumber, SHIPMENT_TEXT_MAX);
    if (!carrier || !trackingNumber) throw new AppError('order/invalid_shipment');
    move.set = { carrier, trackingNumber, shippedAt: now };
  } else if (to === 'delivered') move.set = { deliveredAt: now };
  else if (to !== 'processing' && to !== 'refunded') throw new AppError('order/invalid_transition', ['', String(body.to)]);
  const orderId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, null);
    await moveOrder(tx, order, move);
    // A refund after a dispute gives the money back through the provider that took it (recorded here, made after the commit).
    if (to === 'refunded') await refundOrder(tx, order.id);
    await recordAudit(tx, {
      actorId,
      action: `order.${to}`,
      objectType: 'order',
      objectId: order.id,
      before: { status: order.status },
      after: { status: to, ...move.set, note },
    });
    return order.id;
  });
  if (to === 'refunded') await askCardProvider(db, provider, orderId);
}

/** `POST /admin/order/{id}/cancel`: with a reason the shopper reads; a paid order is refunded. */
export async function cancelOrderForStaff(
  db: Database,
  provider: PaymentProvider,
  actorId: string,
  id: string,
  body: AdminOrderCancel,
  now: Date,
): Promise<void> {
  const reason = textOf(body.reason, ORDER_NOTE_MAX);
  if (!reason) throw new AppError('order/invalid_cancel_reason');
  await cancelOrder(db, id, {
    actor: 'staff',
    actorId,
    userId: null,
    reason,
    now,
    provider,
    audit: (tx, order) =>
      recordAudit(tx, {
        actorId,
        action: 'order.cancelled',
        objectType: 'order',
        objectId: order.id,
        before: { status: order.status },
        after: { status: 'cancelled', reason },
      }),
  });
}

/**
 * `POST /admin/order/{id}/refund`: gives part of the payment back (a missing item, a goodwill
 * gesture), whatever the order's status; the order keeps its status. Never more than the shop still
 * holds (400 `payment/invalid_refund_amount`, `params[0]` that amount). A card refund is recorded
 * with the order locked and made at its provider after the commit (one left unanswered is asked
 * again by `payments.settle`); a PayNow order gets a refund for staff to send. Audited with the reason.
 */
export async function refundPartForStaff(
  db: Database,
  provider: PaymentProvider,
  actorId: string,
  id: string,
  body: AdminOrderRefund,
): Promise<number> {
  const reason = parsePaymentReason(body.reason);
  if (reason === null) throw new AppError('payment/invalid_reason');
  const { orderId, refunded } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, null);
    const refunded = await refundPartIn(tx, order, body.amount, reason);
    await recordAudit(tx, {
      actorId,
      action: 'order.refund_part',
      objectType: 'order',
      objectId: order.id,
      before: { status: order.status },
      after: { refunded: body.amount, currency: order.currency, reason },
    });
    return { orderId: order.id, refunded };
  });
  await askCardProvider(db, provider, orderId);
  return refunded;
}
