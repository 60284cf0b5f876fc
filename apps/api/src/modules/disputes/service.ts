import {
  AppError,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_DESCRIPTION_MIN,
  DISPUTE_PHOTOS_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_VALUES,
  ORDER_NOTE_MAX,
  checkDisputeDescription,
  disputeInfo,
  disputeOpenedText,
  formatMoney,
  isDisputeReason,
  isUuid,
  parsePaymentReason,
  toUnixSeconds,
  whyNotReopenDispute,
  type DisputeHistory,
  type DisputeReason,
} from '@kedai/domain';
import { and, asc, desc, eq, inArray, schema, sql, type Database } from '@kedai/db';
import type { AdminDisputeList, AdminResolveDispute, Dispute, DisputeList, PostChatMessageAnswer } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { recordEvent } from '../../platform/events';
import { announce } from '../../platform/live';
import { threadState, writeMessage } from '../chat/service';
import { askCardProvider, lockOrder, noteInHistory, orderTimes, refundPartIn } from '../orders/service';
import { refundableOf, type PaymentProvider } from '../payments/service';

/**
 * Disputes about delivered orders (issue 29). The rule of when one may be opened is the domain's
 * (`disputeInfo`, which `GET /order/{id}/dispute_info` answers too); one is open per order at a
 * time (the order's row is locked while deciding, and a unique partial index stands behind it).
 * A dispute lives in the order's conversation: opening, resolving and reopening each write a note
 * there (modules/chat `writeMessage`, in the same transaction) and a line in the order's history.
 * Staff resolve by a refund through the refunds ledger (modules/orders `refundPartIn`, the card
 * provider asked after the commit, as the part-refund route does) or by declining with a reason.
 */

type DisputeRow = typeof schema.orderDisputes.$inferSelect;
const { orderDisputes, orderMessages } = schema;

const ONE_OPEN_INDEX = 'order_disputes_one_open_idx';
const notFound = () => new AppError('dispute/not_found');

function toDispute(row: DisputeRow, photos: string[]): Dispute {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    reason: row.reason as DisputeReason,
    description: row.description,
    openedAt: toUnixSeconds(row.openedAt),
    resolvedAt: row.resolvedAt ? toUnixSeconds(row.resolvedAt) : null,
    resolution: row.resolution,
    refundAmount: row.refundAmount,
    photos,
  };
}

/** Disputes as answered: each with the photos sent with it (its `photo` messages), oldest first. */
async function withPhotos(db: Database, rows: DisputeRow[]): Promise<Dispute[]> {
  const photos = new Map<string, string[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    const sent = await db
      .select({ disputeId: orderMessages.disputeId, image: orderMessages.image })
      .from(orderMessages)
      // By the order first: the thread's index finds its messages.
      .where(
        and(
          inArray(orderMessages.orderId, [...new Set(rows.map((row) => row.orderId))]),
          inArray(orderMessages.disputeId, [...photos.keys()]),
          eq(orderMessages.kind, 'photo'),
        ),
      )
      .orderBy(asc(orderMessages.id));
    for (const { disputeId, image } of sent) if (disputeId && image) photos.get(disputeId)?.push(image);
  }
  return rows.map((row) => toDispute(row, photos.get(row.id) ?? []));
}

/**
 * What the order's disputes add to the domain's rule: whether one is open, and whether staff
 * allowed a new one since the latest (a `dispute_reopened` note in the conversation naming the
 * latest dispute, or none when there was none yet; opening a dispute uses the allowance up); and
 * what the refunds ledger still holds, as nothing is disputed once everything was refunded.
 */
export async function disputeHistory(db: Database, orderId: string): Promise<DisputeHistory> {
  const [latest] = await db
    .select({ id: orderDisputes.id, status: orderDisputes.status })
    .from(orderDisputes)
    .where(eq(orderDisputes.orderId, orderId))
    .orderBy(desc(orderDisputes.openedAt), desc(orderDisputes.createdAt))
    .limit(1);
  const [reopened] = await db
    .select({ disputeId: orderMessages.disputeId, at: orderMessages.createdAt })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.kind, 'dispute_reopened')))
    .orderBy(desc(orderMessages.id))
    .limit(1);
  const pending = reopened !== undefined && (reopened.disputeId ?? null) === (latest?.id ?? null);
  const { refundable } = await refundableOf(db, orderId);
  return { open: latest?.status === 'open', reopenedAt: pending ? reopened.at : null, refundable };
}

async function disputesOf(db: Database, orderId: string): Promise<DisputeList> {
  const rows = await db
    .select()
    .from(orderDisputes)
    .where(eq(orderDisputes.orderId, orderId))
    .orderBy(desc(orderDisputes.openedAt), desc(orderDisputes.createdAt));
  return { disputes: await withPhotos(db, rows) };
}

/** `GET /order/{id}/disputes`: the buyer's disputes about their order, newest first (others: 404). */
export async function listDisputes(db: Database, userId: string, orderId: string): Promise<DisputeList> {
  if (!isUuid(orderId)) throw new AppError('order/not_found');
  const [order] = await db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(and(eq(schema.orders.id, orderId.toLowerCase()), eq(schema.orders.userId, userId)));
  if (!order) throw new AppError('order/not_found');
  return disputesOf(db, order.id);
}

/** `GET /admin/order/{id}/disputes`, and whether staff may allow a new one now (the domain's `whyNotReopenDispute`). */
export async function listDisputesForStaff(db: Database, orderId: string, now: Date): Promise<AdminDisputeList> {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId.toLowerCase()));
  if (!order) throw new AppError('order/not_found');
  const whyNotReopen = whyNotReopenDispute(order.status, orderTimes(order), now, await disputeHistory(db, order.id));
  return { ...(await disputesOf(db, order.id)), whyNotReopen };
}

/**
 * `POST /order/{id}/disputes`: the buyer opens a dispute, when the domain's rule allows it now
 * (409 `dispute/not_allowed` with why, in words; 409 `dispute/already_open` while one is open).
 * The note in the conversation says the reason and the description; photos are sent there too.
 */
export async function openDispute(
  db: Database,
  userId: string,
  orderId: string,
  body: { reason: string; description: string },
  now: Date,
): Promise<Dispute> {
  const reason = body.reason;
  if (!isDisputeReason(reason)) throw new AppError('dispute/invalid_reason', [DISPUTE_REASON_VALUES.join(', ')]);
  const checked = checkDisputeDescription(body.description);
  if ('problem' in checked)
    throw checked.problem === 'too_short'
      ? new AppError('dispute/description_too_short', [DISPUTE_DESCRIPTION_MIN])
      : new AppError('dispute/description_too_long', [DISPUTE_DESCRIPTION_MAX]);
  const dispute = await db
    .transaction(async (tx) => {
      // The order's row locked: two opens at once decide one after the other.
      const order = await lockOrder(tx, orderId, userId);
      const history = await disputeHistory(tx, order.id);
      if (history.open) throw new AppError('dispute/already_open');
      const info = disputeInfo(order.status, orderTimes(order), now, history);
      if (!info.canDispute) throw new AppError('dispute/not_allowed', [info.how]);
      const [row] = await tx
        .insert(orderDisputes)
        .values({ orderId: order.id, reason, description: checked.text, openedBy: userId, openedAt: now })
        .returning();
      await writeMessage(tx, {
        orderId: order.id,
        authorId: userId,
        authorRole: 'shopper',
        kind: 'dispute_opened',
        body: disputeOpenedText(reason, checked.text),
        disputeId: row!.id,
        now,
      });
      await noteInHistory(tx, order, { actor: 'shopper', actorId: userId, note: `Dispute opened: ${DISPUTE_REASONS[reason]}` });
      await recordEvent(tx, { type: 'dispute.opened', subject: order.id, payload: { disputeId: row!.id, reason } });
      return row!;
    })
    .catch((error: unknown) => {
      // The index is the last word should two opens ever get past the lock.
      if (isUniqueViolation(error, ONE_OPEN_INDEX)) throw new AppError('dispute/already_open');
      throw error;
    });
  announce(db, { kind: 'message', orderId: dispute.orderId, userId });
  return toDispute(dispute, []);
}

export type Resolution = AdminResolveDispute;

/**
 * `POST /admin/dispute/{id}/resolve`: refund (all or part, through the refunds ledger: the same
 * checks and `order.refunded` event as `POST /admin/order/{id}/refund`, the card provider asked
 * after the commit) or decline with a reason. The order is locked first, then the dispute: of two
 * resolutions at once one happens, the other is 409 `dispute/not_open`. Audited; the shopper is told
 * by the conversation's note and the `dispute.resolved` event's notification.
 */
export async function resolveDispute(
  db: Database,
  provider: PaymentProvider,
  actorId: string,
  disputeId: string,
  body: Resolution,
  now: Date,
): Promise<Dispute> {
  const note =
    body.outcome === 'decline'
      ? parsePaymentReason(body.reason)
      : body.note === undefined || body.note.trim() === ''
        ? null
        : parsePaymentReason(body.note);
  if (body.outcome === 'decline' && note === null) throw new AppError('dispute/invalid_decline_reason');
  if (body.outcome === 'refund' && body.note?.trim() && note === null) throw new AppError('dispute/invalid_decline_reason');
  if (!isUuid(disputeId)) throw notFound();
  const [found] = await db
    .select({ orderId: orderDisputes.orderId })
    .from(orderDisputes)
    .where(eq(orderDisputes.id, disputeId.toLowerCase()));
  if (!found) throw notFound();
  const { resolved, buyerId, refunded } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId, null);
    const [dispute] = await tx.select().from(orderDisputes).where(eq(orderDisputes.id, disputeId.toLowerCase())).for('update');
    if (!dispute) throw notFound();
    if (dispute.status !== 'open') throw new AppError('dispute/not_open', [dispute.status]);
    let refunded: number | null = null;
    if (body.outcome === 'refund') {
      refunded = await refundPartIn(
        tx,
        order,
        body.amount,
        note ?? `Dispute: ${DISPUTE_REASONS[dispute.reason as DisputeReason] ?? dispute.reason}`,
        dispute.id,
      );
    }
    const status = body.outcome === 'refund' ? 'refunded' : 'declined';
    const [resolved] = await tx
      .update(orderDisputes)
      .set({ status, resolvedBy: actorId, resolvedAt: now, resolution: note, refundAmount: refunded })
      .where(and(eq(orderDisputes.id, dispute.id), eq(orderDisputes.status, 'open')))
      .returning();
    if (!resolved) throw new AppError('dispute/not_open', [dispute.status]);
    const money = refunded === null ? '' : formatMoney(refunded, order.currency);
    await writeMessage(tx, {
      orderId: order.id,
      authorId: actorId,
      authorRole: 'staff',
      kind: status === 'refunded' ? 'dispute_refunded' : 'dispute_declined',
      body:
        status === 'refunded'
          ? `The shop is refunding ${money} for this dispute.${note ? ` ${note}` : ''}`
          : `The shop declined this dispute: ${note}`,
      disputeId: dispute.id,
      now,
    });
    await noteInHistory(tx, order, {
      actor: 'staff',
      actorId,
      note: (status === 'refunded' ? `Dispute resolved: ${money} refunded` : `Dispute declined: ${note}`).slice(0, ORDER_NOTE_MAX),
    });
    await recordEvent(tx, {
      type: 'dispute.resolved',
      subject: order.id,
      payload: { disputeId: dispute.id, outcome: status, refundAmount: refunded, currency: order.currency, reason: note },
    });
    await recordAudit(tx, {
      actorId,
      action: `dispute.${status}`,
      objectType: 'dispute',
      objectId: dispute.id,
      before: { status: 'open', orderId: order.id },
      after: { status, refundAmount: refunded, currency: order.currency, resolution: note },
    });
    return { resolved, buyerId: order.userId, refunded };
  });
  // What the ledger recorded pending is asked of the card provider once committed (as the refund route does).
  if (refunded !== null) await askCardProvider(db, provider, resolved.orderId);
  announce(db, { kind: 'message', orderId: resolved.orderId, userId: buyerId });
  const [answer] = await withPhotos(db, [resolved]);
  return answer!;
}

/**
 * `POST /admin/order/{id}/disputes/reopen`: staff allow the shopper one new dispute after the window
 * or after receipt was confirmed (409 `dispute/cannot_reopen`, why in words, when they could open one
 * anyway, one is open, nothing is left to refund, or the goods have not arrived: the domain's
 * `whyNotReopenDispute`). The allowance is the `dispute_reopened` note in
 * the conversation (it names the latest dispute; `disputeHistory` reads it) and lasts a new window;
 * the latest dispute records who reopened. Audited.
 */
export async function reopenDisputes(db: Database, actorId: string, orderId: string, now: Date): Promise<AdminDisputeList> {
  const buyerId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    const history = await disputeHistory(tx, order.id);
    const why = whyNotReopenDispute(order.status, orderTimes(order), now, history);
    if (why !== null) throw new AppError('dispute/cannot_reopen', [why]);
    const [latest] = await tx
      .select({ id: orderDisputes.id })
      .from(orderDisputes)
      .where(eq(orderDisputes.orderId, order.id))
      .orderBy(desc(orderDisputes.openedAt), desc(orderDisputes.createdAt))
      .limit(1);
    if (latest) await tx.update(orderDisputes).set({ reopenedBy: actorId }).where(eq(orderDisputes.id, latest.id));
    await writeMessage(tx, {
      orderId: order.id,
      authorId: actorId,
      authorRole: 'staff',
      kind: 'dispute_reopened',
      body: 'The shop has allowed you to open a new dispute about this order.',
      disputeId: latest?.id ?? null,
      now,
    });
    await noteInHistory(tx, order, { actor: 'staff', actorId, note: 'A new dispute allowed' });
    await recordAudit(tx, {
      actorId,
      action: 'dispute.reopened',
      objectType: 'order',
      objectId: order.id,
      before: { status: order.status, latestDispute: latest?.id ?? null },
      after: { reopened: true },
    });
    return order.userId;
  });
  announce(db, { kind: 'message', orderId: orderId.toLowerCase(), userId: buyerId });
  return listDisputesForStaff(db, orderId, now);
}

/**
 * A dispute's photos (issue 29: "a reason from a short list, a description, photos"). The simplest
 * design that keeps one image pipeline: the dispute is opened first (JSON), then the form sends each
 * photo to `POST /order/{id}/disputes/photo` (modules/chat/photos.ts, where every chat photo is
 * stored: sniffed, re-encoded, size-capped, private), and this writes it into the conversation as a
 * photo message naming the open dispute. So the photos show in the conversation beside the dispute's
 * note, and a dispute lists them (`Dispute.photos`). At most DISPUTE_PHOTOS_MAX per dispute, counted
 * with the order's row locked, so two uploads at once cannot pass the limit.
 *
 * Writes the stored photo `image` into the order's conversation for its open dispute, by the buyer:
 * 404 `dispute/not_found` when the order has no dispute, 409 `dispute/not_open` when the latest is
 * resolved, 409 `dispute/too_many_photos` past the limit.
 */
export async function addDisputePhoto(
  db: Database,
  userId: string,
  orderId: string,
  image: string,
  now: Date,
): Promise<PostChatMessageAnswer> {
  const message = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    const [dispute] = await tx
      .select({ id: orderDisputes.id, status: orderDisputes.status })
      .from(orderDisputes)
      .where(eq(orderDisputes.orderId, order.id))
      .orderBy(desc(orderDisputes.openedAt), desc(orderDisputes.createdAt))
      .limit(1);
    if (!dispute) throw new AppError('dispute/not_found');
    if (dispute.status !== 'open') throw new AppError('dispute/not_open', [dispute.status]);
    const [sent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, order.id), eq(orderMessages.disputeId, dispute.id), eq(orderMessages.kind, 'photo')));
    if (Number(sent?.count ?? 0) >= DISPUTE_PHOTOS_MAX) throw new AppError('dispute/too_many_photos', [DISPUTE_PHOTOS_MAX]);
    return writeMessage(tx, {
      orderId: order.id,
      authorId: userId,
      authorRole: 'shopper',
      kind: 'photo',
      body: '',
      image,
      disputeId: dispute.id,
      now,
    });
  });
  return { message, thread: await threadState(db, message.orderId, 'shopper') };
}
