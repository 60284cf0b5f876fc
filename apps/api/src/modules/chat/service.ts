import {
  AppError,
  CHAT_MESSAGE_MAX,
  countedLength,
  CHAT_PAGE_DEFAULT,
  chatAfterPoint,
  cleanMessageText,
  isUuid,
  toUnixSeconds,
  type DisputeReason,
} from '@kedai/domain';
import { and, asc, desc, eq, gt, inArray, lt, queryRows, schema, sql, type Database, type SQL } from '@kedai/db';
import type {
  AdminConversation,
  AdminInbox,
  AdminInboxQuery,
  AdminConversationDone,
  ChatMessage,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatThreadState,
  PostChatMessageAnswer,
} from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { recordEvent } from '../../platform/events';

// The thread's mark of its last staff-reply e-mail, set for the notifications module's mail job.
export { markReplyMailed, unmarkReplyMailed } from './reply-mail';

/**
 * The conversation about an order (issue 29): a shopper talks with staff on their own order's thread,
 * staff on every thread. Writing a message upserts the thread row first, which locks it: the messages
 * of one thread get their ids and commit one after another, so a reader asking for the messages
 * after id N never misses one committed later with a smaller id.
 */

const { orderThreads, orderMessages, orders, users } = schema;

export type ChatSide = 'shopper' | 'staff';
type AuthorRole = 'shopper' | 'staff' | 'system';
type MessageKind = ChatMessage['kind'];
type AdminInboxFilter = NonNullable<AdminInboxQuery['filter']>;

const notFound = () => new AppError('order/not_found');

/** The order exists and `caller` is its buyer or staff; else 404 `order/not_found` (malformed ids too). */
export async function threadAccess(
  db: Database,
  orderId: string,
  caller: { userId: string; staff: boolean },
): Promise<{ buyerId: string }> {
  if (typeof orderId !== 'string' || !isUuid(orderId)) throw notFound();
  const [order] = await db.select({ buyerId: orders.userId }).from(orders).where(eq(orders.id, orderId.toLowerCase())).limit(1);
  if (!order || (!caller.staff && order.buyerId !== caller.userId)) throw notFound();
  return { buyerId: order.buyerId };
}

type MessageRow = {
  id: number;
  orderId: string;
  authorRole: AuthorRole;
  authorName: string | null;
  kind: MessageKind;
  body: string;
  image: string | null;
  disputeId: string | null;
  createdAt: Date;
};

const messageColumns = {
  id: orderMessages.id,
  orderId: orderMessages.orderId,
  authorRole: orderMessages.authorRole,
  authorName: users.firstName,
  kind: orderMessages.kind,
  body: orderMessages.body,
  image: orderMessages.image,
  disputeId: orderMessages.disputeId,
  createdAt: orderMessages.createdAt,
};

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    orderId: row.orderId,
    author: { role: row.authorRole, name: row.authorRole === 'system' ? null : row.authorName },
    kind: row.kind,
    body: row.body,
    image: row.image,
    disputeId: row.disputeId,
    createdAt: toUnixSeconds(row.createdAt),
  };
}

function selectMessages(db: Database) {
  return db.select(messageColumns).from(orderMessages).leftJoin(users, eq(users.id, orderMessages.authorId));
}

/** The messages of a thread after id `afterId`, oldest first, at most `limit`. */
export async function messagesAfter(db: Database, orderId: string, afterId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await selectMessages(db)
    .where(and(eq(orderMessages.orderId, orderId), gt(orderMessages.id, afterId)))
    .orderBy(asc(orderMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** The `limit` messages just before id `beforeId` (all the newest when null), oldest first. */
async function messagesBefore(db: Database, orderId: string, beforeId: number | null, limit: number): Promise<ChatMessage[]> {
  const rows = await selectMessages(db)
    .where(and(eq(orderMessages.orderId, orderId), beforeId === null ? undefined : lt(orderMessages.id, beforeId)))
    .orderBy(desc(orderMessages.id))
    .limit(limit);
  return rows.reverse().map(toMessage);
}

/** The id of the last message written at or before `at` (0 for none): `after=<instant>` reads from there. */
async function lastMessageIdAt(db: Database, orderId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${orderMessages.id}), 0)` })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), sql`${orderMessages.createdAt} <= ${at.toISOString()}::timestamptz`));
  return Number(row?.id ?? 0);
}

/** Where the thread stands for `side`; zeros while it has no message. */
export async function threadState(db: Database, orderId: string, side: ChatSide): Promise<ChatThreadState> {
  const [row] = await db
    .select({
      lastMessageId: orderThreads.lastMessageId,
      shopperReadId: orderThreads.shopperReadId,
      staffReadId: orderThreads.staffReadId,
      shopperUnread: orderThreads.shopperUnread,
      staffUnread: orderThreads.staffUnread,
      doneAt: orderThreads.doneAt,
    })
    .from(orderThreads)
    .where(eq(orderThreads.orderId, orderId))
    .limit(1);
  if (!row) return { orderId, lastMessageId: 0, unread: 0, readUpTo: 0, otherReadUpTo: 0, done: false };
  const shopper = side === 'shopper';
  return {
    orderId,
    lastMessageId: Number(row.lastMessageId),
    unread: shopper ? row.shopperUnread : row.staffUnread,
    readUpTo: Number(shopper ? row.shopperReadId : row.staffReadId),
    otherReadUpTo: Number(shopper ? row.staffReadId : row.shopperReadId),
    done: row.doneAt !== null,
  };
}

/** Both sides' read marks (0 for none). */
export async function readMarks(db: Database, orderId: string): Promise<{ shopperReadUpTo: number; staffReadUpTo: number }> {
  const [row] = await db
    .select({ shopper: orderThreads.shopperReadId, staff: orderThreads.staffReadId })
    .from(orderThreads)
    .where(eq(orderThreads.orderId, orderId))
    .limit(1);
  return { shopperReadUpTo: Number(row?.shopper ?? 0), staffReadUpTo: Number(row?.staff ?? 0) };
}

/** The staff messages (and the shop's notes) a shopper has not read, over all their orders. */
export async function shopperUnreadTotal(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderThreads.shopperUnread}), 0)::int` })
    .from(orderThreads)
    .where(eq(orderThreads.userId, userId));
  return Number(row?.total ?? 0);
}

/** The shopper's unread messages per order (orders with none left out) and in all. */
export async function shopperUnread(
  db: Database,
  userId: string,
): Promise<{ total: number; orders: { orderId: string; orderRef: string; unread: number }[] }> {
  const rows = await db
    .select({ orderId: orderThreads.orderId, orderRef: orders.orderRef, unread: orderThreads.shopperUnread })
    .from(orderThreads)
    .innerJoin(orders, eq(orders.id, orderThreads.orderId))
    .where(and(eq(orderThreads.userId, userId), gt(orderThreads.shopperUnread, 0)))
    .orderBy(desc(orderThreads.lastMessageAt));
  return { total: rows.reduce((sum, row) => sum + row.unread, 0), orders: rows };
}

export interface NewMessage {
  orderId: string;
  authorId: string | null;
  authorRole: AuthorRole;
  kind: MessageKind;
  body: string;
  image?: string | null;
  disputeId?: string | null;
  now: Date;
}

/**
 * Makes the order's thread row if it has none and locks it until the transaction ends (an upsert
 * locks the row it meets): writers of one thread go one at a time. 404 when the order is gone.
 */
async function lockThread(tx: Database, orderId: string): Promise<void> {
  const locked = await queryRows<{ order_id: string }>(
    tx,
    sql`INSERT INTO order_threads (order_id, user_id)
      SELECT id, user_id FROM orders WHERE id = ${orderId}::uuid
      ON CONFLICT (order_id) DO UPDATE SET user_id = excluded.user_id
      RETURNING order_id`,
  );
  if (locked.length === 0) throw notFound();
}

type ThreadRow = {
  last_message_id: number | string;
  shopper_read_id: number | string;
  staff_read_id: number | string;
  shopper_unread: number;
  staff_unread: number;
  done: boolean;
};

/** The thread's state for `side` from its row. */
function stateOf(orderId: string, row: ThreadRow, side: ChatSide): ChatThreadState {
  const shopper = side === 'shopper';
  return {
    orderId,
    lastMessageId: Number(row.last_message_id),
    unread: Number(shopper ? row.shopper_unread : row.staff_unread),
    readUpTo: Number(shopper ? row.shopper_read_id : row.staff_read_id),
    otherReadUpTo: Number(shopper ? row.staff_read_id : row.shopper_read_id),
    done: row.done,
  };
}

/**
 * Writes a message inside the caller's transaction `tx` (the disputes module writes its notes in its
 * own). The thread row is upserted FIRST: `insert … on conflict do update` locks it until `tx` ends,
 * so the messages of one thread take their ids, and commit, in one order. Then, in one statement, the
 * message and the thread's counters (the other side's unread, waiting, done, last staff author), and
 * the `chat.message` domain event, all in `tx`. The caller announces the change after the commit.
 */
export async function writeMessage(tx: Database, input: NewMessage): Promise<ChatMessage> {
  return (await writeMessageAndThread(tx, input)).message;
}

/** `writeMessage`, also answering the thread's row as the message left it (still locked: nobody else moved it). */
async function writeMessageAndThread(tx: Database, input: NewMessage): Promise<{ message: ChatMessage; thread: ThreadRow }> {
  const { orderId, authorRole, now } = input;
  const at = now.toISOString();
  await lockThread(tx, orderId);
  // The shop's own notes (system) count for the shopper, as staff messages do.
  const counters =
    authorRole === 'shopper'
      ? // A conversation marked done starts a new wait; else the oldest unanswered message's stays.
        sql`staff_unread = staff_unread + 1,
          waiting_since = CASE WHEN done_at IS NULL THEN coalesce(waiting_since, ${at}::timestamptz) ELSE ${at}::timestamptz END,
          done_at = NULL`
      : authorRole === 'staff'
        ? sql`shopper_unread = shopper_unread + 1, waiting_since = NULL, last_staff_author_id = ${input.authorId}::uuid`
        : sql`shopper_unread = shopper_unread + 1`;
  const [row] = await queryRows<ThreadRow & { id: number | string; author_name: string | null }>(
    tx,
    sql`WITH m AS (
        INSERT INTO order_messages (order_id, author_id, author_role, kind, body, image, dispute_id, created_at)
        VALUES (${orderId}::uuid, ${input.authorId}::uuid, ${authorRole}, ${input.kind}, ${input.body}, ${input.image ?? null},
          ${input.disputeId ?? null}::uuid, ${at}::timestamptz)
        RETURNING id, author_id),
      t AS (
        UPDATE order_threads SET last_message_id = (SELECT id FROM m), last_message_at = ${at}::timestamptz, ${counters}
        WHERE order_id = ${orderId}::uuid
        RETURNING last_message_id, shopper_read_id, staff_read_id, shopper_unread, staff_unread, done_at IS NOT NULL AS done)
      SELECT m.id, u.first_name AS author_name, t.* FROM m CROSS JOIN t LEFT JOIN users u ON u.id = m.author_id`,
  );
  const id = Number(row!.id);
  await recordEvent(tx, { type: 'chat.message', subject: orderId, payload: { messageId: id, role: authorRole } });
  const message = toMessage({
    id,
    orderId,
    authorRole,
    authorName: row!.author_name,
    kind: input.kind,
    body: input.body,
    image: input.image ?? null,
    disputeId: input.disputeId ?? null,
    createdAt: now,
  });
  return { message, thread: row! };
}

/**
 * Moves `side`'s read mark to `lastReadMessageId` (never back; past the last message it stops at the
 * last) and recounts that side's unread. Answers whether the mark moved.
 */
async function markRead(db: Database, orderId: string, side: ChatSide, lastReadMessageId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({
        lastMessageId: orderThreads.lastMessageId,
        shopperReadId: orderThreads.shopperReadId,
        staffReadId: orderThreads.staffReadId,
      })
      .from(orderThreads)
      .where(eq(orderThreads.orderId, orderId))
      .for('update');
    if (!thread) return false;
    const current = Number(side === 'shopper' ? thread.shopperReadId : thread.staffReadId);
    const mark = Math.min(lastReadMessageId, Number(thread.lastMessageId));
    if (mark <= current) return false;
    // The other side's messages after the new mark.
    const otherRoles: AuthorRole[] = side === 'shopper' ? ['staff', 'system'] : ['shopper'];
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, orderId), gt(orderMessages.id, mark), inArray(orderMessages.authorRole, otherRoles)));
    const unread = Number(left?.count ?? 0);
    await tx
      .update(orderThreads)
      .set(side === 'shopper' ? { shopperReadId: mark, shopperUnread: unread } : { staffReadId: mark, staffUnread: unread })
      .where(eq(orderThreads.orderId, orderId));
    return true;
  });
}

/** `after` of `GET …/messages`: a message id, unix seconds or an ISO 8601 instant (`chatAfterPoint`); else 400. */
function parseAfter(value: string): { messageId: number } | { at: Date } {
  const point = chatAfterPoint(value);
  if (!point) throw new AppError('general/argument_error', ['after must be a message id, unix seconds or an ISO 8601 instant']);
  return point;
}

/**
 * A page of a thread for `side` (`GET /order/{id}/messages` and the back office's): after `after`
 * (oldest first; `hasMore`: newer ones follow), before `before` (paging back; `hasMore`: older ones
 * precede), or the newest `limit`.
 */
export async function listMessages(db: Database, orderId: string, side: ChatSide, query: ChatMessagesQuery): Promise<ChatMessagePage> {
  const limit = query.limit ?? CHAT_PAGE_DEFAULT;
  if (query.after !== undefined && query.before !== undefined) {
    throw new AppError('general/argument_error', ['give after or before, not both']);
  }
  let messages: ChatMessage[];
  let hasMore: boolean;
  if (query.after !== undefined) {
    const after = parseAfter(query.after);
    const afterId = 'messageId' in after ? after.messageId : await lastMessageIdAt(db, orderId, after.at);
    messages = await messagesAfter(db, orderId, afterId, limit + 1);
    hasMore = messages.length > limit;
    if (hasMore) messages = messages.slice(0, limit);
  } else {
    messages = await messagesBefore(db, orderId, query.before ?? null, limit + 1);
    hasMore = messages.length > limit;
    if (hasMore) messages = messages.slice(1);
  }
  return { messages, hasMore, thread: await threadState(db, orderId, side) };
}

/** The text of a new message: cleaned, 400 `chat/empty_message` when nothing is left, `chat/message_too_long` past the limit. */
export function messageText(raw: string): string {
  const text = cleanMessageText(raw);
  if (text === null) throw new AppError('chat/empty_message');
  if (countedLength(text) > CHAT_MESSAGE_MAX) throw new AppError('chat/message_too_long', [CHAT_MESSAGE_MAX]);
  return text;
}

export interface PostBy {
  orderId: string;
  authorId: string;
  role: ChatSide;
  now: Date;
}

/** A shopper's or a staff member's message in its own transaction (a staff member's with its audit row). */
export async function postMessage(
  db: Database,
  by: PostBy,
  content: { kind: 'text'; body: string } | { kind: 'photo'; image: string },
): Promise<PostChatMessageAnswer> {
  const { message, thread } = await db.transaction(async (tx) => {
    const written = await writeMessageAndThread(tx, {
      orderId: by.orderId,
      authorId: by.authorId,
      authorRole: by.role,
      kind: content.kind,
      body: content.kind === 'text' ? content.body : '',
      image: content.kind === 'photo' ? content.image : null,
      now: by.now,
    });
    if (by.role === 'staff') {
      await recordAudit(tx, {
        actorId: by.authorId,
        action: 'chat.message',
        objectType: 'order',
        objectId: by.orderId,
        before: null,
        after: { messageId: written.message.id, kind: written.message.kind },
      });
    }
    return written;
  });
  // The thread as this message left it, read in its own statement (no read after the commit).
  return { message, thread: stateOf(by.orderId, thread, by.role) };
}

/**
 * `POST …/update_chat_status`: `side`'s read mark moves to `lastReadMessageId` (never back, at most the
 * last message). Staff's with an audit row. Answers the thread's state and whether the mark moved.
 */
export async function updateReadMark(
  db: Database,
  orderId: string,
  side: ChatSide,
  lastReadMessageId: number,
  staffId: string | null,
): Promise<{ thread: ChatThreadState; moved: boolean }> {
  const moved = await db.transaction(async (tx) => {
    const before = await readMarks(tx, orderId);
    const changed = await markRead(tx, orderId, side, lastReadMessageId);
    if (staffId !== null) {
      const after = changed ? await readMarks(tx, orderId) : before;
      await recordAudit(tx, {
        actorId: staffId,
        action: 'chat.read',
        objectType: 'order',
        objectId: orderId,
        before: { readUpTo: before.staffReadUpTo },
        after: { readUpTo: after.staffReadUpTo },
      });
    }
    return changed;
  });
  return { thread: await threadState(db, orderId, side), moved };
}

/** `POST /admin/order/{id}/chat_done`: staff mark the conversation done (or open again); a new shopper message opens it. */
export async function setDone(db: Database, orderId: string, done: boolean, staffId: string, now: Date): Promise<AdminConversationDone> {
  await db.transaction(async (tx) => {
    await lockThread(tx, orderId);
    const [thread] = await tx.select({ doneAt: orderThreads.doneAt }).from(orderThreads).where(eq(orderThreads.orderId, orderId));
    const wasDone = thread!.doneAt !== null;
    if (done !== wasDone)
      await tx
        .update(orderThreads)
        .set({ doneAt: done ? now : null })
        .where(eq(orderThreads.orderId, orderId));
    await recordAudit(tx, {
      actorId: staffId,
      action: 'chat.done',
      objectType: 'order',
      objectId: orderId,
      before: { done: wasDone },
      after: { done },
    });
  });
  return { done };
}

const INBOX_WHERE: Record<AdminInboxFilter, SQL> = {
  waiting: sql`t.waiting_since IS NOT NULL AND t.done_at IS NULL`,
  open: sql`t.done_at IS NULL`,
  done: sql`t.done_at IS NOT NULL`,
  disputes: sql`d.id IS NOT NULL`,
  all: sql`TRUE`,
};
/** Open disputes first (`false` sorts before `true`); then the longest wait, or the latest message; disputes: opened longest ago first. */
const INBOX_ORDER: Record<AdminInboxFilter, SQL> = {
  waiting: sql`d.id IS NULL, t.waiting_since ASC, t.order_id`,
  open: sql`d.id IS NULL, t.last_message_at DESC NULLS LAST, t.order_id`,
  done: sql`t.last_message_at DESC NULLS LAST, t.order_id`,
  disputes: sql`d.opened_at ASC, t.order_id`,
  all: sql`d.id IS NULL, t.last_message_at DESC NULLS LAST, t.order_id`,
};
const PREVIEW_LENGTH = 140;
const INBOX_PAGE_DEFAULT = 25;

type InboxRow = {
  order_id: string;
  order_ref: string;
  order_status: string;
  shopper_name: string;
  shopper_email: string;
  last_role: AuthorRole | null;
  last_kind: MessageKind | null;
  last_body: string | null;
  last_at: Date | string | null;
  waiting_since: Date | string | null;
  staff_unread: number;
  done: boolean;
  last_staff_author: string | null;
  dispute_id: string | null;
  dispute_reason: string | null;
  dispute_opened_at: Date | string | null;
};

const seconds = (value: Date | string) => toUnixSeconds(new Date(value));

/**
 * `GET /admin/inbox`: the conversations of one filter, a page at a time, with the counts the back
 * office's badges show (waiting, open disputes). Threads only: an order nobody wrote about is not listed.
 */
export async function adminInbox(db: Database, query: AdminInboxQuery): Promise<AdminInbox> {
  const filter = query.filter ?? 'waiting';
  const limit = query.limit ?? INBOX_PAGE_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const from = sql`FROM order_threads t
    JOIN orders o ON o.id = t.order_id
    LEFT JOIN order_disputes d ON d.order_id = t.order_id AND d.status = 'open'`;
  const rows = await queryRows<InboxRow>(
    db,
    sql`SELECT t.order_id, o.order_ref, o.status AS order_status,
        trim(u.first_name || ' ' || u.last_name) AS shopper_name, u.email AS shopper_email,
        m.author_role AS last_role, m.kind AS last_kind, left(m.body, ${PREVIEW_LENGTH}) AS last_body, m.created_at AS last_at,
        t.waiting_since, t.staff_unread, t.done_at IS NOT NULL AS done, s.first_name AS last_staff_author,
        d.id AS dispute_id, d.reason AS dispute_reason, d.opened_at AS dispute_opened_at
      ${from}
      JOIN users u ON u.id = o.user_id
      LEFT JOIN order_messages m ON m.id = t.last_message_id
      LEFT JOIN users s ON s.id = t.last_staff_author_id
      WHERE ${INBOX_WHERE[filter]}
      ORDER BY ${INBOX_ORDER[filter]}
      LIMIT ${limit} OFFSET ${offset}`,
  );
  const [totals] = await queryRows<{ total: number; waiting: number; disputes: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${INBOX_WHERE[filter]})::int AS total,
        count(*) FILTER (WHERE ${INBOX_WHERE.waiting})::int AS waiting,
        count(*) FILTER (WHERE ${INBOX_WHERE.disputes})::int AS disputes
      ${from}`,
  );
  return {
    conversations: rows.map((row): AdminConversation => ({
      orderId: row.order_id,
      orderRef: row.order_ref,
      orderStatus: row.order_status,
      shopper: { name: row.shopper_name, email: row.shopper_email },
      lastMessage:
        row.last_role && row.last_kind && row.last_at
          ? { role: row.last_role, kind: row.last_kind, preview: row.last_body ?? '', at: seconds(row.last_at) }
          : null,
      waitingSince: row.waiting_since === null ? null : seconds(row.waiting_since),
      staffUnread: Number(row.staff_unread),
      done: row.done,
      lastStaffAuthor: row.last_staff_author,
      openDispute:
        row.dispute_id && row.dispute_opened_at
          ? { id: row.dispute_id, reason: row.dispute_reason as DisputeReason, openedAt: seconds(row.dispute_opened_at) }
          : null,
    })),
    total: Number(totals?.total ?? 0),
    counts: { waiting: Number(totals?.waiting ?? 0), disputes: Number(totals?.disputes ?? 0) },
  };
}
