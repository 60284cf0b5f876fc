import type { FastifyInstance } from 'fastify';
import { AppError, deliveredBeforeWindowClosed } from '@kedai/domain';
import { and, asc, eq, lt, schema, sql, type Database } from '@kedai/db';
import type { RecurringJob } from '../../platform/jobs';
import { askToSettleStaleReports } from './paynow';
import type { PaymentProvider } from '../payments/service';
import { cancelOrder, lockOrder, moveOrder, orderMailDeps, type OrderMailDeps } from './service';

/**
 * What happens to orders when their time runs out (issue 16):
 * - unpaid orders are cancelled once their time to pay (`pay_by`, ORDER_PAYMENT_MINUTES after they
 *   were placed) has passed, and their stock and voucher given back;
 * - delivered orders the shopper never confirmed are completed when their dispute window ends;
 * - PayNow reports left unconfirmed past the days owners set ask the shopper and staff to settle them (`paynow.ts`).
 * Safe with several API processes: each change is the order's conditional status change under its
 * row lock, so an order moved by another process (or the shopper) meanwhile is skipped, never moved twice.
 */

const BATCH = 100;
const EXPIRY_INTERVAL_MS = 60_000;

export async function cancelUnpaidOrders(deps: {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  mail?: OrderMailDeps;
}): Promise<number> {
  const due = await deps.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(
      and(
        eq(schema.orders.status, 'awaiting_payment'),
        lt(schema.orders.payBy, deps.now),
        // A PayNow transfer the shopper reported waits for staff, however late.
        sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${schema.orders.id} AND p.provider = 'paynow' AND p.kind = 'charge' AND p.status = 'pending')`,
      ),
    )
    .orderBy(asc(schema.orders.payBy))
    .limit(BATCH);
  let cancelled = 0;
  for (const { id } of due) {
    try {
      await cancelOrder(deps.db, id, {
        actor: 'system',
        actorId: null,
        userId: null,
        reason: 'Not paid in time',
        now: deps.now,
        provider: deps.provider,
      });
      cancelled++;
    } catch (error) {
      // Paid or cancelled by someone else since it was read: nothing to do.
      if (!(error instanceof AppError && error.errorCode === 'order/invalid_transition')) throw error;
    }
  }
  return cancelled;
}

/** Completes (as 'system') the delivered orders whose dispute window ended before `now`. */
export async function completeDeliveredOrders(deps: { db: Database; now: Date }): Promise<number> {
  const deliveredBefore = deliveredBeforeWindowClosed(deps.now);
  const due = await deps.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(and(eq(schema.orders.status, 'delivered'), lt(schema.orders.deliveredAt, deliveredBefore)))
    .orderBy(asc(schema.orders.deliveredAt))
    .limit(BATCH);
  let completed = 0;
  for (const { id } of due) {
    try {
      await deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, id, null);
        await moveOrder(tx, order, { to: 'completed', actor: 'system', actorId: null, set: { completedAt: deps.now } });
      });
      completed++;
    } catch (error) {
      // Confirmed by the shopper (or moved by staff) since it was read: nothing to do.
      if (!(error instanceof AppError && error.errorCode === 'order/invalid_transition')) throw error;
    }
  }
  return completed;
}

/** The recurring job (`orders.expiry`, every minute, on the app's clock): each order once, also with several processes. */
export function orderExpiryJob(app: FastifyInstance, everyMs = EXPIRY_INTERVAL_MS): RecurringJob {
  const now = () => app.config.clock?.() ?? new Date();
  return {
    name: 'orders.expiry',
    everyMs,
    run: async () =>
      (await cancelUnpaidOrders({
        db: app.db,
        provider: app.paymentProvider,
        now: now(),
        mail: orderMailDeps(app),
      })) +
      (await completeDeliveredOrders({ db: app.db, now: now() })) +
      // PayNow reports no one confirmed after the days owners set: the shopper and staff are asked to settle them.
      (await askToSettleStaleReports({ db: app.db, now: now(), mail: orderMailDeps(app) })),
  };
}
