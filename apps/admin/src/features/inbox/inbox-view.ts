/**
 * How the inbox and a conversation word things for the shop's staff: how long a shopper has waited,
 * the filters, who wrote a message, and a thread's messages merged from several sources (a page, the
 * socket, a poll) in order and each once.
 */
import type { AdminConversation, AdminInboxQuery, ChatMessage, ChatThreadState } from '@kedai/contract';
import { DISPUTE_REASONS } from '@kedai/domain';

/** The inbox's filters (the contract's `INBOX_FILTERS`, written out: the back office loads no zod). */
export const INBOX_FILTER_ORDER = ['waiting', 'open', 'disputes', 'done', 'all'] as const satisfies readonly NonNullable<
  AdminInboxQuery['filter']
>[];
export type InboxFilter = (typeof INBOX_FILTER_ORDER)[number];

export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  waiting: 'Waiting',
  open: 'Open',
  disputes: 'Disputes',
  done: 'Done',
  all: 'All',
};

export const EMPTY_INBOX_TEXT: Record<InboxFilter, string> = {
  waiting: 'No shopper is waiting for an answer.',
  open: 'No open conversations.',
  disputes: 'No open disputes.',
  done: 'No conversation has been marked done yet.',
  all: 'No shopper has written about an order yet.',
};

export const INBOX_PAGE_SIZE = 30;

export interface InboxState {
  filter: InboxFilter;
  page: number;
  /** The order whose thread is open beside the list; null for none. */
  orderId: string | null;
}

export function inboxStateFrom(search: URLSearchParams): InboxState {
  const filter = search.get('filter');
  const page = Number(search.get('page'));
  const order = search.get('order');
  return {
    filter: INBOX_FILTER_ORDER.includes(filter as InboxFilter) ? (filter as InboxFilter) : 'waiting',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    orderId: order && /^[0-9a-f-]{36}$/i.test(order) ? order : null,
  };
}

export function inboxSearchOf(state: InboxState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.filter !== 'waiting') search.set('filter', state.filter);
  if (state.page > 1) search.set('page', String(state.page));
  if (state.orderId) search.set('order', state.orderId);
  return search;
}

/** "under a minute", "5 min", "2 h 5 min", "3 d 4 h": how long since `since` (unix seconds) at `nowMs`. */
export function durationText(since: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs / 1000 - since) / 60));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** "waiting 2 h 5 min", or null when staff have answered. */
export const waitingText = (conversation: Pick<AdminConversation, 'waitingSince'>, nowMs: number): string | null =>
  conversation.waitingSince === null ? null : `waiting ${durationText(conversation.waitingSince, nowMs)}`;

/** The Waiting filter shows open disputes first, then the longest wait first (as the API does, kept while live updates arrive); the others as the API orders them. */
export function inboxOrder(filter: InboxFilter, conversations: readonly AdminConversation[]): AdminConversation[] {
  if (filter !== 'waiting') return [...conversations];
  const disputeFirst = (c: AdminConversation) => (c.openDispute ? 0 : 1);
  return [...conversations].sort(
    (a, b) => disputeFirst(a) - disputeFirst(b) || (a.waitingSince ?? Infinity) - (b.waitingSince ?? Infinity),
  );
}

/** The last message in a few words with who wrote it: "Shopper: Where is my parcel?". */
export function lastMessageText(conversation: Pick<AdminConversation, 'lastMessage' | 'lastStaffAuthor'>): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const who = last.role === 'shopper' ? 'Shopper' : last.role === 'staff' ? (conversation.lastStaffAuthor ?? 'Staff') : 'Shop';
  const what = last.preview.trim() || (last.kind === 'photo' ? 'sent a photo' : KIND_TEXT[last.kind] || '…');
  return `${who}: ${what}`;
}

export const disputeReasonText = (reason: keyof typeof DISPUTE_REASONS): string => DISPUTE_REASONS[reason];

const KIND_TEXT: Record<ChatMessage['kind'], string> = {
  text: '',
  photo: 'A photo',
  dispute_opened: 'Dispute opened',
  dispute_refunded: 'Dispute resolved: refunded',
  dispute_declined: 'Dispute declined',
  dispute_reopened: 'Dispute reopened',
};

/** A message's heading in the thread: who wrote it, so staff see which colleague answered. */
export function authorText(message: Pick<ChatMessage, 'author' | 'kind'>): string {
  switch (message.author.role) {
    case 'shopper':
      return message.author.name ? `${message.author.name} (shopper)` : 'Shopper';
    case 'staff':
      return message.author.name ? `${message.author.name} (staff)` : 'Staff';
    default:
      return KIND_TEXT[message.kind] || 'Shop';
  }
}

/** Messages from several answers as one thread: by id (the order they were written), each once, the newest copy kept. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const lastIdOf = (messages: readonly ChatMessage[]): number => messages.at(-1)?.id ?? 0;

/** A preview card's picture only when it is https (the browser then loads it without a referrer). */
export const safePreviewImage = (image: string | null): string | null => (image && /^https:\/\//i.test(image) ? image : null);

const clock = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' });

/** "14:05" for today's messages, "25 Nov 2026, 14:05" for older ones; and the form for `<time>`. */
export function messageTime(seconds: number, nowMs: number): { text: string; iso: string } {
  const at = new Date(seconds * 1000);
  const today = new Date(nowMs).toDateString() === at.toDateString();
  return { text: today ? timeOnly.format(at) : clock.format(at), iso: at.toISOString() };
}

/**
 * A thread state that came with a page or a sent message, its read marks never behind the ones the
 * page holds: a poll answered before a live `read` frame arrived must not move them back.
 */
export function newerMarks(held: ChatThreadState | null, incoming: ChatThreadState | undefined): ChatThreadState | null {
  if (!incoming) return held;
  if (!held) return incoming;
  return {
    ...incoming,
    readUpTo: Math.max(held.readUpTo, incoming.readUpTo),
    otherReadUpTo: Math.max(held.otherReadUpTo, incoming.otherReadUpTo),
  };
}

/** What a screen reader is told of a shopper's new message: who, and its first words (or that it is a photo). */
export function arrivedText(message: Pick<ChatMessage, 'author' | 'kind' | 'body'>): string {
  const words = message.kind === 'photo' ? 'a photo' : message.body.length > 80 ? `${message.body.slice(0, 80)}…` : message.body;
  return `New message from ${authorText(message)}: ${words}`;
}
