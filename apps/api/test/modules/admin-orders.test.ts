import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, createVerifiedUser, outbox, signedInClient, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { completeDeliveredOrders } from '../../src/modules/orders/expiry';

/** The back office's orders (issue 16): list, search, move along the allowed steps, cancel with a reason. */

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

/** A shopper's order, awaiting payment, of 2 units of a new product (stock 5). */
async function placedOrder() {
  const user = await createVerifiedUser(t.app);
  const client = await signedInClient(t.app, user);
  const productId = (await createProduct(t.app.db, { stock: 5, price: { SG: 1500 } })).id;
  const address = await client.post('/address', {
    fullName: 'Tan Ah Kow',
    address: '1 Raffles Place',
    unitNumber: '',
    city: '',
    country: 'SG',
    phoneNumber: '+65 6123 4567',
    postalCode: '048616',
    state: '',
  });
  const line = await client.post('/cart', { productId, quantity: 2 });
  const key = (await client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
  const placed = await client.post('/checkout/create_order', {
    checkoutSessionKey: key,
    paymentMethod: 'card',
    shippingAddressId: address.body.address.id,
  });
  expect(placed.status, placed.response.payload).toBe(201);
  return { user, client, productId, order: placed.body as { id: string; orderRef: string } };
}

/** The same, paid by card. */
async function paidOrder() {
  const placed = await placedOrder();
  expect((await placed.client.post('/payment/stripe/card/pay', { orderId: placed.order.id, ...CARD })).body.order.status).toBe('paid');
  return placed;
}

async function stockOf(productId: string) {
  const [row] = await t.app.db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId));
  return row!.stock;
}

describe('the order list', () => {
  it('finds orders by status, by reference and by e-mail, newest first, with the shopper', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const paid = await staff.get('/admin/order?status=paid');
    expect(paid.status, paid.response.payload).toBe(200);
    const ids = (paid.body.orders as Array<{ id: string }>).map((o) => o.id);
    expect(ids.indexOf(second.order.id)).toBeLessThan(ids.indexOf(first.order.id));
    const byRef = (await staff.get(`/admin/order?q=${first.order.orderRef.toLowerCase()}`)).body;
    expect(byRef.orders.map((o: { id: string }) => o.id)).toEqual([first.order.id]);
    const byEmail = (await staff.get(`/admin/order?q=${encodeURIComponent(second.user.email)}`)).body;
    expect(byEmail.orders[0]).toMatchObject({ id: second.order.id, shopper: { email: second.user.email }, nextStatuses: ['processing'] });
    expect((await staff.get('/admin/order?q=%25')).status).toBe(200);
    expectError(await staff.get('/admin/order/00000000-0000-4000-8000-000000000000'), 404, 'order/not_found');
  });
});

describe('moving an order', () => {
  it('processing, shipped with tracking, then the shopper confirms receipt; each step in the history and the audit', async () => {
    const { client, user, order } = await paidOrder();
    const step = (body: Record<string, unknown>) => staff.post(`/admin/order/${order.id}/status`, body);
    expectError(await step({ to: 'delivered' }), 409, 'order/invalid_transition');
    expect((await step({ to: 'processing' })).body).toMatchObject({ status: 'processing', nextStatuses: ['shipped'] });
    expectError(await step({ to: 'shipped', carrier: 'SingPost' }), 400, 'order/invalid_shipment');
    const shipped = await step({ to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR123456789SG' });
    expect(shipped.body).toMatchObject({ status: 'shipped', carrier: 'SingPost', trackingNumber: 'RR123456789SG', canCancel: false });
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.subject).toBe(`Order ${order.orderRef} shipped`);
    expect(mail!.text).toContain('RR123456789SG');
    expectError(await client.delete(`/order/${order.id}`), 409, 'order/invalid_transition');
    const info = (await client.get(`/order/${order.id}/dispute_info`)).body;
    // In transit the dispute window has not started (issue 29: disputes are about delivered orders).
    expect(info).toMatchObject({ canDispute: false, until: null, how: expect.stringMatching(/on its way/) });
    const done = await client.post(`/order/${order.id}/confirm_receipt`);
    expect(done.body).toMatchObject({ status: 'completed', canConfirmReceipt: false });
    expect(done.body.history.map((h: { to: string }) => h.to)).toEqual(['awaiting_payment', 'paid', 'processing', 'shipped', 'completed']);
    const audited = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, order.id), eq(schema.auditLog.actorId, staffId)));
    expect(audited.map((a) => a.action).sort()).toEqual(['order.processing', 'order.shipped']);
    // After a dispute, staff refund a completed order: the money goes back through the provider.
    const refunded = await step({ to: 'refunded' });
    expect(refunded.body.status).toBe('refunded');
    expect(refunded.body.payments.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual([
      'charge:succeeded',
      'refund:succeeded',
    ]);
  });

  it('a delivered order the shopper never confirms is completed when its dispute window ends', async () => {
    const { user, client, order } = await paidOrder();
    for (const body of [{ to: 'processing' }, { to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR1' }, { to: 'delivered' }])
      expect((await staff.post(`/admin/order/${order.id}/status`, body)).status).toBe(200);
    const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    const windowEnd = row!.deliveredAt!.getTime() + 14 * 24 * 3600_000;
    // The delivered mail (issue 30): "Received it?" and "Something wrong?", with the window's end.
    await t.app.jobs.runDue();
    const delivered = (await outbox(t.app, user.email))[0]!;
    expect(delivered.subject).toBe(`Order ${order.orderRef} delivered`);
    expect(delivered.text).toContain(`Received it?: ${'http'}`);
    expect(delivered.text).toMatch(new RegExp(`Something wrong\\?: \\S+/orders/${order.id}#dispute`));
    expect(delivered.text).toMatch(/Open a dispute on the same page until \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(delivered.html).toContain('>Something wrong?</a>');
    const statusOf = async () => (await client.get(`/order/${order.id}`)).body.status;

    await completeDeliveredOrders({ db: t.app.db, now: new Date(windowEnd) });
    expect(await statusOf()).toBe('delivered');
    await completeDeliveredOrders({ db: t.app.db, now: new Date(windowEnd + 1000) });
    const done = (await client.get(`/order/${order.id}`)).body;
    expect(done.status).toBe('completed');
    expect(done.history.at(-1)).toMatchObject({ to: 'completed', actor: 'system' });
    // Later runs, in two API processes at once, leave it be.
    const again = await Promise.all([1, 2].map(() => completeDeliveredOrders({ db: t.app.db, now: new Date(windowEnd + 2000) })));
    expect(again).toEqual([0, 0]);
    expectError(await client.post(`/order/${order.id}/confirm_receipt`), 409, 'order/invalid_transition');
  });

  race('two staff moving one order at once: one step happens, the other is 409', async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all([
      staff.post(`/admin/order/${order.id}/status`, { to: 'processing' }),
      staff.post(`/admin/order/${order.id}/status`, { to: 'processing' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      'order/invalid_transition',
    );
    const history = (await staff.get(`/admin/order/${order.id}`)).body.history as { to: string }[];
    expect(history.filter((h) => h.to === 'processing')).toHaveLength(1);
  });
});

describe('refunding part of a payment', () => {
  it('gives part back through the card provider, never more than is held, and a later full refund only the rest', async () => {
    const { user, order } = await paidOrder();
    const paid = (await staff.get(`/admin/order/${order.id}`)).body;
    expect(paid.refundable).toBe(paid.total);
    const refund = (body: Record<string, unknown>) => staff.post(`/admin/order/${order.id}/refund`, body);
    expectError(await refund({ amount: 500, reason: '' }), 400, 'payment/invalid_reason');
    expectError(await refund({ amount: 0, reason: 'One cup arrived broken' }), 400, 'payment/invalid_refund_amount');
    expectError(await refund({ amount: paid.total + 1, reason: 'One cup arrived broken' }), 400, 'payment/invalid_refund_amount');
    const part = await refund({ amount: 500, reason: 'One cup arrived broken' });
    expect(part.status, part.response.payload).toBe(200);
    expect(part.body).toMatchObject({ status: 'paid', refundable: paid.total - 500 });
    expect(part.body.payments.map((p: { kind: string; amount: number }) => `${p.kind}:${p.amount}`)).toEqual([
      `charge:${paid.total}`,
      'refund:500',
    ]);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.subject).toMatch(new RegExp(`^Order ${order.orderRef}: a refund of SGD\\s5\\.00$`));
    expect(mail!.text).toContain('One cup arrived broken');

    // Cancelling now gives back only what is left.
    expect((await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'Out of stock at the supplier' })).status).toBe(200);
    const after = (await staff.get(`/admin/order/${order.id}`)).body;
    expect(after.payments.map((p: { kind: string; amount: number }) => `${p.kind}:${p.amount}`)).toEqual([
      `charge:${paid.total}`,
      'refund:500',
      `refund:${paid.total - 500}`,
    ]);
    expect(after.refundable).toBe(0);
    expectError(await refund({ amount: 1, reason: 'Again' }), 400, 'payment/invalid_refund_amount');
  });

  it('an order not paid has nothing to refund', async () => {
    const { order } = await placedOrder();
    expectError(
      await staff.post(`/admin/order/${order.id}/refund`, { amount: 100, reason: 'Goodwill' }),
      400,
      'payment/invalid_refund_amount',
    );
    expectError(
      await staff.post('/admin/order/00000000-0000-4000-8000-000000000000/refund', { amount: 100, reason: 'x' }),
      404,
      'order/not_found',
    );
  });
});

describe('cancelling', () => {
  it('with a reason: the payment is refunded, the stock comes back, the shopper is told', async () => {
    const { productId, order, user } = await paidOrder();
    expect(await stockOf(productId)).toBe(3);
    expectError(await staff.post(`/admin/order/${order.id}/cancel`, { reason: ' ' }), 400, 'order/invalid_cancel_reason');
    const cancelled = await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'The courier cannot reach this address' });
    expect(cancelled.status, cancelled.response.payload).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'The courier cannot reach this address', nextStatuses: [] });
    expect(cancelled.body.payments.map((p: { kind: string }) => p.kind)).toEqual(['charge', 'refund']);
    expect(await stockOf(productId)).toBe(5);
    await t.app.jobs.runDue();
    expect((await outbox(t.app, user.email))[0]!.text).toContain('The courier cannot reach this address');
    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, order.id), eq(schema.auditLog.action, 'order.cancelled')));
    expect(audit).toMatchObject({ actorId: staffId });
    expectError(await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'again' }), 409, 'order/invalid_transition');
  });

  it('the e-mail says when the refund reaches the card, with one full stop after a reason that has its own', async () => {
    const { order, user } = await paidOrder();
    expect((await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'Out of stock at the supplier.' })).status).toBe(200);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.subject).toBe(`Order ${order.orderRef} cancelled`);
    expect(mail!.text).toContain(`Your order ${order.orderRef} has been cancelled: Out of stock at the supplier.`);
    expect(mail!.text).not.toContain('supplier..');
    expect(mail!.text).toMatch(
      /The payment of SGD\s?[\d,]+\.\d\d is being refunded to the card you paid with; it usually reaches your card within 5–10 working days\./,
    );
  });

  it('an unpaid order cancelled: the e-mail says nothing was charged', async () => {
    const { order, user } = await placedOrder();
    expect((await staff.post(`/admin/order/${order.id}/cancel`, { reason: 'Asked by the shopper on the phone' })).status).toBe(200);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.text).toContain(`Your order ${order.orderRef} has been cancelled: Asked by the shopper on the phone.`);
    expect(mail!.text).toContain('Nothing was charged.');
    expect(mail!.text).not.toContain('refund');
  });
});

describe('vouchers', () => {
  it('staff create, edit from the version read, deactivate, and see who used one', async () => {
    const draft = { code: 'welcome10', kind: 'percent', percentBp: 1000, maxDiscount: { SGD: 2000 }, scope: 'cart', regions: ['SG'] };
    const created = await staff.post('/admin/voucher', draft);
    expect(created.status, created.response.payload).toBe(201);
    expect(created.body).toMatchObject({ code: 'WELCOME10', kind: 'percent', percentBp: 1000, active: true, redeemed: 0, version: 1 });
    expectError(await staff.post('/admin/voucher', draft), 409, 'voucher/code_taken');
    const bad = await staff.post('/admin/voucher', { ...draft, code: 'OTHER', percentBp: 0 });
    expectError(bad, 400, 'voucher/invalid');
    expect(bad.body.params).toEqual(['percentBp']);
    expectError(await staff.post('/admin/voucher', { ...draft, code: 'OTHER2', regions: ['XX'] }), 400, 'voucher/invalid');

    const id = created.body.id as string;
    const { client } = await paidOrder();
    const line = await client.post('/cart', { productId: (await createProduct(t.app.db, { price: { SG: 3000 } })).id, quantity: 1 });
    const key = (await client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
    const addressId = (await client.get('/address')).body.addresses[0].id;
    const placed = await client.post('/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: addressId,
      voucherCode: 'welcome10',
    });
    expect(placed.body).toMatchObject({ discount: 300, voucherCode: 'WELCOME10' });
    const used = await staff.get(`/admin/voucher/${id}/redemptions`);
    expect(used.body.redemptions).toEqual([expect.objectContaining({ orderId: placed.body.id, discount: 300, currency: 'SGD' })]);

    const saved = await staff.put(`/admin/voucher/${id}`, { ...draft, active: false, version: 1 });
    expect(saved.body).toMatchObject({ active: false, version: 2, redeemed: 1 });
    expectError(await staff.put(`/admin/voucher/${id}`, { ...draft, version: 1 }), 409, 'voucher/version_conflict');
    expectError(await client.post('/voucher/validate', { code: 'WELCOME10' }), 404, 'voucher/not_found');
  });
});

describe('tax rates (owners)', () => {
  it('owners set and remove a country’s tax, which the estimate then uses; staff may not', async () => {
    const { client: owner } = await staffClient(t.app, 'owner', t.clock.now);
    expectError(await staff.get('/admin/tax_rate'), 403, 'auth/not_authorized');
    const listed = await owner.get('/admin/tax_rate');
    expect(listed.body.taxRates).toEqual(expect.arrayContaining([{ countryCode: 'SG', name: 'GST', rateBp: 900, inclusive: false }]));
    expectError(await owner.put('/admin/tax_rate/MY', { name: '', rateBp: 600, inclusive: false }), 400, 'settings/invalid_tax');
    expectError(await owner.put('/admin/tax_rate/MY', { name: 'SST', rateBp: 10001, inclusive: false }), 400, 'settings/invalid_tax');
    expectError(await owner.put('/admin/tax_rate/ZZ', { name: 'SST', rateBp: 600, inclusive: false }), 400, 'shipping/invalid_country');
    const saved = await owner.put('/admin/tax_rate/MY', { name: 'SST', rateBp: 600, inclusive: false });
    expect(saved.status, saved.response.payload).toBe(200);
    expect(saved.body.taxRates).toEqual(expect.arrayContaining([{ countryCode: 'MY', name: 'SST', rateBp: 600, inclusive: false }]));
    const removed = await owner.delete('/admin/tax_rate/MY');
    expect(removed.body.taxRates.map((r: { countryCode: string }) => r.countryCode)).not.toContain('MY');
  });
});
