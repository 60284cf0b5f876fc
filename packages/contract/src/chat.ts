import { z } from 'zod';
import {
  CHAT_AFTER_SECONDS_FROM,
  CHAT_MESSAGE_MAX,
  CHAT_PAGE_MAX,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_REASON_VALUES,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_MAX,
  OPTIONAL_EMAIL_KINDS,
} from '@kedai/domain';
import { UnixSeconds, Uuid, queryInt } from './common';

/**
 * The conversation about an order, disputes, notifications and link previews (issue 29). Shoppers
 * reach their own orders' threads (`/order/:id/messages`), staff every thread (`/admin/order/:id/messages`
 * and the inbox). Live updates arrive over the socket at `/ws` (frames below); the HTTP calls are the
 * truth a client catches up from.
 */

export const ChatAuthorRole = z.enum(['shopper', 'staff', 'system']);
export const ChatMessageKind = z.enum(['text', 'photo', 'dispute_opened', 'dispute_refunded', 'dispute_declined', 'dispute_reopened']);

export const ChatMessage = z
  .object({
    id: z.int().describe('Grows within a thread in the order messages were written: catch up with `after=<id>`'),
    orderId: Uuid,
    author: z.object({
      role: ChatAuthorRole,
      /** A staff member's or the shopper's first name; null for the shop's own notes. */
      name: z.string().nullable(),
    }),
    kind: ChatMessageKind,
    /** Plain text: clients show it as text, with links made clickable (`messageParts`), never as HTML. */
    body: z.string(),
    /** A photo's name on the assets host (with a thumbnail, `thumbnailName`); null for other kinds. */
    image: z.string().nullable(),
    disputeId: Uuid.nullable(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Where a thread stands for the side that asks. */
export const ChatThreadState = z
  .object({
    orderId: Uuid,
    lastMessageId: z.int(),
    /** Messages of the other side after the caller's read mark. */
    unread: z.int(),
    /** The caller's read mark, and the other side's ("seen"): message ids, 0 for none. */
    readUpTo: z.int(),
    otherReadUpTo: z.int(),
    /** Staff marked the conversation done (a new shopper message opens it again). */
    done: z.boolean(),
  })
  .meta({ id: 'ChatThreadState' });
export type ChatThreadState = z.infer<typeof ChatThreadState>;

/**
 * `GET /order/{id}/messages`: with `after` (a message id, unix seconds or an ISO 8601 instant; the
 * rule `chatAfterPoint` of packages/domain) the messages after it, oldest first; with `before` (a
 * message id) the `limit` messages just before it, oldest first (paging back); with neither, the
 * newest `limit`, oldest first.
 */
export const ChatMessagesQuery = z.object({
  after: z
    .string()
    .max(40)
    .optional()
    .describe(
      `The messages after it, oldest first. A whole number below ${CHAT_AFTER_SECONDS_FROM} is a message id; from ${CHAT_AFTER_SECONDS_FROM} ` +
        'on, or with a fraction (1764300000.5), unix seconds; or an ISO 8601 date and time from 1970 on. A time reads what was written after it.',
    ),
  before: queryInt(1, Number.MAX_SAFE_INTEGER).optional().describe('A message id: the messages just before it, oldest first'),
  limit: queryInt(1, CHAT_PAGE_MAX).optional(),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

export const ChatMessagePage = z
  .object({
    messages: z.array(ChatMessage),
    /** Paging back (or the newest): older messages exist before the first. After `after`: newer ones exist after the last. */
    hasMore: z.boolean(),
    thread: ChatThreadState,
  })
  .meta({ id: 'ChatMessagePage' });
export type ChatMessagePage = z.infer<typeof ChatMessagePage>;

export const PostChatMessageRequest = z
  .object({
    message: z
      .string()
      .max(CHAT_MESSAGE_MAX * 2)
      .describe(`The text; at most ${CHAT_MESSAGE_MAX} characters once trimmed`),
  })
  .meta({ id: 'PostChatMessageRequest' });

export const PostChatMessageAnswer = z.object({ message: ChatMessage, thread: ChatThreadState }).meta({ id: 'PostChatMessageAnswer' });
export type PostChatMessageAnswer = z.infer<typeof PostChatMessageAnswer>;

/** `POST /order/{id}/update_chat_status`: the thread is read up to this message (a mark never moves back). */
export const UpdateChatStatusRequest = z
  .object({ lastReadMessageId: z.int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .meta({ id: 'UpdateChatStatusRequest' });

/** `GET /chat/unread`: the shopper's unread staff messages, per order and in all. */
export const ChatUnread = z
  .object({ total: z.int(), orders: z.array(z.object({ orderId: Uuid, orderRef: z.string(), unread: z.int() })) })
  .meta({ id: 'ChatUnread' });
export type ChatUnread = z.infer<typeof ChatUnread>;

// The back office's inbox.

export const INBOX_FILTERS = ['waiting', 'open', 'done', 'disputes', 'all'] as const;
export const AdminInboxQuery = z.object({
  filter: z.enum(INBOX_FILTERS).optional().describe('waiting (default): a shopper waits for an answer; open: not marked done'),
  limit: queryInt(1, 100).optional(),
  page: queryInt(1, 100_000).optional(),
});
export type AdminInboxQuery = z.infer<typeof AdminInboxQuery>;

export const AdminConversation = z
  .object({
    orderId: Uuid,
    orderRef: z.string(),
    orderStatus: z.string(),
    shopper: z.object({ name: z.string(), email: z.string() }),
    lastMessage: z.object({ role: ChatAuthorRole, kind: ChatMessageKind, preview: z.string(), at: UnixSeconds }).nullable(),
    /** When the oldest unanswered shopper message was written; null when staff answered. */
    waitingSince: UnixSeconds.nullable(),
    staffUnread: z.int(),
    done: z.boolean(),
    /** The staff member who wrote last. */
    lastStaffAuthor: z.string().nullable(),
    openDispute: z.object({ id: Uuid, reason: z.enum(DISPUTE_REASON_VALUES), openedAt: UnixSeconds }).nullable(),
  })
  .meta({ id: 'AdminConversation' });
export type AdminConversation = z.infer<typeof AdminConversation>;

export const AdminInbox = z
  .object({
    conversations: z.array(AdminConversation),
    total: z.int(),
    counts: z.object({ waiting: z.int(), disputes: z.int() }),
  })
  .meta({ id: 'AdminInbox' });
export type AdminInbox = z.infer<typeof AdminInbox>;

export const AdminConversationDone = z.object({ done: z.boolean() }).meta({ id: 'AdminConversationDone' });
export type AdminConversationDone = z.infer<typeof AdminConversationDone>;

// Disputes.

export const Dispute = z
  .object({
    id: Uuid,
    orderId: Uuid,
    status: z.enum(['open', 'refunded', 'declined']),
    reason: z.enum(DISPUTE_REASON_VALUES),
    description: z.string(),
    openedAt: UnixSeconds,
    resolvedAt: UnixSeconds.nullable(),
    resolution: z.string().nullable(),
    refundAmount: z.int().nullable(),
    /**
     * The photos the shopper sent with the dispute (`POST /order/{id}/disputes/photo`, at most
     * `DISPUTE_PHOTOS_MAX`), oldest first: chat photos, read through the order's photo route.
     */
    photos: z.array(z.string()),
  })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof Dispute>;

export const OpenDisputeRequest = z
  .object({
    reason: z
      .string()
      .max(40)
      .describe(`One of ${DISPUTE_REASON_VALUES.join(', ')}`),
    description: z.string().max(DISPUTE_DESCRIPTION_MAX * 2),
  })
  .meta({ id: 'OpenDisputeRequest' });

export const DisputeList = z.object({ disputes: z.array(Dispute) }).meta({ id: 'DisputeList' });
export type DisputeList = z.infer<typeof DisputeList>;
export const AdminDisputeList = DisputeList.extend({
  whyNotReopen: z
    .string()
    .nullable()
    .describe(
      'Why staff cannot allow a new dispute now, in words (`POST /admin/order/{id}/disputes/reopen` would be 409 with it); null when they can',
    ),
}).meta({ id: 'AdminDisputeList' });
export type AdminDisputeList = z.infer<typeof AdminDisputeList>;

export const AdminResolveDispute = z
  .discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('refund'),
      amount: z.int().min(1).describe('Minor units, through the refunds ledger'),
      note: z.string().max(500).optional(),
    }),
    z.object({ outcome: z.literal('decline'), reason: z.string().min(1).max(500) }),
  ])
  .meta({ id: 'AdminResolveDispute' });
export type AdminResolveDispute = z.infer<typeof AdminResolveDispute>;
export type OpenDisputeRequest = z.infer<typeof OpenDisputeRequest>;

// Notifications.

export const NotificationKind = z.enum(NOTIFICATION_KINDS);

export const Notification = z
  .object({
    id: z.int(),
    kind: NotificationKind,
    subject: z.object({ type: z.enum(['order', 'quotation', 'product']), id: z.string() }),
    /** In words a shopper reads, made by the shop (one place for every client). */
    title: z.string(),
    text: z.string(),
    /** Where it leads on the storefront (a path). */
    link: z.string(),
    createdAt: UnixSeconds,
    read: z.boolean(),
    /** How many notifications this entry folds (1 when not collapsed). */
    count: z.int(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

/** `GET /notification` (the spec's spelling `collasped` kept): 1 or omitted folds bursts; 0 lists each. */
export const NotificationListQuery = z.object({
  collasped: z.enum(['0', '1']).optional(),
  limit: queryInt(1, NOTIFICATION_PAGE_MAX).optional(),
  beforeTime: queryInt(0, 1e11).optional().describe('Unix seconds: only what happened before it'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z
  .object({ notifications: z.array(Notification), unread: z.int(), hasMore: z.boolean() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationList>;

export const MarkNotificationsRead = z
  .object({ ids: z.array(z.int()).max(100).optional().describe('These entries (and the ones they fold); absent: all') })
  .meta({ id: 'MarkNotificationsRead' });

export const OptionalEmailKind = z.enum(OPTIONAL_EMAIL_KINDS);
export const NotificationPreferences = z
  .object({ email: z.record(OptionalEmailKind, z.boolean()) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const UnsubscribeQuery = z.object({ token: z.string().max(300) });

/** `GET /notification/unread` and the answer of marking read: unread groups (what the collapsed feed counts). */
export const NotificationUnread = z.object({ unread: z.int() }).meta({ id: 'NotificationUnread' });
export type NotificationUnread = z.infer<typeof NotificationUnread>;

/** Which e-mail an unsubscribe link names, and whether it is sent now (GET tells; POST turns it off). */
export const UnsubscribeAnswer = z.object({ kind: OptionalEmailKind, email: z.boolean() }).meta({ id: 'UnsubscribeAnswer' });
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswer>;

// Link previews.

export const OpenGraphRequest = z.object({ url: z.string().max(2000) }).meta({ id: 'OpenGraphRequest' });
export const OpenGraphPreview = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    /** https only (the browser loads it without a referrer); null otherwise. */
    image: z.string().nullable(),
    siteName: z.string().nullable(),
  })
  .meta({ id: 'OpenGraphPreview' });
export type OpenGraphPreview = z.infer<typeof OpenGraphPreview>;

// The socket at `/ws` (browsers: `/api/ws` on the storefront's or back office's origin). JSON text frames.

export const SocketClientFrame = z.discriminatedUnion('type', [
  /** Live messages, read marks and typing of one thread; `after`: the last message id the client has (it is sent what follows). */
  z.object({ type: z.literal('subscribe'), orderId: Uuid, after: z.int().min(0).optional() }),
  z.object({ type: z.literal('unsubscribe'), orderId: Uuid }),
  /** Staff only: a `thread` frame whenever any conversation changes (the inbox). */
  z.object({ type: z.literal('inbox') }),
  z.object({ type: z.literal('typing'), orderId: Uuid }),
  z.object({ type: z.literal('ping') }),
]);
export type SocketClientFrame = z.infer<typeof SocketClientFrame>;

export type SocketServerFrame =
  | { type: 'ready'; role: 'shopper' | 'staff' }
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; orderId: string; shopperReadUpTo: number; staffReadUpTo: number }
  | { type: 'typing'; orderId: string; role: 'shopper' | 'staff'; name: string | null }
  | { type: 'counts'; chat: number; notifications: number }
  | { type: 'thread'; orderId: string }
  /** A frame refused; `orderId` names the thread a refused `subscribe` asked for (the page polls it instead, and asks again later). */
  | { type: 'error'; errorCode: string; message: string; orderId?: string }
  | { type: 'pong' };

/** Close codes the socket ends with besides the standard ones; a client refreshes its session and reconnects on 4001. */
export const SOCKET_CLOSE = { sessionExpired: 4001, signedOut: 4003, badFrame: 4400, tooMany: 4429 } as const;
