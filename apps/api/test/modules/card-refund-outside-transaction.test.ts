import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema, sql } from '@kedai/db';
import { LIFTED_LIMITS, outbox, staffClient } from '../accounts';
import { TestClock, createTestApp, race, type TestApp } from '../helpers';
import { ledgerOf, placeOrder, sgShopper, type ShopShopper } from '../shop';
import { createStripeFake, type StripeFake } from '../support/stripe-fake';
import { createStripeProvider, type PaymentProvider } from '../../src/modules/payments/service';

/**
 * Refunds and cancellations ask the card provider with no transaction open (issue 28, decision
 * 0019): the refund is recorded pending with the order locked, asked of the provider under an
 * idempotency key derived from that row, and its answer recorded in a new transaction. While the
 * provider holds its answer the rest of the shop goes on; an answer lost (a crash, the network) is
 * settled by the `payments.settle` job asking again under the same key: one refund at the provider.
 */

type RefundInput = Parameters<PaymentProvider['refund']>[0];

/**
 * Stripe (the simulator) with the refund answer in the test's hands: `hold` keeps the next answer
 * until released (Stripe has refunded already); `loseNext` makes the next answer a network error
 * after Stripe refunded, as a crash between the ask and the record would.
 */
function steerable(inner: PaymentProvider) {
  let gate: { reached: () => void; released: Promise<void> } | null = null;
  let lose = 0;
  let beforeCancel: ((providerRef: string) => Promise<void>) | null = null;
  const asked: RefundInput[] = [];
  const provider: PaymentProvider = {
    ...inner,
    name: inner.name,
    takesCardNumbers: inner.takesCardNumbers,
    publishableKey: inner.publishableKey,
    async cancel(providerRef) {
      await beforeCancel?.(providerRef);
      return inner.cancel(providerRef);
    },
    async refund(input) {
      asked.push(input);
      const answer = await inner.refund(input);
      if (lose > 0) {
        lose--;
        throw new Error('socket hang up');
      }
      const g = gate;
      gate = null;
      if (g) {
        g.reached();
        await g.released;
      }
      return answer;
    },
  };
  const hold = () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (gate = { reached: resolve, released }));
    return { reached, release };
  };
  const onCancel = (check: ((providerRef: string) => Promise<void>) | null) => (beforeCancel = check);
  return { provider, hold, asked, loseNext: () => (lose = 1), onCancel };
}

const WEBHOOK_SECRET = 'whsec_kedaitest';
const clock = new TestClock();
let t: TestApp;
let fake: StripeFake;
let stripe: ReturnType<typeof steerable>;

beforeAll(async () => {
  fake = createStripeFake({ now: () => clock.now().getTime() });
  stripe = steerable(
    createStripeProvider({
      secretKey: 'sk_test_kedai',
      publishableKey: 'pk_test_kedai',
      webhookSecret: WEBHOOK_SECRET,
      httpClient: Stripe.createFetchHttpClient(fake.fetch),
      now: clock.now,
    }),
  );
  t = await createTestApp({ env: LIFTED_LIMITS, clock, paymentProvider: stripe.provider });
  await t.app.jobs.schedule();
}, 120_000);
afterAll(() => t?.close());

/** Stripe as its dashboard is used by the shop's owner, outside the shop. */
const dashboard = () => new Stripe('sk_test_kedai', { httpClient: Stripe.createFetchHttpClient(fake.fetch) });

const pay = (s: ShopShopper, orderId: string) => s.client.post('/payment/stripe/card/pay', { orderId });

/** An order paid by card at Stripe (Elements, then the shop's confirmation). */
async function paidOrder(s: ShopShopper) {
  const order = await placeOrder(t.app, s);
  const started = await pay(s, order.id);
  expect(started.status, started.response.payload).toBe(200);
  const intentId = (await ledgerOf(t.app, order.id)).rows[0]!.providerRef!;
  fake.confirmWithMethod(intentId, 'pm_card_visa');
  const confirmed = await s.client.post(`/order/${order.id}/pay/confirm`, { paymentId: started.body.paymentId });
  expect(confirmed.body.status, confirmed.response.payload).toBe('paid');
  return { order, intentId };
}

const refundsAtStripe = (intentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);

/** No transaction holds the order's row: it can be locked at once (PostgreSQL's NOWAIT fails otherwise). */
async function expectOrderUnlocked(orderId: string) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE NOWAIT`);
  });
}

/** The recurring jobs due after another minute on the app's clock (`payments.settle` among them). */
async function nextMinuteOfJobs() {
  clock.advance(61);
  await t.app.jobs.runDue();
}

describe('a refund whose provider answer is held', () => {
  it("blocks no other shopper's checkout; once released, the refund is recorded once", async () => {
    const staff = (await staffClient(t.app, 'staff', clock.now)).client;
    const first = await sgShopper(t.app);
    const { order, intentId } = await paidOrder(first);

    // Stripe has refunded, and holds its answer (what a slow Stripe does for 10 s, with no real waiting).
    const { reached, release } = stripe.hold();
    const refunding = staff.post(`/admin/order/${order.id}/refund`, { amount: 500, reason: 'One item arrived scratched' });
    await reached;

    // The refund is recorded, pending, and counted as promised back; the order is not locked.
    const during = await ledgerOf(t.app, order.id);
    expect(during.rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual(['charge:succeeded', 'refund:pending']);
    expect(during.owed).toBe(500);
    await expectOrderUnlocked(order.id);
    // Meanwhile another shopper places an order and pays it, and the first shopper reads their order.
    const second = await sgShopper(t.app);
    const other = await paidOrder(second);
    expect((await second.client.get(`/order/${other.order.id}`)).body.status).toBe('paid');
    expect((await first.client.get(`/order/${order.id}`)).status).toBe(200);

    release();
    const refunded = await refunding;
    expect(refunded.status, refunded.response.payload).toBe(200);
    const after = await ledgerOf(t.app, order.id);
    expect(after).toMatchObject({ held: order.total - 500, owed: 0 });
    const refund = after.rows.find((r) => r.kind === 'refund')!;
    expect(refund.status).toBe('succeeded');
    expect(refundsAtStripe(intentId).map((r) => [r.id, r.amount])).toEqual([[refund.providerRef, 500]]);
  });

  it("a cancel's refund held: the cancel is already committed, and another shopper's checkout completes", async () => {
    const s = await sgShopper(t.app);
    const { order, intentId } = await paidOrder(s);
    const { reached, release } = stripe.hold();
    const cancelling = s.client.delete(`/order/${order.id}`);
    await reached;
    // Cancelled and its stock given back already; the money is on its way.
    await expectOrderUnlocked(order.id);
    const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    const other = await paidOrder(await sgShopper(t.app));
    expect(other.order.id).not.toBe(order.id);

    release();
    expect((await cancelling).body.status).toBe('cancelled');
    expect(await ledgerOf(t.app, order.id)).toMatchObject({ held: 0, owed: 0 });
    expect(refundsAtStripe(intentId)).toEqual([expect.objectContaining({ amount: order.total })]);
  });
});

describe('an answer lost between the refund and its record', () => {
  it('is settled by payments.settle exactly once: one refund at Stripe, the ledger right', async () => {
    const staff = (await staffClient(t.app, 'staff', clock.now)).client;
    const s = await sgShopper(t.app);
    const { order, intentId } = await paidOrder(s);
    stripe.loseNext();
    const part = await staff.post(`/admin/order/${order.id}/refund`, { amount: 700, reason: 'Delivery was late' });
    // Staff's refund stands: recorded, promised back, and asked again until Stripe's answer is recorded.
    expect(part.status, part.response.payload).toBe(200);
    const lost = await ledgerOf(t.app, order.id);
    expect(lost).toMatchObject({ held: order.total, owed: 700 });
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    // Nothing more can be refunded than what is not already promised.
    const tooMuch = await staff.post(`/admin/order/${order.id}/refund`, { amount: order.total, reason: 'Again' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.params).toEqual([order.total - 700]);

    // The shopper's mail promises only what was asked: the money is being refunded, not yet back.
    await t.app.jobs.runDue();
    const mails = await outbox(t.app, s.email);
    const told = mails.find((m) => m.subject.startsWith(`Order ${order.orderRef}: a refund of`));
    expect(told, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(told!.text).toContain('is being refunded to the card you paid with');

    await nextMinuteOfJobs();
    const settled = await ledgerOf(t.app, order.id);
    expect(settled).toMatchObject({ held: order.total - 700, owed: 0 });
    const refund = settled.rows.find((r) => r.kind === 'refund')!;
    const atStripe = refundsAtStripe(intentId);
    expect(atStripe.map((r) => [r.id, r.amount])).toEqual([[refund.providerRef, 700]]);
    // Both asks used the refund's own key; a later run asks nothing more.
    const keys = stripe.asked.filter((a) => a.providerRef === intentId).map((a) => a.idempotencyKey);
    expect(keys).toEqual([`refund:${refund.id}`, `refund:${refund.id}`]);
    await nextMinuteOfJobs();
    expect(stripe.asked.filter((a) => a.providerRef === intentId)).toHaveLength(2);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
  });

  it("a cancelled order's intent Stripe could not cancel, paid after all, is refunded by payments.settle", async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const started = await pay(s, order.id);
    const intentId = (await ledgerOf(t.app, order.id)).rows[0]!.providerRef!;
    // The shopper's browser confirms at Stripe while the order is being cancelled: Stripe will not cancel it.
    fake.confirmWithMethod(intentId, 'pm_card_visa');
    expect((await s.client.delete(`/order/${order.id}`)).body.status).toBe('cancelled');
    expect((await ledgerOf(t.app, order.id)).rows.map((r) => [r.id, r.status])).toEqual([[started.body.paymentId, 'pending']]);

    await nextMinuteOfJobs();
    const { rows, held, owed } = await ledgerOf(t.app, order.id);
    expect(rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual(['charge:succeeded', 'refund:succeeded']);
    expect({ held, owed }).toEqual({ held: 0, owed: 0 });
    expect(refundsAtStripe(intentId)).toEqual([expect.objectContaining({ amount: order.total })]);
    expect((await s.client.get(`/order/${order.id}`)).body.status).toBe('cancelled');
  });

  it('a card attempt left unanswered by a crash is closed after a while, and the order can be paid', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    // What a process that stopped while Stripe was asked leaves: the attempt recorded, never answered.
    await t.app.db.insert(schema.payments).values({
      orderId: order.id,
      provider: 'stripe',
      kind: 'charge',
      status: 'pending',
      amount: order.total,
      currency: order.currency,
      attemptKey: 'crashed-1',
      attemptDigest: 'x',
      createdAt: new Date(Date.now() - 20 * 60_000),
    });
    await nextMinuteOfJobs();
    const { rows } = await ledgerOf(t.app, order.id);
    expect(rows.map((r) => [r.status, r.failureCode])).toEqual([['failed', 'no_answer']]);
    const again = await pay(s, order.id);
    expect(again.status, again.response.payload).toBe(200);
  });
});

describe('two staff refunding the same order at once', () => {
  race('one refund is made at Stripe; the other is told nothing is left', async () => {
    const a = (await staffClient(t.app, 'staff', clock.now)).client;
    const b = (await staffClient(t.app, 'staff', clock.now)).client;
    const s = await sgShopper(t.app);
    const { order, intentId } = await paidOrder(s);
    const [one, two] = await Promise.all([
      a.post(`/admin/order/${order.id}/refund`, { amount: order.total, reason: 'Out of stock' }),
      b.post(`/admin/order/${order.id}/refund`, { amount: order.total, reason: 'Out of stock' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    const refused = one.status === 400 ? one : two;
    expect(refused.body.errorCode).toBe('payment/invalid_refund_amount');
    expect(refundsAtStripe(intentId)).toEqual([expect.objectContaining({ amount: order.total })]);
    expect(await ledgerOf(t.app, order.id)).toMatchObject({ held: 0, owed: 0 });
  });
});

describe('a refund Stripe refuses for good', () => {
  it('is recorded failed with its reason, never asked again, and the amount is refundable again', async () => {
    const staff = (await staffClient(t.app, 'staff', clock.now)).client;
    const s = await sgShopper(t.app);
    const { order, intentId } = await paidOrder(s);
    // The owner refunded the whole payment in Stripe's dashboard: Stripe refuses any further refund of it.
    await dashboard().refunds.create({ payment_intent: intentId });
    const part = await staff.post(`/admin/order/${order.id}/refund`, { amount: 500, reason: 'One item arrived scratched' });
    expect(part.status, part.response.payload).toBe(200);

    const { rows, owed } = await ledgerOf(t.app, order.id);
    const refund = rows.find((r) => r.kind === 'refund')!;
    expect(refund).toMatchObject({ status: 'failed', failureCode: 'charge_already_refunded', providerRef: null });
    expect(refund.failureMessage).toMatch(/already been refunded/);
    expect(owed).toBe(0);
    // Staff see it on the order's payments.
    const seen = await staff.get(`/admin/order/${order.id}`);
    expect(JSON.stringify(seen.body)).toContain('charge_already_refunded');
    const asks = stripe.asked.filter((a) => a.providerRef === intentId).length;
    await nextMinuteOfJobs();
    expect(stripe.asked.filter((a) => a.providerRef === intentId)).toHaveLength(asks);
    // The refused 500 is refundable again (the ledger does not know of the dashboard's refund).
    const again = await staff.post(`/admin/order/${order.id}/refund`, { amount: order.total + 1, reason: 'Too much' });
    expect(again.body.params).toEqual([order.total]);
  });
});

describe('a PayNow order released by staff with a card intent left open', () => {
  it('is cancelled and committed before Stripe is asked to cancel the intent', async () => {
    const staff = (await staffClient(t.app, 'staff', clock.now)).client;
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s, { paymentMethod: 'paynow' });
    // The shopper tried a card first: Stripe holds an intent waiting for a card.
    const intent = await dashboard().paymentIntents.create({ amount: order.total, currency: order.currency.toLowerCase() });
    await t.app.db.insert(schema.payments).values({
      orderId: order.id,
      provider: 'stripe',
      kind: 'charge',
      status: 'pending',
      amount: order.total,
      currency: order.currency,
      providerRef: intent.id,
    });
    expect((await s.client.post(`/order/${order.id}/paynow_paid`, {})).status).toBe(200);
    const report = (await ledgerOf(t.app, order.id)).rows.find((r) => r.provider === 'paynow')!;

    const checked: string[] = [];
    stripe.onCancel(async (ref) => {
      await expectOrderUnlocked(order.id);
      const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
      checked.push(`${ref}:${row!.status}`);
    });
    try {
      const released = await staff.post(`/admin/payment/${report.id}/release`, { reason: 'No transfer arrived' });
      expect(released.status, released.response.payload).toBe(200);
      expect(released.body.order).toMatchObject({ status: 'cancelled' });
    } finally {
      stripe.onCancel(null);
    }
    expect(checked).toEqual([`${intent.id}:cancelled`]);
    expect(fake.intents.get(intent.id)!.status).toBe('canceled');
    const card = (await ledgerOf(t.app, order.id)).rows.find((r) => r.provider === 'stripe')!;
    expect(card).toMatchObject({ status: 'failed', failureCode: 'canceled' });
    await t.app.jobs.runDue();
    expect((await outbox(t.app, s.email)).map((m) => m.subject)).toContain(`Order ${order.orderRef} cancelled`);
  });
});

describe('payments.settle in a process without Stripe keys (the test gateway)', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ env: LIFTED_LIMITS });
    await other.app.jobs.schedule();
  }, 120_000);
  afterAll(() => other?.close());

  it("leaves Stripe's pending refunds pending (no money moved); refunds the test gateway's own", async () => {
    const s = await sgShopper(other.app);
    const order = await placeOrder(other.app, s);
    const charge = async (provider: string, providerRef: string) =>
      (
        await other.app.db
          .insert(schema.payments)
          .values({ orderId: order.id, provider, kind: 'charge', status: 'succeeded', amount: 1000, currency: order.currency, providerRef })
          .returning()
      )[0]!;
    const refundOf = async (paid: typeof schema.payments.$inferSelect) =>
      other.app.db.insert(schema.payments).values({
        orderId: order.id,
        provider: paid.provider,
        kind: 'refund',
        status: 'pending',
        amount: 400,
        currency: order.currency,
        refundOf: paid.id,
      });
    await refundOf(await charge('stripe', 'pi_taken_by_stripe'));
    await refundOf(await charge('test', `test_pi.succeeded.1000.${order.currency}.trial`));

    other.clock.advance(61);
    await other.app.jobs.runDue();
    const refunds = (await ledgerOf(other.app, order.id)).rows.filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => [r.provider, r.status, r.providerRef?.startsWith('test_re_') ?? null]).sort()).toEqual([
      ['stripe', 'pending', null],
      ['test', 'succeeded', true],
    ]);
  });
});
