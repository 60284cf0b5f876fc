import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, createVerifiedUser, outbox, signedInClient, staffClient, type TestUser } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { backInStockMailJob } from '../../src/modules/back-in-stock/job';
import type { DomainEvent } from '../../src/platform/events';

/**
 * Domain events (issue 28): each change records its event in its own transaction, through the real
 * routes; a change refused or rolled back records none; each handler gets one job per event, and the
 * shopper's mail arrives when the jobs run, not before.
 */

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
}, 120_000);
afterAll(() => t?.close());

const CARD = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };
const SG_ADDRESS = {
  fullName: 'Tan Ah Kow',
  address: '1 Raffles Place',
  unitNumber: '',
  city: '',
  country: 'SG',
  phoneNumber: '+65 6123 4567',
  postalCode: '048616',
  state: '',
};

interface Shopper {
  user: TestUser;
  client: TestClient;
  address: string;
}

async function shopper(): Promise<Shopper> {
  const user = await createVerifiedUser(t.app);
  const client = await signedInClient(t.app, user);
  const address = (await client.post('/address', SG_ADDRESS)).body.address.id as string;
  return { user, client, address };
}

/** A new order of `quantity` units of a product (a new one with stock 5 unless given). */
async function place(s: Shopper, paymentMethod: 'card' | 'paynow', options: { productId?: string; quantity?: number } = {}) {
  const productId = options.productId ?? (await createProduct(t.app.db, { stock: 5, price: { SG: 1500 } })).id;
  const line = await s.client.post('/cart', { productId, quantity: options.quantity ?? 2 });
  const key = (await s.client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
  const placed = await s.client.post('/checkout/create_order', { checkoutSessionKey: key, paymentMethod, shippingAddressId: s.address });
  expect(placed.status, placed.response.payload).toBe(201);
  return { productId, order: placed.body as { id: string; orderRef: string; total: number } };
}

/** The events recorded about `subject`, oldest first. */
async function eventsOf(subject: string) {
  return t.app.db
    .select({ id: schema.domainEvents.id, type: schema.domainEvents.type, payload: schema.domainEvents.payload })
    .from(schema.domainEvents)
    .where(eq(schema.domainEvents.subject, subject))
    .orderBy(asc(schema.domainEvents.id));
}
const typesOf = async (subject: string) => (await eventsOf(subject)).map((event) => event.type);

/** The jobs made from one event. */
async function jobsOf(eventId: number) {
  return t.app.db
    .select({ kind: schema.jobs.kind, state: schema.jobs.state })
    .from(schema.jobs)
    .where(eq(schema.jobs.eventId, eventId))
    .orderBy(schema.jobs.kind);
}

/** The subjects of the mails to `email`, newest first (the verification code left out). */
const subjects = async (email: string) =>
  (await outbox(t.app, email)).map((mail) => mail.subject).filter((subject) => !subject.includes('verification code'));

describe('order events', () => {
  it('placed, paid, shipped, delivered: each once about the order, each mailed once the jobs run', async () => {
    const s = await shopper();
    const { order } = await place(s, 'card');
    expect(await typesOf(order.id)).toEqual(['order.placed']);
    // Not mailed by the route: the mail is the event's job.
    expect(await subjects(s.user.email)).not.toContain(`Order ${order.orderRef} placed`);
    await t.app.jobs.runDue();
    expect(await subjects(s.user.email)).toContain(`Order ${order.orderRef} placed`);

    expect((await s.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD })).body.order.status).toBe('paid');
    const step = (body: Record<string, unknown>) => staff.post(`/admin/order/${order.id}/status`, body);
    expect((await step({ to: 'processing' })).status).toBe(200);
    expect((await step({ to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR123456789SG' })).status).toBe(200);
    expect((await step({ to: 'delivered' })).status).toBe(200);
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(['order.placed', 'order.paid', 'order.shipped', 'order.delivered']);
    expect(events[1]!.payload).toMatchObject({ amount: order.total, currency: 'SGD', method: 'card' });
    expect(events[2]!.payload).toEqual({ carrier: 'SingPost', trackingNumber: 'RR123456789SG' });

    await t.app.jobs.runDue();
    const mails = (await subjects(s.user.email)).filter((subject) => subject.startsWith(`Order ${order.orderRef}`));
    expect(mails).toEqual([
      `Order ${order.orderRef} delivered`,
      `Order ${order.orderRef} shipped`,
      `Order ${order.orderRef} paid`,
      `Order ${order.orderRef} placed`,
    ]);
    // One job per event and handler (the mail; the shopper's feed from paid on), done; running again
    // makes and sends nothing more.
    const handlers: Record<string, string[]> = {
      'order.placed': ['orders.mail'],
      'order.paid': ['notifications.record', 'orders.mail'],
      'order.shipped': ['notifications.record', 'orders.mail'],
      'order.delivered': ['notifications.record', 'orders.mail'],
    };
    for (const event of events) {
      expect(await jobsOf(event.id)).toEqual(handlers[event.type]!.map((kind) => ({ kind, state: 'done' })));
    }
    expect(await t.app.jobs.runDue()).toBe(0);
    expect((await subjects(s.user.email)).filter((subject) => subject.startsWith(`Order ${order.orderRef}`))).toEqual(mails);
  });

  it('a step refused records nothing', async () => {
    const s = await shopper();
    const { order } = await place(s, 'card');
    expectError(
      await staff.post(`/admin/order/${order.id}/status`, { to: 'shipped', carrier: 'X', trackingNumber: 'Y' }),
      409,
      'order/invalid_transition',
    );
    expectError(await staff.post(`/admin/order/${order.id}/status`, { to: 'shipped' }), 400, 'order/invalid_shipment');
    expectError(
      await staff.post(`/admin/order/${order.id}/refund`, { amount: 100, reason: 'Broken' }),
      400,
      'payment/invalid_refund_amount',
    );
    expect(await typesOf(order.id)).toEqual(['order.placed']);
  });

  it('cancelled by the shopper, with the sold-out stock back: order.cancelled and product.back_in_stock; the waiting shopper is mailed', async () => {
    const s = await shopper();
    const productId = (await createProduct(t.app.db, { stock: 2, price: { SG: 1500 } })).id;
    const { order } = await place(s, 'card', { productId, quantity: 2 });
    const waiting = await shopper();
    expect((await waiting.client.post('/back_in_stock', { productId })).status).toBe(200);
    expect(await typesOf(productId)).toEqual([]);

    expect((await s.client.delete(`/order/${order.id}`)).status).toBe(200);
    const [cancelled] = await eventsOf(order.id).then((events) => events.filter((event) => event.type === 'order.cancelled'));
    expect(cancelled!.payload).toEqual({ reason: 'Cancelled by the shopper', actor: 'shopper' });
    const back = await eventsOf(productId);
    expect(back).toEqual([expect.objectContaining({ type: 'product.back_in_stock', payload: { variantPaths: [''] } })]);
    expect(await subjects(waiting.user.email)).toEqual([]);

    await t.app.jobs.runDue();
    expect(await jobsOf(back[0]!.id)).toEqual([{ kind: 'back_in_stock.mail', state: 'done' }]);
    expect(await subjects(waiting.user.email)).toEqual([expect.stringMatching(/is back in stock$/)]);
    expect((await subjects(s.user.email))[0]).toBe(`Order ${order.orderRef} cancelled`);
  });

  it('cancelled and refunded in part by staff: each recorded with its reason, and mailed', async () => {
    const s = await shopper();
    const { order } = await place(s, 'card');
    await s.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD });
    expect((await staff.post(`/admin/order/${order.id}/refund`, { amount: 500, reason: 'One cup arrived broken' })).status).toBe(200);
    expect((await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'Out of boxes' })).status).toBe(200);
    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      ['order.placed', { total: order.total, currency: 'SGD' }],
      ['order.paid', expect.anything()],
      ['order.refunded', { part: true, amount: 500, currency: 'SGD', reason: 'One cup arrived broken' }],
      ['order.cancelled', { reason: 'Out of boxes', actor: 'staff' }],
    ]);
    await t.app.jobs.runDue();
    const mails = await outbox(t.app, s.user.email);
    expect(mails[0]!.text).toContain('Out of boxes');
    expect(mails[1]!.subject).toMatch(new RegExp(`^Order ${order.orderRef}: a refund of SGD\\s5\\.00$`));
    expect(mails[1]!.text).toContain('One cup arrived broken');
  });

  it('refunded as a whole after a dispute: order.refunded (not mailed, as before)', async () => {
    const s = await shopper();
    const { order } = await place(s, 'card');
    await s.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD });
    for (const body of [{ to: 'processing' }, { to: 'shipped', carrier: 'A', trackingNumber: 'B' }, { to: 'delivered' }]) {
      expect((await staff.post(`/admin/order/${order.id}/status`, body)).status).toBe(200);
    }
    expect((await s.client.post(`/order/${order.id}/confirm_receipt`)).status).toBe(200);
    expect((await staff.post(`/admin/order/${order.id}/status`, { to: 'refunded' })).status).toBe(200);
    const events = await eventsOf(order.id);
    expect(events.at(-1)).toMatchObject({ type: 'order.refunded', payload: { part: false } });
    await t.app.jobs.runDue();
    expect(await jobsOf(events.at(-1)!.id)).toEqual([
      { kind: 'notifications.record', state: 'done' },
      { kind: 'orders.mail', state: 'done' },
    ]);
    expect((await subjects(s.user.email)).filter((subject) => subject.includes('refund'))).toEqual([]);
  });
});

describe('PayNow transfer events', () => {
  it('confirmed: transfer.confirmed and order.paid, the shopper mailed once', async () => {
    const s = await shopper();
    const { order } = await place(s, 'paynow');
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, { reference: 'FT1' })).body.payments[0].id as string;
    expect((await staff.post(`/admin/payment/${charge}/confirm`)).status).toBe(200);
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(['order.placed', 'order.paid', 'transfer.confirmed']);
    expect(events[2]!.payload).toEqual({ paymentId: charge, amount: order.total, orderPaid: true });
    await t.app.jobs.runDue();
    expect((await subjects(s.user.email)).filter((subject) => subject === `Order ${order.orderRef} paid`)).toHaveLength(1);
  });

  it('rejected: transfer.rejected with the reason, and the shopper asked to pay again', async () => {
    const s = await shopper();
    const { order } = await place(s, 'paynow');
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    expectError(await staff.post(`/admin/payment/${charge}/reject`, { reason: ' ' }), 400, 'payment/invalid_reason');
    expect((await staff.post(`/admin/payment/${charge}/reject`, { reason: 'Nothing arrived' })).status).toBe(200);
    expect((await eventsOf(order.id)).map((event) => [event.type, event.payload])).toEqual([
      ['order.placed', expect.anything()],
      ['transfer.rejected', { paymentId: charge, reason: 'Nothing arrived', orderAwaitingPayment: true }],
    ]);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, s.user.email);
    expect(mail!.subject).toBe(`Order ${order.orderRef}: your PayNow transfer was not found`);
  });

  it('a release rolled back by a later refusal (the order already cancelled) records nothing', async () => {
    const s = await shopper();
    const { order } = await place(s, 'paynow');
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    expect((await s.client.delete(`/order/${order.id}`)).status).toBe(200);
    const before = await typesOf(order.id);
    expect(before).toEqual(['order.placed', 'order.cancelled']);
    // The report is failed and transfer.rejected recorded, then cancelling the order is refused: all of it rolls back.
    expectError(await staff.post(`/admin/payment/${charge}/release`, { reason: 'No transfer came' }), 409, 'order/invalid_transition');
    expect(await typesOf(order.id)).toEqual(before);
  });
});

describe('quotation events', () => {
  async function askQuote(client: TestClient) {
    const productId = (await createProduct(t.app.db, { price: { SG: 1990 } })).id;
    const asked = await client.post('/quotation_item/internal_product', { productId, quantity: 2, instructions: 'two boxes' });
    expect(asked.status, asked.response.payload).toBe(201);
    const id = asked.body.quotationItem.id as string;
    return { id, version: (await staff.get(`/admin/quotation_item/${id}`)).body.version as number };
  }

  it('answered and declined, each once about the item; a refused answer records nothing; mailed when the jobs run', async () => {
    const s = await shopper();
    const first = await askQuote(s.client);
    const second = await askQuote(s.client);
    expect(
      (await staff.post(`/admin/quotation_item/${first.id}/resolve`, { version: first.version, quotedPrice: { SG: 1800 } })).status,
    ).toBe(200);
    expectError(
      await staff.post(`/admin/quotation_item/${first.id}/decline`, { version: first.version + 1, reason: 'Late' }),
      409,
      'quotation/already_answered',
    );
    expect(
      (await staff.post(`/admin/quotation_item/${second.id}/decline`, { version: second.version, reason: 'Not made any more' })).status,
    ).toBe(200);
    expect(await eventsOf(first.id)).toEqual([expect.objectContaining({ type: 'quotation.answered', payload: {} })]);
    expect(await eventsOf(second.id)).toEqual([
      expect.objectContaining({ type: 'quotation.declined', payload: { reason: 'Not made any more' } }),
    ]);
    expect((await subjects(s.user.email)).filter((subject) => subject.startsWith('Your quotation'))).toEqual([]);
    await t.app.jobs.runDue();
    const mails = (await subjects(s.user.email)).filter((subject) => subject.startsWith('Your quotation'));
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatch(/^Your quotation was unsuccessful: /);
    expect(mails[1]).toMatch(/^Your quotation is here: /);
  });
});

describe('back in stock', () => {
  it('the back office stock edit from 0 records product.back_in_stock for the path; from more than 0 records nothing', async () => {
    const product = await createProduct(t.app.db, {
      variants: [{ name: 'Size', options: ['S', 'M'] }],
      variantPaths: { '0': { price: { SG: 100 }, stock: 0 }, '1': { price: { SG: 100 }, stock: 2 } },
    });
    const waiting = await shopper();
    expect((await waiting.client.post('/back_in_stock', { productId: product.id, variantPath: '0' })).status).toBe(200);
    expect((await staff.post(`/admin/product/${product.id}/stock`, { variantPath: '1', delta: 3 })).status).toBe(200);
    expectError(
      await staff.post(`/admin/product/${product.id}/stock`, { variantPath: '0', stock: 4, expected: 7 }),
      409,
      'product/stock_changed',
    );
    expect(await eventsOf(product.id)).toEqual([]);
    expect((await staff.post(`/admin/product/${product.id}/stock`, { variantPath: '0', stock: 4, expected: 0 })).status).toBe(200);
    const events = await eventsOf(product.id);
    expect(events).toEqual([expect.objectContaining({ type: 'product.back_in_stock', payload: { variantPaths: ['0'] } })]);

    await t.app.jobs.runDue();
    expect(await subjects(waiting.user.email)).toEqual([expect.stringMatching(/is back in stock$/)]);
    // The handler run again (jobs are at least once) mails no one twice.
    const event = { ...events[0]!, subject: product.id, occurredAt: new Date().toISOString() } as DomainEvent;
    await backInStockMailJob(t.app).run({ event }, { db: t.app.db, log: t.app.log, jobId: 0, attempt: 2 });
    expect(await subjects(waiting.user.email)).toHaveLength(1);
  });

  it('a product enabled again with stock records product.back_in_stock', async () => {
    const created = await staff.post('/admin/product', {
      name: 'Durian Puff',
      description: 'Flaky.',
      categoryId: null,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 100,
      price: { SG: 500 },
      variants: [],
      variantPaths: {},
      stock: 4,
      images: [],
      disabled: true,
    });
    expect(created.status, created.response.payload).toBe(201);
    const id = created.body.product.uuid as string;
    const enabled = await staff.put(`/admin/product/${id}`, {
      name: 'Durian Puff',
      description: 'Flaky.',
      categoryId: null,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 100,
      price: { SG: 500 },
      variants: [],
      variantPaths: {},
      images: [],
      disabled: false,
      version: created.body.version,
    });
    expect(enabled.status, enabled.response.payload).toBe(200);
    expect(await eventsOf(id)).toEqual([expect.objectContaining({ type: 'product.back_in_stock', payload: { variantPaths: [''] } })]);
  });
});
