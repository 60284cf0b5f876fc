import type { FastifyInstance } from 'fastify';
import { AppError } from '@kedai/domain';
import { and, asc, eq, lt, schema, type Database } from '@kedai/db';
import { startRepeating } from '../../platform/jobs';
import type { PaymentProvider } from '../payments/service';
import { cancelOrder, mailOrder, type OrderMailDeps } from './service';

/**
 * Unpaid orders are cancelled once their time to pay (`pay_by`, ORDER_PAYMENT_MINUTES after they
 * were placed) has passed, and their stock and voucher given back (issue 16). Safe with several API
 * processes: each cancellation is the order's conditional status change under its row lock, so an
 * order cancelled (or paid) by another process meanwhile is skipped, never cancelled twice.
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
    .where(and(eq(schema.orders.status, 'awaiting_payment'), lt(schema.orders.payBy, deps.now)))
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
      if (deps.mail) await mailOrder(deps.mail, id, 'cancelled');
    } catch (error) {
      // Paid or cancelled by someone else since it was read: nothing to do.
      if (!(error instanceof AppError && error.errorCode === 'order/invalid_transition')) throw error;
    }
  }
  return cancelled;
}

export function startOrderExpiry(app: FastifyInstance, intervalMs = EXPIRY_INTERVAL_MS): () => Promise<void> {
  return startRepeating(app, {
    name: 'unpaid order expiry',
    intervalMs,
    run: () =>
      cancelUnpaidOrders({
        db: app.db,
        provider: app.paymentProvider,
        now: new Date(),
        mail: { db: app.db, mailer: app.mailer, log: app.log, publicWebUrl: app.config.publicWebUrl },
      }),
  });
}
