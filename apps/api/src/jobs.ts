import type { FastifyInstance } from 'fastify';
import type { JobKind, RecurringJob } from './platform/jobs';
import { mailDeliveryJob } from './platform/mailer';
import { orderExpiryJob } from './modules/orders/expiry';
import { orderMailJob } from './modules/orders/mail';
import { quotationMailJob } from './modules/quotations/admin';
import { backInStockMailJob } from './modules/back-in-stock/job';
import { cardSettleJob } from './modules/orders/card-settle';
import { tfaResetsJob } from './modules/tfa/resets';

/** Every module's job kinds: event handlers and queued work (platform/jobs.ts). */
export function JOB_KINDS(app: FastifyInstance): JobKind<any>[] {
  return [mailDeliveryJob(app), orderMailJob(app), quotationMailJob(app), backInStockMailJob(app)];
}

/** Every module's recurring work. */
export function RECURRING_JOBS(app: FastifyInstance): RecurringJob[] {
  return [orderExpiryJob(app), tfaResetsJob(app), cardSettleJob(app)];
}
