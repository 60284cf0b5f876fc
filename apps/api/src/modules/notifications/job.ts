import type { FastifyInstance } from 'fastify';
import { CHAT_REPLY_MAIL_MINUTES, type NotificationKind } from '@kedai/domain';
import { and, desc, eq, inArray, schema, type Database } from '@kedai/db';
import type { DomainEvent, DomainEventType } from '../../platform/events';
import { queueJob, type EventJobPayload, type JobKind } from '../../platform/jobs';
import { announce } from '../../platform/live';
import { simpleMail } from '../../platform/mail-template';
import { markReplyMailed, unmarkReplyMailed } from '../chat/service';
import { mailContacts } from '../users/service';
import { recordNotification, wantEmail } from './service';
import { notificationWords, snippet, type SubjectType } from './texts';
import { unsubscribeLinks } from './unsubscribe';

/**
 * Notifications from domain events (issue 29): the `notifications.record` job writes the feed entry
 * of each event its shopper should hear of, after the change committed, beside the e-mails other
 * modules send from the same event (one event, several channels). A staff reply in an order's chat
 * also queues `notifications.chat_reply_mail`, which e-mails a shopper who has not read it two
 * minutes later (at most one per thread per `CHAT_REPLY_MAIL_MINUTES`). Back in stock is written by
 * the back-in-stock job itself, which alone knows which shoppers' requests it told.
 */

/** How long a staff reply waits before its e-mail: a shopper on the page reads it first. */
const CHAT_REPLY_MAIL_DELAY_MS = 2 * 60_000;
const CHAT_REPLY_MAIL = 'notifications.chat_reply_mail';

/** The message kinds that are a staff reply (not a dispute's note). */
const REPLY_KINDS = new Set<string>(['text', 'photo']);

const RECORDED_EVENTS = [
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'quotation.answered',
  'quotation.declined',
  'transfer.confirmed',
  'transfer.rejected',
  'chat.message',
  'dispute.resolved',
] as const satisfies readonly DomainEventType[];

interface Told {
  userId: string;
  kind: NotificationKind;
  subjectType: SubjectType;
  subjectId: string;
  payload: Record<string, unknown>;
  /** A staff reply: its message, for the delayed e-mail. */
  chatMessageId?: number;
}

/** Facts the event told that the feed shows (strings and numbers only). */
function pick(payload: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => payload[key] !== undefined && payload[key] !== null).map((key) => [key, payload[key]]));
}

/** The message of a staff reply, else null: only the shop's staff reply to the shopper; the shopper's own messages and the shop's notes tell nobody. */
function staffMessageId(event: DomainEvent): number | null {
  const { role, messageId } = event.payload;
  return role === 'staff' && typeof messageId === 'number' ? messageId : null;
}

/** Whom the event tells, of what; null when it tells no shopper. */
async function toldBy(db: Database, event: DomainEvent): Promise<Told | null> {
  const { payload } = event;
  // A refund that resolves a dispute is told once, by the dispute's resolution (it names the amount): decision 0024.
  if (event.type === 'order.refunded' && typeof payload.disputeId === 'string') return null;
  if (event.type === 'quotation.answered' || event.type === 'quotation.declined') {
    const [item] = await db
      .select({ userId: schema.quotationItems.userId, name: schema.quotationItems.name })
      .from(schema.quotationItems)
      .where(eq(schema.quotationItems.id, event.subject));
    if (!item) return null;
    return {
      userId: item.userId,
      kind: event.type,
      subjectType: 'quotation',
      subjectId: event.subject,
      payload: { name: item.name, ...pick(payload, ['reason']) },
    };
  }
  const [order] = await db
    .select({ userId: schema.orders.userId, orderRef: schema.orders.orderRef, currency: schema.orders.currency })
    .from(schema.orders)
    .where(eq(schema.orders.id, event.subject));
  if (!order) return null;
  const about = { userId: order.userId, subjectType: 'order' as const, subjectId: event.subject };
  const facts = { orderRef: order.orderRef };
  switch (event.type) {
    case 'order.paid':
    case 'order.shipped':
    case 'order.delivered':
    case 'order.cancelled':
    case 'order.refunded':
    case 'transfer.confirmed':
    case 'transfer.rejected':
      return {
        ...about,
        kind: event.type,
        payload: { ...facts, ...pick(payload, ['amount', 'currency', 'carrier', 'trackingNumber', 'reason', 'part', 'orderPaid']) },
      };
    case 'chat.message': {
      const messageId = staffMessageId(event);
      if (messageId === null) return null;
      const [message] = await db
        .select({ body: schema.orderMessages.body, kind: schema.orderMessages.kind })
        .from(schema.orderMessages)
        .where(eq(schema.orderMessages.id, messageId));
      // Only what staff wrote is a reply: a dispute's note (dispute_*) is told by its own event.
      if (!message || !REPLY_KINDS.has(message.kind)) return null;
      const preview = message.kind === 'photo' && message.body === '' ? 'Sent a photo.' : snippet(message.body);
      return {
        ...about,
        kind: 'chat.reply',
        payload: { ...facts, messageId, ...(preview ? { preview } : {}) },
        chatMessageId: messageId,
      };
    }
    case 'dispute.resolved': {
      const disputes = schema.orderDisputes;
      const [dispute] = await db
        .select({ status: disputes.status, resolution: disputes.resolution, refundAmount: disputes.refundAmount })
        .from(disputes)
        .where(
          and(
            eq(disputes.orderId, event.subject),
            typeof payload.disputeId === 'string' ? eq(disputes.id, payload.disputeId) : inArray(disputes.status, ['refunded', 'declined']),
          ),
        )
        .orderBy(desc(disputes.resolvedAt))
        .limit(1);
      return {
        ...about,
        kind: 'dispute.resolved',
        payload: {
          ...facts,
          outcome: dispute?.status ?? (payload.outcome === 'refund' || payload.outcome === 'refunded' ? 'refunded' : 'declined'),
          ...(dispute?.resolution ? { reason: dispute.resolution } : pick(payload, ['reason'])),
          ...(dispute?.refundAmount
            ? { refundAmount: dispute.refundAmount, currency: order.currency }
            : pick(payload, ['refundAmount', 'currency'])),
        },
      };
    }
    default:
      return null;
  }
}

/** `notifications.record`: the feed entry of each event (a second run writes nothing: one per event and shopper). */
export function recordNotificationJob(app: FastifyInstance): JobKind<EventJobPayload> {
  return {
    name: 'notifications.record',
    on: RECORDED_EVENTS,
    // A shopper's chat message tells nobody: no job for each one.
    wants: (event) => event.type !== 'chat.message' || staffMessageId(event) !== null,
    async run({ event }) {
      const told = await toldBy(app.db, event);
      if (!told) return;
      // Dated by the event, not by when this job ran: a late run neither postdates it nor misgroups it.
      const occurred = new Date(event.occurredAt);
      const at = Number.isNaN(occurred.getTime()) ? (app.config.clock?.() ?? new Date()) : occurred;
      const written = await app.db.transaction(async (tx) => {
        const fresh = await recordNotification(tx, {
          userId: told.userId,
          kind: told.kind,
          subjectType: told.subjectType,
          subjectId: told.subjectId,
          payload: told.payload,
          eventId: event.id,
          at,
        });
        if (fresh && told.chatMessageId !== undefined) {
          await queueJob(
            tx,
            CHAT_REPLY_MAIL,
            { orderId: told.subjectId, userId: told.userId, messageId: told.chatMessageId },
            { runAt: new Date(at.getTime() + CHAT_REPLY_MAIL_DELAY_MS), singletonKey: `chat-reply-mail:${event.id}` },
          );
        }
        return fresh;
      });
      if (written) announce(app.db, { kind: 'counts', userId: told.userId });
    },
  };
}

interface ChatReplyMail {
  orderId: string;
  userId: string;
  messageId: number;
}

/**
 * `notifications.chat_reply_mail`: tells a shopper of a staff reply they have not read, unless the
 * thread's last such e-mail went less than `CHAT_REPLY_MAIL_MINUTES` ago or they turned these off.
 */
export function chatReplyMailJob(app: FastifyInstance): JobKind<ChatReplyMail> {
  return {
    name: CHAT_REPLY_MAIL,
    async run({ orderId, userId, messageId }) {
      const [thread] = await app.db
        .select({ shopperReadId: schema.orderThreads.shopperReadId })
        .from(schema.orderThreads)
        .where(eq(schema.orderThreads.orderId, orderId));
      if (!thread || thread.shopperReadId >= messageId) return;
      if (!(await wantEmail(app.db, [userId], 'chat.reply')).has(userId)) return;
      const [contact] = await mailContacts(app.db, [userId]);
      if (!contact) return; // a blocked account is not mailed
      const [order] = await app.db.select({ orderRef: schema.orders.orderRef }).from(schema.orders).where(eq(schema.orders.id, orderId));
      const [message] = await app.db
        .select({ body: schema.orderMessages.body })
        .from(schema.orderMessages)
        .where(eq(schema.orderMessages.id, messageId));
      if (!order) return;

      const now = app.config.clock?.() ?? new Date();
      const claim = await markReplyMailed(app.db, orderId, now, new Date(now.getTime() - CHAT_REPLY_MAIL_MINUTES * 60_000));
      if (!claim.claimed) return;
      const words = notificationWords({
        kind: 'chat.reply',
        subjectType: 'order',
        subjectId: orderId,
        payload: { orderRef: order.orderRef, preview: message ? snippet(message.body, 500) : undefined },
      });
      const unsubscribe = unsubscribeLinks({ publicWebUrl: app.config.publicWebUrl, key: app.unsubscribeKey }, userId, 'chat.reply');
      try {
        await app.mailer.send({
          ...simpleMail({
            to: contact.email,
            subject: words.title,
            name: contact.firstName,
            paragraphs: [`The shop wrote about your order ${order.orderRef}:`, words.text],
            action: { label: 'Read and reply', url: `${app.config.publicWebUrl}${words.link}` },
            footer: [`You get this e-mail when the shop replies while you are away. To stop these e-mails: ${unsubscribe.pageUrl}`],
          }),
          headers: unsubscribe.headers,
        });
      } catch (error) {
        await unmarkReplyMailed(app.db, orderId, now, claim.previous);
        throw error;
      }
    },
  };
}
