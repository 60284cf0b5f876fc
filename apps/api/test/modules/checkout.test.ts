import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, outbox, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { SG_ADDRESS } from '../shop';
import { cancelUnpaidOrders } from '../../src/modules/orders/expiry';

/**
 * Checkout through the real app (issue 16): sessions, estimates, placing an order in one
 * transaction, idempotency, stock and vouchers under concurrency, cancelling. The seeded shop
 * delivers to Singapore for SGD 4.00 (free from SGD 60.00) and charges 9 % GST on top there.
 */

let t: TestApp;
const NO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
}, 120_000);
afterAll(() => t?.close());

const NO_ADDRESS = { ...SG_ADDRESS, country: 'NO', postalCode: '0150', city: 'Oslo', phoneNumber: '+47 22 12 34 56' };

interface Shopper {
  id: string;
  email: string;
  client: TestClient;
  addressId: string;
}

async function shopper(): Promise<Shopper> {
  const user = await createVerifiedUser(t.app);
  const client = await signedInClient(t.app, user);
  const created = await client.post('/address', SG_ADDRESS);
  expect(created.status, created.response.payload).toBe(201);
  return { id: user.id, email: user.email, client, addressId: created.body.address.id };
}

async function product(stock = 10, price = 1500) {
  return (await createProduct(t.app.db, { stock, price: { SG: price } })).id;
}

async function line(s: Shopper, productId: string, quantity = 1): Promise<string> {
  const answer = await s.client.post('/cart', { productId, quantity });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.cartItem.id;
}

async function session(s: Shopper, cartItemIds: string[], quotationItemIds: string[] = []): Promise<string> {
  const answer = await s.client.post('/checkout/session', { cartItemIds, quotationItemIds });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.key;
}

async function inStock(productId: string): Promise<boolean> {
  const [row] = await t.app.db.select({ inStock: schema.products.inStock }).from(schema.products).where(eq(schema.products.id, productId));
  return row!.inStock;
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.app.db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId));
  return row!.stock;
}

function order(s: Shopper, key: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return s.client.post(
    '/checkout/create_order',
    { checkoutSessionKey: key, paymentMethod: 'card', shippingAddressId: s.addressId, ...extra },
    headers,
  );
}

async function voucher(code: string, values: Partial<typeof schema.vouchers.$inferInsert> = {}) {
  await t.app.db.insert(schema.vouchers).values({ code, kind: 'percent', percentBp: 1000, ...values });
}

describe('who may check out', () => {
  it('visitors get 401 and a session owing its second factor 403 (spec: two-factor required)', async () => {
    const visitor = new TestClient(t.app);
    const owing = await clientOwingSecondFactor(t.app);
    for (const client of [visitor, owing]) {
      const status = client === visitor ? 401 : 403;
      const code = client === visitor ? 'auth/not_authorized' : 'auth/tfa_not_verified';
      for (const answer of [
        await client.post('/checkout/session', { cartItemIds: [NO_ID] }),
        await client.get(`/checkout/estimate_costs?checkoutSessionKey=x`),
        await client.post('/checkout/create_order', { checkoutSessionKey: 'x', paymentMethod: 'card' }),
        await client.get('/order'),
        await client.delete(`/order/${NO_ID}`),
        await client.post('/voucher/validate', { code: 'X' }),
      ]) {
        expectError(answer, status, code);
      }
    }
  });
});

describe('checkout sessions', () => {
  it('keep the chosen lines, read back as they are now; another shopper cannot read them', async () => {
    const s = await shopper();
    const p = await product();
    const id = await line(s, p, 2);
    const key = await session(s, [id]);
    const read = await s.client.get(`/checkout/session/${key}`);
    expect(read.status, read.response.payload).toBe(200);
    expect(read.body.cartItems.map((item: { id: string }) => item.id)).toEqual([id]);
    expect(read.body.products.map((item: { uuid: string }) => item.uuid)).toEqual([p]);
    expect(read.body.unavailable).toEqual([]);
    expectError(await (await shopper()).client.get(`/checkout/session/${key}`), 404, 'checkout/session_not_found');
  });

  it('refuse an empty or malformed choice', async () => {
    const s = await shopper();
    expectError(await s.client.post('/checkout/session', {}), 400, 'checkout/nothing_selected');
    expectError(await s.client.post('/checkout/session', { cartItemIds: ['nope'] }), 400, 'checkout/nothing_selected');
    expectError(await s.client.post('/checkout/session', { cartItemIds: 'x' }), 400, 'checkout/nothing_selected');
  });

  it('expire, and can be deleted (a GET never deletes)', async () => {
    const s = await shopper();
    const key = await session(s, [await line(s, await product())]);
    expect((await s.client.get(`/checkout/session/${key}`)).status).toBe(200);
    expect((await s.client.get(`/checkout/session/${key}`)).status).toBe(200);
    expect((await s.client.delete(`/checkout/session/${key}`)).status).toBe(204);
    expectError(await s.client.get(`/checkout/session/${key}`), 404, 'checkout/session_not_found');
    const later = await session(s, [await line(s, await product())]);
    t.clock.advance(61 * 60);
    expectError(await s.client.get(`/checkout/session/${later}`), 404, 'checkout/session_not_found');
  });
});

describe('the estimate', () => {
  it('prices the lines in the region, ships to the address and adds GST on top', async () => {
    const s = await shopper();
    const key = await session(s, [await line(s, await product(10, 1500), 2)]);
    const without = (await s.client.get(`/checkout/estimate_costs?checkoutSessionKey=${key}`)).body;
    expect(without).toMatchObject({ currency: 'SGD', subtotal: 3000, shipping: null, canPlaceOrder: false });
    const answer = await s.client.get(`/checkout/estimate_costs?checkoutSessionKey=${key}&shippingAddressId=${s.addressId}`);
    expect(answer.status, answer.response.payload).toBe(200);
    // SGD 30.00 + SGD 4.00 delivery = 34.00; GST 9 % = 3.06; total 37.06.
    expect(answer.body).toMatchObject({
      region: 'SG',
      subtotal: 3000,
      shipping: 400,
      discount: 0,
      tax: 306,
      taxName: 'GST',
      taxInclusive: false,
      total: 3706,
      canPlaceOrder: true,
      shippingCountry: 'SG',
    });
    expect(answer.body.lines).toEqual([
      expect.objectContaining({ kind: 'cart', quantity: 2, unitPrice: 1500, lineTotal: 3000, reason: null }),
    ]);
  });

  it('says why a line, a voucher or an address does not work, instead of refusing', async () => {
    const s = await shopper();
    const scarce = await product(1);
    const key = await session(s, [await line(s, scarce, 3)]);
    // An address kept from before the shop stopped delivering to its country.
    const [norway] = await t.app.db
      .insert(schema.addresses)
      .values({ ...NO_ADDRESS, userId: s.id })
      .returning({ id: schema.addresses.id });
    const answer = await s.client.get(
      `/checkout/estimate_costs?checkoutSessionKey=${key}&voucherCode=NOSUCH&shippingAddressId=${norway!.id}`,
    );
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body.lines[0]).toMatchObject({ reason: 'out_of_stock', unitPrice: null });
    expect(answer.body.voucherError).toMatchObject({ errorCode: 'voucher/not_found' });
    expect(answer.body.shippingError).toMatchObject({ errorCode: 'checkout/not_delivered' });
    expect(answer.body.shipping).toBeNull();
    expectError(await order({ ...s, addressId: norway!.id }, key), 400, 'checkout/not_delivered');
    expect(answer.body.canPlaceOrder).toBe(false);
  });

  it('takes a voucher off before shipping and tax', async () => {
    await voucher('TENOFF');
    const s = await shopper();
    const key = await session(s, [await line(s, await product(10, 5000), 1)]);
    const { body } = await s.client.get(
      `/checkout/estimate_costs?checkoutSessionKey=${key}&voucherCode=tenoff&shippingAddressId=${s.addressId}`,
    );
    // 50.00 - 5.00 = 45.00, below the free delivery threshold: + 4.00 = 49.00; GST 4.41; total 53.41.
    expect(body).toMatchObject({
      subtotal: 5000,
      discount: 500,
      shipping: 400,
      tax: 441,
      total: 5341,
      voucher: { code: 'TENOFF', discount: 500 },
    });
  });
});

describe('placing the order', () => {
  it('takes the stock, consumes the lines, captures the products and awaits payment', async () => {
    const s = await shopper();
    const p = await product(5, 2000);
    const id = await line(s, p, 2);
    const key = await session(s, [id]);
    const answer = await order(s, key, { notes: 'Leave it with the guard' });
    expect(answer.status, answer.response.payload).toBe(201);
    expect(answer.body).toMatchObject({
      kind: 'cart',
      status: 'awaiting_payment',
      statusLabel: 'Awaiting payment',
      currency: 'SGD',
      subtotal: 4000,
      shippingFee: 400,
      taxFee: 396,
      total: 4796,
      regionCountryCode: 'SG',
      notes: 'Leave it with the guard',
      cartItems: [id],
      canCancel: true,
      shippingAddress: { fullName: 'Tan Ah Kow', country: 'SG' },
    });
    expect(answer.body.orderRef).toMatch(/^KD-\d{6}-[0-9A-Z]{6}$/);
    expect(answer.body.productCaptures).toEqual([
      expect.objectContaining({ source: 'cart', productId: p, quantity: 2, unitPrice: 2000, lineTotal: 4000 }),
    ]);
    expect(await stockOf(p)).toBe(3);
    expect((await s.client.get('/cart')).body.cartItems).toEqual([]);
    expectError(await s.client.get(`/checkout/session/${key}`), 404, 'checkout/session_not_found');

    // The capture keeps the name as bought.
    const before = answer.body.productCaptures[0].name as string;
    await t.app.db.update(schema.products).set({ name: 'Renamed since' }).where(eq(schema.products.id, p));
    const read = await s.client.get(`/order/${answer.body.id}`);
    expect(read.body.productCaptures[0].name).toBe(before);
    expect((await s.client.get('/order')).body.orders.map((o: { id: string }) => o.id)).toEqual([answer.body.id]);
  });

  it('captures the chosen colour’s picture as the line’s picture, else the main one (issue 30)', async () => {
    const s = await shopper();
    const { id: p } = await createProduct(t.app.db, {
      variants: [{ name: 'Colour', options: ['Red', 'Blue'], images: ['red.jpg', null] }],
      price: { SG: 1500 },
    });
    await t.app.db.update(schema.products).set({ mainImage: 'main.jpg' }).where(eq(schema.products.id, p));
    const red = await s.client.post('/cart', { productId: p, variantPath: '0', quantity: 1 });
    const blue = await s.client.post('/cart', { productId: p, variantPath: '1', quantity: 1 });
    const answer = await order(s, await session(s, [red.body.cartItem.id, blue.body.cartItem.id]));
    expect(answer.status, answer.response.payload).toBe(201);
    const pictures = Object.fromEntries(
      answer.body.productCaptures.map((line: { variantPath: string; image: string | null }) => [line.variantPath, line.image]),
    );
    expect(pictures).toEqual({ '0': 'red.jpg', '1': 'main.jpg' });
  });

  it('refuses, writing nothing, when a line cannot be bought', async () => {
    const s = await shopper();
    const p = await product(1);
    const id = await line(s, p, 2);
    const answer = await order(s, await session(s, [id]));
    expectError(answer, 409, 'checkout/items_unavailable');
    expect(answer.body.params).toEqual([{ id, kind: 'cart', reason: 'out_of_stock' }]);
    expect(await stockOf(p)).toBe(1);
    expect((await s.client.get('/cart')).body.cartItems).toHaveLength(1);
    expect((await s.client.get('/order')).body.orders).toEqual([]);
  });

  it.each([
    [{ paymentMethod: 'cash' }, 400, 'checkout/invalid_payment_method'],
    [{ shippingAddressId: NO_ID }, 400, 'checkout/address_required'],
    [{ notes: 'x'.repeat(1001) }, 400, 'checkout/invalid_notes'],
    [{ voucherCode: 'NOPE' }, 404, 'voucher/not_found'],
  ])('%j is %i %s', async (extra, status, code) => {
    const s = await shopper();
    const key = await session(s, [await line(s, await product())]);
    expectError(await order(s, key, extra), status, code);
    expect((await s.client.get('/order')).body.orders).toEqual([]);
  });

  race('the same Idempotency-Key sent 10 times at once places one order, and every answer is that order', async () => {
    const s = await shopper();
    const p = await product(10);
    // The window this closes is narrow (a repeat finding no order just before the first commits),
    // so the race is run several times.
    let key = '';
    let placedId = '';
    for (let round = 1; round <= 4; round++) {
      key = await session(s, [await line(s, p, 1)]);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => order(s, key, {}, { 'idempotency-key': `order-key-000${round}` })),
      );
      // The first placed it (201), each repeat answers it (200), also a repeat that found no order
      // just before the first committed and took the session away with it.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      placedId = answers[0]!.body.id;
      expect(await stockOf(p)).toBe(10 - round);
    }
    const orders = await t.app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.userId, s.id));
    expect(orders).toHaveLength(4);
    expect((await s.client.get('/cart')).body.cartItems).toEqual([]);
    // Sent again later (its answer lost): the same order, although the session went with it.
    const again = await order(s, key, {}, { 'idempotency-key': 'order-key-0004' });
    expect(again.status, again.response.payload).toBe(200);
    expect(again.body.id).toBe(placedId);
    expectError(await order(s, key, {}, { 'idempotency-key': 'bad key!' }), 400, 'checkout/invalid_idempotency_key');
  });

  it('the same Idempotency-Key with other lines, notes, address or payment method is 422 and places nothing', async () => {
    const s = await shopper();
    const p = await product(10);
    const key = await session(s, [await line(s, p)]);
    const idem = { 'idempotency-key': 'reused-key-1' };
    const first = await order(s, key, { notes: 'Leave at the door' }, idem);
    expect(first.status, first.response.payload).toBe(201);
    // The same request again, spelled a little differently (spaces, an id in capitals): the same order.
    const again = await order(s, key, { notes: '  Leave at the door ', shippingAddressId: s.addressId.toUpperCase() }, idem);
    expect(again.status, again.response.payload).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const secondLine = await line(s, p, 2);
    const otherLines = await session(s, [secondLine]);
    const other = await s.client.post('/address', { ...SG_ADDRESS, address: '2 Other Road' });
    for (const changed of [
      { notes: 'Ring the bell' },
      { notes: 'Leave at the door', paymentMethod: 'paynow' },
      { notes: 'Leave at the door', billingAddressId: other.body.address.id },
      { notes: 'Leave at the door', voucherCode: 'TENOFF' },
    ]) {
      const refused = await order(s, key, changed, idem);
      expectError(refused, 422, 'general/idempotency_key_reused');
      expect(refused.body.error).toBe('This request was already sent with different details; refresh the page and try again');
    }
    // Other lines (another checkout session) under the same key: refused, and they stay in the cart with their stock.
    expectError(await order(s, otherLines, { notes: 'Leave at the door' }, idem), 422, 'general/idempotency_key_reused');
    expect(await stockOf(p)).toBe(9);
    expect((await s.client.get('/cart')).body.cartItems.map((c: { id: string }) => c.id)).toEqual([secondLine]);
    expect((await s.client.get(`/checkout/session/${otherLines}`)).status).toBe(200);
    const rows = await t.app.db.select().from(schema.orders).where(eq(schema.orders.userId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyDigest).toMatch(/^[0-9a-f]{64}$/);

    // An order placed before digests were kept is answered as before, whatever the repeat says.
    await t.app.db.update(schema.orders).set({ idempotencyDigest: null }).where(eq(schema.orders.id, first.body.id));
    const old = await order(s, key, { notes: 'Ring the bell' }, idem);
    expect(old.status, old.response.payload).toBe(200);
    expect(old.body.id).toBe(first.body.id);
  });

  race('one Idempotency-Key sent at once with two different bodies: one order, the other 422, never two orders', async () => {
    const s = await shopper();
    const p = await product(20);
    for (let round = 1; round <= 4; round++) {
      const key = await session(s, [await line(s, p, 1)]);
      const idem = { 'idempotency-key': `two-bodies-000${round}` };
      const answers = await Promise.all([
        order(s, key, { notes: 'First' }, idem),
        order(s, key, { notes: 'Second' }, idem),
        order(s, key, { notes: 'First' }, idem),
        order(s, key, { notes: 'Second' }, idem),
      ]);
      const placed = answers.filter((a) => a.status === 201);
      expect(placed, answers.map((a) => a.response.payload).join('\n')).toHaveLength(1);
      const winner = placed[0]!.body.notes as string;
      for (const [i, answer] of answers.entries()) {
        if (answer === placed[0]) continue;
        const sameBody = i % 2 === (winner === 'First' ? 0 : 1);
        if (sameBody) {
          expect(answer.status, answer.response.payload).toBe(200);
          expect(answer.body.id).toBe(placed[0]!.body.id);
        } else expectError(answer, 422, 'general/idempotency_key_reused');
      }
      expect(await stockOf(p)).toBe(20 - round);
    }
    const orders = await t.app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.userId, s.id));
    expect(orders).toHaveLength(4);
  });

  race(
    '200 buyers at once for the last 50 units of one variant: exactly 50 orders, stock 0, never below',
    async () => {
      const { id, paths } = await createProduct(t.app.db, {
        variants: [{ name: 'Colour', options: ['Red', 'Blue'] }],
        // Paths are option indexes: '0' is Red, '1' Blue.
        variantPaths: { '0': { price: { SG: 1500 }, stock: 50 }, '1': { price: { SG: 1500 }, stock: 5 } },
      });
      const red = paths[0]!;
      const buyers: Shopper[] = [];
      for (let i = 0; i < 200; i += 20) buyers.push(...(await Promise.all(Array.from({ length: 20 }, () => shopper()))));
      const keys = await Promise.all(
        buyers.map(async (b) => {
          const added = await b.client.post('/cart', { productId: id, variantPath: red, quantity: 1 });
          expect(added.status, added.response.payload).toBe(201);
          return session(b, [added.body.cartItem.id]);
        }),
      );
      const answers = await Promise.all(buyers.map((b, i) => order(b, keys[i]!)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
      for (const refused of answers.filter((a) => a.status !== 201)) expectError(refused, 409, 'checkout/items_unavailable');
      const stock = await t.app.db
        .select({ path: schema.productVariantPaths.path, stock: schema.productVariantPaths.stock })
        .from(schema.productVariantPaths)
        .where(eq(schema.productVariantPaths.productId, id));
      // The other colour is untouched, so the product is still in stock.
      expect(Object.fromEntries(stock.map((row) => [row.path, row.stock]))).toEqual({ '0': 0, '1': 5 });
      expect(await inStock(id)).toBe(true);
      // One order line of one unit per 201, and the 150 refused keep their cart line.
      const sold = await t.app.db
        .select({ orderId: schema.orderLines.orderId, quantity: schema.orderLines.quantity })
        .from(schema.orderLines)
        .where(eq(schema.orderLines.productId, id));
      expect(sold.map((row) => row.orderId).sort()).toEqual(
        answers
          .filter((a) => a.status === 201)
          .map((a) => a.body.id as string)
          .sort(),
      );
      expect(sold.every((row) => row.quantity === 1)).toBe(true);
      const inCarts = await t.app.db
        .select({ userId: schema.cartItems.userId })
        .from(schema.cartItems)
        .where(eq(schema.cartItems.productId, id));
      expect(inCarts.map((row) => row.userId).sort()).toEqual(
        buyers
          .filter((_, i) => answers[i]!.status !== 201)
          .map((b) => b.id)
          .sort(),
      );
    },
    120_000,
  );

  it('the last unit sold takes the product out of stock (search filters on it); cancelling puts it back', async () => {
    const plain = await product(1);
    const { id: varied } = await createProduct(t.app.db, {
      variants: [{ name: 'Size', options: ['S', 'M'] }],
      variantPaths: { '0': { price: { SG: 900 }, stock: 1 }, '1': { price: { SG: 900 }, stock: 0 } },
    });
    const b = await shopper();
    const plainLine = await line(b, plain, 1);
    const variedLine = await b.client.post('/cart', { productId: varied, variantPath: '0', quantity: 1 });
    const placed = await order(b, await session(b, [plainLine, variedLine.body.cartItem.id]));
    expect(placed.status, placed.response.payload).toBe(201);
    expect([await inStock(plain), await inStock(varied)]).toEqual([false, false]);
    expect((await b.client.delete(`/order/${placed.body.id}`)).status).toBe(200);
    expect([await inStock(plain), await inStock(varied)]).toEqual([true, true]);
  });

  race('a voucher with one use left, raced by 20 buyers: exactly one order gets it', async () => {
    await voucher('LASTONE', { totalLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const keys = await Promise.all(buyers.map(async (b) => session(b, [await line(b, await product(), 1)])));
    const answers = await Promise.all(buyers.map((b, i) => order(b, keys[i]!, { voucherCode: 'LASTONE' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) expectError(refused, 409, 'voucher/used_up');
    const [row] = await t.app.db.select().from(schema.vouchers).where(eq(schema.vouchers.code, 'LASTONE'));
    expect(row!.redeemed).toBe(1);
    const winner = answers.find((a) => a.status === 201)!.body;
    const redemptions = await t.app.db.select().from(schema.voucherRedemptions).where(eq(schema.voucherRedemptions.voucherId, row!.id));
    expect(redemptions.map((r) => r.orderId)).toEqual([winner.id]);
    // The 19 refused placed nothing.
    const placed = await t.app.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(
        inArray(
          schema.orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(placed.map((o) => o.id)).toEqual([winner.id]);
  });
});

describe('after the order', () => {
  it('cancelling gives the stock, the voucher and nothing else back; twice is 409', async () => {
    await voucher('COMEBACK', { totalLimit: 1 });
    const s = await shopper();
    const p = await product(4);
    const placed = await order(s, await session(s, [await line(s, p, 2)]), { voucherCode: 'COMEBACK' });
    expect(placed.status, placed.response.payload).toBe(201);
    expect(await stockOf(p)).toBe(2);
    const cancelled = await s.client.delete(`/order/${placed.body.id}`);
    expect(cancelled.status, cancelled.response.payload).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(cancelled.body.history.map((h: { to: string }) => h.to)).toEqual(['awaiting_payment', 'cancelled']);
    expect(await stockOf(p)).toBe(4);
    const [row] = await t.app.db.select().from(schema.vouchers).where(eq(schema.vouchers.code, 'COMEBACK'));
    expect(row!.redeemed).toBe(0);
    expectError(await s.client.delete(`/order/${placed.body.id}`), 409, 'order/invalid_transition');
  });

  it("another shopper's order is 404 for every call, and so is an id that is not one", async () => {
    const owner = await shopper();
    const other = await shopper();
    const placed = await order(owner, await session(owner, [await line(owner, await product())]));
    for (const answer of [
      await other.client.get(`/order/${placed.body.id}`),
      await other.client.delete(`/order/${placed.body.id}`),
      await other.client.post(`/order/${placed.body.id}/confirm_receipt`),
      await other.client.get(`/order/${placed.body.id}/dispute_info`),
      await other.client.get('/order/not-an-id'),
      await other.client.get(`/quotation_order/${placed.body.id}`),
    ]) {
      expectError(answer, 404, 'order/not_found');
    }
    expect((await owner.client.get(`/order/${placed.body.id}`)).body.status).toBe('awaiting_payment');
  });

  it('receipt cannot be confirmed before shipping; dispute info says to cancel instead', async () => {
    const s = await shopper();
    const placed = await order(s, await session(s, [await line(s, await product())]));
    expectError(await s.client.post(`/order/${placed.body.id}/confirm_receipt`), 409, 'order/invalid_transition');
    for (const path of ['dispute_info', 'dispute_info/v1']) {
      const info = await s.client.get(`/order/${placed.body.id}/${path}`);
      expect(info.body).toMatchObject({ canDispute: false, until: null, how: expect.stringMatching(/cancel/) });
    }
  });
});

describe('quotation checkout', () => {
  it('buys resolved quotation items, which leave the list and come back when the order is cancelled', async () => {
    const s = await shopper();
    const p = await product(5, 999);
    const asked = await s.client.post('/quotation_item/internal_product', { productId: p, quantity: 2 });
    const itemId = asked.body.quotationItem.id as string;
    expectError(
      await s.client.post('/quotation_checkout/create_order', {
        quotationIds: [itemId],
        paymentMethod: 'card',
        shippingAddressId: s.addressId,
      }),
      409,
      'checkout/items_unavailable',
    );
    await t.app.db
      .update(schema.quotationItems)
      .set({ status: 'r', statusData: { quotedPrice: { SG: 1200 }, basePrice: null, basePriceCurrency: null } })
      .where(eq(schema.quotationItems.id, itemId));
    const estimate = await s.client.get(`/quotation_checkout/estimate_costs?quotationIds=${itemId}&shippingAddressId=${s.addressId}`);
    expect(estimate.body).toMatchObject({ subtotal: 2400, canPlaceOrder: true });
    const placed = await s.client.post('/quotation_checkout/create_order', {
      quotationIds: [itemId],
      paymentMethod: 'card',
      shippingAddressId: s.addressId,
    });
    expect(placed.status, placed.response.payload).toBe(201);
    expect(placed.body).toMatchObject({ kind: 'quotation', subtotal: 2400, quotationItems: [itemId] });
    expect(await stockOf(p)).toBe(3);
    expect((await s.client.get('/quotation_item')).body.quotationItems).toEqual([]);
    // A bought item is the order's now: it can be neither changed nor removed, nor bought again.
    expectError(await s.client.put(`/quotation_item/${itemId}`, { quantity: 5 }), 404, 'quotation/not_found');
    expectError(await s.client.delete(`/quotation_item/${itemId}`), 404, 'quotation/not_found');
    expectError(
      await s.client.post('/quotation_checkout/create_order', {
        quotationIds: [itemId],
        paymentMethod: 'card',
        shippingAddressId: s.addressId,
      }),
      409,
      'checkout/items_unavailable',
    );
    expect((await s.client.get('/quotation_order')).body.orders.map((o: { id: string }) => o.id)).toEqual([placed.body.id]);
    expect((await s.client.get(`/quotation_order/${placed.body.id}`)).status).toBe(200);

    await s.client.delete(`/order/${placed.body.id}`);
    expect(
      (await s.client.get('/quotation_item')).body.quotationItems.map((i: { id: string; status: string }) => [i.id, i.status]),
    ).toEqual([[itemId, 'r']]);
    expect(await stockOf(p)).toBe(5);
  });
  it('the same Idempotency-Key with other quotation items is 422 and buys nothing; the same items in another order are the same request', async () => {
    const s = await shopper();
    const quoted = async () => {
      const asked = await s.client.post('/quotation_item/internal_product', { productId: await product(5, 999), quantity: 1 });
      const id = asked.body.quotationItem.id as string;
      await t.app.db
        .update(schema.quotationItems)
        .set({ status: 'r', statusData: { quotedPrice: { SG: 1200 }, basePrice: null, basePriceCurrency: null } })
        .where(eq(schema.quotationItems.id, id));
      return id;
    };
    const [a, b, c] = [await quoted(), await quoted(), await quoted()];
    const idem = { 'idempotency-key': 'quotation-key-1' };
    const buy = (quotationIds: string[]) =>
      s.client.post('/quotation_checkout/create_order', { quotationIds, paymentMethod: 'card', shippingAddressId: s.addressId }, idem);
    const placed = await buy([a, b]);
    expect(placed.status, placed.response.payload).toBe(201);
    const again = await buy([b.toUpperCase(), a]);
    expect(again.status, again.response.payload).toBe(200);
    expect(again.body.id).toBe(placed.body.id);
    expectError(await buy([a, b, c]), 422, 'general/idempotency_key_reused');
    expect((await s.client.get('/quotation_item')).body.quotationItems.map((i: { id: string }) => i.id)).toEqual([c]);
    expect((await s.client.get('/quotation_order')).body.orders).toHaveLength(1);
  });
});

describe('POST /voucher/validate', () => {
  it('answers a usable voucher, and the reason for one that is not', async () => {
    await voucher('SAVE5', { kind: 'fixed', percentBp: null, amountOff: { SGD: 500 } });
    await voucher('OLD', { validUntil: new Date('2020-01-01T00:00:00Z') });
    await voucher('OFF', { active: false });
    const s = await shopper();
    const ok = await s.client.post('/voucher/validate', { code: ' save5 ' });
    expect(ok.status, ok.response.payload).toBe(200);
    expect(ok.body).toMatchObject({ code: 'SAVE5', kind: 'fixed', amountOff: { SGD: 500 } });
    expectError(await s.client.post('/voucher/validate', { code: 'OLD' }), 400, 'voucher/expired');
    await voucher('SOON', { validFrom: new Date('2099-01-01T00:00:00Z') });
    expectError(await s.client.post('/voucher/validate', { code: 'SOON' }), 400, 'voucher/not_started');
    await voucher('GONE', { totalLimit: 1, redeemed: 1 });
    expectError(await s.client.post('/voucher/validate', { code: 'GONE' }), 409, 'voucher/used_up');
    // What it takes off depends on the order: a minimum spend does not stop it being valid.
    await voucher('BIGSPEND', { minSpend: { SGD: 1_000_000 } });
    expect((await s.client.post('/voucher/validate', { code: 'BIGSPEND' })).status).toBe(200);
    expectError(await s.client.post('/voucher/validate', { code: 'OFF' }), 404, 'voucher/not_found');
    expectError(await s.client.post('/voucher/validate', { code: 42 }), 404, 'voucher/not_found');
  });
});

describe('paying on the built-in test gateway', () => {
  const card = (number: string, extra: Record<string, unknown> = {}) => ({
    card: { number, expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow', ...extra },
  });

  async function placed(s: Shopper, productId?: string) {
    const answer = await order(s, await session(s, [await line(s, productId ?? (await product()), 1)]));
    expect(answer.status, answer.response.payload).toBe(201);
    return answer.body.id as string;
  }

  it('4242 4242 4242 4242 pays the order; the ledger keeps the brand and last digits, never the number', async () => {
    const s = await shopper();
    const id = await placed(s);
    const answer = await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4242 4242 4242 4242') });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body).toMatchObject({ status: 'succeeded', clientSecret: null });
    expect(answer.body.order).toMatchObject({ status: 'paid', payBy: null, canCancel: true });
    expect(answer.body.order.payments).toEqual([
      expect.objectContaining({
        kind: 'charge',
        status: 'succeeded',
        provider: 'test',
        methodSummary: 'visa •••• 4242',
        amount: answer.body.order.total,
      }),
    ]);
    expect(answer.body.order.history.map((h: { to: string; actor: string }) => `${h.to}:${h.actor}`)).toEqual([
      'awaiting_payment:shopper',
      'paid:payment',
    ]);
    const rows = await t.app.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expectError(await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4242424242424242') }), 409, 'payment/not_payable');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
  ])('%s is declined with "%s"; the order still awaits payment, and a good card then pays it', async (number, reason) => {
    const s = await shopper();
    const id = await placed(s);
    const declined = await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card(number) });
    expectError(declined, 402, 'payment/declined');
    expect(declined.body.params).toEqual([reason]);
    const after = (await s.client.get(`/order/${id}`)).body;
    expect(after.status).toBe('awaiting_payment');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', failureMessage: reason })]);
    expect((await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4242424242424242') })).body.order.status).toBe('paid');
  });

  it('4000 0025 0000 3155 asks the shopper to confirm; confirming pays', async () => {
    const s = await shopper();
    const id = await placed(s);
    const asked = await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4000002500003155') });
    expect(asked.status, asked.response.payload).toBe(200);
    expect(asked.body).toMatchObject({ status: 'requires_action', clientSecret: null });
    expect(asked.body.order.status).toBe('awaiting_payment');
    const payment = asked.body.order.payments[0] as { id: string; status: string };
    expect(payment).toMatchObject({ id: asked.body.paymentId, status: 'requires_action' });
    expectError(await s.client.post(`/order/${id}/pay/confirm`, { paymentId: NO_ID }), 404, 'payment/not_found');
    const confirmed = await s.client.post(`/order/${id}/pay/confirm`, { paymentId: payment.id });
    expect(confirmed.status, confirmed.response.payload).toBe(200);
    expect(confirmed.body.status).toBe('paid');
    expectError(await s.client.post(`/order/${id}/pay/confirm`, { paymentId: payment.id }), 409, 'payment/not_payable');
  });

  it.each([
    ['4242424242424241', {}],
    ['4242', {}],
    ['4242424242424242', { expYear: 2020 }],
    ['4242424242424242', { expMonth: 13 }],
    ['4242424242424242', { cvc: '12' }],
  ])('%s %j is 400 payment/invalid_card and charges nothing', async (number, extra) => {
    const s = await shopper();
    const id = await placed(s);
    expectError(await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card(number, extra) }), 400, 'payment/invalid_card');
    expect((await s.client.get(`/order/${id}`)).body.payments).toEqual([]);
  });

  race('paying one order several times at once charges it once', async () => {
    const s = await shopper();
    const id = await placed(s);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4242424242424242') })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 409, 'payment/not_payable');
    const charges = await t.app.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
    expect(charges.map((c) => `${c.kind}:${c.status}`)).toEqual(['charge:succeeded']);
    const history = (await s.client.get(`/order/${id}`)).body;
    expect(history.status).toBe('paid');
    expect(history.history.map((h: { to: string }) => h.to)).toEqual(['awaiting_payment', 'paid']);
  });

  it('cancelling a paid order refunds it and gives the stock back', async () => {
    const s = await shopper();
    const p = await product(2);
    const id = await placed(s, p);
    await s.client.post('/payment/stripe/card/pay', { orderId: id, ...card('4242424242424242') });
    expect(await stockOf(p)).toBe(1);
    const cancelled = await s.client.delete(`/order/${id}`);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.payments.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual([
      'charge:succeeded',
      'refund:succeeded',
    ]);
    expect(await stockOf(p)).toBe(2);
  });
});

describe('orders not paid in time', () => {
  it('are cancelled by the job once, with their stock and voucher given back; paid ones are kept', async () => {
    await voucher('LATE', { totalLimit: 5 });
    const s = await shopper();
    const p = await product(5);
    const unpaid = (await order(s, await session(s, [await line(s, p, 2)]), { voucherCode: 'LATE' })).body.id as string;
    const paid = (await order(s, await session(s, [await line(s, p, 1)]))).body.id as string;
    await s.client.post('/payment/stripe/card/pay', {
      orderId: paid,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'T' },
    });
    expect(await stockOf(p)).toBe(2);

    const run = (minutes: number) =>
      cancelUnpaidOrders({ db: t.app.db, provider: t.app.paymentProvider, now: new Date(t.clock.now().getTime() + minutes * 60_000) });
    await run(29);
    expect((await s.client.get(`/order/${unpaid}`)).body.status).toBe('awaiting_payment');
    // Two processes running the job at once cancel each due order once (a race, proven in the
    // PostgreSQL run): between them they count each of the file's unpaid orders once.
    const due = await t.app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.status, 'awaiting_payment'));
    const [a, b] = await Promise.all([run(31), run(31)]);
    expect(a + b).toBe(due.length);
    const events = await t.app.db
      .select({ orderId: schema.orderEvents.orderId })
      .from(schema.orderEvents)
      .where(
        and(
          inArray(
            schema.orderEvents.orderId,
            due.map((o) => o.id),
          ),
          eq(schema.orderEvents.toStatus, 'cancelled'),
        ),
      );
    expect(events.map((e) => e.orderId).sort()).toEqual(due.map((o) => o.id).sort());
    const after = (await s.client.get(`/order/${unpaid}`)).body;
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'Not paid in time' });
    expect(after.history.filter((h: { to: string }) => h.to === 'cancelled')).toEqual([expect.objectContaining({ actor: 'system' })]);
    expect((await s.client.get(`/order/${paid}`)).body.status).toBe('paid');
    expect(await stockOf(p)).toBe(4);
    const [row] = await t.app.db.select().from(schema.vouchers).where(eq(schema.vouchers.code, 'LATE'));
    expect(row!.redeemed).toBe(0);
  });
});

describe('e-mails', () => {
  it('the shopper is e-mailed when the order is placed, paid and cancelled, with a link to it', async () => {
    const s = await shopper();
    const placed = (await order(s, await session(s, [await line(s, await product())]))).body as { id: string; orderRef: string };
    await s.client.post('/payment/stripe/card/pay', {
      orderId: placed.id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'T' },
    });
    await s.client.delete(`/order/${placed.id}`);
    await t.app.jobs.runDue();
    const mails = (await outbox(t.app, s.email)).slice(0, 3).map((mail) => mail.subject);
    expect(mails).toEqual([`Order ${placed.orderRef} cancelled`, `Order ${placed.orderRef} paid`, `Order ${placed.orderRef} placed`]);
    const [cancelled] = await outbox(t.app, s.email);
    expect(cancelled!.text).toContain(`/orders/${placed.id}`);
    expect(cancelled!.text).toContain('refunded');
  });
});

describe("the server's order expiry job", () => {
  it('cancels an order not paid in time on its next run after pay_by, on the app clock', async () => {
    const s = await shopper();
    const p = await product(3);
    const unpaid = (await order(s, await session(s, [await line(s, p, 1)]))).body.id as string;
    // `orders.expiry` runs when scheduled and then every minute (jobs.ts RECURRING_JOBS).
    await t.app.jobs.schedule();
    await t.app.jobs.runDue();
    expect((await s.client.get(`/order/${unpaid}`)).body.status).toBe('awaiting_payment');
    t.clock.advance(31 * 60);
    await t.app.jobs.runDue();
    expect((await s.client.get(`/order/${unpaid}`)).body).toMatchObject({ status: 'cancelled', cancelReason: 'Not paid in time' });
    expect(await stockOf(p)).toBe(3);
  });
});
