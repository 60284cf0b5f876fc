import {
  AppError,
  BANK_REFERENCE_MAX,
  PAYNOW_OPEN_REPORTS_MAX,
  isReportStale,
  amountHeld,
  dateToNumber,
  isUuid,
  parseBankReference,
  parsePaymentReason,
  payNowPayload,
  toUnixSeconds,
  transferRejectedNote,
  transferReportedNote,
} from '@kedai/domain';
import { and, asc, count, desc, eq, isNull, lockKey, lte, schema, sql, type Database } from '@kedai/db';
import type { AdminPaymentQuery, AdminPaymentTask, AdminPaymentTaskList, PaymentInfo } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { recordEvent } from '../../platform/events';
import { configEntries, payNowSettingsOf, payNowSettleDaysOf } from '../../platform/shop-config';
import {
  PAYNOW,
  claimSettleAsk,
  lockPayNowPayment,
  owePayNowRefund,
  pendingPayNow,
  recordTransferReport,
  settlePayNowPayment,
  type PaymentProvider,
} from '../payments/service';
import {
  askCardProvider,
  cancelOrderIn,
  lockOrder,
  mailOrder,
  moveOrder,
  noteInHistory,
  requireMethod,
  type OrderMailDeps,
} from './service';

/**
 * Paying an order (issue 17): what is owed and how, and PayNow — Singapore's bank transfer by QR
 * code. The shopper pays from their banking app and reports it; the order waits (the unpaid-order
 * job leaves it be) until staff see the money in the shop's account and confirm it, which pays the
 * order, or reject it with a reason the shopper reads. Money moves only on staff's word here, as it
 * does only on the card provider's for cards. Refunds of PayNow orders are staff's to send; they
 * mark each one done with the bank's reference.
 */

type OrderRow = typeof schema.orders.$inferSelect;
const { orders, payments, users } = schema;
/** PayNow codes expire on a calendar day in Singapore. */
const SINGAPORE = 'Asia/Singapore';

const notFound = () => new AppError('order/not_found');
/** A transfer the shopper reported that staff have not decided on. */
const openReport = [eq(payments.provider, PAYNOW), eq(payments.kind, 'charge'), eq(payments.status, 'pending')] as const;

/** A bank reference as typed (packages/domain `parseBankReference`): blank is null, unless `required`. */
function referenceOf(value: unknown, required: boolean): string | null {
  const text = parseBankReference(value);
  if (text === null || (required && text === '')) throw new AppError('payment/invalid_reference', [BANK_REFERENCE_MAX]);
  return text === '' ? null : text;
}

/** `POST /order/{id}/payment_info`: what the shopper owes, how, until when, and where the payment stands. */
export async function paymentInfo(db: Database, userId: string, id: string): Promise<PaymentInfo> {
  if (!isUuid(id)) throw notFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id.toLowerCase()), eq(orders.userId, userId)));
  if (!order) throw notFound();
  const ledger = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt), asc(payments.id));
  const reported = ledger.some((p) => p.provider === PAYNOW && p.kind === 'charge' && p.status === 'pending');
  const awaiting = order.status === 'awaiting_payment';
  const state = awaiting
    ? reported
      ? 'awaiting_confirmation'
      : 'awaiting_payment'
    : amountHeld(ledger) > 0 || order.paidAt
      ? 'paid'
      : 'not_payable';
  const lastFailed = [...ledger].reverse().find((p) => p.kind === 'charge' && p.status === 'failed');
  const settings = payNowSettingsOf(await configEntries(db));
  const payNowShown = order.paymentMethod === PAYNOW && state === 'awaiting_payment';
  return {
    orderId: order.id,
    orderRef: order.orderRef,
    orderStatus: order.status,
    method: order.paymentMethod === PAYNOW ? 'paynow' : 'card',
    amount: order.total,
    currency: order.currency,
    payBy: state === 'awaiting_payment' && order.payBy ? toUnixSeconds(order.payBy) : null,
    state,
    lastProblem: awaiting ? (lastFailed?.failureMessage ?? null) : null,
    paynow: payNowShown
      ? {
          payload: payNowPayload({
            ...settings,
            amountCents: order.total,
            reference: order.orderRef,
            editable: false,
            ...(order.payBy ? { expiry: String(dateToNumber(order.payBy, SINGAPORE)) } : {}),
          }),
          payee: settings.proxy,
          merchantName: settings.merchantName,
          reference: order.orderRef,
        }
      : null,
  };
}

/**
 * `POST /order/{id}/paynow_paid`: the shopper says they transferred the total. Recorded as a
 * pending PayNow charge for staff to confirm; the order stays awaiting payment and is no longer
 * cancelled for lateness while it waits. Once per transfer: 409 `payment/already_reported`. A report
 * holds the order's stock with no proof, so a shopper has at most `PAYNOW_OPEN_REPORTS_MAX` waiting
 * at once (409 `payment/too_many_reports`), counted under a lock of the shopper's own: two reports
 * at once on different orders are counted one after the other.
 */
export async function reportPayNowTransfer(db: Database, userId: string, id: string, reference: unknown, now: Date): Promise<void> {
  const bankReference = referenceOf(reference, false);
  await db.transaction(async (tx) => {
    await lockKey(tx, `paynow-reports:${userId}`);
    const order = await lockOrder(tx, id, userId);
    if (order.status !== 'awaiting_payment') throw new AppError('payment/not_payable');
    requireMethod(order, PAYNOW);
    if ((await pendingPayNow(tx, order.id, 'charge')).length > 0) throw new AppError('payment/already_reported');
    if ((await openReportsOf(tx, userId)) >= PAYNOW_OPEN_REPORTS_MAX)
      throw new AppError('payment/too_many_reports', [PAYNOW_OPEN_REPORTS_MAX]);
    await recordTransferReport(tx, order, bankReference, now);
    // The shopper sees what they reported, with the reference they typed, in the order's history.
    await noteInHistory(tx, order, { actor: 'shopper', actorId: userId, note: transferReportedNote(bankReference) });
  });
}

/** The shopper's reported transfers waiting for staff, on orders still awaiting their payment. */
async function openReportsOf(tx: Database, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment'), ...openReport));
  return row?.n ?? 0;
}

// ——— The back office ———

/** When the back office's list is read, and after how many days owners want a report settled. */
interface TaskView {
  now: Date;
  settleAfterDays: number;
}

async function taskView(db: Database, now: Date): Promise<TaskView> {
  return { now, settleAfterDays: payNowSettleDaysOf(await configEntries(db)) };
}

function toTask(
  row: typeof payments.$inferSelect,
  order: Pick<OrderRow, 'id' | 'orderRef' | 'status'>,
  shopper: { id: string; email: string; name: string },
  view: TaskView,
): AdminPaymentTask {
  const waiting = row.kind === 'charge' && row.status === 'pending' && order.status === 'awaiting_payment';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
    amount: row.amount,
    currency: row.currency,
    reference: row.providerRef,
    problem: row.failureMessage,
    createdAt: toUnixSeconds(row.createdAt),
    updatedAt: toUnixSeconds(row.updatedAt),
    ageSeconds: Math.max(0, toUnixSeconds(view.now) - toUnixSeconds(row.createdAt)),
    stale: waiting && isReportStale(row.createdAt, view.now, view.settleAfterDays),
    settleAskedAt: row.settleAskedAt ? toUnixSeconds(row.settleAskedAt) : null,
    order: { id: order.id, orderRef: order.orderRef, status: order.status },
    shopper,
  };
}

const taskColumns = {
  payment: payments,
  order: { id: orders.id, orderRef: orders.orderRef, status: orders.status },
  shopper: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
};

const shopperOf = (s: { id: string; email: string; firstName: string; lastName: string }) => ({
  id: s.id,
  email: s.email,
  name: `${s.firstName} ${s.lastName}`.trim(),
});

/** `GET /admin/payment`: PayNow transfers to confirm (oldest first: a queue) or refunds to send; decided ones newest first. */
export async function listPaymentTasks(db: Database, query: AdminPaymentQuery, now: Date): Promise<AdminPaymentTaskList> {
  const view = await taskView(db, now);
  const limit = query.limit ?? 25;
  const page = query.page ?? 1;
  const status = query.status ?? 'pending';
  const where = and(eq(payments.provider, PAYNOW), eq(payments.kind, query.kind ?? 'charge'), eq(payments.status, status));
  const [rows, [total]] = await Promise.all([
    db
      .select(taskColumns)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(status === 'pending' ? asc(payments.createdAt) : desc(payments.updatedAt), asc(payments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    payments: rows.map((row) => toTask(row.payment, row.order, shopperOf(row.shopper), view)),
    total: n,
    page,
    limit,
    pages: Math.max(1, Math.ceil(n / limit)),
  };
}

async function taskOf(db: Database, paymentId: string, now: Date): Promise<AdminPaymentTask> {
  const [row] = await db
    .select(taskColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new AppError('payment/not_found');
  return toTask(row.payment, row.order, shopperOf(row.shopper), await taskView(db, now));
}

/** Locks a PayNow entry of `kind` and its order, in that order (a payment is always locked before its order). */
async function lockTask(tx: Database, paymentId: string, kind: 'charge' | 'refund') {
  const payment = await lockPayNowPayment(tx, paymentId);
  if (payment.kind !== kind) throw new AppError('payment/not_found');
  const order = await lockOrder(tx, payment.orderId, null);
  return { payment, order };
}

/**
 * `POST /admin/payment/{id}/confirm`: the transfer is in the shop's account. The order becomes paid
 * — on staff's word, recorded as the payment's step with who confirmed it. Money that arrives for an
 * order no longer awaiting it (cancelled meanwhile) is kept in the ledger and owed back at once.
 */
export async function confirmTransfer(
  db: Database,
  staffId: string,
  paymentId: string,
  now: Date,
): Promise<{ task: AdminPaymentTask; orderPaid: boolean }> {
  const orderPaid = await db.transaction(async (tx) => {
    const { payment, order } = await lockTask(tx, paymentId, 'charge');
    const settled = await settlePayNowPayment(tx, payment, { status: 'succeeded' });
    const paying = order.status === 'awaiting_payment';
    if (paying) {
      await moveOrder(tx, order, {
        to: 'paid',
        actor: 'payment',
        actorId: staffId,
        note: 'PayNow transfer confirmed by staff',
        set: { paidAt: now },
      });
    } else {
      await owePayNowRefund(tx, settled);
    }
    await recordAudit(tx, {
      actorId: staffId,
      action: 'payment.confirmed',
      objectType: 'order',
      objectId: order.id,
      before: { payment: payment.id, status: 'pending' },
      after: { status: 'succeeded', orderStatus: paying ? 'paid' : order.status },
    });
    await recordEvent(tx, {
      type: 'transfer.confirmed',
      subject: order.id,
      payload: { paymentId: payment.id, amount: payment.amount, orderPaid: paying },
    });
    return paying;
  });
  return { task: await taskOf(db, paymentId.toLowerCase(), now), orderPaid };
}

/**
 * `POST /admin/payment/{id}/reject`: no such transfer arrived. The shopper reads the reason, and the
 * order awaits payment again with a fresh time to pay (`payMinutes` from now).
 */
export async function rejectTransfer(
  db: Database,
  staffId: string,
  paymentId: string,
  reason: unknown,
  now: Date,
  payMinutes: number,
): Promise<AdminPaymentTask> {
  const text = parsePaymentReason(reason);
  if (text === null) throw new AppError('payment/invalid_reason');
  await db.transaction(async (tx) => {
    const { payment, order } = await lockTask(tx, paymentId, 'charge');
    await settlePayNowPayment(tx, payment, { status: 'failed', reason: text });
    // The shopper is mailed to pay again only while the order still awaits payment.
    await recordEvent(tx, {
      type: 'transfer.rejected',
      subject: order.id,
      payload: { paymentId: payment.id, reason: text, orderAwaitingPayment: order.status === 'awaiting_payment' },
    });
    if (order.status === 'awaiting_payment') {
      await tx
        .update(orders)
        .set({ payBy: new Date(now.getTime() + payMinutes * 60_000), updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      await noteInHistory(tx, order, { actor: 'staff', actorId: staffId, note: transferRejectedNote(text) });
    }
    await recordAudit(tx, {
      actorId: staffId,
      action: 'payment.rejected',
      objectType: 'order',
      objectId: order.id,
      before: { payment: payment.id, status: 'pending' },
      after: { status: 'failed', reason: text },
    });
  });
  return taskOf(db, paymentId.toLowerCase(), now);
}

/** `POST /admin/payment/{id}/refunded`: staff sent a PayNow refund, with the bank's reference. */
export async function completeRefund(
  db: Database,
  staffId: string,
  paymentId: string,
  reference: unknown,
  now: Date,
): Promise<AdminPaymentTask> {
  const bankReference = referenceOf(reference, true)!;
  await db.transaction(async (tx) => {
    const { payment, order } = await lockTask(tx, paymentId, 'refund');
    await settlePayNowPayment(tx, payment, { status: 'succeeded', reference: bankReference });
    await recordAudit(tx, {
      actorId: staffId,
      action: 'payment.refunded',
      objectType: 'order',
      objectId: order.id,
      before: { payment: payment.id, status: 'pending' },
      after: { status: 'succeeded', reference: bankReference },
    });
  });
  return taskOf(db, paymentId.toLowerCase(), now);
}

// ——— Reports left waiting (issue 27) ———

const SETTLE_BATCH = 100;

/**
 * The job that asks the shopper and staff to settle a report no one has confirmed after the days
 * owners set (`paynow_settle_days`): the shopper is e-mailed once per report, and the back office
 * shows it as asked. Each report is claimed by a conditional update on `settle_asked_at`, so with
 * several API processes it is asked once; the mail goes after that update, outside any transaction.
 */
export async function askToSettleStaleReports(deps: { db: Database; now: Date; mail?: OrderMailDeps }): Promise<number> {
  const { db, now } = deps;
  const reportedBefore = new Date(now.getTime() - payNowSettleDaysOf(await configEntries(db)) * 86_400_000);
  const due = await db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(...openReport, isNull(payments.settleAskedAt), lte(payments.createdAt, reportedBefore), eq(orders.status, 'awaiting_payment')),
    )
    .orderBy(asc(payments.createdAt))
    .limit(SETTLE_BATCH);
  let asked = 0;
  for (const report of due) {
    if (!(await claimSettleAsk(db, report.id, now))) continue; // another process asked, or staff decided meanwhile
    asked++;
    if (deps.mail) await mailOrder(deps.mail, report.orderId, 'settle_asked');
  }
  return asked;
}

/**
 * `POST /admin/payment/{id}/release`: staff found no transfer for a report left waiting, and give
 * its stock back: the report fails with the reason the shopper reads, and the order is cancelled
 * (stock, voucher and quotation items given back) as staff, in one transaction, audited as one step.
 */
export async function releaseReportedOrder(
  db: Database,
  provider: PaymentProvider,
  staffId: string,
  paymentId: string,
  reason: unknown,
  now: Date,
): Promise<AdminPaymentTask> {
  const text = parsePaymentReason(reason);
  if (text === null) throw new AppError('payment/invalid_reason');
  const orderId = await db.transaction(async (tx) => {
    const { payment, order } = await lockTask(tx, paymentId, 'charge');
    await settlePayNowPayment(tx, payment, { status: 'failed', reason: text });
    // Rejected with the order cancelled: the shopper's mail is the cancellation's.
    await recordEvent(tx, {
      type: 'transfer.rejected',
      subject: order.id,
      payload: { paymentId: payment.id, reason: text, orderAwaitingPayment: false },
    });
    return cancelOrderIn(tx, order.id, {
      actor: 'staff',
      actorId: staffId,
      userId: null,
      reason: text,
      now,
      audit: (inner, cancelled) =>
        recordAudit(inner, {
          actorId: staffId,
          action: 'payment.released',
          objectType: 'order',
          objectId: cancelled.id,
          before: { payment: payment.id, status: 'pending', orderStatus: cancelled.status },
          after: { status: 'failed', orderStatus: 'cancelled', reason: text },
        }),
    });
  });
  // An open card intent of the order (a card tried before PayNow), refunds: asked once the cancel is committed.
  await askCardProvider(db, provider, orderId);
  return taskOf(db, paymentId.toLowerCase(), now);
}
