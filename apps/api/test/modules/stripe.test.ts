import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, outbox, staffClient } from '../accounts';
import { TestClock, createTestApp, expectError, get, race, type TestApp } from '../helpers';
import { ledgerOf, placeOrder, sgShopper, type ShopShopper } from '../shop';
import { createStripeFake, type StripeFake } from '../support/stripe-fake';
import { createStripeProvider } from '../../src/modules/payments/service';

/**
 * Card payments through Stripe (issue 17), against the Stripe simulator (e2e/fixture-stripe.ts: a
 * hand-written simulation of Stripe's API, its objects typed with the `stripe` package's types) plugged
 * in through the package's own fetch client hook: nothing reaches the internet. An order is paid only
 * on Stripe's word — the intent fetched from Stripe, or a webhook signed with the endpoint's secret —
 * and only for its own amount and currency.
 */

const WEBHOOK_SECRET = 'whsec_kedaitest';
let t: TestApp;
let fake: StripeFake;
const clock = new TestClock();

beforeAll(async () => {
  fake = createStripeFake({ now: () => clock.now().getTime() });
  const provider = createStripeProvider({
    secretKey: 'sk_test_kedai',
    publishableKey: 'pk_test_kedai',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(fake.fetch),
    now: clock.now,
  });
  t = await createTestApp({ env: LIFTED_LIMITS, clock, paymentProvider: provider });
}, 120_000);
afterAll(() => t?.close());

const pay = (s: ShopShopper, body: Record<string, unknown>, key?: string) =>
  s.client.post('/payment/stripe/card/pay', body, key ? { 'idempotency-key': key } : {});
const confirm = (s: ShopShopper, orderId: string, paymentId: string) => s.client.post(`/order/${orderId}/pay/confirm`, { paymentId });

/** The intent behind a payment of the ledger. */
async function intentOf(paymentId: string) {
  const [row] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
  return fake.intents.get(row!.providerRef!)!;
}

/** Posts a webhook event as Stripe would: the raw JSON, signed with the endpoint's secret at the clock's time. */
function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = fake.sign(payload, secret, Math.floor(clock.now().getTime() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/payment/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/**
 * Every row a webhook could write, table by table (orders and their lines and history, the payments
 * ledger, customers, saved cards, the events acted on, mail), in a stable order: equal before and
 * after means nothing was written.
 */
async function shopState() {
  const { db } = t.app;
  const rows = async (query: Promise<object[]>) => (await query).map((row) => JSON.stringify(row)).sort();
  return {
    orders: await rows(db.select().from(schema.orders)),
    orderLines: await rows(db.select().from(schema.orderLines)),
    orderEvents: await rows(db.select().from(schema.orderEvents)),
    payments: await rows(db.select().from(schema.payments)),
    paymentEvents: await rows(db.select().from(schema.paymentEvents)),
    paymentCustomers: await rows(db.select().from(schema.paymentCustomers)),
    savedCards: await rows(db.select().from(schema.savedCards)),
    // Mail is sent in the background (its row then gains sent_at): a new message is a new id.
    mail: await rows(db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)),
  };
}

/** An order with a card entered in Elements: the intent, and the shopper's browser confirming it at Stripe. */
async function elementsPayment(s: ShopShopper, testCard: string, extra: Record<string, unknown> = {}) {
  const order = await placeOrder(t.app, s);
  const started = await pay(s, { orderId: order.id, ...extra });
  expect(started.status, started.response.payload).toBe(200);
  const intent = await intentOf(started.body.paymentId);
  // What Stripe.js does in the shopper's browser; a decline is shown there, and the shop still asks Stripe.
  const atStripe = fake.confirmWithMethod(intent.id, testCard);
  return { order, started: started.body as { paymentId: string; status: string; clientSecret: string }, intent, atStripe };
}

describe('the storefront learns that Stripe takes the cards', () => {
  it('GET /config names Stripe and its publishable key (never the secret ones)', async () => {
    const config = await get(t.app, '/config');
    // Stripe's test keys move no real money: test mode, said on every page.
    expect(config.body.payments).toEqual({
      provider: 'stripe',
      stripePublishableKey: 'pk_test_kedai',
      methods: ['card', 'paynow'],
      testMode: true,
    });
    expect(JSON.stringify(config.body)).not.toContain('sk_test');
    expect(JSON.stringify(config.body)).not.toContain('whsec');
  });
});

describe('a card entered in Stripe Elements', () => {
  it("starts a PaymentIntent for the order's amount in Stripe's units, with the client secret for Elements", async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s, { quantity: 2 });
    const started = await pay(s, { orderId: order.id });
    expect(started.status, started.response.payload).toBe(200);
    expect(started.body).toMatchObject({ status: 'pending', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    expect(started.body.order.status).toBe('awaiting_payment');
    const intent = await intentOf(started.body.paymentId);
    expect(intent).toMatchObject({ amount: order.total, currency: 'sgd', metadata: { kedai_order_id: order.id } });
    expect(intent.client_secret).toBe(started.body.clientSecret);
    expectError(await pay(s, { orderId: order.id, card: { number: '4242424242424242' } }), 400, 'payment/card_form_required');
  });

  it('succeeds: confirming asks Stripe, and the order is paid once, with the card Stripe reports', async () => {
    const s = await sgShopper(t.app);
    const { order, started } = await elementsPayment(s, 'pm_card_visa');
    const confirmed = await confirm(s, order.id, started.paymentId);
    expect(confirmed.status, confirmed.response.payload).toBe(200);
    expect(confirmed.body.status).toBe('paid');
    expect(confirmed.body.payments).toEqual([
      expect.objectContaining({ provider: 'stripe', status: 'succeeded', methodSummary: 'visa •••• 4242', amount: order.total }),
    ]);
    expect((await ledgerOf(t.app, order.id)).held).toBe(order.total);
    expectError(await confirm(s, order.id, started.paymentId), 409, 'payment/not_payable');
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.email)).filter((m) => m.subject.endsWith('paid'))).toHaveLength(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])('%s is declined with the bank’s reason; the order still awaits payment and may be paid again', async (testCard, reason) => {
    const s = await sgShopper(t.app);
    const { order, started, atStripe } = await elementsPayment(s, testCard);
    expect(atStripe.status).toBe('requires_payment_method');
    const answer = await confirm(s, order.id, started.paymentId);
    expectError(answer, 402, 'payment/declined');
    expect(answer.body.params).toEqual([reason]);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe('awaiting_payment');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', failureMessage: reason })]);
    expect((await ledgerOf(t.app, order.id)).held).toBe(0);

    const retry = await pay(s, { orderId: order.id }, 'second-try');
    fake.confirmWithMethod((await intentOf(retry.body.paymentId)).id, 'pm_card_visa');
    expect((await confirm(s, order.id, retry.body.paymentId)).body.status).toBe('paid');
  });

  it('3-D Secure required: the order waits while the bank asks, and is paid once Stripe says the shopper passed', async () => {
    const s = await sgShopper(t.app);
    const { order, started, intent } = await elementsPayment(s, 'pm_card_authenticationRequired');
    const waiting = await confirm(s, order.id, started.paymentId);
    expect(waiting.status, waiting.response.payload).toBe(200);
    expect(waiting.body.status).toBe('awaiting_payment');
    expect(waiting.body.payments).toEqual([expect.objectContaining({ status: 'requires_action' })]);
    fake.completeAction(intent.id, 'succeeded');
    expect((await confirm(s, order.id, started.paymentId)).body.status).toBe('paid');
  });

  it('a replayed pay call answers the same intent and client secret; Stripe is asked for one intent', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const before = fake.intents.size;
    const first = await pay(s, { orderId: order.id }, 'replay-1');
    const again = await pay(s, { orderId: order.id }, 'replay-1');
    expect(again.body).toMatchObject({ paymentId: first.body.paymentId, clientSecret: first.body.clientSecret, status: 'pending' });
    expect(fake.intents.size).toBe(before + 1);
    expect((await ledgerOf(t.app, order.id)).rows).toHaveLength(1);
  });

  it("the browser's word pays nothing: confirming an intent Stripe has not seen succeed leaves the order waiting", async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const started = await pay(s, { orderId: order.id });
    const answer = await confirm(s, order.id, started.body.paymentId);
    expect(answer.body.status).toBe('awaiting_payment');
    expect((await ledgerOf(t.app, order.id)).held).toBe(0);
  });
});

describe("Stripe's webhook", () => {
  it('pays the order on payment_intent.succeeded; the same event twice changes nothing more', async () => {
    const s = await sgShopper(t.app);
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    const event = fake.event('payment_intent.succeeded', fake.intents.get(intent.id)!);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paid = (await s.client.get(`/order/${order.id}`)).body;
    expect(paid.status).toBe('paid');
    const second = await deliver(event);
    expect(second.statusCode).toBe(200);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.history.filter((h: { to: string }) => h.to === 'paid')).toHaveLength(1);
    expect((await ledgerOf(t.app, order.id)).held).toBe(order.total);
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.email)).filter((m) => m.subject.endsWith('paid'))).toHaveLength(1);
  });

  it('with a bad signature is 400 and changes nothing', async () => {
    const s = await sgShopper(t.app);
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    const event = fake.event('payment_intent.succeeded', fake.intents.get(intent.id)!);
    const forged = await deliver(event, 'whsec_someoneelse');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errorCode).toBe('payment/invalid_signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payment/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.json().errorCode).toBe('payment/invalid_signature');
    // A body changed after signing fails too.
    const payload = JSON.stringify(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/payment/stripe/webhook',
      payload: payload.replace('"succeeded"', '"succeeded" '),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake.sign(payload, WEBHOOK_SECRET, Math.floor(clock.now().getTime() / 1000)),
      },
    });
    expect(tampered.statusCode).toBe(400);
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('awaiting_payment');
    const events = await t.app.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.eventId, event.id));
    expect(events).toEqual([]);
  });

  it('events out of order do no harm: a late payment_failed after the success leaves the order paid', async () => {
    const s = await sgShopper(t.app);
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    const failedEarlier = fake.event('payment_intent.payment_failed', {
      ...fake.intents.get(intent.id)!,
      status: 'requires_payment_method',
    });
    expect((await deliver(fake.event('payment_intent.succeeded', fake.intents.get(intent.id)!))).statusCode).toBe(200);
    expect((await deliver(failedEarlier)).statusCode).toBe(200);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe('paid');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('for an amount that does not match the order pays nothing, and the money is given back', async () => {
    const s = await sgShopper(t.app);
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    // Stripe holds a different amount than the order's (changed outside the shop).
    const stored = fake.intents.get(intent.id)!;
    Object.assign(stored, { amount: 100, amount_received: 100 });
    expect((await deliver(fake.event('payment_intent.succeeded', stored))).statusCode).toBe(200);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe('awaiting_payment');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', failureCode: 'amount_mismatch' })]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toEqual([expect.objectContaining({ amount: 100 })]);
    expect((await ledgerOf(t.app, order.id)).held).toBe(0);
  });

  it('cancelling an order cancels its open intent at Stripe; money that still arrives for it is refunded at once', async () => {
    const s = await sgShopper(t.app);
    const open = await placeOrder(t.app, s);
    const started = await pay(s, { orderId: open.id });
    expect((await s.client.delete(`/order/${open.id}`)).body.payments).toEqual([
      expect.objectContaining({ status: 'failed', failureCode: 'canceled' }),
    ]);
    expect((await intentOf(started.body.paymentId)).status).toBe('canceled');

    // The shopper's browser confirmed it at Stripe just before the cancel: Stripe refuses to cancel it.
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    expect((await s.client.delete(`/order/${order.id}`)).body.status).toBe('cancelled');
    expect((await deliver(fake.event('payment_intent.succeeded', fake.intents.get(intent.id)!))).statusCode).toBe(200);
    const { held, rows } = await ledgerOf(t.app, order.id);
    expect(held).toBe(0);
    expect(rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual(['charge:succeeded', 'refund:succeeded']);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  race('an order paid twice (two attempts both confirmed at Stripe) keeps one payment and refunds the other', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const [a, b] = await Promise.all([pay(s, { orderId: order.id }, 'tab-1'), pay(s, { orderId: order.id }, 'tab-2')]);
    expect(a.body.paymentId).not.toBe(b.body.paymentId);
    const intents = [await intentOf(a.body.paymentId), await intentOf(b.body.paymentId)];
    for (const intent of intents) fake.confirmWithMethod(intent.id, 'pm_card_visa');
    const answers = await Promise.all(
      intents.map((intent) => deliver(fake.event('payment_intent.succeeded', fake.intents.get(intent.id)!))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.status).toBe('paid');
    expect(after.history.filter((h: { to: string }) => h.to === 'paid')).toHaveLength(1);
    const { held, rows } = await ledgerOf(t.app, order.id);
    expect(held).toBe(order.total);
    expect(rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual(['charge:succeeded', 'charge:succeeded', 'refund:succeeded']);
  });

  it('about another shop’s payment on the same account is acknowledged and ignored: nothing is written, Stripe is not asked', async () => {
    const s = await sgShopper(t.app);
    const { order, intent } = await elementsPayment(s, 'pm_card_visa');
    // Stripe sends every event of the account to each endpoint. Another shop's payments succeed for
    // the same amount, currency and even customer as this shopper's waiting order, but carry no order
    // id of ours: none at all, or an order this shop does not have (another Kedai on the account).
    const elsewhere = { ...fake.intents.get(intent.id)!, id: 'pi_elsewhere', metadata: {} };
    const unknownOrder = { ...elsewhere, id: 'pi_elsewhere_kedai', metadata: { kedai_order_id: '00000000-0000-4000-8000-000000000000' } };
    const before = await shopState();
    const asked = fake.requests.length;
    for (const foreign of [elsewhere, unknownOrder]) {
      const answer = await deliver(fake.event('payment_intent.succeeded', foreign));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true });
    }
    expect(await shopState()).toEqual(before);
    expect(fake.requests.slice(asked)).toEqual([]);
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('awaiting_payment');
  });
});

describe('saved cards on Stripe', () => {
  it('"save this card" saves it to the shopper’s Stripe customer once paid; the next order is paid in one click; removing detaches it', async () => {
    const s = await sgShopper(t.app);
    const { order, started, intent } = await elementsPayment(s, 'pm_card_visa', { saveCard: true });
    expect(intent).toMatchObject({ setup_future_usage: 'on_session', customer: expect.stringMatching(/^cus_/) });
    expect((await s.client.get('/payment/stripe/card/payment_methods')).body.paymentMethods).toEqual([]);
    expect((await confirm(s, order.id, started.paymentId)).body.status).toBe('paid');
    const [saved] = (await s.client.get('/payment/stripe/card/payment_methods')).body.paymentMethods;
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });

    const next = await placeOrder(t.app, s);
    const oneClick = await pay(s, { orderId: next.id, savedCardId: saved.id });
    expect(oneClick.status, oneClick.response.payload).toBe(200);
    expect(oneClick.body).toMatchObject({ status: 'succeeded', clientSecret: null });
    expect(oneClick.body.order.status).toBe('paid');
    // The same customer at Stripe for every payment of this shopper.
    expect((await intentOf(oneClick.body.paymentId)).customer).toBe(intent.customer);

    const removed = await s.client.delete(`/payment/stripe/card/payment_methods/${saved.id}`);
    expect(removed.status, removed.response.payload).toBe(200);
    const [row] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.id, oneClick.body.paymentId));
    const methodRef = fake.intents.get(row!.providerRef!)!.payment_method as string;
    expect(fake.paymentMethods.get(methodRef)?.customer ?? null).toBeNull();
  });

  it('a saved card that needs 3-D Secure answers the client secret for Stripe.js to ask the bank', async () => {
    const s = await sgShopper(t.app);
    const first = await elementsPayment(s, 'pm_card_authenticationRequired', { saveCard: true });
    fake.completeAction(first.intent.id, 'succeeded');
    expect((await confirm(s, first.order.id, first.started.paymentId)).body.status).toBe('paid');
    const [saved] = (await s.client.get('/payment/stripe/card/payment_methods')).body.paymentMethods;
    const next = await placeOrder(t.app, s);
    const asked = await pay(s, { orderId: next.id, savedCardId: saved.id });
    expect(asked.body).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/_secret_/) });
    fake.completeAction((await intentOf(asked.body.paymentId)).id, 'succeeded');
    expect((await confirm(s, next.id, asked.body.paymentId)).body.status).toBe('paid');
  });

  it('a saved card the bank now declines is 402 with the reason (Stripe’s 402 answer), and the order waits', async () => {
    const s = await sgShopper(t.app);
    const first = await elementsPayment(s, 'pm_card_visa', { saveCard: true });
    await confirm(s, first.order.id, first.started.paymentId);
    // A card saved at Stripe that its bank now refuses: Stripe's test card that is always declined.
    const [declining] = await t.app.db
      .insert(schema.savedCards)
      .values({
        userId: s.id,
        provider: 'stripe',
        methodRef: 'pm_card_chargeDeclinedInsufficientFunds',
        brand: 'visa',
        last4: '9995',
        expMonth: 1,
        expYear: 2040,
      })
      .returning();
    const next = await placeOrder(t.app, s);
    const answer = await pay(s, { orderId: next.id, savedCardId: declining!.id });
    expectError(answer, 402, 'payment/declined');
    expect(answer.body.params).toEqual(['Your card has insufficient funds.']);
    const after = (await s.client.get(`/order/${next.id}`)).body;
    expect(after.status).toBe('awaiting_payment');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', methodSummary: 'visa •••• 9995' })]);
  });
});

describe('refunds through Stripe', () => {
  it('staff refund parts at Stripe, and a cancel then refunds only the rest', async () => {
    const staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
    const s = await sgShopper(t.app);
    const { order, started, intent } = await elementsPayment(s, 'pm_card_visa');
    await confirm(s, order.id, started.paymentId);
    // Two equal part refunds are two refunds at Stripe (each refund's idempotency key is its own).
    for (const reason of ['One item arrived scratched', 'Delivery was late']) {
      const part = await staff.post(`/admin/order/${order.id}/refund`, { amount: 500, reason });
      expect(part.status, part.response.payload).toBe(200);
    }
    expect(await ledgerOf(t.app, order.id)).toMatchObject({ held: order.total - 1000 });
    expect((await s.client.delete(`/order/${order.id}`)).body.status).toBe('cancelled');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id).map((r) => r.amount);
    expect(refunds.sort((a, b) => a - b)).toEqual([500, 500, order.total - 1000].sort((a, b) => a - b));
    expect(await ledgerOf(t.app, order.id)).toMatchObject({ held: 0, owed: 0 });
  });

  it('cancelling a paid order refunds it at Stripe; the ledger holds nothing', async () => {
    const s = await sgShopper(t.app);
    const { order, started, intent } = await elementsPayment(s, 'pm_card_visa');
    await confirm(s, order.id, started.paymentId);
    expect((await s.client.delete(`/order/${order.id}`)).body.status).toBe('cancelled');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: order.total }),
    ]);
    expect(await ledgerOf(t.app, order.id)).toMatchObject({ held: 0, owed: 0 });
  });
});
