import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kedai/db';
import { LIFTED_LIMITS, outbox } from '../accounts';
import { TestClock, createTestApp, type TestApp } from '../helpers';
import { ledgerOf, placeOrder, sgShopper, type ShopShopper } from '../shop';
import { createStripeFake, type StripeFake } from '../support/stripe-fake';
import { createStripeProvider, createTestGateway, type PaymentProvider, type ProviderPayment } from '../../src/modules/payments/service';

/**
 * No outside call inside a transaction (issue 28, decision 0019): the card provider is asked with no
 * transaction open, so while its answer is held the rest of the shop goes on (on PGlite, which runs
 * one transaction at a time, a held answer inside a transaction would stall every other shopper),
 * and a webhook that arrives meanwhile leaves the order paid exactly once.
 */

/**
 * A provider whose next `startPayment` or `confirm` answer the test holds: the provider has acted
 * (the payment exists at the provider) and its answer waits until the test releases it.
 */
function holding(inner: PaymentProvider) {
  let gate: { method: 'startPayment' | 'confirm'; reached: (answer: ProviderPayment) => void; released: Promise<void> } | null = null;
  const held = async (method: 'startPayment' | 'confirm', answer: ProviderPayment) => {
    const g = gate;
    if (g?.method !== method) return answer;
    gate = null;
    g.reached(answer);
    await g.released;
    return answer;
  };
  const provider: PaymentProvider = {
    name: inner.name,
    takesCardNumbers: inner.takesCardNumbers,
    publishableKey: inner.publishableKey,
    startPayment: async (input) => held('startPayment', await inner.startPayment(input)),
    confirm: async (ref) => held('confirm', await inner.confirm(ref)),
    retrieve: (ref) => inner.retrieve(ref),
    cancel: (ref) => inner.cancel(ref),
    refund: (input) => inner.refund(input),
    createCustomer: (input) => inner.createCustomer(input),
    removeCard: (ref) => inner.removeCard(ref),
    readEvent: (body, signature) => inner.readEvent(body, signature),
  };
  /** Holds the next answer of `method`: `reached` once the provider answered, `release` lets it through. */
  const hold = (method: 'startPayment' | 'confirm') => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<ProviderPayment>((resolve) => (gate = { method, reached: resolve, released }));
    return { reached, release };
  };
  return { provider, hold };
}

/** No transaction holds the order's row: it can be locked at once (PostgreSQL's NOWAIT fails otherwise). */
async function expectOrderUnlocked(t: TestApp, orderId: string) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE NOWAIT`);
  });
}

const card = (number: string) => ({ number, expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow' });
const pay = (s: ShopShopper, body: Record<string, unknown>, key?: string) =>
  s.client.post('/payment/stripe/card/pay', body, key ? { 'idempotency-key': key } : {});

describe('on the test gateway, while the provider holds its answer', () => {
  let t: TestApp;
  const gateway = holding(createTestGateway());
  beforeAll(async () => {
    t = await createTestApp({ env: LIFTED_LIMITS, paymentProvider: gateway.provider });
  }, 120_000);
  afterAll(() => t?.close());

  it("another shopper's checkout completes; once released, the first order is paid once", async () => {
    const first = await sgShopper(t.app);
    const second = await sgShopper(t.app);
    const firstOrder = await placeOrder(t.app, first);
    const { reached, release } = gateway.hold('startPayment');
    const paying = pay(first, { orderId: firstOrder.id, card: card('4242424242424242') }, 'held-1');
    await reached;

    // The attempt is recorded, unanswered, and the order is not locked while the provider is asked.
    const during = await ledgerOf(t.app, firstOrder.id);
    expect(during.rows.map((r) => [r.status, r.providerRef, r.attemptKey])).toEqual([['pending', null, 'held-1']]);
    await expectOrderUnlocked(t, firstOrder.id);
    // Meanwhile another shopper places an order and pays it.
    const secondOrder = await placeOrder(t.app, second);
    const secondPaid = await pay(second, { orderId: secondOrder.id, card: card('4242424242424242') });
    expect(secondPaid.status, secondPaid.response.payload).toBe(200);
    expect(secondPaid.body.order.status).toBe('paid');
    // A second attempt on the first order under another key waits for the first's answer.
    const another = pay(first, { orderId: firstOrder.id, card: card('4242424242424242') }, 'held-2');

    release();
    const paid = await paying;
    const refused = await another;
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('payment/not_payable');
    expect(paid.status, paid.response.payload).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    expect(paid.body.order.status).toBe('paid');
    const { rows, held } = await ledgerOf(t.app, firstOrder.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(paid.body.paymentId);
    expect(held).toBe(firstOrder.total);
    const order = (await first.client.get(`/order/${firstOrder.id}`)).body;
    expect(order.history.map((h: { to: string }) => h.to)).toEqual(['awaiting_payment', 'paid']);
  });

  it('an attempt the provider refuses outright leaves nothing behind, and the order can be paid', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    // The test gateway has no card form of its own in the browser: it throws, as a provider that is down does.
    const refused = await pay(s, { orderId: order.id }, 'refused-1');
    expect(refused.status).toBe(400);
    expect((await ledgerOf(t.app, order.id)).rows).toEqual([]);
    const paid = await pay(s, { orderId: order.id, card: card('4242424242424242') }, 'refused-2');
    expect(paid.body.order.status).toBe('paid');
  });
});

describe('on Stripe, a webhook that arrives while the provider call is in flight', () => {
  const WEBHOOK_SECRET = 'whsec_kedaitest';
  const clock = new TestClock();
  let t: TestApp;
  let fake: StripeFake;
  let stripe: ReturnType<typeof holding>;
  beforeAll(async () => {
    fake = createStripeFake({ now: () => clock.now().getTime() });
    stripe = holding(
      createStripeProvider({
        secretKey: 'sk_test_kedai',
        publishableKey: 'pk_test_kedai',
        webhookSecret: WEBHOOK_SECRET,
        httpClient: Stripe.createFetchHttpClient(fake.fetch),
        now: clock.now,
      }),
    );
    t = await createTestApp({ env: LIFTED_LIMITS, clock, paymentProvider: stripe.provider });
  }, 120_000);
  afterAll(() => t?.close());

  const succeeded = (intentId: string) => {
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', fake.intents.get(intentId)!));
    const signature = fake.sign(payload, WEBHOOK_SECRET, Math.floor(clock.now().getTime() / 1000));
    return t.app.inject({
      method: 'POST',
      url: '/payment/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };

  async function expectPaidOnce(s: ShopShopper, order: { id: string; total: number }) {
    const { rows, held } = await ledgerOf(t.app, order.id);
    expect(rows.map((r) => `${r.kind}:${r.status}`)).toEqual(['charge:succeeded']);
    expect(held).toBe(order.total);
    const after = (await s.client.get(`/order/${order.id}`)).body;
    expect(after.history.map((h: { to: string }) => h.to)).toEqual(['awaiting_payment', 'paid']);
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.email)).filter((m) => m.subject.endsWith('paid'))).toHaveLength(1);
  }

  it('during the confirmation: the webhook pays the order, the held answer changes nothing more', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const started = await pay(s, { orderId: order.id });
    expect(started.status, started.response.payload).toBe(200);
    const intentId = (await ledgerOf(t.app, order.id)).rows[0]!.providerRef!;
    fake.confirmWithMethod(intentId, 'pm_card_visa');

    const { reached, release } = stripe.hold('confirm');
    const confirming = s.client.post(`/order/${order.id}/pay/confirm`, { paymentId: started.body.paymentId });
    await reached;
    await expectOrderUnlocked(t, order.id);
    const webhook = await succeeded(intentId);
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('paid');

    release();
    const confirmed = await confirming;
    expect(confirmed.status, confirmed.response.payload).toBe(200);
    expect(confirmed.body.status).toBe('paid');
    await expectPaidOnce(s, order);
  });

  it('during the pay call: the webhook records and pays the intent, the attempt answers that same payment', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const { reached, release } = stripe.hold('startPayment');
    const paying = pay(s, { orderId: order.id }, 'in-flight-1');
    const intent = await reached;
    await expectOrderUnlocked(t, order.id);
    // The shopper's browser could not confirm before the answer; Stripe's word arrives first all the same.
    fake.confirmWithMethod(intent.providerRef, 'pm_card_visa');
    const webhook = await succeeded(intent.providerRef);
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('paid');

    release();
    const paid = await paying;
    expect(paid.status, paid.response.payload).toBe(200);
    expect(paid.body.order.status).toBe('paid');
    await expectPaidOnce(s, order);
    const { rows } = await ledgerOf(t.app, order.id);
    expect(rows[0]!.id).toBe(paid.body.paymentId);
    expect(rows[0]!.attemptKey).toBe('in-flight-1');
    // The same key again answers the same payment.
    const again = await pay(s, { orderId: order.id }, 'in-flight-1');
    expect(again.body.paymentId).toBe(paid.body.paymentId);
  });
});
