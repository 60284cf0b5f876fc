import type { FastifyBaseLogger } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { TEST_MODE_NOTICE, disputeWindowEnd, formatDateTime, formatMoney, type OrderSummary } from '@kedai/domain';
import { desc, eq, schema, type Database } from '@kedai/db';
import type { Mailer } from '../../platform/mailer';
import type { DomainEvent, DomainEventType } from '../../platform/events';
import type { EventJobPayload, JobKind } from '../../platform/jobs';
import { simpleMail, type MailSection } from '../../platform/mail-template';
import { configEntries, shopName, shopTimeZoneOf } from '../../platform/shop-config';
import { summaryOf } from './receipt';
import { mailContacts } from '../users/service';

/**
 * The e-mails of an order's life (issue 16): placed, paid, shipped, delivered, cancelled, refunded, a PayNow
 * transfer not found. Sent by the `orders.mail` job from the order's domain events (issue 28), so
 * only after the change committed, and never undoing it.
 */

export type OrderMailKind =
  'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'transfer_rejected' | 'refunded_part' | 'settle_asked';

export interface OrderMailDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicWebUrl: string;
  /** No payment moves real money (config `payments.testMode`): every order mail says so. */
  testMode: boolean;
}

/** The order mails' dependencies, from the app. */
export function orderMailDeps(app: FastifyInstance): OrderMailDeps {
  return { db: app.db, mailer: app.mailer, log: app.log, publicWebUrl: app.config.publicWebUrl, testMode: app.config.payments.testMode };
}

/**
 * Mails an order's shopper now, and never fails: a mail that cannot be queued is logged (the PayNow
 * settle job's ask). `reason`: staff's words for a part refunded, told to the shopper.
 */
export async function mailOrder(deps: OrderMailDeps, orderId: string, kind: OrderMailKind, reason?: string): Promise<void> {
  try {
    await sendOrderMail(deps, orderId, kind, { reason });
  } catch (error) {
    deps.log.error({ err: error, orderId, kind }, 'could not queue the order mail');
  }
}

/** What the event told, as it was then (the ledger may have moved on by the time the mail is made). */
interface OrderMailFacts {
  /** Staff's words: the reason for a part refund, or for a transfer not found. */
  reason?: string;
  /** The part refunded, in the order's currency. */
  amount?: number;
}

/** Queues the order mail of `kind`; rejects when it cannot be queued (the event handler's try fails and is retried). */
async function sendOrderMail(deps: OrderMailDeps, orderId: string, kind: OrderMailKind, facts: OrderMailFacts = {}): Promise<void> {
  const { reason } = facts;
  const [order] = await deps.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  if (!order) return;
  const [contact] = await mailContacts(deps.db, [order.userId]);
  if (!contact) return; // a blocked account is not mailed
  const shop = await shopName(deps.db);
  const entries = await configEntries(deps.db);
  const shopEmail = String(entries.contact_email);
  // Times as the pages write them, in the shop's zone (not the server's "GMT").
  const at = (time: Date) => formatDateTime(time, shopTimeZoneOf(entries));
  // Placed and paid mails carry the whole order; the others only what changed.
  const withSummary = kind === 'placed' || kind === 'paid';
  const summary = withSummary ? await summaryOf(deps.db, order) : null;
  // Card orders are often paid before this job runs: their "placed" mail asks for nothing more.
  const awaitingPayment = order.status === 'awaiting_payment';
  // The newest ledger entry: the rejected transfer, or the refund just made.
  const [latest] =
    kind === 'transfer_rejected' || kind === 'refunded_part'
      ? await deps.db
          .select()
          .from(schema.payments)
          .where(eq(schema.payments.orderId, order.id))
          .orderBy(desc(schema.payments.updatedAt), desc(schema.payments.createdAt))
          .limit(1)
      : [];
  const lastProblem = (kind === 'transfer_rejected' ? reason : undefined) ?? latest?.failureMessage ?? null;
  const refunded =
    facts.amount !== undefined ? formatMoney(facts.amount, order.currency) : latest ? formatMoney(latest.amount, latest.currency) : '';
  const total = formatMoney(order.total, order.currency);
  const ref = order.orderRef;
  const disputeEnd = kind === 'delivered' ? disputeWindowEnd(order) : null;
  const orderUrl = `${deps.publicWebUrl}/orders/${order.id}`;
  const text: Record<OrderMailKind, { subject: string; paragraphs: string[] }> = {
    placed: {
      subject: `Order ${ref} placed`,
      paragraphs: [
        `Thank you for your order ${ref} at ${shop}: ${total}.`,
        awaitingPayment && order.payBy
          ? order.paymentMethod === 'paynow'
            ? `Next: pay ${total} by PayNow from the order's page by ${at(order.payBy)}, and tell us your bank's reference; unpaid orders are cancelled after that.`
            : `Next: pay for it from the order's page by ${at(order.payBy)}; unpaid orders are cancelled after that.`
          : order.paidAt
            ? `Your payment is received too; your receipt comes in the next e-mail.`
            : '',
      ].filter(Boolean),
    },
    paid: {
      subject: `Order ${ref} paid`,
      paragraphs: [
        `We have received your payment of ${total} for order ${ref}${order.paidAt ? ` on ${at(order.paidAt)}` : ''}${order.receiptNumber ? ` (receipt ${order.receiptNumber})` : ''}.`,
        `Next: ${shop} packs your order and e-mails you when it ships, with the carrier and the tracking number.`,
      ],
    },
    shipped: {
      subject: `Order ${ref} shipped`,
      paragraphs: [
        `Your order ${ref} is on its way.`,
        order.carrier || order.trackingNumber ? `Carrier: ${order.carrier ?? '—'}, tracking number: ${order.trackingNumber ?? '—'}.` : '',
      ].filter(Boolean),
    },
    delivered: {
      subject: `Order ${ref} delivered`,
      paragraphs: [
        `Your order ${ref} has been delivered.`,
        'Received everything? Confirm it on the order’s page and the order is complete.',
        disputeEnd
          ? `Something wrong with it? Open a dispute on the same page until ${at(disputeEnd)}, with photos if you can, and ${shop} will make it right.`
          : `Something wrong with it? Open a dispute on the same page, with photos if you can, and ${shop} will make it right.`,
      ],
    },
    settle_asked: {
      subject: `Order ${ref}: we have not yet found your PayNow transfer`,
      paragraphs: [
        `We have not yet found your PayNow transfer of ${total} for order ${ref} in ${shop}'s account.`,
        `Please reply to this e-mail or write to ${shopEmail} with proof of the transfer (your bank's confirmation with its reference), or the order may be cancelled and its items released.`,
      ],
    },
    transfer_rejected: {
      subject: `Order ${ref}: your PayNow transfer was not found`,
      paragraphs: [
        `The shop could not find the PayNow transfer you reported for order ${ref}.`,
        `The shop says: ${lastProblem ?? 'no reason given'}`,
        order.payBy ? `You can pay again by ${at(order.payBy)}, from the order's page.` : '',
      ].filter(Boolean),
    },
    refunded_part: {
      subject: `Order ${ref}: a refund of ${refunded}`,
      paragraphs: [
        latest?.provider === 'paynow'
          ? `The shop is sending ${refunded} of your payment for order ${ref} back to you by PayNow.`
          : `${refunded} of your payment for order ${ref} is being refunded to the card you paid with; your bank may take up to 10 working days to show it.`,
        reason ? `The shop says: ${reason}` : '',
      ].filter(Boolean),
    },
    cancelled: {
      subject: `Order ${ref} cancelled`,
      paragraphs: [
        // A reason that ends its sentence itself ("Out of stock.") takes no second full stop.
        `Your order ${ref} has been cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}`.replace(/(?<![.!?…])$/u, '.'),
        !order.paidAt
          ? 'Nothing was charged.'
          : order.paymentMethod === 'paynow'
            ? `The shop will send the ${total} you paid back to you by PayNow, usually within 3 working days.`
            : `The payment of ${total} is being refunded to the card you paid with; it usually reaches your card within 5–10 working days.`,
      ],
    },
  };
  await deps.mailer.send(
    simpleMail({
      to: contact.email,
      subject: text[kind].subject,
      name: contact.firstName,
      // Test mode first, so a shopper of a trial shop never takes the order for a real one.
      paragraphs: [
        ...(deps.testMode ? [`${TEST_MODE_NOTICE}: this shop is on trial, so nothing was charged for real.`] : []),
        ...text[kind].paragraphs,
      ],
      sections: summary ? summarySections(summary) : undefined,
      action:
        kind === 'paid' && order.receiptNumber
          ? { label: 'See your receipt', url: `${orderUrl}/receipt` }
          : kind === 'delivered'
            ? { label: 'Received it?', url: orderUrl }
            : { label: 'See your order', url: orderUrl },
      secondaryAction: kind === 'delivered' ? { label: 'Something wrong?', url: `${orderUrl}#dispute` } : undefined,
    }),
  );
}

/** The order's summary as the mail's tables: what was bought, what it cost, where it goes and how it was paid. */
function summarySections(summary: OrderSummary): MailSection[] {
  return [
    {
      heading: 'Your order',
      rows: summary.lines.map((line) => ({
        label: `${line.quantity} × ${line.name}${line.variant ? ` (${line.variant})` : ''} at ${line.unitPrice}`,
        value: line.lineTotal,
      })),
    },
    { heading: 'Costs', rows: summary.totals.map((row) => ({ label: row.label, value: row.amount })) },
    { heading: 'Delivery to', rows: summary.address.map((line) => ({ label: line, value: '' })) },
    { heading: 'Payment', rows: [{ label: summary.paymentMethod, value: '' }] },
  ];
}

/** The mail each order event brings its shopper, or none. */
function mailFor(event: DomainEvent): { kind: OrderMailKind; facts?: OrderMailFacts } | null {
  const { payload } = event;
  switch (event.type) {
    case 'order.placed':
      return { kind: 'placed' };
    case 'order.paid':
      return { kind: 'paid' };
    case 'order.shipped':
      return { kind: 'shipped' };
    case 'order.delivered':
      return { kind: 'delivered' };
    case 'order.cancelled':
      return { kind: 'cancelled' };
    // A part refund tells the shopper staff's reason; the whole order refunded after a dispute is not mailed.
    case 'order.refunded':
      return payload.part === true
        ? { kind: 'refunded_part', facts: { reason: String(payload.reason ?? ''), amount: Number(payload.amount) } }
        : null;
    // Only while the order awaits payment again: a report released with its order cancelled is told by the cancellation.
    case 'transfer.rejected':
      return payload.orderAwaitingPayment === true ? { kind: 'transfer_rejected', facts: { reason: String(payload.reason ?? '') } } : null;
    default:
      return null;
  }
}

const ORDER_MAIL_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'transfer.rejected',
] as const satisfies readonly DomainEventType[];

/**
 * `orders.mail`: the shopper's mail for each order event, after its change committed. One job per
 * event (the runner's singleton key); jobs are at least once, so a process that dies after queuing
 * the mail and before recording the job done sends it a second time when the job is claimed again —
 * accepted for these notices, as the mail outbox has no key of the event to check.
 */
export function orderMailJob(app: FastifyInstance): JobKind<EventJobPayload> {
  return {
    name: 'orders.mail',
    on: ORDER_MAIL_EVENTS,
    async run({ event }) {
      const mail = mailFor(event);
      if (mail) await sendOrderMail(orderMailDeps(app), event.subject, mail.kind, mail.facts);
    },
  };
}
