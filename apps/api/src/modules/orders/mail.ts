import type { FastifyBaseLogger } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { TEST_MODE_NOTICE, formatMoney } from '@kedai/domain';
import { desc, eq, schema, type Database } from '@kedai/db';
import type { Mailer } from '../../platform/mailer';
import { simpleMail } from '../../platform/mail-template';
import { configEntries, shopName } from '../../platform/shop-config';
import { mailContacts } from '../users/service';

/**
 * The e-mails of an order's life (issue 16): placed, paid, shipped, cancelled. Queued after the
 * change is committed (the outbox by default, SMTP when configured); a mail that cannot be queued
 * is logged and never undoes the change.
 */

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'cancelled' | 'transfer_rejected' | 'refunded_part' | 'settle_asked';

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

/** `reason`: staff's words for a part refunded, told to the shopper. */
export async function mailOrder(deps: OrderMailDeps, orderId: string, kind: OrderMailKind, reason?: string): Promise<void> {
  try {
    const [order] = await deps.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    if (!order) return;
    const [contact] = await mailContacts(deps.db, [order.userId]);
    if (!contact) return; // a blocked account is not mailed
    const shop = await shopName(deps.db);
    const shopEmail = String((await configEntries(deps.db)).contact_email);
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
    const lastProblem = latest?.failureMessage ?? null;
    const refunded = latest ? formatMoney(latest.amount, latest.currency) : '';
    const total = formatMoney(order.total, order.currency);
    const ref = order.orderRef;
    const text: Record<OrderMailKind, { subject: string; paragraphs: string[] }> = {
      placed: {
        subject: `Order ${ref} placed`,
        paragraphs: [
          `Thank you for your order ${ref} at ${shop}: ${total}.`,
          order.payBy ? `Please pay for it by ${order.payBy.toUTCString()}; unpaid orders are cancelled after that.` : '',
        ].filter(Boolean),
      },
      paid: {
        subject: `Order ${ref} paid`,
        paragraphs: [`We have received your payment of ${total} for order ${ref}. We will tell you when it ships.`],
      },
      shipped: {
        subject: `Order ${ref} shipped`,
        paragraphs: [
          `Your order ${ref} is on its way.`,
          order.carrier || order.trackingNumber ? `Carrier: ${order.carrier ?? '—'}, tracking number: ${order.trackingNumber ?? '—'}.` : '',
        ].filter(Boolean),
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
          order.payBy ? `You can pay again by ${order.payBy.toUTCString()}, from the order's page.` : '',
        ].filter(Boolean),
      },
      refunded_part: {
        subject: `Order ${ref}: a refund of ${refunded}`,
        paragraphs: [
          latest?.provider === 'paynow'
            ? `The shop is sending ${refunded} of your payment for order ${ref} back to you by PayNow.`
            : `${refunded} of your payment for order ${ref} has been refunded to the card you paid with.`,
          reason ? `The shop says: ${reason}` : '',
        ].filter(Boolean),
      },
      cancelled: {
        subject: `Order ${ref} cancelled`,
        paragraphs: [
          `Your order ${ref} has been cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}.`,
          !order.paidAt
            ? 'Nothing was charged.'
            : order.paymentMethod === 'paynow'
              ? `The shop will send the ${total} you paid back by PayNow.`
              : `The payment of ${total} is refunded to the card you paid with.`,
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
        action: { label: 'See your order', url: `${deps.publicWebUrl}/orders/${order.id}` },
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, orderId, kind }, 'could not queue the order mail');
  }
}
