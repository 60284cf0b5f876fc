/**
 * The conversation about each order (issue 29): its messages, the thread's read marks and waiting
 * state, disputes; the shopper's notification feed and e-mail choices; link previews.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * One row per order with a conversation. Writing a message updates this row first, which locks it:
 * messages of one thread are numbered and committed one after another, so a reader that asks for
 * the messages after id N never misses one committed later with a smaller id.
 */
export const orderThreads = pgTable(
  'order_threads',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's buyer: the shopper's unread total is a sum over their threads. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The last message each side has read (0: none). */
    shopperReadId: bigint('shopper_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    /** Messages of the other side after the read mark. */
    shopperUnread: integer('shopper_unread').notNull().default(0),
    staffUnread: integer('staff_unread').notNull().default(0),
    /** When the oldest shopper message no staff member has answered yet was written; null when answered. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** Staff marked the conversation done; a new shopper message opens it again. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The staff member who wrote last. */
    lastStaffAuthorId: uuid('last_staff_author_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the shopper was last e-mailed about a staff reply (at most one per quarter hour). */
    replyMailedAt: timestamp('reply_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_threads_user_idx').on(t.userId),
    index('order_threads_inbox_idx').on(t.lastMessageAt.desc()),
    index('order_threads_waiting_idx')
      .on(t.waitingSince)
      .where(sql`${t.waitingSince} is not null`),
  ],
);

/** One message of an order's conversation; ids grow in the order messages of a thread were committed. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderThreads.orderId, { onDelete: 'cascade' }),
    /** Null for what the shop itself writes (a dispute resolved by a refund, say). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['shopper', 'staff', 'system'] }).notNull(),
    kind: text('kind', { enum: ['text', 'photo', 'dispute_opened', 'dispute_refunded', 'dispute_declined', 'dispute_reopened'] }).notNull(),
    /** The text as typed (shown as text, never as HTML); for a photo, its caption or ''. */
    body: text('body').notNull().default(''),
    /** A photo's name on the assets host (`chat/<uuid>.webp`). */
    image: text('image'),
    disputeId: uuid('dispute_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_messages_thread_idx').on(t.orderId, t.id)],
);

/** A dispute about a delivered order; at most one open per order. */
export const orderDisputes = pgTable(
  'order_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'refunded', 'declined'] })
      .notNull()
      .default('open'),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The reason given when declined, or staff's note with a refund. */
    resolution: text('resolution'),
    /** Minor units refunded through the refunds ledger when resolved by a refund. */
    refundAmount: bigint('refund_amount', { mode: 'number' }),
    /** Staff allowed a new dispute after the window or after the shopper confirmed receipt. */
    reopenedBy: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_disputes_order_idx').on(t.orderId, t.openedAt),
    uniqueIndex('order_disputes_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What happened to a shopper, newest first. A burst about one subject shares a `group_id` (the id of
 * its first entry): the collapsed feed shows each group once, with its count.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What it is about: `order`, `quotation` or `product`, and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    /** Small facts to show (an order reference, a product's name, a tracking number). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The domain event it comes from: one notification per event and shopper. */
    eventId: bigint('event_id', { mode: 'number' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_group_idx').on(t.userId, t.groupId),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_event_idx').on(t.eventId, t.userId),
  ],
);

/** A shopper's choice for each optional e-mail (absent: the kind's default, which is to send). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Link previews read through the safe fetcher, kept per URL for a while (a failure too, shorter). */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  title: text('title'),
  description: text('description'),
  image: text('image'),
  siteName: text('site_name'),
  /** The errorCode the fetch ended with; null when the page was read. */
  failure: text('failure'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
