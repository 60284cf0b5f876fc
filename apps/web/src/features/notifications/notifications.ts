/**
 * The shopper's notifications on the storefront (issue 29): the calls of the header's bell, the
 * `/notifications` page, the profile's e-mail choices and the unsubscribe page, and the words they
 * use. Calls go through `lib/browser-api` unless a client is given; failures come back as the
 * shopper's sentence (rules: errors.md), never as throws.
 */
import type { ChatUnread, NotificationList, NotificationPreferences, UnsubscribeAnswer } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { OPTIONAL_EMAIL_KINDS, formatDateTime, type OptionalEmailKind } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';

export type { Loaded };

/** The page of all notifications. */
export const NOTIFICATIONS_PATH = '/notifications';
/** Entries the bell's menu shows (spec §9: five, collapsed). */
export const BELL_SHOWN = 5;
/** While the live channel is not open, the bell reads its counts again this often (ms). */
export const BELL_POLL_MS = 30_000;
/** Entries a page of `/notifications` adds. */
export const NOTIFICATIONS_PAGE = 20;

/** `GET /notification`: the newest (folded) entries, or those before a time. */
export function loadNotifications(
  query: { limit?: number; beforeTime?: number } = {},
  api: ApiClient = browserApi,
): Promise<Loaded<NotificationList>> {
  return loaded(() =>
    api.get('/notification', { query: { collasped: '1', limit: query.limit ?? BELL_SHOWN, beforeTime: query.beforeTime } }),
  );
}

/** `GET /chat/unread`: the shop's messages not read yet, per order and in all. */
export function loadChatUnread(api: ApiClient = browserApi): Promise<Loaded<ChatUnread>> {
  return loaded(() => api.get('/chat/unread'));
}

/** `POST /notification/read`: these entries (and those they fold) read, or all when none are given. */
export function markNotificationsRead(ids?: number[], api: ApiClient = browserApi): Promise<Loaded<unknown>> {
  return loaded(() => api.post('/notification/read', { body: ids ? { ids } : {} }));
}

/** `GET /notification/preferences`. */
export function loadEmailPreferences(api: ApiClient = browserApi): Promise<Loaded<NotificationPreferences>> {
  return loaded(() => api.get('/notification/preferences'));
}

/** `PUT /notification/preferences`. */
export function saveEmailPreferences(email: NotificationPreferences['email'], api: ApiClient = browserApi) {
  return loaded(() => api.put('/notification/preferences', { body: { email } }));
}

/** `GET /notification/unsubscribe?token=`: which e-mail an unsubscribe link names, and whether it is sent now; changes nothing. */
export function unsubscribeTarget(token: string, api: ApiClient = browserApi): Promise<Loaded<UnsubscribeAnswer>> {
  return loaded(() => api.get('/notification/unsubscribe', { query: { token } }));
}

/** `POST /notification/unsubscribe?token=`: turns that e-mail off; only when the shopper presses the button. */
export function unsubscribe(token: string, api: ApiClient = browserApi): Promise<Loaded<UnsubscribeAnswer>> {
  return loaded(() => api.post('/notification/unsubscribe', { query: { token } }));
}

/** The optional e-mails in the shopper's words. */
export const OPTIONAL_EMAIL_LABELS: Record<OptionalEmailKind, { label: string; hint: string }> = {
  'chat.reply': {
    label: 'Replies from the shop',
    hint: 'An e-mail when the shop answers a message about one of your orders while you are away.',
  },
  'product.back_in_stock': {
    label: 'Back in stock',
    hint: 'An e-mail when a product you asked about can be bought again.',
  },
};

export { OPTIONAL_EMAIL_KINDS };

/** What the bell's badge counts: unread notifications and unread messages from the shop. */
export interface BellCounts {
  notifications: number;
  chat: number;
}

/**
 * The badge's number and the bell's accessible name. A staff reply is both an unread message and,
 * once recorded, an unread notification (folded per order), so the badge shows the larger of the two
 * counts rather than their sum: one reply never reads as two.
 */
export function bellLabel(counts: BellCounts): { badge: string | null; name: string } {
  const total = Math.max(counts.notifications, counts.chat);
  const parts: string[] = [];
  if (counts.notifications > 0) parts.push(counts.notifications === 1 ? '1 unread' : `${counts.notifications} unread`);
  if (counts.chat > 0) parts.push(counts.chat === 1 ? '1 new message' : `${counts.chat} new messages`);
  return {
    badge: total === 0 ? null : total > 99 ? '99+' : String(total),
    name: parts.length === 0 ? 'Notifications' : `Notifications, ${parts.join(', ')}`,
  };
}

/** A notification's time as the shop writes dates ("DD/MM/YYYY, HH:mm"). */
export function notificationTime(seconds: number, timeZone: string): string {
  return formatDateTime(seconds, timeZone).slice(0, 17);
}
