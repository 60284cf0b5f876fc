import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, clientOwingSecondFactor } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { ledgerOf, placeOrder, sgShopper, type ShopShopper } from '../shop';

/**
 * Card payments on the built-in test gateway (issue 17), the embedded default: one call to pay
 * (`POST /payment/stripe/card/pay`), one attempt per Idempotency-Key, "save this card", one-click
 * payment with a saved card, the saved cards list and removal, only ever the shopper's own.
 */

let t: TestApp;
const NO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
}, 120_000);
afterAll(() => t?.close());

const card = (number: string) => ({ number, expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow' });
const pay = (s: ShopShopper, body: Record<string, unknown>, key?: string) =>
  s.client.post('/payment/stripe/card/pay', body, key ? { 'idempotency-key': key } : {});
const savedCards = async (s: ShopShopper) =>
  (await s.client.get('/payment/stripe/card/payment_methods')).body.paymentMethods as { id: string; brand: string; last4: string }[];

describe('who may pay and see saved cards', () => {
  it('visitors get 401 and a session owing its second factor 403', async () => {
    const owing = await clientOwingSecondFactor(t.app);
    for (const [client, status, code] of [
      [new TestClient(t.app), 401, 'auth/not_authorized'],
      [owing, 403, 'auth/tfa_not_verified'],
    ] as const) {
      expectError(await client.post('/payment/stripe/card/pay', { orderId: NO_ID, card: card('4242424242424242') }), status, code);
      expectError(await client.post(`/order/${NO_ID}/pay/confirm`, { paymentId: NO_ID }), status, code);
      expectError(await client.get('/payment/stripe/card/payment_methods'), status, code);
      expectError(await client.delete(`/payment/stripe/card/payment_methods/${NO_ID}`), status, code);
    }
  });

  it("another shopper's order is not found, and nothing is charged", async () => {
    const owner = await sgShopper(t.app);
    const other = await sgShopper(t.app);
    const order = await placeOrder(t.app, owner);
    expectError(await pay(other, { orderId: order.id, card: card('4242424242424242') }), 404, 'order/not_found');
    expectError(await pay(other, { orderId: 'not-an-id', card: card('4242424242424242') }), 404, 'order/not_found');
    expect((await ledgerOf(t.app, order.id)).rows).toEqual([]);
  });

  it('the test gateway takes no card from a browser form of the provider (there is none)', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    expectError(await pay(s, { orderId: order.id }), 400, 'payment/invalid_card');
  });
});

describe('one attempt per Idempotency-Key', () => {
  it('a replayed pay call answers the same payment and charges once', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const first = await pay(s, { orderId: order.id, card: card('4242424242424242') }, 'attempt-1');
    expect(first.status, first.response.payload).toBe(200);
    const again = await pay(s, { orderId: order.id, card: card('4242424242424242') }, 'attempt-1');
    expect(again.status, again.response.payload).toBe(200);
    expect(again.body.paymentId).toBe(first.body.paymentId);
    expect(again.body.order.status).toBe('paid');
    const { rows, held } = await ledgerOf(t.app, order.id);
    expect(rows).toHaveLength(1);
    expect(held).toBe(order.total);
    // A new attempt on a paid order is refused.
    expectError(await pay(s, { orderId: order.id, card: card('4242424242424242') }, 'attempt-2'), 409, 'payment/not_payable');
  });

  it('a replayed declined attempt answers the same decline without a second attempt', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    expectError(await pay(s, { orderId: order.id, card: card('4000000000009995') }, 'd-1'), 402, 'payment/declined');
    const again = await pay(s, { orderId: order.id, card: card('4000000000009995') }, 'd-1');
    expectError(again, 402, 'payment/declined');
    expect(again.body.params).toEqual(['Your card has insufficient funds.']);
    expect((await ledgerOf(t.app, order.id)).rows).toHaveLength(1);
  });
});

describe('an Idempotency-Key reused with another request', () => {
  it('is 422 for another card, expiry or save choice, and nothing is charged or written', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s);
    const first = await pay(s, { orderId: order.id, card: card('4000002500003155') }, 'reused-1');
    expect(first.body.status).toBe('requires_action');
    // The same card, typed with spaces: the same request, the same payment.
    const same = await pay(s, { orderId: order.id, card: card('4000 0025 0000 3155') }, 'reused-1');
    expect(same.status, same.response.payload).toBe(200);
    expect(same.body.paymentId).toBe(first.body.paymentId);
    for (const body of [
      { orderId: order.id, card: card('4242424242424242') },
      { orderId: order.id, card: { ...card('4000002500003155'), expYear: 2041 } },
      { orderId: order.id, card: card('4000002500003155'), saveCard: true },
    ]) {
      const refused = await pay(s, body, 'reused-1');
      expectError(refused, 422, 'general/idempotency_key_reused');
    }
    const { rows } = await ledgerOf(t.app, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attemptDigest).toMatch(/^[0-9a-f]{64}$/);
    // The digest keeps no card number and no security code: it is a hash of the last four digits and the expiry.
    expect(JSON.stringify(rows)).not.toContain('4000002500003155');
    expect((await t.app.db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, s.id))).length).toBe(0);

    // An attempt recorded before digests were kept is answered as before.
    await t.app.db.update(schema.payments).set({ attemptDigest: null }).where(eq(schema.payments.id, first.body.paymentId));
    const old = await pay(s, { orderId: order.id, card: card('4242424242424242') }, 'reused-1');
    expect(old.status, old.response.payload).toBe(200);
    expect(old.body.paymentId).toBe(first.body.paymentId);
  });

  race('two different cards at once under one key: one attempt, the other 422 or that same payment, never two charges', async () => {
    const s = await sgShopper(t.app);
    for (let round = 1; round <= 3; round++) {
      const order = await placeOrder(t.app, s);
      const bodies = [card('4242424242424242'), card('5555555555554444'), card('4242424242424242'), card('5555555555554444')];
      const answers = await Promise.all(bodies.map((c) => pay(s, { orderId: order.id, card: c }, `two-cards-${round}`)));
      const { rows, held } = await ledgerOf(t.app, order.id);
      expect(rows).toHaveLength(1);
      expect(held).toBe(order.total);
      const won = rows[0]!.methodSummary!.endsWith('4242') ? 0 : 1;
      for (const [i, answer] of answers.entries()) {
        if (i % 2 === won) {
          expect(answer.status, answer.response.payload).toBe(200);
          expect(answer.body.paymentId).toBe(rows[0]!.id);
        } else expectError(answer, 422, 'general/idempotency_key_reused');
      }
    }
  });
});

describe('saved cards', () => {
  it('"save this card" keeps brand, last four and expiry, never the number; the next order is paid in one click', async () => {
    const s = await sgShopper(t.app);
    const first = await placeOrder(t.app, s);
    const paid = await pay(s, { orderId: first.id, card: card('4242 4242 4242 4242'), saveCard: true });
    expect(paid.body.order.status).toBe('paid');
    const cards = await savedCards(s);
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 })]);
    const stored = await t.app.db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, s.id));
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');

    const second = await placeOrder(t.app, s);
    const oneClick = await pay(s, { orderId: second.id, savedCardId: cards[0]!.id });
    expect(oneClick.status, oneClick.response.payload).toBe(200);
    expect(oneClick.body.order.status).toBe('paid');
    expect(oneClick.body.order.payments).toEqual([expect.objectContaining({ status: 'succeeded', methodSummary: 'visa •••• 4242' })]);
    expect((await ledgerOf(t.app, second.id)).held).toBe(second.total);
  });

  it('without "save this card", or when the card is declined, nothing is saved', async () => {
    const s = await sgShopper(t.app);
    await pay(s, { orderId: (await placeOrder(t.app, s)).id, card: card('4242424242424242') });
    expectError(
      await pay(s, { orderId: (await placeOrder(t.app, s)).id, card: card('4000000000000002'), saveCard: true }),
      402,
      'payment/declined',
    );
    expect(await savedCards(s)).toEqual([]);
  });

  it('a saved card keeps its outcome: one that asks for 3-D Secure asks again, and confirming pays', async () => {
    const s = await sgShopper(t.app);
    const first = await placeOrder(t.app, s);
    const asked = await pay(s, { orderId: first.id, card: card('4000002500003155'), saveCard: true });
    expect(asked.body.status).toBe('requires_action');
    await s.client.post(`/order/${first.id}/pay/confirm`, { paymentId: asked.body.paymentId });
    const [saved] = await savedCards(s);
    expect(saved).toMatchObject({ last4: '3155' });

    const second = await placeOrder(t.app, s);
    const again = await pay(s, { orderId: second.id, savedCardId: saved!.id });
    expect(again.body).toMatchObject({ status: 'requires_action', clientSecret: null });
    const confirmed = await s.client.post(`/order/${second.id}/pay/confirm`, { paymentId: again.body.paymentId });
    expect(confirmed.body.status).toBe('paid');
    expect(confirmed.body.payments).toEqual([expect.objectContaining({ status: 'succeeded', methodSummary: 'visa •••• 3155' })]);
  });

  it("another shopper's saved card cannot be used or removed", async () => {
    const owner = await sgShopper(t.app);
    const other = await sgShopper(t.app);
    await pay(owner, { orderId: (await placeOrder(t.app, owner)).id, card: card('5555555555554444'), saveCard: true });
    const [saved] = await savedCards(owner);
    expect(saved).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await savedCards(other)).toEqual([]);

    const theirs = await placeOrder(t.app, other);
    expectError(await pay(other, { orderId: theirs.id, savedCardId: saved!.id }), 404, 'payment/card_not_found');
    expectError(await pay(other, { orderId: theirs.id, savedCardId: 'x' }), 404, 'payment/card_not_found');
    expect((await ledgerOf(t.app, theirs.id)).rows).toEqual([]);
    expectError(await other.client.delete(`/payment/stripe/card/payment_methods/${saved!.id}`), 404, 'payment/card_not_found');
    expect(await savedCards(owner)).toHaveLength(1);

    const removed = await owner.client.delete(`/payment/stripe/card/payment_methods/${saved!.id}`);
    expect(removed.status, removed.response.payload).toBe(200);
    expect(await savedCards(owner)).toEqual([]);
    expectError(await owner.client.delete(`/payment/stripe/card/payment_methods/${saved!.id}`), 404, 'payment/card_not_found');
    const next = await placeOrder(t.app, owner);
    expectError(await pay(owner, { orderId: next.id, savedCardId: saved!.id }), 404, 'payment/card_not_found');
  });
});

describe('refunds name their charge', () => {
  it('a part refund, then a cancel, gives back exactly what was paid; the ledger holds nothing', async () => {
    const s = await sgShopper(t.app);
    const order = await placeOrder(t.app, s, { quantity: 2 });
    await pay(s, { orderId: order.id, card: card('4242424242424242') });
    expect((await ledgerOf(t.app, order.id)).held).toBe(order.total);
    await s.client.delete(`/order/${order.id}`);
    const { held, owed, rows } = await ledgerOf(t.app, order.id);
    expect({ held, owed }).toEqual({ held: 0, owed: 0 });
    const charge = rows.find((r) => r.kind === 'charge')!;
    expect(rows.filter((r) => r.kind === 'refund')).toEqual([
      expect.objectContaining({ refundOf: charge.id, amount: order.total, status: 'succeeded' }),
    ]);
  });
});
