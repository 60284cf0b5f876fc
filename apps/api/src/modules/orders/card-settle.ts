import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '@kedai/db';
import type { RecurringJob } from '../../platform/jobs';
import {
  abandonOpenCardPayments,
  closeUnansweredAttempts,
  openChargesOfCancelledOrders,
  sendPendingRefunds,
  type PaymentProvider,
} from '../payments/service';
import { settleCardPayment } from './card';

/**
 * What a crash (or a provider that did not answer) left between step 1 and step 3 of a card
 * provider call (decision 0019), settled by asking the provider again:
 * - refunds recorded pending are asked again under their own idempotency key, so a refund the
 *   provider made before the answer was lost is recorded, never made twice;
 * - open payments of cancelled orders are cancelled at the provider, or, when they cannot be (they
 *   succeeded), fetched and applied as a webhook would, which refunds them;
 * - attempts recorded and never answered are closed after `UNANSWERED_MINUTES`.
 * Safe with several processes: every answer is written only on a row still waiting for it.
 */

const SETTLE_INTERVAL_MS = 60_000;
/** Well past any provider call's time-out (Stripe's client gives up after about a minute and a half). */
const UNANSWERED_MINUTES = 15;
const BATCH = 50;

async function settleCardLeftovers(deps: { db: Database; provider: PaymentProvider; now: Date; log: FastifyBaseLogger }): Promise<number> {
  let settled = await sendPendingRefunds(deps.db, deps.provider, undefined, deps.log);
  for (const open of await openChargesOfCancelledOrders(deps.db, deps.provider, BATCH)) {
    const left = await abandonOpenCardPayments(deps.db, deps.provider, open.orderId);
    if (!left.some((row) => row.id === open.id)) settled++;
    else {
      try {
        await settleCardPayment(deps.db, deps.provider, open, deps.now);
      } catch {
        // The provider did not answer: asked again on the next run.
      }
    }
  }
  settled += await closeUnansweredAttempts(deps.db, UNANSWERED_MINUTES);
  return settled;
}

/** The recurring job (`payments.settle`, every minute, on the app's clock). */
export function cardSettleJob(app: FastifyInstance, everyMs = SETTLE_INTERVAL_MS): RecurringJob {
  return {
    name: 'payments.settle',
    everyMs,
    run: () => settleCardLeftovers({ db: app.db, provider: app.paymentProvider, now: app.config.clock?.() ?? new Date(), log: app.log }),
  };
}
