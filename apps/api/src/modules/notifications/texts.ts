import { formatMoney, type NotificationKind } from '@kedai/domain';

/**
 * The words and the storefront link of each notification kind, in the one place every client reads
 * them from (the feed answers them; the e-mails of the kinds this module sends use them too). Made
 * when the feed is read, from the small facts the notification kept when it was written, so better
 * wording reaches old notifications too.
 */

export type SubjectType = 'order' | 'quotation' | 'product';

export interface NotificationFacts {
  kind: NotificationKind;
  subjectType: SubjectType;
  subjectId: string;
  payload: Record<string, unknown>;
}

export interface NotificationWords {
  title: string;
  text: string;
  /** A storefront path. */
  link: string;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function money(amount: unknown, currency: unknown): string | null {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || !/^[A-Za-z]{3}$/.test(String(currency))) return null;
  try {
    return formatMoney(amount, String(currency));
  } catch {
    return null;
  }
}

/** The storefront path a notification leads to. */
function notificationLink(subjectType: SubjectType, subjectId: string, payload: Record<string, unknown>): string {
  switch (subjectType) {
    case 'order':
      return `/orders/${encodeURIComponent(subjectId)}`;
    case 'quotation':
      return '/quotations';
    case 'product':
      return `/product/${encodeURIComponent(str(payload.paramName) ?? subjectId)}`;
  }
}

/** A message's text cut to a line for the feed. */
export function snippet(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Title, text and link of one notification, in words a shopper understands. */
export function notificationWords(facts: NotificationFacts): NotificationWords {
  const { payload } = facts;
  const link = notificationLink(facts.subjectType, facts.subjectId, payload);
  const order = `Order ${str(payload.orderRef) ?? ''}`.trim();
  const reason = str(payload.reason);
  const item = str(payload.name) ?? 'your item';
  const words = (title: string, text: string): NotificationWords => ({ title, text, link });
  switch (facts.kind) {
    case 'order.paid': {
      const total = money(payload.amount, payload.currency);
      return words(`${order} is paid`, `We have received your payment${total ? ` of ${total}` : ''}. We will tell you when it ships.`);
    }
    case 'order.shipped': {
      const carrier = str(payload.carrier);
      const tracking = str(payload.trackingNumber);
      const how = tracking ? `Tracking number: ${tracking}${carrier ? ` (${carrier})` : ''}.` : carrier ? `Carrier: ${carrier}.` : '';
      return words(`${order} has shipped`, `Your order is on its way. ${how}`.trim());
    }
    case 'order.delivered':
      return words(`${order} was delivered`, 'Your order has arrived. Something wrong with it? Tell us from the order page.');
    case 'order.cancelled':
      return words(`${order} was cancelled`, reason ? `Reason: ${reason}` : 'Your order has been cancelled.');
    case 'order.refunded': {
      const amount = money(payload.amount, payload.currency);
      return payload.part === true
        ? words(
            `${order}: a refund${amount ? ` of ${amount}` : ''}`,
            reason ? `The shop says: ${reason}` : 'Part of your payment is being refunded.',
          )
        : words(`${order} was refunded`, 'Your payment for this order is being refunded.');
    }
    case 'transfer.confirmed':
      return words(
        `${order}: PayNow transfer received`,
        payload.orderPaid === true ? 'The shop found your transfer; your order is paid.' : 'The shop found your transfer.',
      );
    case 'transfer.rejected':
      return words(
        `${order}: PayNow transfer not found`,
        `The shop could not find the transfer you reported.${reason ? ` The shop says: ${reason}` : ''}`,
      );
    case 'chat.reply':
      return words(`The shop replied about ${order.replace(/^Order/, 'order')}`, str(payload.preview) ?? 'Open the order to read it.');
    case 'dispute.resolved': {
      const amount = money(payload.refundAmount, payload.currency);
      return payload.outcome === 'refunded'
        ? words(`${order}: your dispute is resolved`, `The shop is refunding ${amount ?? 'you'}.${reason ? ` ${reason}` : ''}`)
        : words(`${order}: your dispute was declined`, reason ? `The shop says: ${reason}` : 'The shop declined your dispute.');
    }
    case 'quotation.answered':
      return words(`Your quotation for ${item} is ready`, 'See the price and add it to your cart.');
    case 'quotation.declined':
      return words(`We cannot get ${item}`, reason ? `The shop says: ${reason}` : 'The shop declined your quotation request.');
    case 'product.back_in_stock':
      return words(
        `${item === 'your item' ? 'A product you asked about' : item} is back in stock`,
        'It may sell out again, so do not wait too long.',
      );
  }
}
