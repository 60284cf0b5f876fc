/**
 * The order chat on the storefront (issue 29): the calls of the conversation panel and the pure
 * rules behind what it shows (merging pages and live frames, the "Seen" mark, times, errors in words),
 * tested without a browser in chat.test.ts. Calls go through `lib/browser-api` unless a client is given.
 */
import type { ChatMessage, ChatMessagePage, ChatThreadState, OpenGraphPreview } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { CHAT_MESSAGE_MAX, chatPhotoPath, formatDate, formatDateTime } from '@kedai/domain';
import { apiErrorMessage, browserApi, isApiError } from '../../lib/browser-api';

export { CHAT_MESSAGE_MAX };

/** How often the panel asks for new messages while the live socket is not open. */
export const CHAT_POLL_MS = 10_000;
/** Waits before a read mark the API did not take is sent again, growing to the last (ms). */
export const READ_RETRY_MS: readonly number[] = [3_000, 10_000, 30_000, 60_000];
/** How long "The shop is typing…" stays after the last typing frame. */
export const TYPING_SHOWN_MS = 6_000;
/** The panel tells the shop the shopper is typing at most this often. */
export const TYPING_SENT_EVERY_MS = 3_000;
/** The character count shows once the text is this close to the limit. */
export const COUNT_SHOWN_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * Two lists of messages as one, oldest first, each id once: a page, a live frame and a sent
 * message's answer may carry the same message; the later copy wins.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id held (0 for none): what a catch-up asks after. */
export function lastMessageId(messages: readonly ChatMessage[]): number {
  return messages.length === 0 ? 0 : messages[messages.length - 1]!.id;
}

/** The shopper's own newest message the shop has read up to, which carries "Seen"; null when none. */
export function seenMessageId(messages: readonly ChatMessage[], otherReadUpTo: number): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.author.role === 'shopper' && message.id <= otherReadUpTo) return message.id;
  }
  return null;
}

/** A message's time as the shop writes dates: "DD/MM/YYYY, HH:mm". */
export function messageTime(seconds: number, timeZone: string): string {
  return formatDateTime(seconds, timeZone).slice(0, 17);
}

/** The day a message was written ("DD/MM/YYYY"), for the day separators. */
export function messageDay(seconds: number, timeZone: string): string {
  return formatDate(seconds, timeZone);
}

/** Where the browser reads a chat photo (or its thumbnail): the shopper's photo route on this origin; null for a name that is no chat photo's. */
export function photoSrc(orderId: string, image: string | null, size: 'full' | 'thumb'): string | null {
  const path = image ? chatPhotoPath(orderId, image, size, 'shopper') : null;
  return path ? `/api${path}` : null;
}

/** Who wrote a message, as the shopper reads it. */
export function authorLabel(message: Pick<ChatMessage, 'author'>): string {
  if (message.author.role === 'shopper') return 'You';
  if (message.author.role === 'staff') return message.author.name ? `${message.author.name}, the shop` : 'The shop';
  return 'The shop';
}

/** The words for a failed chat call: a status the panel explains itself, else the catalogue message. */
export function chatErrorMessage(error: unknown, action: 'send' | 'photo' | 'load'): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'You are sending messages quickly. Please wait a moment and try again.';
    if (action === 'photo' && error.status === 413) return 'This photo is too large. Please choose a smaller one.';
    if (action === 'photo' && error.status === 415) return 'This file is not a photo we can take. Please choose a JPEG, PNG or WebP image.';
  }
  return apiErrorMessage(error);
}

export type ChatResult<T> = { ok: true; value: T } | { ok: false; message: string };

async function attempt<T>(run: () => Promise<T>, action: 'send' | 'photo' | 'load'): Promise<ChatResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, message: chatErrorMessage(error, action) };
  }
}

/** `GET /order/{id}/messages`: the newest page, the messages after an id, or the page before one. */
export function loadMessages(
  orderId: string,
  query: { after?: number; before?: number } = {},
  api: ApiClient = browserApi,
): Promise<ChatResult<ChatMessagePage>> {
  return attempt(
    () =>
      api.get('/order/:id/messages', {
        params: { id: orderId },
        query: { after: query.after === undefined ? undefined : String(query.after), before: query.before },
      }),
    'load',
  );
}

/** `POST /order/{id}/messages`. */
export function sendMessage(orderId: string, message: string, api: ApiClient = browserApi) {
  return attempt(() => api.post('/order/:id/messages', { params: { id: orderId }, body: { message } }), 'send');
}

/** `POST /order/{id}/messages/photo` with the picked file's bytes. */
export function sendPhoto(orderId: string, file: Blob, api: ApiClient = browserApi) {
  return attempt(() => api.post('/order/:id/messages/photo', { params: { id: orderId }, body: file }), 'photo');
}

/** `POST /order/{id}/update_chat_status`: read up to this message (a mark never moves back). */
export async function markThreadRead(
  orderId: string,
  lastReadMessageId: number,
  api: ApiClient = browserApi,
): Promise<ChatThreadState | null> {
  try {
    return (await api.post('/order/:id/update_chat_status', { params: { id: orderId }, body: { lastReadMessageId } })) ?? null;
  } catch {
    return null; // the caller sends the mark again
  }
}

/** Link previews already asked for, per URL, for the page's life: each card asks once. */
const previews = new Map<string, Promise<OpenGraphPreview | null>>();

/** `POST /opengraph {url}`: a page's title, description, image and site name; null when it has none or is refused. */
export function loadPreview(url: string, api: ApiClient = browserApi): Promise<OpenGraphPreview | null> {
  let preview = previews.get(url);
  if (!preview) {
    preview = api.post('/opengraph', { body: { url } }).then(
      (answer) => (answer.title || answer.description ? answer : null),
      () => null,
    );
    previews.set(url, preview);
  }
  return preview;
}

/** Forgets the previews asked for (tests). */
export function forgetPreviews() {
  previews.clear();
}

/** A preview's picture, only over https (the browser loads it without a referrer). */
export function previewImage(preview: Pick<OpenGraphPreview, 'image'>): string | null {
  return preview.image && preview.image.startsWith('https://') ? preview.image : null;
}
