import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountHeld, amountToRefund, crc16CcittFalse, type LedgerEntry } from '@kedai/domain';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, createVerifiedUser, outbox, signedInClient, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { cancelUnpaidOrders } from '../../src/modules/orders/expiry';
import { askToSettleStaleReports } from '../../src/modules/orders/paynow';
import { orderMailDeps } from '../../src/modules/orders/service';

/**
 * PayNow (issue 17): an SGD order shows an SGQR code; the shopper reports the transfer; staff
 * confirm it (the order is paid) or reject it (the shopper reads why and may pay again); refunds of
 * PayNow orders are staff's to send and mark done. The ledger holds what the shop holds after every path.
 */

let t: TestApp;
let staff: TestClient;
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
  owner = (await staffClient(t.app, 'owner', t.clock.now)).client;
}, 120_000);
afterAll(() => t?.close());

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

async function shopper() {
  const user = await createVerifiedUser(t.app);
  const client = await signedInClient(t.app, user);
  const address = (await client.post('/address', SG_ADDRESS)).body.address.id as string;
  return { user, client, address };
}

/** A new order of 2 units of a new product (stock 5), to be paid as `paymentMethod`. */
async function placed(s: Awaited<ReturnType<typeof shopper>>, paymentMethod = 'paynow', extra: Record<string, unknown> = {}) {
  const productId = (await createProduct(t.app.db, { stock: 5, price: { SG: 1500 } })).id;
  const line = await s.client.post('/cart', { productId, quantity: 2 });
  const key = (await s.client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
  return s.client.post('/checkout/create_order', { checkoutSessionKey: key, paymentMethod, shippingAddressId: s.address, ...extra });
}

async function ledgerOf(orderId: string): Promise<LedgerEntry[]> {
  return t.app.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
}

const info = (s: { client: TestClient }, id: string) => s.client.post(`/order/${id}/payment_info`);

describe('a PayNow order', () => {
  it('is placed only in Singapore dollars, and shows an SGQR code for its total and reference', async () => {
    const s = await shopper();
    expectError(await placed(s, 'paynow', { regionCountryCode: 'JP' }), 400, 'payment/paynow_sgd_only');
    expectError(await placed(s, 'cheque'), 400, 'checkout/invalid_payment_method');
    const order = await placed(s);
    expect(order.status, order.response.payload).toBe(201);
    expect(order.body).toMatchObject({ paymentMethod: 'paynow', status: 'awaiting_payment', currency: 'SGD' });

    const answer = await info(s, order.body.id);
    expect(answer.status, answer.response.payload).toBe(200);
    const total = order.body.total as number;
    expect(answer.body).toMatchObject({
      method: 'paynow',
      state: 'awaiting_payment',
      amount: total,
      currency: 'SGD',
      lastProblem: null,
      paynow: { payee: { kind: 'uen', value: 'S99345678ABCD' }, reference: order.body.orderRef },
    });
    const payload = answer.body.paynow.payload as string;
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('0009SG.PAYNOW');
    expect(payload).toContain(`54${String((total / 100).toFixed(2).length).padStart(2, '0')}${(total / 100).toFixed(2)}`);
    expect(payload).toContain(`62200116${order.body.orderRef}`);
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));

    // Not by card, and not another shopper's.
    const card = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };
    expectError(await s.client.post('/payment/stripe/card/pay', { orderId: order.body.id, ...card }), 409, 'payment/wrong_method');
    const other = await shopper();
    expectError(await info(other, order.body.id), 404, 'order/not_found');
    expectError(await other.client.post(`/order/${order.body.id}/paynow_paid`, {}), 404, 'order/not_found');
    expectError(await info(other, 'not-an-id'), 404, 'order/not_found');
  });

  it('waits for the shop once the shopper reports the transfer, however late', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    expectError(await s.client.post(`/order/${order.id}/paynow_paid`, { reference: 'a'.repeat(36) }), 400, 'payment/invalid_reference');
    expectError(await s.client.post(`/order/${order.id}/paynow_paid`, { reference: 'DROP TABLE;' }), 400, 'payment/invalid_reference');
    const reported = await s.client.post(`/order/${order.id}/paynow_paid`, { reference: 'FT2611 2500/01' });
    expect(reported.status, reported.response.payload).toBe(200);
    expect(reported.body.status).toBe('awaiting_payment');
    expect(reported.body.payments).toMatchObject([{ kind: 'charge', status: 'pending', provider: 'paynow', amount: order.total }]);
    // The shopper reads that the shop is checking it, with no time to pay, and their reference in the history.
    expect(reported.body).toMatchObject({ statusLabel: 'Payment reported: the shop is checking it', payBy: null });
    expect(reported.body.history.at(-1)).toMatchObject({
      from: 'awaiting_payment',
      to: 'awaiting_payment',
      actor: 'shopper',
      note: 'Transfer reported, reference FT2611 2500/01',
    });
    const listed = (await s.client.get('/order')).body.orders.find((o: { id: string }) => o.id === order.id);
    expect(listed).toMatchObject({ statusLabel: 'Payment reported: the shop is checking it', payBy: null });
    expectError(await s.client.post(`/order/${order.id}/paynow_paid`, {}), 409, 'payment/already_reported');
    expect((await info(s, order.id)).body).toMatchObject({ state: 'awaiting_confirmation', paynow: null, payBy: null });

    // Long after its time to pay, the job leaves it for staff.
    const late = new Date(t.clock.now().getTime() + 24 * 3600_000);
    await cancelUnpaidOrders({ db: t.app.db, provider: t.app.paymentProvider, now: late });
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('awaiting_payment');
    expect(amountHeld(await ledgerOf(order.id))).toBe(0);
  });

  it('staff find the orders whose transfer was reported, and the orders paid each way', async () => {
    const s = await shopper();
    const waiting = (await placed(s)).body;
    const unreported = (await placed(s)).body;
    const byCard = (await placed(s, 'card')).body;
    await s.client.post(`/order/${waiting.id}/paynow_paid`, { reference: 'FT1' });
    const ids = async (payment: string) =>
      ((await staff.get(`/admin/order?q=${encodeURIComponent(s.user.email)}&payment=${payment}`)).body.orders as { id: string }[]).map(
        (o) => o.id,
      );
    expect(await ids('transfer_reported')).toEqual([waiting.id]);
    expect(await ids('paynow')).toEqual([unreported.id, waiting.id]);
    expect(await ids('card')).toEqual([byCard.id]);
    const one = (await staff.get(`/admin/order/${waiting.id}`)).body;
    expect(one).toMatchObject({ status: 'awaiting_payment', payBy: null, payments: [{ provider: 'paynow', status: 'pending' }] });
    expectError(await staff.get('/admin/order?payment=cheque'), 400, 'general/argument_error');

    // Once staff confirm it, it is no longer waiting.
    await staff.post(`/admin/payment/${one.payments[0].id}/confirm`);
    expect(await ids('transfer_reported')).toEqual([]);
  });

  it('a card order has nothing to report by PayNow', async () => {
    const s = await shopper();
    const order = (await placed(s, 'card')).body;
    expectError(await s.client.post(`/order/${order.id}/paynow_paid`, {}), 409, 'payment/wrong_method');
    expect((await info(s, order.id)).body).toMatchObject({ method: 'card', state: 'awaiting_payment', paynow: null });
  });
});

describe('reports without proof hold stock, so a shopper has at most 2 waiting', () => {
  const report = (s: { client: TestClient }, id: string) => s.client.post(`/order/${id}/paynow_paid`, {});

  it('a third report is refused while two wait; once staff decide one, the third may be reported', async () => {
    const s = await shopper();
    const orders = [(await placed(s)).body, (await placed(s)).body, (await placed(s)).body];
    expect((await report(s, orders[0].id)).status).toBe(200);
    expect((await report(s, orders[1].id)).status).toBe(200);
    const third = await report(s, orders[2].id);
    expectError(third, 409, 'payment/too_many_reports');
    expect(third.body.params).toEqual([2]);
    expect(third.body.error).toBe(
      'You already have 2 PayNow transfers waiting for the shop to confirm; wait for them before reporting another',
    );
    expect(await ledgerOf(orders[2].id)).toEqual([]);
    // Another shopper is not held back by this one's reports.
    const other = await shopper();
    expect((await report(other, (await placed(other)).body.id)).status).toBe(200);

    const pending = (await staff.get('/admin/payment')).body.payments as { id: string; order: { id: string } }[];
    const first = pending.find((p) => p.order.id === orders[0].id)!;
    expect((await staff.post(`/admin/payment/${first.id}/confirm`)).status).toBe(200);
    expect((await report(s, orders[2].id)).status).toBe(200);
  });

  race('two reports at once on different orders while one waits: one is taken, the other refused, never three', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await shopper();
      const orders = [(await placed(s)).body, (await placed(s)).body, (await placed(s)).body];
      expect((await report(s, orders[0].id)).status).toBe(200);
      const answers = await Promise.all([report(s, orders[1].id), report(s, orders[2].id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expectError(
        answers.find((a) => a.status === 409)!,
        409,
        'payment/too_many_reports',
      );
      const waiting = (await Promise.all(orders.map((o) => ledgerOf(o.id)))).flat().filter((p) => p.status === 'pending');
      expect(waiting).toHaveLength(2);
    }
  });
});

describe('reports left waiting', () => {
  const DAY = 86_400;
  type Task = { id: string; ageSeconds: number; stale: boolean; settleAskedAt: number | null; createdAt: number; order: { id: string } };
  const queue = async () => (await staff.get('/admin/payment?limit=100')).body.payments as Task[];
  const taskOf = async (orderId: string) => (await queue()).find((p) => p.order.id === orderId)!;
  const ask = () => askToSettleStaleReports({ db: t.app.db, now: t.clock.now(), mail: orderMailDeps(t.app) });
  const settleMails = async (email: string) => (await outbox(t.app, email)).filter((m) => m.subject.includes('not yet found'));

  it('owners set after how many days (3 by default, 1 to 60), audited; staff may not', async () => {
    expect((await owner.get('/admin/settings')).body.payNowSettleAfterDays).toBe(3);
    expect((await staff.put('/admin/settings/paynow_settle', { days: 2 })).status).toBe(403);
    for (const days of [0, 61, 1.5, '2']) {
      const refused = await owner.put('/admin/settings/paynow_settle', { days });
      expectError(refused, 400, 'settings/invalid_paynow_settle_days');
      expect(refused.body.error).toBe('Give a whole number of days from 1 to 60');
    }
    const saved = await owner.put('/admin/settings/paynow_settle', { days: 3 });
    expect(saved.status, saved.response.payload).toBe(200);
    expect(saved.body.payNowSettleAfterDays).toBe(3);
  });

  it('staff see each report’s age, oldest first, and the stale ones marked; the shopper is asked once, after the days set', async () => {
    const s = await shopper();
    const older = (await placed(s)).body;
    const newer = (await placed(s)).body;
    await s.client.post(`/order/${older.id}/paynow_paid`, {});
    t.clock.advance(DAY);
    await s.client.post(`/order/${newer.id}/paynow_paid`, {});
    t.clock.advance(DAY);

    const list = await queue();
    const [a, b] = [list.findIndex((p) => p.order.id === older.id), list.findIndex((p) => p.order.id === newer.id)];
    expect(a).toBeLessThan(b);
    expect(list[a]).toMatchObject({ ageSeconds: 2 * DAY, stale: false, settleAskedAt: null });
    expect(list[b]).toMatchObject({ ageSeconds: DAY, stale: false, settleAskedAt: null });
    // Not before the days owners set (3): nothing asked.
    await ask();
    expect(await settleMails(s.user.email)).toEqual([]);

    t.clock.advance(DAY);
    expect((await taskOf(older.id)).stale).toBe(true);
    expect((await taskOf(newer.id)).stale).toBe(false);
    await ask();
    const mails = await settleMails(s.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${older.orderRef}: we have not yet found your PayNow transfer`);
    expect(mails[0]!.text).toContain(`We have not yet found your PayNow transfer of SGD`);
    expect(mails[0]!.text).toContain('or the order may be cancelled');
    expect(mails[0]!.text).toContain('write to hello@kedai.example with proof of the transfer');
    expect((await taskOf(older.id)).settleAskedAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
    // Asked once per report, however often the job runs.
    t.clock.advance(DAY);
    await ask();
    await ask();
    const after = await settleMails(s.user.email);
    expect(after.map((m) => m.subject).sort()).toEqual(
      [
        `Order ${older.orderRef}: we have not yet found your PayNow transfer`,
        `Order ${newer.orderRef}: we have not yet found your PayNow transfer`,
      ].sort(),
    );
    // Decided reports are neither stale nor asked.
    const task = await taskOf(newer.id);
    const confirmed = await staff.post(`/admin/payment/${task.id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', stale: false });
  });

  it('staff release a report left waiting: the order is cancelled, its stock comes back, the shopper is told; audited', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const productId = order.productCaptures[0].productId as string;
    const stock = async () =>
      (await t.app.db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId)))[0]!.stock;
    expect(await stock()).toBe(3);
    await s.client.post(`/order/${order.id}/paynow_paid`, {});
    t.clock.advance(4 * DAY);
    const task = await taskOf(order.id);
    expect(task.stale).toBe(true);

    expectError(await staff.post(`/admin/payment/${task.id}/release`, { reason: ' ' }), 400, 'payment/invalid_reason');
    const released = await staff.post(`/admin/payment/${task.id}/release`, { reason: 'No transfer arrived in 4 days' });
    expect(released.status, released.response.payload).toBe(200);
    expect(released.body).toMatchObject({
      status: 'failed',
      problem: 'No transfer arrived in 4 days',
      stale: false,
      order: { status: 'cancelled' },
    });
    expect(await stock()).toBe(5);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'No transfer arrived in 4 days' });
    expect(after.history.at(-1)).toMatchObject({ to: 'cancelled', actor: 'staff' });
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.user.email))[0]!.subject).toBe(`Order ${order.orderRef} cancelled`);
    expect(amountHeld(await ledgerOf(order.id))).toBe(0);
    // Once: the report is decided, the order no longer waits.
    expectError(await staff.post(`/admin/payment/${task.id}/release`, { reason: 'again' }), 409, 'payment/not_waiting');
  });
});

describe('staff and a reported transfer', () => {
  it('confirming it pays the order, once; the shopper is told', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    await s.client.post(`/order/${order.id}/paynow_paid`, { reference: 'FT123' });
    const queue = await staff.get('/admin/payment');
    expect(queue.status, queue.response.payload).toBe(200);
    const task = (queue.body.payments as Array<{ id: string; order: { id: string } }>).find((p) => p.order.id === order.id);
    expect(task).toMatchObject({
      kind: 'charge',
      status: 'pending',
      reference: 'FT123',
      amount: order.total,
      shopper: { email: s.user.email },
      order: { orderRef: order.orderRef, status: 'awaiting_payment' },
    });

    const confirmed = await staff.post(`/admin/payment/${task!.id}/confirm`);
    expect(confirmed.status, confirmed.response.payload).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', order: { status: 'paid' } });
    expectError(await staff.post(`/admin/payment/${task!.id}/confirm`), 409, 'payment/not_waiting');
    expectError(await staff.post(`/admin/payment/${task!.id}/reject`, { reason: 'late' }), 409, 'payment/not_waiting');

    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe('paid');
    expect(after.history.at(-1)).toMatchObject({ to: 'paid', actor: 'payment', note: 'PayNow transfer confirmed by staff' });
    expect((await info(s, order.id)).body).toMatchObject({ state: 'paid', paynow: null });
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.user.email))[0]!.subject).toBe(`Order ${order.orderRef} paid`);
    expect(amountHeld(await ledgerOf(order.id))).toBe(order.total);
    expect((await staff.get('/admin/payment?status=succeeded')).body.payments.map((p: { id: string }) => p.id)).toContain(task!.id);
  });

  race('two staff deciding at once: one decision stands, the other is 409', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const reported = await s.client.post(`/order/${order.id}/paynow_paid`, {});
    const id = reported.body.payments[0].id as string;
    const answers = await Promise.all([
      staff.post(`/admin/payment/${id}/confirm`),
      owner.post(`/admin/payment/${id}/reject`, { reason: 'Not seen' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      'payment/not_waiting',
    );
    // The ledger and the order hold the decision that answered 200, and only it.
    const confirmed = answers[0].status === 200;
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((p) => `${p.kind}:${p.status}`)).toEqual([confirmed ? 'charge:succeeded' : 'charge:failed']);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe(confirmed ? 'paid' : 'awaiting_payment');
  });

  it('rejecting it tells the shopper why, with a fresh time to pay; they may report again', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const id = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    expectError(await staff.post(`/admin/payment/${id}/reject`, { reason: ' ' }), 400, 'payment/invalid_reason');
    t.clock.advance(3600);
    const rejected = await staff.post(`/admin/payment/${id}/reject`, { reason: 'No transfer with this reference arrived' });
    expect(rejected.status, rejected.response.payload).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'failed', problem: 'No transfer with this reference arrived' });
    const now = await info(s, order.id);
    expect(now.body).toMatchObject({ state: 'awaiting_payment', lastProblem: 'No transfer with this reference arrived' });
    expect(now.body.payBy).toBe(Math.floor(t.clock.now().getTime() / 1000) + t.config.orderPaymentMinutes * 60);
    expect(now.body.paynow.payload).toContain(order.orderRef);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, s.user.email);
    expect(mail!.subject).toBe(`Order ${order.orderRef}: your PayNow transfer was not found`);
    expect(mail!.text).toContain('No transfer with this reference arrived');
    const history = (await s.client.get(`/order/${order.id}`)).body.history as { actor: string; note: string | null }[];
    expect(history.slice(-2)).toMatchObject([
      { actor: 'shopper', note: 'Transfer reported, no reference given' },
      { actor: 'staff', note: 'Transfer not found: No transfer with this reference arrived' },
    ]);
    expect((await s.client.get(`/order/${order.id}`)).body).toMatchObject({ statusLabel: 'Awaiting payment', payBy: now.body.payBy });
    expect((await s.client.post(`/order/${order.id}/paynow_paid`, {})).status).toBe(200);
    expect(amountHeld(await ledgerOf(order.id))).toBe(0);
  });

  it('a card payment, an unknown id or one that is not an id is refused, never a 5xx', async () => {
    const s = await shopper();
    const order = (await placed(s, 'card')).body;
    const card = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };
    const cardPayment = (await s.client.post('/payment/stripe/card/pay', { orderId: order.id, ...card })).body.paymentId as string;
    expectError(await staff.post(`/admin/payment/${cardPayment}/confirm`), 404, 'payment/not_found');
    expectError(await staff.post('/admin/payment/00000000-0000-4000-8000-000000000000/confirm'), 404, 'payment/not_found');
    expectError(await staff.post('/admin/payment/nope/confirm'), 400, 'general/argument_error');
  });
});

describe('refunds of PayNow orders', () => {
  it('a paid PayNow order cancelled owes the money back until staff mark the refund sent', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    await staff.post(`/admin/payment/${charge}/confirm`);
    expect((await s.client.delete(`/order/${order.id}`)).status).toBe(200);
    let ledger = await ledgerOf(order.id);
    expect([amountHeld(ledger), amountToRefund(ledger)]).toEqual([order.total, order.total]);
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, s.user.email);
    expect(mail!.text).toContain('back to you by PayNow, usually within 3 working days.');

    const refunds = (await staff.get('/admin/payment?kind=refund')).body.payments as Array<{ id: string; order: { id: string } }>;
    const refund = refunds.find((p) => p.order.id === order.id)!;
    expect(refund).toMatchObject({ kind: 'refund', status: 'pending', amount: order.total });
    expectError(await staff.post(`/admin/payment/${refund.id}/refunded`, { reference: '' }), 400, 'payment/invalid_reference');
    expectError(await staff.post(`/admin/payment/${refund.id}/confirm`), 404, 'payment/not_found');
    const done = await staff.post(`/admin/payment/${refund.id}/refunded`, { reference: 'RF-2611-01' });
    expect(done.body).toMatchObject({ status: 'succeeded', reference: 'RF-2611-01' });
    ledger = await ledgerOf(order.id);
    expect([amountHeld(ledger), amountToRefund(ledger)]).toEqual([0, 0]);
  });

  it('part of a PayNow payment refunded by staff is owed until sent; cancelling owes only the rest', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    await staff.post(`/admin/payment/${charge}/confirm`);
    const part = await staff.post(`/admin/order/${order.id}/refund`, { amount: 1000, reason: 'One item was missing' });
    expect(part.status, part.response.payload).toBe(200);
    expect(part.body.refundable).toBe(order.total - 1000);
    let ledger = await ledgerOf(order.id);
    expect([amountHeld(ledger), amountToRefund(ledger)]).toEqual([order.total, 1000]);
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.user.email))[0]!.text).toContain('back to you by PayNow');
    expect((await s.client.delete(`/order/${order.id}`)).status).toBe(200);
    ledger = await ledgerOf(order.id);
    expect([amountHeld(ledger), amountToRefund(ledger)]).toEqual([order.total, order.total]);
  });

  it('money confirmed for an order the shopper cancelled meanwhile is owed back at once', async () => {
    const s = await shopper();
    const order = (await placed(s)).body;
    const charge = (await s.client.post(`/order/${order.id}/paynow_paid`, {})).body.payments[0].id as string;
    expect((await s.client.delete(`/order/${order.id}`)).status).toBe(200);
    const confirmed = await staff.post(`/admin/payment/${charge}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', order: { status: 'cancelled' } });
    const ledger = await ledgerOf(order.id);
    expect([amountHeld(ledger), amountToRefund(ledger)]).toEqual([order.total, order.total]);
  });
});

describe("the shop's PayNow details", () => {
  it('owners set them (a code then pays that mobile number); staff may not; nonsense is refused', async () => {
    const details = { proxy: { kind: 'mobile', value: '+65 9123 4567' }, merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' };
    expect((await staff.put('/admin/settings/paynow', details)).status).toBe(403);
    expectError(
      await owner.put('/admin/settings/paynow', { ...details, proxy: { kind: 'mobile', value: '+60 12 345 6789' } }),
      400,
      'settings/invalid_paynow',
    );
    const saved = await owner.put('/admin/settings/paynow', details);
    expect(saved.status, saved.response.payload).toBe(200);
    expect(saved.body.payNow).toEqual({ ...details, proxy: { kind: 'mobile', value: '+6591234567' } });

    const s = await shopper();
    const order = (await placed(s)).body;
    const answer = (await info(s, order.id)).body;
    expect(answer.paynow).toMatchObject({ payee: { kind: 'mobile', value: '+6591234567' }, merchantName: 'Kedai Pte Ltd' });
    expect(answer.paynow.payload).toContain('010100211+6591234567');
    expect(answer.paynow.payload).toContain('5913Kedai Pte Ltd');
  });
});
