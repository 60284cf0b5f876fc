import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { CART_MESSAGE_MAX, CART_QUANTITY_MAX } from '@kedai/domain';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, race, type TestApp } from '../helpers';

const LIMIT = 5;
const NO_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
/** Enabled products without variants, none external, each with 10 in stock. */
let plain: string[];
/** An enabled product with variants, two of its paths with 10 in stock, and a path that is not one of its. */
let varied: { id: string; paths: [string, string]; depth: number };
let disabledId: string;
let externalId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, MAX_CART_ITEMS: String(LIMIT) } });
  const db = t.app.db;
  plain = [];
  for (let i = 0; i < 12; i++) plain.push((await createProduct(db)).id);
  disabledId = (await createProduct(db, { disabled: true })).id;
  externalId = (await createProduct(db, { sourceMarketPlace: 'taobao' })).id;
  const colourAndSize = [
    { name: 'Colour', options: ['Red', 'Blue', 'Green'] },
    { name: 'Size', options: ['S', 'M'] },
  ];
  const v = await createProduct(db, { variants: colourAndSize });
  varied = { id: v.id, paths: [v.paths[0]!, v.paths[1]!], depth: colourAndSize.length };
});
afterAll(() => t?.close());

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

interface Line {
  id: string;
  productId: string;
  variantPath: string;
  quantity: number;
  message: string;
  type: string;
  available: boolean;
  createdAt: number;
  updatedAt: number;
}

async function add(client: TestClient, body: Record<string, unknown>, status = 201) {
  const answer = await client.post('/cart', body);
  expect(answer.status, answer.response.payload).toBe(status);
  return answer.body as { cartItem: Line; product: { uuid: string; disabled: boolean } };
}

async function cart(client: TestClient) {
  const answer = await client.get('/cart');
  expect(answer.status).toBe(200);
  return answer.body as { cartItems: Line[]; products: Array<{ uuid: string; disabled: boolean }> };
}

describe('signed out, second factor owed, anti-forgery', () => {
  it('every route answers 401 auth/not_authorized when signed out', async () => {
    const visitor = new TestClient(t.app);
    for (const answer of [
      await visitor.get('/cart'),
      await visitor.post('/cart', { productId: plain[0], quantity: 1 }),
      await visitor.put(`/cart/${NO_ID}`, { quantity: 2 }),
      await visitor.delete(`/cart/${NO_ID}`),
    ]) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });

  it('a session that owes its second factor is 403 auth/tfa_not_verified', async () => {
    const owing = await clientOwingSecondFactor(t.app);
    for (const answer of [await owing.get('/cart'), await owing.post('/cart', { productId: plain[0], quantity: 1 })]) {
      expectError(answer, 403, 'auth/tfa_not_verified');
    }
  });

  it('changes without the anti-forgery header are 403 auth/invalid_xsrf_token', async () => {
    const client = await newClient();
    const { cartItem } = await add(client, { productId: plain[0], quantity: 1 });
    client.xsrf = false;
    for (const answer of [
      await client.post('/cart', { productId: plain[0], quantity: 1 }),
      await client.put(`/cart/${cartItem.id}`, { quantity: 3 }),
      await client.delete(`/cart/${cartItem.id}`),
    ]) {
      expectError(answer, 403, 'auth/invalid_xsrf_token');
    }
    client.xsrf = true;
    expect((await cart(client)).cartItems.map((line) => line.quantity)).toEqual([1]);
  });
});

describe('POST /cart and GET /cart', () => {
  it('adds lines (201), lists them oldest first with each product once, as GET /product/one answers it', async () => {
    const client = await newClient();
    expect(await cart(client)).toEqual({ cartItems: [], products: [] });

    const first = await add(client, { productId: plain[0], quantity: 2, message: '  gift wrap please ' });
    expect(first.cartItem).toEqual({
      id: expect.any(String),
      productId: plain[0],
      variantPath: '',
      quantity: 2,
      message: 'gift wrap please',
      type: 'internal',
      available: true,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(first.product).toEqual((await client.get(`/product/one/${plain[0]}`)).body);

    const red = await add(client, { productId: varied.id, variantPath: varied.paths[0], quantity: '3' });
    const blue = await add(client, { productId: varied.id, variantPath: varied.paths[1], quantity: 1 });
    expect(red.cartItem).toMatchObject({ variantPath: varied.paths[0], quantity: 3, message: '', available: true });
    expect(blue.cartItem.id).not.toBe(red.cartItem.id);

    const listed = await cart(client);
    expect(listed.cartItems.map((line) => line.id)).toEqual([first.cartItem.id, red.cartItem.id, blue.cartItem.id]);
    expect(listed.cartItems[0]).toEqual(first.cartItem);
    expect(listed.products.map((p) => p.uuid)).toEqual([plain[0], varied.id]);
    expect(listed.products[1]).toEqual((await client.get(`/product/one/${varied.id}`)).body);
  });

  it('adding the same product and variant path again merges (200): quantities add up, the note changes only when sent', async () => {
    const client = await newClient();
    const first = await add(client, { productId: plain[1], quantity: 2, message: 'blue box' });
    const other = await add(client, { productId: plain[2], quantity: 1 });

    const merged = await add(client, { productId: plain[1], quantity: 3 }, 200);
    expect(merged.cartItem).toMatchObject({ id: first.cartItem.id, quantity: 5, message: 'blue box' });
    const renoted = await add(client, { productId: plain[1], quantity: '1', message: 'red box' }, 200);
    expect(renoted.cartItem).toMatchObject({ id: first.cartItem.id, quantity: 6, message: 'red box' });
    const cleared = await add(client, { productId: plain[1], quantity: 1, message: '' }, 200);
    expect(cleared.cartItem).toMatchObject({ quantity: 7, message: '' });

    // A quantity change does not move the line.
    expect((await cart(client)).cartItems.map((line) => line.id)).toEqual([first.cartItem.id, other.cartItem.id]);
  });

  it(`a merge past ${CART_QUANTITY_MAX} is 400 cart/invalid_quantity and leaves the line as it was`, async () => {
    const client = await newClient();
    await add(client, { productId: plain[0], quantity: 990 });
    const answer = await client.post('/cart', { productId: plain[0], quantity: 10 });
    expectError(answer, 400, 'cart/invalid_quantity');
    expect(answer.body.params).toEqual([CART_QUANTITY_MAX]);
    expect((await add(client, { productId: plain[0], quantity: 9 }, 200)).cartItem.quantity).toBe(CART_QUANTITY_MAX);
  });

  race('two concurrent adds of the same product end as one line with the summed quantity', async () => {
    const client = await newClient();
    const answers = await Promise.all([
      client.post('/cart', { productId: plain[3], quantity: 2 }),
      client.post('/cart', { productId: plain[3], quantity: 3 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const eight = await Promise.all(Array.from({ length: 8 }, () => client.post('/cart', { productId: plain[4], quantity: 1 })));
    expect(eight.filter((a) => a.status === 201)).toHaveLength(1);
    expect(eight.filter((a) => a.status === 200)).toHaveLength(7);
    const lines = (await cart(client)).cartItems;
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      [plain[3], 5],
      [plain[4], 8],
    ]);
  });

  it('every bad quantity is 400 cart/invalid_quantity with the maximum', async () => {
    const client = await newClient();
    const bad = [
      0,
      -1,
      1.5,
      '1.5',
      '1e3',
      ' 2',
      '2 ',
      '',
      'abc',
      '-1',
      '+1',
      '0x10',
      '007',
      null,
      true,
      false,
      [],
      {},
      1000,
      '1000',
      1e21,
      2 ** 53,
    ];
    for (const quantity of bad) {
      const answer = await client.post('/cart', { productId: plain[0], quantity });
      expect(answer.status, JSON.stringify(quantity)).toBe(400);
      expectEnvelope(answer.body, 'cart/invalid_quantity');
      expect(answer.body.params).toEqual([CART_QUANTITY_MAX]);
    }
    const missing = await client.post('/cart', { productId: plain[0] });
    expectError(missing, 400, 'cart/invalid_quantity');
    expect((await cart(client)).cartItems).toEqual([]);
    // The bounds themselves are fine.
    expect((await add(client, { productId: plain[0], quantity: '1' })).cartItem.quantity).toBe(1);
    expect((await add(client, { productId: plain[1], quantity: CART_QUANTITY_MAX })).cartItem.quantity).toBe(CART_QUANTITY_MAX);
  });

  it('a bad note is 400 cart/invalid_message with the maximum', async () => {
    const client = await newClient();
    for (const message of ['x'.repeat(CART_MESSAGE_MAX + 1), 42, true, ['a'], { text: 'a' }]) {
      const answer = await client.post('/cart', { productId: plain[0], quantity: 1, message });
      expect(answer.status, JSON.stringify(message)).toBe(400);
      expectEnvelope(answer.body, 'cart/invalid_message');
      expect(answer.body.params).toEqual([CART_MESSAGE_MAX]);
    }
    const longest = await add(client, { productId: plain[0], quantity: 1, message: 'é'.repeat(CART_MESSAGE_MAX) });
    expect(longest.cartItem.message).toHaveLength(CART_MESSAGE_MAX);
    expect((await add(client, { productId: plain[1], quantity: 1, message: null })).cartItem.message).toBe('');
  });

  it('the variant path must be a full path of the product: else 400 cart/invalid_variant_path', async () => {
    const client = await newClient();
    const partial = varied.paths[0].split('/')[0]!;
    for (const body of [
      { productId: varied.id, quantity: 1 },
      { productId: varied.id, quantity: 1, variantPath: '' },
      { productId: varied.id, quantity: 1, variantPath: partial },
      { productId: varied.id, quantity: 1, variantPath: '99/0' },
      { productId: varied.id, quantity: 1, variantPath: `${varied.paths[0]}/0` },
      { productId: varied.id, quantity: 1, variantPath: 0 },
      { productId: plain[0], quantity: 1, variantPath: '0' },
      { productId: plain[0], quantity: 1, variantPath: ['0'] },
    ]) {
      const answer = await client.post('/cart', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(answer.body, 'cart/invalid_variant_path');
    }
    expect((await add(client, { productId: plain[0], quantity: 1, variantPath: null })).cartItem.variantPath).toBe('');
    expect((await cart(client)).cartItems).toHaveLength(1);
  });

  it('an unknown product is 404 product/not_found; a disabled one 409 product/disabled', async () => {
    const client = await newClient();
    for (const productId of [NO_ID, 'abc', '', 42, null, undefined, varied.id.toUpperCase().replace(/-/g, '')]) {
      const answer = await client.post('/cart', { productId, quantity: 1 });
      expect(answer.status, JSON.stringify(productId)).toBe(404);
      expectEnvelope(answer.body, 'product/not_found');
    }
    const disabled = await client.post('/cart', { productId: disabledId, quantity: 1 });
    expectError(disabled, 409, 'product/disabled');
    // An upper-case uuid names the same product.
    const upper = await add(client, { productId: plain[0]!.toUpperCase(), quantity: 1 });
    expect(upper.cartItem.productId).toBe(plain[0]);
  });

  it('the type follows from the product, whatever the client sends', async () => {
    const client = await newClient();
    expect((await add(client, { productId: plain[0], quantity: 1, type: 'external' })).cartItem.type).toBe('internal');
    expect((await add(client, { productId: externalId, quantity: 1, type: 'internal' })).cartItem.type).toBe('external');
  });

  it('a product disabled after it was added stays listed, disabled, its line unavailable', async () => {
    const client = await newClient();
    const [id] = plain.slice(-1) as [string];
    await add(client, { productId: id, quantity: 1 });
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, id));
    try {
      const listed = await cart(client);
      expect(listed.cartItems[0]).toMatchObject({ productId: id, available: false });
      expect(listed.products).toEqual([expect.objectContaining({ uuid: id, disabled: true })]);
    } finally {
      await t.app.db.update(schema.products).set({ disabled: false }).where(eq(schema.products.id, id));
    }
  });
});

describe(`MAX_CART_ITEMS (${LIMIT} here)`, () => {
  it('a new line beyond the limit is 409 cart/max_items_reached with the limit; merging into a line still works', async () => {
    const client = await newClient();
    for (const id of plain.slice(0, LIMIT)) await add(client, { productId: id, quantity: 1 });
    const answer = await client.post('/cart', { productId: plain[LIMIT], quantity: 1 });
    expectError(answer, 409, 'cart/max_items_reached');
    expect(answer.body.params).toEqual([LIMIT]);
    const variant = await client.post('/cart', { productId: varied.id, variantPath: varied.paths[0], quantity: 1 });
    expect(variant.status).toBe(409);
    expect((await add(client, { productId: plain[0], quantity: 4 }, 200)).cartItem.quantity).toBe(5);
    // After removing one line a new one fits again.
    const lines = (await cart(client)).cartItems;
    expect((await client.delete(`/cart/${lines[1]!.id}`)).status).toBe(204);
    await add(client, { productId: plain[LIMIT], quantity: 1 });
  });

  race(`${LIMIT + 4} concurrent creates of different lines end with exactly ${LIMIT} lines`, async () => {
    const client = await newClient();
    const ids = plain.slice(0, LIMIT + 4);
    expect(ids).toHaveLength(LIMIT + 4);
    const answers = await Promise.all(ids.map((productId) => client.post('/cart', { productId, quantity: 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMIT);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expectEnvelope(answer.body, 'cart/max_items_reached');
    // The lines kept are exactly those answered 201.
    const kept = (await cart(client)).cartItems.map((line) => line.productId).sort();
    expect(kept).toEqual(ids.filter((_, i) => answers[i]!.status === 201).sort());
  });
});

describe('PUT /cart/{id}', () => {
  it('changes only the quantity and the note; other fields are ignored; an empty body changes nothing', async () => {
    const client = await newClient();
    const { cartItem } = await add(client, { productId: varied.id, variantPath: varied.paths[0], quantity: 1, message: 'a' });

    const changed = await client.put(`/cart/${cartItem.id}`, {
      quantity: '4',
      message: ' b ',
      productId: plain[0],
      variantPath: varied.paths[1],
      type: 'external',
      id: NO_ID,
      available: false,
    });
    expect(changed.status, changed.response.payload).toBe(200);
    expect(changed.body.cartItem).toMatchObject({
      id: cartItem.id,
      productId: varied.id,
      variantPath: varied.paths[0],
      type: 'internal',
      quantity: 4,
      message: 'b',
      available: true,
    });
    expect(changed.body.product.uuid).toBe(varied.id);

    const onlyNote = await client.put(`/cart/${cartItem.id}`, { message: 'c' });
    expect(onlyNote.body.cartItem).toMatchObject({ quantity: 4, message: 'c' });
    const onlyQuantity = await client.put(`/cart/${cartItem.id}`, { quantity: 2 });
    expect(onlyQuantity.body.cartItem).toMatchObject({ quantity: 2, message: 'c' });
    const empty = await client.put(`/cart/${cartItem.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.cartItem).toEqual(onlyQuantity.body.cartItem);

    const [row] = await t.app.db.select().from(schema.cartItems).where(eq(schema.cartItems.id, cartItem.id));
    expect(row).toMatchObject({ productId: varied.id, variantPath: varied.paths[0], quantity: 2, message: 'c' });
  });

  it('a quantity above the stock is accepted and the line answers available:false', async () => {
    const client = await newClient();
    const { cartItem } = await add(client, { productId: plain[0], quantity: 10 });
    expect(cartItem.available).toBe(true);
    const over = await client.put(`/cart/${cartItem.id}`, { quantity: 11 });
    expect(over.status).toBe(200);
    expect(over.body.cartItem).toMatchObject({ quantity: 11, available: false });
    expect((await cart(client)).cartItems[0]).toMatchObject({ quantity: 11, available: false });
    // Adding beyond stock is accepted too.
    const variant = await add(client, { productId: varied.id, variantPath: varied.paths[1], quantity: 11 });
    expect(variant.cartItem.available).toBe(false);
  });

  it('bad quantities and notes are 400 and change nothing', async () => {
    const client = await newClient();
    const { cartItem } = await add(client, { productId: plain[0], quantity: 3, message: 'keep' });
    for (const quantity of [0, -2, 2.5, '2.5', '1e3', ' 2', '', 'abc', null, true, 1000, 1e21]) {
      const answer = await client.put(`/cart/${cartItem.id}`, { quantity });
      expect(answer.status, JSON.stringify(quantity)).toBe(400);
      expectEnvelope(answer.body, 'cart/invalid_quantity');
      expect(answer.body.params).toEqual([CART_QUANTITY_MAX]);
    }
    const longNote = await client.put(`/cart/${cartItem.id}`, { quantity: 5, message: 'x'.repeat(CART_MESSAGE_MAX + 1) });
    expectError(longNote, 400, 'cart/invalid_message');
    expect(longNote.body.params).toEqual([CART_MESSAGE_MAX]);
    expect((await cart(client)).cartItems[0]).toMatchObject({ quantity: 3, message: 'keep' });
  });
});

describe("another user's line and unknown ids", () => {
  it('are 404 cart/not_found for PUT and DELETE, and never listed', async () => {
    const owner = await newClient();
    const other = await newClient();
    const { cartItem } = await add(owner, { productId: plain[0], quantity: 2 });

    expect((await cart(other)).cartItems).toEqual([]);
    for (const id of [cartItem.id, NO_ID, 'not-a-uuid', '1']) {
      for (const answer of [await other.put(`/cart/${id}`, { quantity: 5 }), await other.delete(`/cart/${id}`)]) {
        expect(answer.status, id).toBe(404);
        expectEnvelope(answer.body, 'cart/not_found');
      }
    }
    // Also with a bad body: the 404 comes first.
    const bad = await other.put(`/cart/${cartItem.id}`, { quantity: 0 });
    expect(bad.status).toBe(404);
    expect((await cart(owner)).cartItems[0]).toMatchObject({ id: cartItem.id, quantity: 2 });
  });
});

describe('DELETE /cart/{id}', () => {
  it('removes the line (204), then the id is 404', async () => {
    const client = await newClient();
    const a = await add(client, { productId: plain[0], quantity: 1 });
    const b = await add(client, { productId: plain[1], quantity: 1 });
    const removed = await client.delete(`/cart/${a.cartItem.id}`);
    expect(removed.status).toBe(204);
    expect(removed.response.payload).toBe('');
    expect((await cart(client)).cartItems.map((line) => line.id)).toEqual([b.cartItem.id]);
    const again = await client.delete(`/cart/${a.cartItem.id}`);
    expectError(again, 404, 'cart/not_found');
    const put = await client.put(`/cart/${a.cartItem.id}`, { quantity: 1 });
    expect(put.status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the cart and wishlist calls from the contract', async () => {
    const { status, body } = await new TestClient(t.app).get('/docs/json');
    expect(status).toBe(200);
    for (const path of ['/cart', '/cart/{id}', '/wishlist', '/wishlist/{productId}', '/product/{id}/flags']) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    expect(Object.keys(body.paths['/cart'].post.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '404', '409']));
    expect(body.paths['/cart/{id}'].delete.responses).toHaveProperty('204');
  });
});
