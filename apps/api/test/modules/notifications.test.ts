import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { CHAT_REPLY_MAIL_MINUTES, NOTIFICATION_PAGE_MAX, formatMoney } from '@kedai/domain';
import { and, desc, eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { recordEvent, type DomainEventType } from '../../src/platform/events';
import { recordNotificationJob } from '../../src/modules/notifications/job';
import { unsubscribeToken } from '../../src/modules/notifications/unsubscribe';
import { LIFTED_LIMITS, clientOwingSecondFactor, outbox } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { placeOrder, sgShopper, type ShopShopper } from '../shop';

const WEB = 'https://shop.example';
const CARD = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ...LIFTED_LIMITS, PUBLIC_WEB_URL: WEB } });
});
afterAll(() => t?.close());

const minutes = (n: number) => t.clock.advance(n * 60);

/** Records an event as the owning module would, and lets the job runner hand it out. */
async function happen(type: DomainEventType, subject: string, payload: Record<string, unknown> = {}) {
  await recordEvent(t.app.db, { type, subject, payload });
  await t.app.jobs.runDue();
}

async function feed(s: ShopShopper, query = '') {
  const answer = await s.client.get(`/notification${query}`);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as {
    notifications: Array<{
      id: number;
      kind: string;
      subject: { type: string; id: string };
      title: string;
      text: string;
      link: string;
      createdAt: number;
      read: boolean;
      count: number;
    }>;
    unread: number;
    hasMore: boolean;
  };
}

async function shopperWithOrder() {
  const s = await sgShopper(t.app);
  const order = await placeOrder(t.app, s);
  return { s, order };
}

/** A staff message in the order's thread, as the chat module writes it, and its event. */
async function staffReply(orderId: string, userId: string, body: string): Promise<number> {
  await t.app.db.insert(schema.orderThreads).values({ orderId, userId }).onConflictDoNothing();
  const [message] = await t.app.db
    .insert(schema.orderMessages)
    .values({ orderId, authorRole: 'staff', kind: 'text', body })
    .returning({ id: schema.orderMessages.id });
  await t.app.db.update(schema.orderThreads).set({ lastMessageId: message!.id }).where(eq(schema.orderThreads.orderId, orderId));
  await happen('chat.message', orderId, { messageId: message!.id, role: 'staff' });
  return message!.id;
}

const replyMails = async (email: string) => (await outbox(t.app, email)).filter((mail) => mail.subject.startsWith('The shop replied'));

async function headersOf(mailId: number) {
  const [row] = await t.app.db
    .select({ headers: schema.mailOutbox.headers })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.id, mailId));
  return row?.headers ?? null;
}

describe('access', () => {
  it('signed out: 401; owing the second factor: 403; no anti-forgery header: 403', async () => {
    const visitor = new TestClient(t.app);
    for (const answer of [
      await visitor.get('/notification'),
      await visitor.get('/notification/unread'),
      await visitor.post('/notification/read', {}),
      await visitor.get('/notification/preferences'),
      await visitor.put('/notification/preferences', { email: { 'chat.reply': false, 'product.back_in_stock': true } }),
    ]) {
      expectError(answer, answer.status === 403 ? 403 : 401, answer.status === 403 ? 'auth/invalid_xsrf_token' : 'auth/not_authorized');
    }
    const owing = await clientOwingSecondFactor(t.app);
    expectError(await owing.get('/notification'), 403, 'auth/tfa_not_verified');
    const s = await sgShopper(t.app);
    s.client.xsrf = false;
    expectError(await s.client.post('/notification/read', {}), 403, 'auth/invalid_xsrf_token');
  });

  it('bad queries are 400 with an errorCode', async () => {
    const s = await sgShopper(t.app);
    for (const query of ['?limit=0', `?limit=${NOTIFICATION_PAGE_MAX + 1}`, '?limit=x', '?collasped=2', '?beforeTime=-1']) {
      const answer = await s.client.get(`/notification${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.errorCode).toBe('string');
    }
    expect((await s.client.post('/notification/read', { ids: ['x'] })).status).toBe(400);
  });
});

describe('notifications from events', () => {
  it('a real card payment tells the buyer, with words and a link to the order', async () => {
    const { s, order } = await shopperWithOrder();
    const paid = await s.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD });
    expect(paid.body.order.status, paid.response.payload).toBe('paid');
    await t.app.jobs.runDue();
    const { notifications, unread, hasMore } = await feed(s);
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'order.paid',
        subject: { type: 'order', id: order.id },
        title: `Order ${order.orderRef} is paid`,
        link: `/orders/${order.id}`,
        read: false,
        count: 1,
        createdAt: Math.floor(t.clock.now().getTime() / 1000),
      }),
    ]);
    expect(notifications[0]!.text).toContain(formatMoney(order.total, order.currency));
    expect({ unread, hasMore }).toEqual({ unread: 1, hasMore: false });
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 1 });
  });

  it('a burst about one order folds; after an hour, or once read, a new group starts', async () => {
    const { s, order } = await shopperWithOrder();
    await happen('order.paid', order.id, { amount: 1500, currency: 'SGD' });
    minutes(10);
    await happen('order.shipped', order.id, { carrier: 'SingPost', trackingNumber: 'RR123456789SG' });
    // Another shopper's and another order's events are not in this feed or this group.
    const other = await shopperWithOrder();
    await happen('order.paid', other.order.id, { amount: 1500, currency: 'SGD' });

    let collapsed = await feed(s);
    expect(collapsed.notifications).toHaveLength(1);
    expect(collapsed.notifications[0]).toMatchObject({ kind: 'order.shipped', title: `Order ${order.orderRef} has shipped`, count: 2 });
    expect(collapsed.notifications[0]!.text).toContain('RR123456789SG');
    expect(collapsed.unread).toBe(1);
    const each = await feed(s, '?collasped=0');
    expect(each.notifications.map((n) => [n.kind, n.count])).toEqual([
      ['order.shipped', 1],
      ['order.paid', 1],
    ]);
    expect(each.unread).toBe(2);

    // 60 minutes after the group's newest entry it still joins; past that, a new group.
    minutes(60);
    await happen('order.delivered', order.id);
    expect((await feed(s)).notifications.map((n) => n.count)).toEqual([3]);
    minutes(61);
    await happen('order.refunded', order.id, { part: true, amount: 500, currency: 'SGD', reason: 'A scratch' });
    collapsed = await feed(s);
    expect(collapsed.notifications.map((n) => [n.kind, n.count])).toEqual([
      ['order.refunded', 1],
      ['order.delivered', 3],
    ]);
    expect(collapsed.notifications[0]).toMatchObject({
      title: `Order ${order.orderRef}: a refund of ${formatMoney(500, 'SGD')}`,
      text: 'The shop says: A scratch',
    });
    expect(collapsed.unread).toBe(2);

    // Read, the group is closed: the next event starts another even within the hour.
    expect((await s.client.post('/notification/read', { ids: [collapsed.notifications[0]!.id] })).body).toEqual({ unread: 1 });
    minutes(1);
    await happen('order.cancelled', order.id, { reason: 'Out of stock' });
    collapsed = await feed(s);
    expect(collapsed.notifications.map((n) => [n.kind, n.count, n.read])).toEqual([
      ['order.cancelled', 1, false],
      ['order.refunded', 1, true],
      ['order.delivered', 3, false],
    ]);
    expect(collapsed.notifications[0]!.text).toBe('Reason: Out of stock');
  });

  it('one notification per event and shopper: a job run again writes nothing', async () => {
    const { s, order } = await shopperWithOrder();
    await happen('transfer.rejected', order.id, { reason: 'No such transfer', orderAwaitingPayment: true });
    const [event] = await t.app.db
      .select()
      .from(schema.domainEvents)
      .where(and(eq(schema.domainEvents.subject, order.id), eq(schema.domainEvents.type, 'transfer.rejected')))
      .orderBy(desc(schema.domainEvents.id));
    const job = recordNotificationJob(t.app);
    const again = {
      event: {
        id: event!.id,
        type: 'transfer.rejected' as const,
        subject: order.id,
        payload: event!.payload as Record<string, unknown>,
        occurredAt: '',
      },
    };
    await job.run(again, { db: t.app.db, log: t.app.log, jobId: 0, attempt: 2 });
    const each = await feed(s, '?collasped=0');
    expect(each.notifications).toHaveLength(1);
    expect(each.notifications[0]).toMatchObject({
      kind: 'transfer.rejected',
      title: `Order ${order.orderRef}: PayNow transfer not found`,
      text: 'The shop could not find the transfer you reported. The shop says: No such transfer',
    });
  });

  it('quotations, disputes and the shop’s chat replies tell the right shopper; the shopper’s own messages do not', async () => {
    const { s, order } = await shopperWithOrder();
    const [item] = await t.app.db
      .insert(schema.quotationItems)
      .values({ userId: s.id, productSource: 'i', name: 'Blue kettle', quantity: 1 })
      .returning({ id: schema.quotationItems.id });
    await happen('quotation.declined', item!.id, { reason: 'Discontinued' });
    minutes(90);
    await happen('dispute.resolved', order.id, { outcome: 'refunded', refundAmount: 700, currency: 'SGD' });
    minutes(90);
    const [own] = await t.app.db
      .insert(schema.orderThreads)
      .values({ orderId: order.id, userId: s.id })
      .returning({ orderId: schema.orderThreads.orderId });
    expect(own).toBeDefined();
    const [mine] = await t.app.db
      .insert(schema.orderMessages)
      .values({ orderId: order.id, authorRole: 'shopper', authorId: s.id, kind: 'text', body: 'Where is it?' })
      .returning({ id: schema.orderMessages.id });
    await happen('chat.message', order.id, { messageId: mine!.id, role: 'shopper' });
    await staffReply(order.id, s.id, 'It left our warehouse today.\nTracking soon.');

    const { notifications } = await feed(s);
    expect(notifications.map((n) => [n.kind, n.title, n.text, n.link])).toEqual([
      [
        'chat.reply',
        `The shop replied about order ${order.orderRef}`,
        'It left our warehouse today. Tracking soon.',
        `/orders/${order.id}`,
      ],
      [
        'dispute.resolved',
        `Order ${order.orderRef}: your dispute is resolved`,
        `The shop is refunding ${formatMoney(700, 'SGD')}.`,
        `/orders/${order.id}`,
      ],
      ['quotation.declined', 'We cannot get Blue kettle', 'The shop says: Discontinued', '/quotations'],
    ]);
    expect(notifications[2]!.subject).toEqual({ type: 'quotation', id: item!.id });
  });
});

describe('dates and reading', () => {
  it('an entry is dated by its event, not by a late job run, and groups by that date', async () => {
    const { s, order } = await shopperWithOrder();
    const paidAt = Math.floor(t.clock.now().getTime() / 1000);
    await happen('order.paid', order.id, { amount: 1500, currency: 'SGD' });
    minutes(10);
    await recordEvent(t.app.db, { type: 'order.shipped', subject: order.id, payload: { carrier: 'SingPost', trackingNumber: 'RR1' } });
    // The runner was down for two hours: the shipment still happened ten minutes after the payment.
    minutes(120);
    await t.app.jobs.runDue();
    const each = await feed(s, '?collasped=0');
    expect(each.notifications.map((n) => [n.kind, n.createdAt])).toEqual([
      ['order.shipped', paidAt + 600],
      ['order.paid', paidAt],
    ]);
    const folded = await feed(s);
    expect(folded.notifications.map((n) => [n.kind, n.count])).toEqual([['order.shipped', 2]]);
  });

  it('reading the conversation marks read the shop’s replies up to the read mark, of that order only', async () => {
    const { s, order } = await shopperWithOrder();
    const other = await placeOrder(t.app, s);
    const first = await staffReply(order.id, s.id, 'First.');
    const second = await staffReply(order.id, s.id, 'Second.');
    await staffReply(other.id, s.id, 'About the other order.');
    const unreadOf = async () => (await feed(s, '?collasped=0')).notifications.map((n) => [n.text, n.read]);
    expect(await unreadOf()).toEqual([
      ['About the other order.', false],
      ['Second.', false],
      ['First.', false],
    ]);

    const read = await s.client.post(`/order/${order.id}/update_chat_status`, { lastReadMessageId: first });
    expect(read.status, read.response.payload).toBe(200);
    expect(await unreadOf()).toEqual([
      ['About the other order.', false],
      ['Second.', false],
      ['First.', true],
    ]);
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 2 });

    // Past the last message the mark stops at it: both replies of this order are read, the other order's is not.
    await s.client.post(`/order/${order.id}/update_chat_status`, { lastReadMessageId: second + 1000 });
    expect(await unreadOf()).toEqual([
      ['About the other order.', false],
      ['Second.', true],
      ['First.', true],
    ]);
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 1 });

    // Another shopper cannot read this conversation (404), and nothing of this shopper's changes.
    const stranger = await sgShopper(t.app);
    expectError(await stranger.client.post(`/order/${other.id}/update_chat_status`, { lastReadMessageId: second }), 404, 'order/not_found');
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 1 });
  });
});

describe('at once', () => {
  race('events about one order handled at once join one group, each written once', async () => {
    const { s, order } = await shopperWithOrder();
    const types: DomainEventType[] = ['order.paid', 'order.shipped', 'order.delivered', 'transfer.confirmed', 'order.refunded'];
    for (const type of types) await recordEvent(t.app.db, { type, subject: order.id, payload: {} });
    const events = await t.app.db
      .select()
      .from(schema.domainEvents)
      .where(eq(schema.domainEvents.subject, order.id))
      .orderBy(desc(schema.domainEvents.id))
      .limit(types.length);
    const job = recordNotificationJob(t.app);
    // Each event's job twice, all at once (as two processes would after a lost lease).
    await Promise.all(
      [...events, ...events].map((event, i) =>
        job.run(
          {
            event: {
              id: event.id,
              type: event.type as DomainEventType,
              subject: order.id,
              payload: event.payload as Record<string, unknown>,
              occurredAt: '',
            },
          },
          { db: t.app.db, log: t.app.log, jobId: i, attempt: 1 },
        ),
      ),
    );
    const collapsed = await feed(s);
    expect(collapsed.notifications.map((n) => n.count)).toEqual([types.length]);
    expect((await feed(s, '?collasped=0&limit=50')).notifications).toHaveLength(types.length);
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 1 });
  });
});

describe('reading the feed', () => {
  /** A shopper with `groups` groups (each event over an hour after the last), oldest first. */
  async function shopperWithGroups(groups: number) {
    const { s, order } = await shopperWithOrder();
    const kinds: DomainEventType[] = ['order.paid', 'order.shipped', 'order.delivered'];
    for (let i = 0; i < groups; i++) {
      await happen(kinds[i % kinds.length]!, order.id, {});
      minutes(61);
    }
    return { s, order };
  }

  it('pages back with beforeTime, 5 by default, capped', async () => {
    const { s } = await shopperWithGroups(12);
    const first = await feed(s);
    expect(first.notifications).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(12);
    const times = first.notifications.map((n) => n.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await feed(s, `?beforeTime=${times[4]}`);
    expect(second.notifications).toHaveLength(5);
    expect(second.notifications[0]!.createdAt).toBe(times[4]! - 61 * 60);
    const third = await feed(s, `?beforeTime=${second.notifications[4]!.createdAt}`);
    expect(third.notifications).toHaveLength(2);
    expect(third.hasMore).toBe(false);
    const ids = [...first.notifications, ...second.notifications, ...third.notifications].map((n) => n.id);
    expect(new Set(ids).size).toBe(12);
    expect((await feed(s, '?limit=50')).notifications).toHaveLength(12);
    expect((await feed(s, '?limit=2&collasped=0')).notifications).toHaveLength(2);
    expect((await feed(s, `?beforeTime=${times[11 - 11]! - 100 * 3600}`)).notifications).toEqual([]);
  });

  it('a kind this process cannot put into words (a newer process wrote it) is neither shown nor counted', async () => {
    const { s, order } = await shopperWithOrder();
    await happen('order.paid', order.id, {});
    await t.app.db.insert(schema.notifications).values({
      userId: s.id,
      kind: 'order.teleported',
      subjectType: 'order',
      subjectId: order.id,
      groupId: 0,
      createdAt: t.clock.now(),
    });
    const { notifications, unread } = await feed(s, '?collasped=0');
    expect({ kinds: notifications.map((n) => n.kind), unread }).toEqual({ kinds: ['order.paid'], unread: 1 });
    expect((await feed(s)).notifications.map((n) => n.kind)).toEqual(['order.paid']);
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 1 });
  });

  it('a page never ends inside a second (beforeTime is in seconds)', async () => {
    const { s, order } = await shopperWithOrder();
    await happen('order.paid', order.id, {});
    minutes(1);
    await happen('order.shipped', order.id, {});
    await happen('order.delivered', order.id, {});
    const page = await feed(s, '?collasped=0&limit=1');
    expect(page.notifications.map((n) => n.kind)).toEqual(['order.delivered', 'order.shipped']);
    expect(page.hasMore).toBe(true);
    const next = await feed(s, `?collasped=0&limit=1&beforeTime=${page.notifications[1]!.createdAt}`);
    expect(next.notifications.map((n) => n.kind)).toEqual(['order.paid']);
    expect(next.hasMore).toBe(false);
  });

  it('marks read: an entry with what its group folds, then everything; others’ ids are ignored', async () => {
    const { s, order } = await shopperWithOrder();
    await happen('order.paid', order.id, {});
    minutes(1);
    await happen('order.shipped', order.id, {});
    minutes(61);
    await happen('order.delivered', order.id, {});
    const other = await shopperWithOrder();
    await happen('order.paid', other.order.id, {});
    const theirs = (await feed(other.s)).notifications[0]!.id;

    const before = await feed(s);
    expect(before.notifications.map((n) => n.count)).toEqual([1, 2]);
    const folded = before.notifications[1]!.id;
    expect((await s.client.post('/notification/read', { ids: [folded, theirs] })).body).toEqual({ unread: 1 });
    expect((await feed(s, '?collasped=0')).notifications.map((n) => n.read)).toEqual([false, true, true]);
    expect((await feed(other.s)).unread).toBe(1);
    expect((await s.client.post('/notification/read', {})).body).toEqual({ unread: 0 });
    expect((await feed(s)).notifications.every((n) => n.read)).toBe(true);
    expect((await s.client.get('/notification/unread')).body).toEqual({ unread: 0 });
  });
});

describe('e-mail choices and one-click unsubscribe', () => {
  it('every optional e-mail is on until turned off; other kinds are refused', async () => {
    const s = await sgShopper(t.app);
    const both = { 'chat.reply': true, 'product.back_in_stock': true };
    expect((await s.client.get('/notification/preferences')).body).toEqual({ email: both });
    const off = await s.client.put('/notification/preferences', { email: { ...both, 'chat.reply': false } });
    expect(off.body).toEqual({ email: { ...both, 'chat.reply': false } });
    expect((await s.client.get('/notification/preferences')).body).toEqual({ email: { ...both, 'chat.reply': false } });
    expect((await s.client.put('/notification/preferences', { email: { ...both, 'order.paid': false } })).status).toBe(400);
    expect((await s.client.put('/notification/preferences', { email: { 'chat.reply': 'no' } })).status).toBe(400);
  });

  it('a signed link turns one e-mail off by POST without a session; GET changes nothing; forged links are 400', async () => {
    const s = await sgShopper(t.app);
    const token = unsubscribeToken(t.app.unsubscribeKey, s.id, 'product.back_in_stock');
    const url = `/notification/unsubscribe?token=${encodeURIComponent(token)}`;
    const mailClient = new TestClient(t.app);
    mailClient.xsrf = false;

    // A link scanner's GET: tells, changes nothing.
    expect((await mailClient.get(url)).body).toEqual({ kind: 'product.back_in_stock', email: true });
    expect((await s.client.get('/notification/preferences')).body.email['product.back_in_stock']).toBe(true);

    const posted = await mailClient.post(url, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.status, posted.response.payload).toBe(200);
    expect(posted.body).toEqual({ kind: 'product.back_in_stock', email: false });
    expect((await s.client.get('/notification/preferences')).body.email).toEqual({ 'chat.reply': true, 'product.back_in_stock': false });
    // Again: the same.
    expect((await mailClient.post(url, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(
      200,
    );

    const other = await sgShopper(t.app);
    const [named, signature] = token.split('.');
    const forged = [
      `${Buffer.from(`${other.id}:product.back_in_stock`).toString('base64url')}.${signature}`,
      `${Buffer.from(`${s.id}:chat.reply`).toString('base64url')}.${signature}`,
      `${named}.${signature!.slice(0, -2)}AA`,
      `${Buffer.from(`${s.id}:order.paid`).toString('base64url')}.${signature}`,
      // Signed with the access tokens' key (as links were before UNSUBSCRIBE_SECRET): not an unsubscribe key.
      unsubscribeToken(t.app.accessTokenKey, s.id, 'product.back_in_stock'),
      unsubscribeToken(t.app.accessTokenKey, other.id, 'chat.reply'),
      'x',
      '',
    ];
    for (const bad of forged) {
      expectError(
        await mailClient.post(`/notification/unsubscribe?token=${encodeURIComponent(bad)}`),
        400,
        'notification/invalid_unsubscribe_token',
      );
      expectError(
        await mailClient.get(`/notification/unsubscribe?token=${encodeURIComponent(bad)}`),
        400,
        'notification/invalid_unsubscribe_token',
      );
    }
    expect((await mailClient.post('/notification/unsubscribe')).status).toBe(400);
    expect((await other.client.get('/notification/preferences')).body.email['product.back_in_stock']).toBe(true);
  });
});

describe('e-mails', () => {
  it('a staff reply is e-mailed two minutes later when unread, at most once a quarter hour, with the unsubscribe headers', async () => {
    const { s, order } = await shopperWithOrder();
    await staffReply(order.id, s.id, 'Your parcel left today.');
    expect(await replyMails(s.email)).toHaveLength(0);
    minutes(2);
    await t.app.jobs.runDue();
    const [mail] = await replyMails(s.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`The shop replied about order ${order.orderRef}`);
    expect(mail!.text).toContain('Your parcel left today.');
    expect(mail!.text).toContain(`${WEB}/orders/${order.id}`);
    const headers = await headersOf(mail!.id);
    expect(headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(headers!['List-Unsubscribe']!)![1]!;
    expect(link.startsWith(`${WEB}/api/notification/unsubscribe?token=`)).toBe(true);
    expect(mail!.text).toContain(`${WEB}/unsubscribe?token=`);

    // A second reply within the quarter hour: no second e-mail.
    minutes(5);
    await staffReply(order.id, s.id, 'And a second thing.');
    minutes(2);
    await t.app.jobs.runDue();
    expect(await replyMails(s.email)).toHaveLength(1);

    // After the quarter hour, an unread reply is e-mailed again; the link in the header works.
    minutes(CHAT_REPLY_MAIL_MINUTES);
    await staffReply(order.id, s.id, 'Third.');
    minutes(2);
    await t.app.jobs.runDue();
    expect(await replyMails(s.email)).toHaveLength(2);
    const mailClient = new TestClient(t.app);
    mailClient.xsrf = false;
    const path = link.slice(`${WEB}/api`.length);
    expect(
      (await mailClient.post(path, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' })).body,
    ).toEqual({
      kind: 'chat.reply',
      email: false,
    });

    // Turned off: the feed still tells, no e-mail.
    minutes(CHAT_REPLY_MAIL_MINUTES + 1);
    await staffReply(order.id, s.id, 'Fourth.');
    minutes(2);
    await t.app.jobs.runDue();
    expect(await replyMails(s.email)).toHaveLength(2);
    expect((await feed(s, '?collasped=0&limit=10')).notifications.filter((n) => n.kind === 'chat.reply')).toHaveLength(4);
  });

  it('a reply the shopper read within two minutes is not e-mailed', async () => {
    const { s, order } = await shopperWithOrder();
    const id = await staffReply(order.id, s.id, 'Read me on the page.');
    // The shopper reads it on the order page (the chat module moves the mark).
    await t.app.db.update(schema.orderThreads).set({ shopperReadId: id }).where(eq(schema.orderThreads.orderId, order.id));
    minutes(2);
    await t.app.jobs.runDue();
    expect(await replyMails(s.email)).toHaveLength(0);
  });

  it('back in stock: the feed tells each shopper who asked; the e-mail honours the choice and carries the headers', async () => {
    const product = await createProduct(t.app.db, { stock: 0, name: 'Green Teapot' });
    const wants = await sgShopper(t.app);
    const refuses = await sgShopper(t.app);
    for (const s of [wants, refuses]) expect((await s.client.post('/back_in_stock', { productId: product.id })).status).toBe(200);
    await refuses.client.put('/notification/preferences', { email: { 'chat.reply': true, 'product.back_in_stock': false } });
    await t.app.db.update(schema.products).set({ stock: 3, inStock: true }).where(eq(schema.products.id, product.id));
    await happen('product.back_in_stock', product.id, { variantPaths: [''] });

    for (const s of [wants, refuses]) {
      const { notifications } = await feed(s);
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: 'product.back_in_stock',
          title: 'Green Teapot is back in stock',
          subject: { type: 'product', id: product.id },
        }),
      ]);
      expect(notifications[0]!.link).toMatch(/^\/product\//);
    }
    const [mail] = (await outbox(t.app, wants.email)).filter((m) => m.subject === 'Green Teapot is back in stock');
    expect(mail).toBeDefined();
    expect((await headersOf(mail!.id))!['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\/api\/notification\/unsubscribe\?token=.+>$/,
    );
    expect((await outbox(t.app, refuses.email)).filter((m) => m.subject === 'Green Teapot is back in stock')).toHaveLength(0);
    // Order e-mails stay without unsubscribe headers: they are not optional.
    const orderMail = (await outbox(t.app, wants.email)).find((m) => m.subject.startsWith('Order '));
    if (orderMail) expect(await headersOf(orderMail.id)).toBeNull();
  });
});

describe('delivery over SMTP', () => {
  it('an optional e-mail reaches the server with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const raw: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          raw.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    const withSmtp = await createTestApp({ seed: false, env: { MAIL_URL: `smtp://127.0.0.1:${port}`, PUBLIC_WEB_URL: WEB } });
    try {
      const userId = '00000000-0000-4000-8000-000000000001';
      const token = unsubscribeToken(withSmtp.app.unsubscribeKey, userId, 'chat.reply');
      await withSmtp.app.mailer.send({
        to: 'aminah@example.com',
        subject: 'The shop replied',
        text: 'Hello',
        html: '<p>Hello</p>',
        headers: {
          'List-Unsubscribe': `<${WEB}/api/notification/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await withSmtp.app.jobs.runDue();
      expect(raw).toHaveLength(1);
      const unfolded = raw[0]!.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toContain(`List-Unsubscribe: <${WEB}/api/notification/unsubscribe?token=${token}>`);
      expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await withSmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
