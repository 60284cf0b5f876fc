import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@kedai/db';
import { DISPUTE_DESCRIPTION_MAX, DISPUTE_PHOTOS_MAX } from '@kedai/domain';
import { LIFTED_LIMITS, outbox, staffClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { placeOrder, sgShopper, type ShopShopper } from '../shop';

/**
 * Disputes (issue 29): a buyer opens one about a delivered order within the window, one at a time;
 * staff refund it through the refunds ledger or decline it with a reason, and may allow a new one
 * after the window or after receipt was confirmed. Each step is a note in the order's conversation
 * and a line of its history. The clock is the app's injected one.
 */

let t: TestApp;
let staff: TestClient;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  const member = await staffClient(t.app, 'staff', t.clock.now);
  staff = member.client;
  staffId = member.user.id;
}, 120_000);
afterAll(() => t?.close());

const CARD = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };
const DAY = 24 * 3600;
const damaged = { reason: 'damaged', description: 'The teapot lid arrived cracked in two.' };

/** A card-paid order of SGD 15.00 moved by staff to `to` (delivered by default), with its buyer. */
async function orderAt(to: 'shipped' | 'delivered' = 'delivered'): Promise<{ shopper: ShopShopper; id: string; total: number }> {
  const shopper = await sgShopper(t.app);
  const order = await placeOrder(t.app, shopper);
  const paid = await shopper.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD });
  expect(paid.body.order.status, paid.response.payload).toBe('paid');
  const steps = [{ to: 'processing' }, { to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR1' }, { to: 'delivered' }];
  for (const step of steps.slice(0, to === 'shipped' ? 2 : 3)) {
    const moved = await staff.post(`/admin/order/${order.id}/status`, step);
    expect(moved.status, moved.response.payload).toBe(200);
  }
  return { shopper, id: order.id, total: order.total };
}

/** Runs `body` with the app's clock moved on by `seconds`, then puts it back. */
async function later<T>(seconds: number, body: () => Promise<T>): Promise<T> {
  t.clock.advance(seconds);
  try {
    return await body();
  } finally {
    t.clock.advance(-seconds);
  }
}

/** The order's conversation as its buyer (or, with `staff`, the back office) reads it. */
async function conversation(client: TestClient, orderId: string) {
  const page = await client.get(client === staff ? `/admin/order/${orderId}/messages` : `/order/${orderId}/messages`);
  expect(page.status, page.response.payload).toBe(200);
  return page.body.messages as Array<{ kind: string; body: string; disputeId: string | null; author: { role: string } }>;
}

describe('opening a dispute', () => {
  it('the buyer opens one on a delivered order: 201, in the conversation, the history and dispute_info', async () => {
    const { shopper, id } = await orderAt();
    expect((await shopper.client.get(`/order/${id}/dispute_info`)).body).toMatchObject({ canDispute: true });
    const opened = await shopper.client.post(`/order/${id}/disputes`, { ...damaged, description: `  ${damaged.description}\r\n` });
    expect(opened.status, opened.response.payload).toBe(201);
    expect(opened.body).toMatchObject({
      orderId: id,
      status: 'open',
      reason: 'damaged',
      description: damaged.description,
      resolvedAt: null,
    });

    const listed = await shopper.client.get(`/order/${id}/disputes`);
    expect(listed.body.disputes).toEqual([opened.body]);
    const info = (await shopper.client.get(`/order/${id}/dispute_info`)).body;
    expect(info).toMatchObject({ canDispute: false, how: expect.stringMatching(/is open/) });

    const [note] = await conversation(shopper.client, id);
    expect(note).toMatchObject({ kind: 'dispute_opened', disputeId: opened.body.id, author: { role: 'shopper' } });
    expect(note!.body).toBe(`An item arrived damaged\n\n${damaged.description}`);
    // Staff see the same thread.
    expect((await conversation(staff, id)).map((m) => m.kind)).toEqual(['dispute_opened']);

    const order = (await shopper.client.get(`/order/${id}`)).body;
    expect(order.history.at(-1)).toMatchObject({
      from: 'delivered',
      to: 'delivered',
      actor: 'shopper',
      note: 'Dispute opened: An item arrived damaged',
    });
    const [event] = await t.app.db
      .select()
      .from(schema.domainEvents)
      .where(and(eq(schema.domainEvents.subject, id), eq(schema.domainEvents.type, 'dispute.opened')));
    expect(event!.payload).toEqual({ disputeId: opened.body.id, reason: 'damaged' });
  });

  it('one open at a time: a second is 409 dispute/already_open', async () => {
    const { shopper, id } = await orderAt();
    expect((await shopper.client.post(`/order/${id}/disputes`, damaged)).status).toBe(201);
    expectError(
      await shopper.client.post(`/order/${id}/disputes`, { reason: 'other', description: 'And another thing entirely.' }),
      409,
      'dispute/already_open',
    );
  });

  it('bad input: the reason and the description are checked, nothing is written', async () => {
    const { shopper, id } = await orderAt();
    const open = (body: unknown) => shopper.client.post(`/order/${id}/disputes`, body);
    const badReason = await open({ reason: 'bored', description: damaged.description });
    expectError(badReason, 400, 'dispute/invalid_reason');
    expect(badReason.body.params[0]).toContain('not_received');
    expectError(await open({ reason: 'toString', description: damaged.description }), 400, 'dispute/invalid_reason');
    const short = await open({ reason: 'damaged', description: '  broken \n ' });
    expectError(short, 400, 'dispute/description_too_short');
    expect(short.body.params).toEqual([10]);
    expectError(
      await open({ reason: 'damaged', description: 'x'.repeat(DISPUTE_DESCRIPTION_MAX + 1) }),
      400,
      'dispute/description_too_long',
    );
    expect((await open({ reason: 'damaged' })).status).toBe(400);
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes).toEqual([]);
    expect(await conversation(shopper.client, id)).toEqual([]);
  });

  it("only the buyer: another shopper's order, or no order, is 404", async () => {
    const { shopper, id } = await orderAt();
    const other = await sgShopper(t.app);
    expectError(await other.client.post(`/order/${id}/disputes`, damaged), 404, 'order/not_found');
    expectError(await other.client.get(`/order/${id}/disputes`), 404, 'order/not_found');
    expectError(await shopper.client.get('/order/not-an-id/disputes'), 404, 'order/not_found');
    expectError(await shopper.client.post('/order/00000000-0000-4000-8000-000000000000/disputes', damaged), 404, 'order/not_found');
    expect((await t.app.inject({ method: 'GET', url: `/order/${id}/disputes` })).statusCode).toBe(401);
  });

  it('the window: open on its last instant, not a second after; not while in transit', async () => {
    const { shopper, id } = await orderAt();
    const window = 14 * DAY;
    const info = (await shopper.client.get(`/order/${id}/dispute_info`)).body;
    expect(info.until).toBe(Math.floor(t.clock.now().getTime() / 1000) + window);
    const late = await later(window + 1, () => shopper.client.post(`/order/${id}/disputes`, damaged));
    expectError(late, 409, 'dispute/not_allowed');
    expect(late.body.params[0]).toMatch(/14 days after delivery; that time has passed/);
    const onTime = await later(window, () => shopper.client.post(`/order/${id}/disputes`, damaged));
    expect(onTime.status, onTime.response.payload).toBe(201);

    const shipped = await orderAt('shipped');
    const inTransit = await shipped.shopper.client.post(`/order/${shipped.id}/disputes`, damaged);
    expectError(inTransit, 409, 'dispute/not_allowed');
    expect(inTransit.body.params[0]).toMatch(/on its way/);
  });

  it('none after the buyer confirmed receipt, until staff reopen; the new one uses the allowance up', async () => {
    const { shopper, id } = await orderAt();
    expect((await shopper.client.post(`/order/${id}/confirm_receipt`)).body.status).toBe('completed');
    const refused = await shopper.client.post(`/order/${id}/disputes`, damaged);
    expectError(refused, 409, 'dispute/not_allowed');
    expect(refused.body.params[0]).toMatch(/confirmed you received/);

    const reopened = await staff.post(`/admin/order/${id}/disputes/reopen`);
    expect(reopened.status, reopened.response.payload).toBe(200);
    expectError(await staff.post(`/admin/order/${id}/disputes/reopen`), 409, 'dispute/cannot_reopen');
    expect((await shopper.client.get(`/order/${id}/dispute_info`)).body).toMatchObject({
      canDispute: true,
      how: expect.stringMatching(/allowed/),
    });
    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, id), eq(schema.auditLog.action, 'dispute.reopened')));
    expect(audit).toMatchObject({ actorId: staffId, objectType: 'order', before: { status: 'completed', latestDispute: null } });

    const opened = await shopper.client.post(`/order/${id}/disputes`, damaged);
    expect(opened.status, opened.response.payload).toBe(201);
    const declined = await staff.post(`/admin/dispute/${opened.body.id}/resolve`, {
      outcome: 'decline',
      reason: 'The photos show no damage.',
    });
    expect(declined.status, declined.response.payload).toBe(200);
    // The allowance was used: a third needs staff again, who may reopen once more.
    expectError(await shopper.client.post(`/order/${id}/disputes`, damaged), 409, 'dispute/not_allowed');
    expect((await staff.post(`/admin/order/${id}/disputes/reopen`)).status).toBe(200);
    const [latest] = await t.app.db.select().from(schema.orderDisputes).where(eq(schema.orderDisputes.id, opened.body.id));
    expect(latest!.reopenedBy).toBe(staffId);
    expect((await shopper.client.post(`/order/${id}/disputes`, damaged)).status).toBe(201);
    expect((await conversation(shopper.client, id)).map((m) => m.kind)).toEqual([
      'dispute_reopened',
      'dispute_opened',
      'dispute_declined',
      'dispute_reopened',
      'dispute_opened',
    ]);
  });

  it('staff cannot reopen while the shopper could open one, nor for an order that never went out', async () => {
    const { id } = await orderAt();
    const within = await staff.post(`/admin/order/${id}/disputes/reopen`);
    expectError(within, 409, 'dispute/cannot_reopen');
    expect(within.body.params[0]).toMatch(/can open a dispute/);
    const shopper = await sgShopper(t.app);
    const unpaid = await placeOrder(t.app, shopper);
    expectError(await staff.post(`/admin/order/${unpaid.id}/disputes/reopen`), 409, 'dispute/cannot_reopen');
    expectError(await staff.post('/admin/order/00000000-0000-4000-8000-000000000000/disputes/reopen'), 404, 'order/not_found');
  });

  it('nothing is allowed while the parcel is on its way: staff cannot reopen, the shopper cannot open', async () => {
    const { shopper, id } = await orderAt('shipped');
    const listed = await staff.get(`/admin/order/${id}/disputes`);
    expect(listed.status, listed.response.payload).toBe(200);
    expect(listed.body).toEqual({ disputes: [], whyNotReopen: expect.stringMatching(/on its way/) });
    const reopen = await staff.post(`/admin/order/${id}/disputes/reopen`);
    expectError(reopen, 409, 'dispute/cannot_reopen');
    expect(reopen.body.params[0]).toMatch(/on its way/);
    // Not even long after it went out.
    expectError(await later(30 * DAY, () => staff.post(`/admin/order/${id}/disputes/reopen`)), 409, 'dispute/cannot_reopen');
    expect((await shopper.client.get(`/order/${id}/dispute_info`)).body).toMatchObject({
      canDispute: false,
      how: expect.stringMatching(/on its way/),
    });
    expectError(await shopper.client.post(`/order/${id}/disputes`, damaged), 409, 'dispute/not_allowed');
    expect(await conversation(shopper.client, id)).toEqual([]);
  });

  it('the back office is told when staff may allow a new dispute: after the window, not within it', async () => {
    const { id } = await orderAt();
    expect((await staff.get(`/admin/order/${id}/disputes`)).body.whyNotReopen).toMatch(/can open a dispute/);
    const late = await later(15 * DAY, () => staff.get(`/admin/order/${id}/disputes`));
    expect(late.body).toEqual({ disputes: [], whyNotReopen: null });
    const reopened = await later(15 * DAY, () => staff.post(`/admin/order/${id}/disputes/reopen`));
    expect(reopened.status, reopened.response.payload).toBe(200);
    expect(reopened.body.whyNotReopen).toMatch(/can open a dispute/);
  });

  race('two opens at once: exactly one 201 and one 409', async () => {
    const { shopper, id } = await orderAt();
    const answers = await Promise.all([1, 2].map(() => shopper.client.post(`/order/${id}/disputes`, damaged)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errorCode).toBe('dispute/already_open');
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes).toHaveLength(1);
    expect((await conversation(shopper.client, id)).filter((m) => m.kind === 'dispute_opened')).toHaveLength(1);
  });
});

describe('resolving a dispute', () => {
  async function openedDispute() {
    const order = await orderAt();
    const opened = await order.shopper.client.post(`/order/${order.id}/disputes`, damaged);
    expect(opened.status, opened.response.payload).toBe(201);
    return { ...order, disputeId: opened.body.id as string };
  }

  it('a refund goes through the refunds ledger: the refund row, the history, the note, the event, the audit', async () => {
    const { shopper, id, disputeId } = await openedDispute();
    const before = (await staff.get(`/admin/order/${id}`)).body.refundable;
    expectError(
      await staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'refund', amount: before + 1 }),
      400,
      'payment/invalid_refund_amount',
    );
    const resolved = await staff.post(`/admin/dispute/${disputeId}/resolve`, {
      outcome: 'refund',
      amount: 500,
      note: 'Sorry about the lid.',
    });
    expect(resolved.status, resolved.response.payload).toBe(200);
    expect(resolved.body).toMatchObject({ id: disputeId, status: 'refunded', refundAmount: 500, resolution: 'Sorry about the lid.' });

    const refunds = await t.app.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, id), eq(schema.payments.kind, 'refund')));
    // Asked of the (test) card provider after the commit, as the part-refund route does.
    expect(refunds.map((r) => `${r.amount}:${r.status}`)).toEqual(['500:succeeded']);
    const order = (await staff.get(`/admin/order/${id}`)).body;
    expect(order.refundable).toBe(before - 500);
    expect(order.status).toBe('delivered');
    expect(order.history.at(-1)).toMatchObject({ actor: 'staff', note: expect.stringMatching(/^Dispute resolved: SGD\s5\.00 refunded$/) });

    const notes = await conversation(shopper.client, id);
    expect(notes.at(-1)).toMatchObject({ kind: 'dispute_refunded', disputeId, author: { role: 'staff' } });
    expect(notes.at(-1)!.body).toMatch(/^The shop is refunding SGD\s5\.00 for this dispute\. Sorry about the lid\.$/);
    const events = await t.app.db.select().from(schema.domainEvents).where(eq(schema.domainEvents.subject, id));
    expect(events.find((e) => e.type === 'dispute.resolved')!.payload).toEqual({
      disputeId,
      outcome: 'refunded',
      refundAmount: 500,
      currency: 'SGD',
      reason: 'Sorry about the lid.',
    });
    // The refund's event names the dispute it resolves: the shopper's feed tells the pair once.
    expect(events.find((e) => e.type === 'order.refunded')!.payload).toMatchObject({ part: true, amount: 500, disputeId });
    const [audit] = await t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.objectId, disputeId));
    expect(audit).toMatchObject({
      actorId: staffId,
      action: 'dispute.refunded',
      objectType: 'dispute',
      after: { status: 'refunded', refundAmount: 500 },
    });

    expectError(await staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'decline', reason: 'No.' }), 409, 'dispute/not_open');
    // Resolved, the buyer may open another within the window.
    expect((await shopper.client.get(`/order/${id}/dispute_info`)).body.canDispute).toBe(true);
    expect((await staff.get(`/admin/order/${id}/disputes`)).body.disputes).toEqual([resolved.body]);
  });

  it('once a dispute refunded everything paid, none can be opened, nor allowed by staff; after a declined one, a new one can', async () => {
    const { shopper, id, disputeId } = await openedDispute();
    const refundable = (await staff.get(`/admin/order/${id}`)).body.refundable;
    const resolved = await staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'refund', amount: refundable });
    expect(resolved.status, resolved.response.payload).toBe(200);
    expect((await staff.get(`/admin/order/${id}`)).body.refundable).toBe(0);
    expect((await shopper.client.get(`/order/${id}/dispute_info`)).body).toEqual({
      canDispute: false,
      until: null,
      how: expect.stringMatching(/nothing left to dispute/),
    });
    const again = await shopper.client.post(`/order/${id}/disputes`, damaged);
    expectError(again, 409, 'dispute/not_allowed');
    expect(again.body.params[0]).toMatch(/nothing left to dispute/);
    expect((await staff.get(`/admin/order/${id}/disputes`)).body.whyNotReopen).toMatch(/nothing left/);
    expectError(await later(15 * DAY, () => staff.post(`/admin/order/${id}/disputes/reopen`)), 409, 'dispute/cannot_reopen');
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes).toHaveLength(1);

    const declinedOne = await openedDispute();
    const declined = await staff.post(`/admin/dispute/${declinedOne.disputeId}/resolve`, {
      outcome: 'decline',
      reason: 'No damage shown.',
    });
    expect(declined.status, declined.response.payload).toBe(200);
    expect((await declinedOne.shopper.client.get(`/order/${declinedOne.id}/dispute_info`)).body.canDispute).toBe(true);
    expect((await declinedOne.shopper.client.post(`/order/${declinedOne.id}/disputes`, damaged)).status).toBe(201);
  });

  it('declining needs a reason; the shopper reads it in the conversation', async () => {
    const { shopper, id, disputeId } = await openedDispute();
    expectError(
      await staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'decline', reason: '   ' }),
      400,
      'dispute/invalid_decline_reason',
    );
    expect((await staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'decline' })).status).toBe(400);
    const declined = await staff.post(`/admin/dispute/${disputeId}/resolve`, {
      outcome: 'decline',
      reason: 'The lid was cracked before we sent it? No.',
    });
    expect(declined.body).toMatchObject({
      status: 'declined',
      refundAmount: null,
      resolution: 'The lid was cracked before we sent it? No.',
    });
    expect((await conversation(shopper.client, id)).at(-1)).toMatchObject({
      kind: 'dispute_declined',
      body: 'The shop declined this dispute: The lid was cracked before we sent it? No.',
    });
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes[0]).toMatchObject({ status: 'declined' });
    const refunds = await t.app.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, id), eq(schema.payments.kind, 'refund')));
    expect(refunds).toEqual([]);
  });

  it('an unknown dispute is 404; a shopper cannot reach the staff routes', async () => {
    const { shopper, disputeId } = await openedDispute();
    expectError(
      await staff.post('/admin/dispute/00000000-0000-4000-8000-000000000000/resolve', { outcome: 'decline', reason: 'x' }),
      404,
      'dispute/not_found',
    );
    const denied = await shopper.client.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'decline', reason: 'x' });
    expect([401, 403]).toContain(denied.status);
  });

  race('two resolutions at once: one happens, the other is 409; one refund only', async () => {
    const { id, disputeId } = await openedDispute();
    const answers = await Promise.all([
      staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'refund', amount: 300 }),
      staff.post(`/admin/dispute/${disputeId}/resolve`, { outcome: 'refund', amount: 300 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errorCode).toBe('dispute/not_open');
    const refunds = await t.app.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, id), eq(schema.payments.kind, 'refund')));
    expect(refunds).toHaveLength(1);
  });
});

describe('what the buyer is told', () => {
  it('a dispute refunded is one entry in the feed, collapsed or not: its refund writes none of its own (decision 0024)', async () => {
    const { shopper, id } = await orderAt();
    await t.app.jobs.runDue();
    // The order's paid, shipped and delivered entries are read, so what follows would start a group of its own.
    expect((await shopper.client.post('/notification/read', {})).status).toBe(200);
    const opened = await shopper.client.post(`/order/${id}/disputes`, damaged);
    expect(opened.status, opened.response.payload).toBe(201);
    const resolved = await staff.post(`/admin/dispute/${opened.body.id}/resolve`, { outcome: 'refund', amount: 500 });
    expect(resolved.status, resolved.response.payload).toBe(200);
    await t.app.jobs.runDue();

    const collapsed = (await shopper.client.get('/notification?limit=50')).body;
    const unread = (collapsed.notifications as Array<{ kind: string; read: boolean; count: number }>).filter((n) => !n.read);
    expect(unread).toEqual([
      expect.objectContaining({ kind: 'dispute.resolved', count: 1, text: expect.stringMatching(/^The shop is refunding SGD\s5\.00\.$/) }),
    ]);
    expect(collapsed.unread).toBe(1);
    const each = (await shopper.client.get('/notification?collasped=0&limit=50')).body;
    expect((each.notifications as Array<{ kind: string; read: boolean }>).filter((n) => !n.read).map((n) => n.kind)).toEqual([
      'dispute.resolved',
    ]);
    expect(each.notifications.map((n: { kind: string }) => n.kind)).not.toContain('order.refunded');
    // The refund's e-mail still goes: the feed and the mail are channels of their own.
    const mails = await outbox(t.app, shopper.email);
    expect(mails.filter((mail) => /a refund of SGD\s5\.00$/.test(mail.subject))).toHaveLength(1);
  });

  it('a part refund staff make outside a dispute is still told as a refund', async () => {
    const { shopper, id } = await orderAt();
    const refunded = await staff.post(`/admin/order/${id}/refund`, { amount: 300, reason: 'A scratch on the lid' });
    expect(refunded.status, refunded.response.payload).toBe(200);
    await t.app.jobs.runDue();
    const each = (await shopper.client.get('/notification?collasped=0&limit=50')).body;
    expect(each.notifications[0]).toMatchObject({ kind: 'order.refunded' });
  });

  it('a resolution is one feed entry: its note in the conversation is no chat reply and sends no “the shop replied” e-mail', async () => {
    const outcomes = [
      { outcome: 'decline', reason: 'The photos show no damage.' },
      { outcome: 'refund', amount: 500, reason: 'Sorry about the lid.' },
    ];
    for (const outcome of outcomes) {
      const { shopper, id } = await orderAt();
      const opened = await shopper.client.post(`/order/${id}/disputes`, damaged);
      expect(opened.status, opened.response.payload).toBe(201);
      const resolved = await staff.post(`/admin/dispute/${opened.body.id}/resolve`, outcome);
      expect(resolved.status, resolved.response.payload).toBe(200);
      await t.app.jobs.runDue();
      // Past the delay of a reply's e-mail.
      await later(5 * 60, () => t.app.jobs.runDue());

      const feed = await shopper.client.get('/notification?collasped=0&limit=50');
      expect(feed.status, feed.response.payload).toBe(200);
      const kinds = (feed.body.notifications as Array<{ kind: string }>).map((n) => n.kind);
      expect(
        kinds.filter((kind) => kind === 'dispute.resolved'),
        outcome.outcome,
      ).toHaveLength(1);
      expect(
        kinds.filter((kind) => kind === 'chat.reply'),
        outcome.outcome,
      ).toEqual([]);
      const mails = await outbox(t.app, shopper.email);
      expect(mails.filter((mail) => mail.subject.startsWith('The shop replied'))).toEqual([]);
    }
  });
});

describe("a dispute's photos", () => {
  const png = (size = 24, background = '#2e86c1') =>
    sharp({ create: { width: size, height: size, channels: 3, background } })
      .png()
      .toBuffer();
  const send = async (client: TestClient, orderId: string, bytes?: Buffer) =>
    client.request('POST', `/order/${orderId}/disputes/photo`, bytes ?? (await png()), { 'content-type': 'image/png' });
  const storedFiles = () => {
    const dir = join(t.config.privateDir, 'chat');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const photoStatus = async (client: TestClient | null, path: string) =>
    (await t.app.inject({ method: 'GET', url: path, headers: client ? { cookie: client.cookieHeader() } : {} })).statusCode;

  it('the buyer adds photos after opening: in the conversation with the dispute, listed with it, seen by staff', async () => {
    const { shopper, id } = await orderAt();
    const opened = await shopper.client.post(`/order/${id}/disputes`, damaged);
    expect(opened.body.photos).toEqual([]);
    const first = await send(shopper.client, id);
    expect(first.status, first.response.payload).toBe(201);
    expect(first.body.message).toMatchObject({ kind: 'photo', disputeId: opened.body.id, author: { role: 'shopper' } });
    const second = await send(shopper.client, id, await png(40));
    const images = [first.body.message.image, second.body.message.image] as string[];

    const note = (await conversation(shopper.client, id)).filter((m) => m.disputeId === opened.body.id).map((m) => m.kind);
    expect(note).toEqual(['dispute_opened', 'photo', 'photo']);
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes[0].photos).toEqual(images);
    expect((await staff.get(`/admin/order/${id}/disputes`)).body.disputes[0].photos).toEqual(images);
    // Private, as every chat photo: the buyer and staff read it, nobody else.
    const name = images[0]!.slice('chat/'.length);
    expect(await photoStatus(shopper.client, `/order/${id}/messages/photos/${name}`)).toBe(200);
    expect(await photoStatus(staff, `/admin/order/${id}/messages/photos/${name}`)).toBe(200);
    expect(await photoStatus(null, `/order/${id}/messages/photos/${name}`)).toBe(401);
    const stranger = await sgShopper(t.app);
    expect(await photoStatus(stranger.client, `/order/${id}/messages/photos/${name}`)).toBe(404);

    // The resolution's answer still lists them.
    const resolved = await staff.post(`/admin/dispute/${opened.body.id}/resolve`, { outcome: 'decline', reason: 'Not our fault.' });
    expect(resolved.body.photos).toEqual(images);
  });

  it('at most DISPUTE_PHOTOS_MAX per dispute; none without an open dispute; only the buyer; only images', async () => {
    const { shopper, id } = await orderAt();
    expectError(await send(shopper.client, id), 404, 'dispute/not_found');
    const opened = await shopper.client.post(`/order/${id}/disputes`, damaged);
    for (let i = 0; i < DISPUTE_PHOTOS_MAX; i++) expect((await send(shopper.client, id)).status).toBe(201);
    const before = storedFiles();
    const over = await send(shopper.client, id);
    expectError(over, 409, 'dispute/too_many_photos');
    expect(over.body.params).toEqual([DISPUTE_PHOTOS_MAX]);
    // The refused photo's files went again.
    expect(storedFiles()).toBe(before);

    const stranger = await sgShopper(t.app);
    expectError(await send(stranger.client, id), 404, 'order/not_found');
    expect(
      (await new TestClient(t.app).request('POST', `/order/${id}/disputes/photo`, await png(), { 'content-type': 'image/png' })).status,
    ).toBe(401);
    expectError(await send(shopper.client, id, Buffer.from('not a picture')), 415, 'general/unsupported_media_type');

    await staff.post(`/admin/dispute/${opened.body.id}/resolve`, { outcome: 'decline', reason: 'Not our fault.' });
    expectError(await send(shopper.client, id), 409, 'dispute/not_open');
    expect(storedFiles()).toBe(before);
  });

  race('two photos at once for the last place: one is taken, the other is 409', async () => {
    const { shopper, id } = await orderAt();
    await shopper.client.post(`/order/${id}/disputes`, damaged);
    for (let i = 0; i < DISPUTE_PHOTOS_MAX - 1; i++) expect((await send(shopper.client, id)).status).toBe(201);
    const bytes = await png();
    const answers = await Promise.all([send(shopper.client, id, bytes), send(shopper.client, id, bytes)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await shopper.client.get(`/order/${id}/disputes`)).body.disputes[0].photos).toHaveLength(DISPUTE_PHOTOS_MAX);
  });
});
