import type { ChatMessage, ChatMessagePage } from '@kedai/contract';

export const CHAT_ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** A message of the test order's thread: the shopper's text unless told otherwise. */
export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    orderId: CHAT_ORDER_ID,
    author: { role: 'shopper', name: 'Ana' },
    kind: 'text',
    body: 'Hello',
    image: null,
    disputeId: null,
    createdAt: 1_800_000_000,
    ...overrides,
  };
}

/** A page of the thread as `GET /order/{id}/messages` answers it. */
export function chatPage(messages: ChatMessage[], overrides: Partial<ChatMessagePage> = {}): ChatMessagePage {
  const last = messages.at(-1)?.id ?? 0;
  return {
    messages,
    hasMore: false,
    thread: { orderId: CHAT_ORDER_ID, lastMessageId: last, unread: 0, readUpTo: last, otherReadUpTo: 0, done: false },
    ...overrides,
  };
}
