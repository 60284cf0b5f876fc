import {
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_DEFAULT,
  OPTIONAL_EMAIL_KINDS,
  joinsGroup,
  type NotificationKind,
  type OptionalEmailKind,
} from '@kedai/domain';
import { and, desc, eq, inArray, lockKey, queryRows, schema, sql, type Database, type SQL, type Transaction } from '@kedai/db';
import type { Notification, NotificationList, NotificationPreferences } from '@kedai/contract';
import { notificationWords, type SubjectType } from './texts';

// The one-click unsubscribe that other modules' optional e-mails carry (back in stock).
export { unsubscribeLinks } from './unsubscribe';

/**
 * The shopper's notification feed (issue 29). Each notification is written once per event and
 * shopper (a unique key on both: a job run twice writes nothing the second time). A burst about one
 * subject (an order, a quotation, a product) shares a group: the collapse rule is
 * `joinsGroup` (packages/domain, decision 0024), applied under a per-shopper lock so two events at
 * once cannot both start a group. Words and links are made when the feed is read (`texts.ts`).
 */

const { notifications, notificationPreferences } = schema;

/**
 * Only the kinds this process can put into words are shown and counted: during a rolling deploy a
 * newer process may write a kind this one does not know yet.
 */
const KNOWN_KIND = sql.raw(`kind IN (${NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', ')})`);

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  subjectType: SubjectType;
  subjectId: string;
  /** Small facts to show: an order reference, a tracking number, a product's name. */
  payload: Record<string, unknown>;
  /** The domain event it comes from; null only for notifications of no event. */
  eventId: number | null;
  at: Date;
}

/**
 * Writes a notification in the caller's transaction, joining the group of the shopper's latest one
 * about the same subject when the collapse rule says so. Answers false when this event already
 * notified this shopper. The caller announces `counts` after its commit.
 */
export async function recordNotification(tx: Transaction, entry: NewNotification): Promise<boolean> {
  await lockKey(tx, `notifications:${entry.userId}`);
  const [latest] = await tx
    .select({ groupId: notifications.groupId, createdAt: notifications.createdAt, readAt: notifications.readAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, entry.userId),
        eq(notifications.subjectType, entry.subjectType),
        eq(notifications.subjectId, entry.subjectId),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  const joins = joinsGroup(latest ? { createdAt: latest.createdAt, read: latest.readAt !== null } : null, entry.at);
  const [written] = await tx
    .insert(notifications)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      // A new group is named by its first entry's id, known only once written.
      groupId: joins ? latest!.groupId : 0,
      payload: entry.payload,
      eventId: entry.eventId,
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] })
    .returning({ id: notifications.id });
  if (!written) return false;
  if (!joins) await tx.update(notifications).set({ groupId: written.id }).where(eq(notifications.id, written.id));
  return true;
}

/**
 * The shopper's unread count for the bell: groups with an unread entry, as the collapsed feed (the
 * default) counts them.
 */
export async function unreadNotificationCount(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(DISTINCT group_id) AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL AND ${KNOWN_KIND}`,
  );
  return Number(row?.n ?? 0);
}

/** Unread entries, each counted (the feed with `collasped=0`). */
async function unreadEntryCount(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL AND ${KNOWN_KIND}`,
  );
  return Number(row?.n ?? 0);
}

interface NotificationRow {
  id: string | number;
  kind: string;
  subject_type: string;
  subject_id: string;
  group_id: string | number;
  payload: Record<string, unknown> | string;
  created_at: string | Date;
  read_at: string | Date | null;
}

const seconds = (at: string | Date): number => Math.floor(new Date(at).getTime() / 1000);

function toNotification(row: NotificationRow, read: boolean, count: number): Notification {
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  const kind = row.kind as NotificationKind;
  const subjectType = row.subject_type as SubjectType;
  const words = notificationWords({ kind, subjectType, subjectId: row.subject_id, payload });
  return {
    id: Number(row.id),
    kind,
    subject: { type: subjectType, id: row.subject_id },
    ...words,
    createdAt: seconds(row.created_at),
    read,
    count,
  };
}

/**
 * A page of items newest first, never split inside one second: `beforeTime` is in whole seconds, so
 * a page that ended between two items of the same second would lose the rest of that second on the
 * next page. `fetch(limit, fromSecond)` answers items (newest first) before the page's bound, at
 * most `limit`, or all from `fromSecond` on.
 */
async function pageBySecond<T extends { time: number }>(
  limit: number,
  fetch: (options: { limit: number } | { fromSecond: number }) => Promise<T[]>,
): Promise<{ items: T[]; hasMore: boolean }> {
  const rows = await fetch({ limit: limit + 1 });
  if (rows.length <= limit) return { items: rows, hasMore: false };
  const last = rows[limit - 1]!.time;
  if (rows[limit]!.time !== last) return { items: rows.slice(0, limit), hasMore: true };
  const items = await fetch({ fromSecond: last });
  const older = await fetch({ limit: items.length + 1 });
  return { items, hasMore: older.length > items.length };
}

export interface ListOptions {
  collapsed: boolean;
  limit?: number | undefined;
  /** Unix seconds: only what happened before it. */
  beforeTime?: number | undefined;
}

/** `GET /notification`. */
export async function listNotifications(db: Database, userId: string, options: ListOptions): Promise<NotificationList> {
  const limit = options.limit ?? NOTIFICATION_PAGE_DEFAULT;
  const before: SQL = options.beforeTime === undefined ? sql`TRUE` : sql`created_at < to_timestamp(${options.beforeTime})`;
  if (!options.collapsed) {
    const page = await pageBySecond(limit, async (bound) => {
      const rows = await queryRows<NotificationRow>(
        db,
        sql`SELECT id, kind, subject_type, subject_id, group_id, payload, created_at, read_at FROM notifications
            WHERE user_id = ${userId} AND ${KNOWN_KIND} AND ${before}
              ${'fromSecond' in bound ? sql`AND created_at >= to_timestamp(${bound.fromSecond})` : sql``}
            ORDER BY created_at DESC, id DESC ${'limit' in bound ? sql`LIMIT ${bound.limit}` : sql``}`,
      );
      return rows.map((row) => ({ row, time: seconds(row.created_at) }));
    });
    return {
      notifications: page.items.map(({ row }) => toNotification(row, row.read_at !== null, 1)),
      unread: await unreadEntryCount(db, userId),
      hasMore: page.hasMore,
    };
  }
  // A group's place is its newest entry's; it shows that entry with the group's count.
  const groupBefore: SQL = options.beforeTime === undefined ? sql`TRUE` : sql`max(created_at) < to_timestamp(${options.beforeTime})`;
  const page = await pageBySecond(limit, async (bound) => {
    const rows = await queryRows<{ group_id: string | number; newest: string | Date; entries: string | number; unread: string | number }>(
      db,
      sql`SELECT group_id, max(created_at) AS newest, count(*) AS entries, count(*) FILTER (WHERE read_at IS NULL) AS unread
          FROM notifications WHERE user_id = ${userId} AND ${KNOWN_KIND}
          GROUP BY group_id
          HAVING ${groupBefore} ${'fromSecond' in bound ? sql`AND max(created_at) >= to_timestamp(${bound.fromSecond})` : sql``}
          ORDER BY newest DESC, group_id DESC ${'limit' in bound ? sql`LIMIT ${bound.limit}` : sql``}`,
    );
    return rows.map((row) => ({ ...row, time: seconds(row.newest) }));
  });
  const groupIds = page.items.map((group) => Number(group.group_id));
  const heads =
    groupIds.length === 0
      ? []
      : await queryRows<NotificationRow>(
          db,
          sql`SELECT DISTINCT ON (group_id) id, kind, subject_type, subject_id, group_id, payload, created_at, read_at FROM notifications
              WHERE user_id = ${userId} AND ${KNOWN_KIND} AND group_id IN (${sql.join(
                groupIds.map((id) => sql`${id}`),
                sql`, `,
              )})
              ORDER BY group_id, created_at DESC, id DESC`,
        );
  const headOf = new Map(heads.map((row) => [Number(row.group_id), row]));
  return {
    notifications: page.items.map((group) =>
      toNotification(headOf.get(Number(group.group_id))!, Number(group.unread) === 0, Number(group.entries)),
    ),
    unread: await unreadNotificationCount(db, userId),
    hasMore: page.hasMore,
  };
}

/**
 * `POST /notification/read`: each id marks its entry and the older entries of its group read (what
 * a collapsed entry folds, as far as the shopper saw it: a newer entry of the group stays unread);
 * no ids: everything. Ids that are not the shopper's are ignored. Answers whether anything changed.
 */
export async function markNotificationsRead(db: Database, userId: string, ids: number[] | undefined, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (ids !== undefined && ids.length === 0) return false;
  const which =
    ids === undefined
      ? sql`TRUE`
      : sql`EXISTS (SELECT 1 FROM notifications seen WHERE seen.user_id = ${userId} AND seen.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND seen.group_id = notifications.group_id AND notifications.id <= seen.id)`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE notifications SET read_at = ${at} WHERE user_id = ${userId} AND read_at IS NULL AND ${which} RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The shopper read their order's conversation up to message `readUpTo`: the shop's replies it holds
 * are no longer news. Marks read their unread `chat.reply` entries of that order up to that message;
 * answers whether anything changed (the caller then announces `counts`).
 */
export async function markChatRepliesRead(db: Database, userId: string, orderId: string, readUpTo: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE notifications SET read_at = ${now.toISOString()}::timestamptz
        WHERE user_id = ${userId} AND kind = 'chat.reply' AND subject_type = 'order' AND subject_id = ${orderId}
          AND read_at IS NULL AND (payload->>'messageId')::bigint <= ${readUpTo}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** The shopper's choice for each optional e-mail (absent: on). */
export async function notificationPreferencesOf(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return {
    email: Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((kind) => [kind, chosen.get(kind) ?? true])) as NotificationPreferences['email'],
  };
}

/** Records the shopper's choices; kinds not named are left as they were. */
export async function setEmailPreferences(
  db: Database,
  userId: string,
  email: Partial<Record<OptionalEmailKind, boolean>>,
  now: Date,
): Promise<NotificationPreferences> {
  const rows = OPTIONAL_EMAIL_KINDS.filter((kind) => typeof email[kind] === 'boolean').map((kind) => ({
    userId,
    kind,
    email: email[kind]!,
    updatedAt: now,
  }));
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
      });
  }
  return notificationPreferencesOf(db, userId);
}

/** Of these shoppers, those who want the optional e-mail of `kind` (all, unless they turned it off). */
export async function wantEmail(db: Database, userIds: string[], kind: OptionalEmailKind): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const off = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, userIds),
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.email, false),
      ),
    );
  const refused = new Set(off.map((row) => row.userId));
  return new Set(userIds.filter((id) => !refused.has(id)));
}
