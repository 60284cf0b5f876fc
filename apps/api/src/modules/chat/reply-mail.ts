import { and, eq, isNull, lte, or, schema, type Database } from '@kedai/db';

/**
 * The thread's mark of the last e-mail that told its shopper of a staff reply (at most one per
 * `CHAT_REPLY_MAIL_MINUTES`), for the notifications module's mail job: the thread is this module's
 * table, so the mark is set here.
 */

/**
 * Claims the reply e-mail of an order's thread at `at`: sets `reply_mailed_at` when no mail went
 * after `notAfter` (none yet, or the last one at or before it). Of two claims at once one wins.
 * Answers whether it was claimed, and the mark it replaced (to give the claim back).
 */
export async function markReplyMailed(
  db: Database,
  orderId: string,
  at: Date,
  notAfter: Date,
): Promise<{ claimed: boolean; previous: Date | null }> {
  const [before] = await db
    .select({ replyMailedAt: schema.orderThreads.replyMailedAt })
    .from(schema.orderThreads)
    .where(eq(schema.orderThreads.orderId, orderId));
  if (!before) return { claimed: false, previous: null };
  const previous = before.replyMailedAt;
  const claimed = await db
    .update(schema.orderThreads)
    .set({ replyMailedAt: at })
    .where(
      and(
        eq(schema.orderThreads.orderId, orderId),
        previous === null ? isNull(schema.orderThreads.replyMailedAt) : eq(schema.orderThreads.replyMailedAt, previous),
        or(isNull(schema.orderThreads.replyMailedAt), lte(schema.orderThreads.replyMailedAt, notAfter)),
      ),
    )
    .returning({ orderId: schema.orderThreads.orderId });
  return { claimed: claimed.length > 0, previous };
}

/** Gives a claim back (its mail could not be queued), unless another claim came since. */
export async function unmarkReplyMailed(db: Database, orderId: string, at: Date, previous: Date | null): Promise<void> {
  await db
    .update(schema.orderThreads)
    .set({ replyMailedAt: previous })
    .where(and(eq(schema.orderThreads.orderId, orderId), eq(schema.orderThreads.replyMailedAt, at)));
}
