/**
 * The conversation about an order, disputes and the shopper's notifications (issue 29): limits, the
 * parts of a message's text, the dispute reasons, and the rule that folds a burst of notifications.
 */

/** Longest message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages one page of a thread answers by default, and at most. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

/**
 * `after` of a thread's page (`GET /order/{id}/messages?after=`) names a point of the thread: a
 * message id or a time, told apart by this rule. A whole number below `CHAT_AFTER_SECONDS_FROM` is a
 * message id (ids count up from 1; a shop writes far fewer than a billion messages); a number from
 * it on, or one with a fraction, is unix seconds (1,000,000,000 is 2001-09-09, before any message);
 * a date and time in ISO 8601 is an instant, from 1970 on (as unix seconds: an earlier one, year 0
 * say, is no time a message has, and the database cannot hold some). A time reads the messages
 * written after it.
 */
export const CHAT_AFTER_SECONDS_FROM = 1_000_000_000;
/** Latest unix seconds `after` takes (as `beforeTime` of the feed): further is no time a message has. */
const CHAT_AFTER_SECONDS_UNTIL = 1e11;

/** The point `after` names, or null for what is neither a message id nor a time (400). */
export function chatAfterPoint(value: string): { messageId: number } | { at: Date } | null {
  const number = /^(\d{1,12})(\.\d{1,9})?$/.exec(value);
  if (number) {
    const amount = Number(value);
    if (amount < CHAT_AFTER_SECONDS_FROM) return number[2] === undefined ? { messageId: amount } : null;
    if (amount > CHAT_AFTER_SECONDS_UNTIL) return null;
    // Milliseconds from the digits themselves: a float's product could land a millisecond short.
    const millis = Number((number[2] ?? '.').slice(1, 4).padEnd(3, '0'));
    return { at: new Date(Number(number[1]) * 1000 + millis) };
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.getTime() < 0 ? null : { at };
}

/** At most one e-mail per thread in this many minutes tells a shopper away from the page of a staff reply. */
export const CHAT_REPLY_MAIL_MINUTES = 15;
/** Longest dispute description, in characters. */
export const DISPUTE_DESCRIPTION_MAX = 2000;
export const DISPUTE_DESCRIPTION_MIN = 10;

/** Why a shopper opens a dispute: a short list, in the words the storefront shows. */
export const DISPUTE_REASONS = {
  not_received: 'The parcel has not arrived',
  damaged: 'An item arrived damaged',
  wrong_item: 'An item is not what I ordered',
  missing_item: 'An item is missing',
  not_as_described: 'An item is not as described',
  other: 'Something else',
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASONS;
export const DISPUTE_REASON_VALUES = Object.keys(DISPUTE_REASONS) as [DisputeReason, ...DisputeReason[]];

export function isDisputeReason(value: unknown): value is DisputeReason {
  return typeof value === 'string' && Object.hasOwn(DISPUTE_REASONS, value);
}

/** A dispute's description as stored (cleaned as a message is), or the limit it misses. */
export function checkDisputeDescription(text: string): { text: string } | { problem: 'too_short' | 'too_long' } {
  const cleaned = cleanMessageText(text) ?? '';
  const length = countedLength(cleaned);
  if (length < DISPUTE_DESCRIPTION_MIN) return { problem: 'too_short' };
  if (length > DISPUTE_DESCRIPTION_MAX) return { problem: 'too_long' };
  return { text: cleaned };
}

/** The conversation's note of an opened dispute: the reason in the storefront's words, then the description. */
export function disputeOpenedText(reason: DisputeReason, description: string): string {
  return `${DISPUTE_REASONS[reason]}\n\n${description}`;
}

/** A message's text cleaned for storing: trimmed, line ends made `\n`; null when nothing is left. */
export function cleanMessageText(text: string): string | null {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    // Control characters other than newline and tab show as nothing or as boxes.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * A text's length as the limits count it: characters (code points) of the cleaned text, so an emoji
 * or a rare CJK character counts once, in the composer as in the API (UTF-16's `length` counts two).
 */
export function countedLength(text: string): number {
  return [...(cleanMessageText(text) ?? '')].length;
}

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) links in running text; a trailing full stop, comma or closing bracket is punctuation, not part of it. */
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * A message's text as parts to show: plain text and links (http and https only), so no client ever
 * renders a user's text as HTML. Each link's `href` is the URL as parsed, never `javascript:`.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0].replace(TRAILING, '');
    let href: string;
    try {
      href = new URL(raw).href;
    } catch {
      continue;
    }
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The first link of a message, which its preview card shows; null when it has none. */
export function firstLink(text: string): string | null {
  return messageParts(text).find((part) => part.kind === 'link')?.href ?? null;
}

/**
 * What a shopper's feed tells of. Each comes from one domain event (or a staff reply) and may also be
 * an e-mail; the optional ones can be turned off on the profile page and carry an unsubscribe link.
 */
export const NOTIFICATION_KINDS = [
  'quotation.answered',
  'quotation.declined',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'transfer.confirmed',
  'transfer.rejected',
  'chat.reply',
  'dispute.resolved',
  'product.back_in_stock',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** E-mails a shopper may turn off (the rest tell of money and orders and are always sent). */
export const OPTIONAL_EMAIL_KINDS = ['chat.reply', 'product.back_in_stock'] as const satisfies readonly NotificationKind[];
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

/**
 * The collapse rule (decision 0024): a notification joins the group of the shopper's latest one about
 * the same subject when that group is unread and its newest entry is at most this old; otherwise it
 * starts a group. The collapsed feed shows each group once: its newest entry, with the group's count.
 */
export const NOTIFICATION_BURST_MINUTES = 60;
/** Notifications one page answers by default (spec §9), and at most. */
export const NOTIFICATION_PAGE_DEFAULT = 5;
export const NOTIFICATION_PAGE_MAX = 50;

export function joinsGroup(latest: { createdAt: Date; read: boolean } | null, now: Date): boolean {
  return latest !== null && !latest.read && now.getTime() - latest.createdAt.getTime() <= NOTIFICATION_BURST_MINUTES * 60_000;
}
