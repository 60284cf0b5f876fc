import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { QUOTATION_INSTRUCTIONS_MAX, QUOTATION_QUANTITY_MAX } from '@kedai/domain';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';

/** A shopper's quotation list (issue 15, states.md "Quotation"), through the real app. */

const LIMIT = 4;
const NO_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let plain: string[];
let plainParam: string;
let varied: { id: string; paths: string[] };
let disabledId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, MAX_QUOTATION_ITEMS: String(LIMIT) } });
  const db = t.app.db;
  plain = [];
  for (let i = 0; i < 6; i++) plain.push((await createProduct(db, { stock: 5 })).id);
  plainParam = (
    await db.select({ paramName: schema.products.paramName }).from(schema.products).where(eq(schema.products.id, plain[0]!))
  )[0]!.paramName;
  const v = await createProduct(db, { variants: [{ name: 'Size', options: ['S', 'M'] }] });
  varied = { id: v.id, paths: v.paths };
  disabledId = (await createProduct(db, { disabled: true })).id;
});
afterAll(() => t?.close());

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

interface Item {
  id: string;
  productSource: 'i' | 'e';
  productSourceData: { productId: string | null; variantPath: string };
  externalProduct: { name: string; link: string; sourceMarketPlace: string; images: string[]; origin: string } | null;
  name: string;
  quantity: number;
  instructions: string;
  type: string;
  status: string;
  statusMessage: string;
  statusData: unknown;
  available: boolean;
  checkable: boolean;
}

async function list(client: TestClient, url = '/quotation_item') {
  const answer = await client.get(url);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as { quotationItems: Item[]; products: Array<{ uuid: string }> };
}

async function fromProduct(client: TestClient, body: Record<string, unknown>, status = 201) {
  const answer = await client.post('/quotation_item/internal_product', body);
  expect(answer.status, answer.response.payload).toBe(status);
  return answer.body as { quotationItem: Item; product: { uuid: string } | null };
}

async function cartLine(client: TestClient, productId: string, quantity = 2, message = 'gift wrap please', variantPath?: string) {
  const answer = await client.post('/cart', { productId, quantity, message, ...(variantPath ? { variantPath } : {}) });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.cartItem.id as string;
}

describe('who may call', () => {
  const calls = (c: TestClient) => [
    c.get('/quotation_item'),
    c.get('/quotation_item/external'),
    c.get('/quotation'),
    c.post('/quotation/request', { from: 'r' }),
    c.post('/quotation_item/internal', { cartItemId: NO_ID }),
    c.post('/quotation_item/internal_product', { productId: NO_ID, quantity: 1 }),
    c.post('/quotation_item/external', { externalProductId: NO_ID, quantity: 1 }),
    c.put(`/quotation_item/${NO_ID}`, { quantity: 1 }),
    c.delete(`/quotation_item/${NO_ID}`),
    c.post('/product/searchExternal', { link: 'https://example.com/p/1' }),
    c.get('/product/checkPending?link=https%3A%2F%2Fexample.com%2Fp%2F1'),
  ];

  it('a visitor gets 401 auth/not_authorized from every call', async () => {
    for (const answer of await Promise.all(calls(new TestClient(t.app)))) expectError(answer, 401, 'auth/not_authorized');
  });

  it('a session that owes its second factor gets 403 auth/tfa_not_verified', async () => {
    const owing = await clientOwingSecondFactor(t.app);
    for (const answer of await Promise.all(calls(owing))) expectError(answer, 403, 'auth/tfa_not_verified');
  });
});

describe('from the cart', () => {
  it('moves the line: the item takes its quantity and note, and the line leaves the cart', async () => {
    const client = await newClient();
    const lineId = await cartLine(client, plain[0]!, 3, 'blue one if possible');
    const answer = await client.post('/quotation_item/internal', { cartItemId: lineId });
    expect(answer.status, answer.response.payload).toBe(201);
    expect(answer.body.product.uuid).toBe(plain[0]);
    expect(answer.body.quotationItem).toMatchObject({
      productSource: 'i',
      productSourceData: { productId: plain[0], variantPath: '' },
      externalProduct: null,
      quantity: 3,
      instructions: 'blue one if possible',
      type: 'internal',
      status: 'p',
      statusMessage: 'Quoting your product...',
      statusData: null,
      declineReason: null,
      available: true,
      checkable: false,
    });
    expect((await client.get('/cart')).body.cartItems).toEqual([]);
    const { quotationItems, products } = await list(client);
    expect(quotationItems.map((item) => item.id)).toEqual([answer.body.quotationItem.id]);
    expect(products.map((product) => product.uuid)).toEqual([plain[0]]);
  });

  it("another shopper's line and an unknown id are 404 cart/not_found, and nothing moves", async () => {
    const owner = await newClient();
    const other = await newClient();
    const lineId = await cartLine(owner, plain[1]!);
    expectError(await other.post('/quotation_item/internal', { cartItemId: lineId }), 404, 'cart/not_found');
    expectError(await other.post('/quotation_item/internal', { cartItemId: 'not-a-uuid' }), 404, 'cart/not_found');
    expectError(await other.post('/quotation_item/internal', {}), 404, 'cart/not_found');
    expect((await owner.get('/cart')).body.cartItems).toHaveLength(1);
    expect((await list(other)).quotationItems).toEqual([]);
  });

  it('a line of a product disabled since stays in the cart (never neither)', async () => {
    const client = await newClient();
    const productId = (await createProduct(t.app.db)).id;
    const lineId = await cartLine(client, productId);
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, productId));
    expectError(await client.post('/quotation_item/internal', { cartItemId: lineId }), 409, 'product/disabled');
    expect((await client.get('/cart')).body.cartItems.map((line: { id: string }) => line.id)).toEqual([lineId]);
    expect((await list(client)).quotationItems).toEqual([]);
  });

  it('past the limit the line stays in the cart', async () => {
    const client = await newClient();
    for (let i = 0; i < LIMIT; i++) await fromProduct(client, { productId: plain[i], quantity: 1 });
    const lineId = await cartLine(client, plain[5]!);
    const refused = await client.post('/quotation_item/internal', { cartItemId: lineId });
    expectError(refused, 409, 'quotation/max_items_reached');
    expect(refused.body.params).toEqual([LIMIT]);
    expect((await client.get('/cart')).body.cartItems).toHaveLength(1);
  });

  race('the same line moved twice at once makes one item: one 201 and one 404', async () => {
    const client = await newClient();
    const lineId = await cartLine(client, plain[2]!);
    const answers = await Promise.all([
      client.post('/quotation_item/internal', { cartItemId: lineId }),
      client.post('/quotation_item/internal', { cartItemId: lineId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    expectError(
      answers.find((a) => a.status === 404)!,
      404,
      'cart/not_found',
    );
    expect((await list(client)).quotationItems.map((item: { id: string }) => item.id)).toEqual([
      answers.find((a) => a.status === 201)!.body.quotationItem.id,
    ]);
    expect((await client.get('/cart')).body.cartItems.map((line: { id: string }) => line.id)).not.toContain(lineId);
  });
});

describe('from a product page', () => {
  it('quotes the chosen variant and quantity, with instructions', async () => {
    const client = await newClient();
    const { quotationItem } = await fromProduct(client, {
      productId: varied.id,
      variantPath: varied.paths[1],
      quantity: '7',
      instructions: '  for an office  ',
    });
    expect(quotationItem).toMatchObject({
      productSourceData: { productId: varied.id, variantPath: varied.paths[1] },
      quantity: 7,
      instructions: 'for an office',
      status: 'p',
    });
  });

  it.each([
    [{ productId: NO_ID, quantity: 1 }, 404, 'product/not_found'],
    [{ productId: 'nope', quantity: 1 }, 404, 'product/not_found'],
    [{ quantity: 1 }, 404, 'product/not_found'],
    [{ productId: 'DISABLED', quantity: 1 }, 409, 'product/disabled'],
    [{ productId: 'VARIED', quantity: 1 }, 400, 'cart/invalid_variant_path'],
    [{ productId: 'VARIED', variantPath: '9', quantity: 1 }, 400, 'cart/invalid_variant_path'],
    [{ productId: 'PLAIN', variantPath: '0', quantity: 1 }, 400, 'cart/invalid_variant_path'],
    [{ productId: 'PLAIN', quantity: 0 }, 400, 'quotation/invalid_quantity'],
    [{ productId: 'PLAIN', quantity: QUOTATION_QUANTITY_MAX + 1 }, 400, 'quotation/invalid_quantity'],
    [{ productId: 'PLAIN', quantity: 1.5 }, 400, 'quotation/invalid_quantity'],
    [{ productId: 'PLAIN' }, 400, 'quotation/invalid_quantity'],
    [{ productId: 'PLAIN', quantity: 1, instructions: 'x'.repeat(QUOTATION_INSTRUCTIONS_MAX + 1) }, 400, 'quotation/invalid_instructions'],
    [{ productId: 'PLAIN', quantity: 1, instructions: 42 }, 400, 'quotation/invalid_instructions'],
  ])('%j is %i %s, and nothing is written', async (body, status, code) => {
    const ids: Record<string, string> = { DISABLED: disabledId, VARIED: varied.id, PLAIN: plain[0]! };
    const client = await newClient();
    const given = (body as { productId?: string }).productId;
    const sent = { ...body, productId: (given && ids[given]) ?? given };
    expectError(await client.post('/quotation_item/internal_product', sent), status, code);
    expect((await list(client)).quotationItems).toEqual([]);
  });

  race('concurrent requests never pass the limit', async () => {
    const client = await newClient();
    const answers = await Promise.all(
      plain.map((productId) => client.post('/quotation_item/internal_product', { productId, quantity: 1 })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMIT);
    for (const refused of answers.filter((a) => a.status !== 201)) expectError(refused, 409, 'quotation/max_items_reached');
    expect((await list(client)).quotationItems).toHaveLength(LIMIT);
  });
});

describe('POST /quotation/request', () => {
  it("from 'r': a product described by hand becomes an external item", async () => {
    const client = await newClient();
    const answer = await client.post('/quotation/request', {
      from: 'r',
      productUrl: 'https://www.tokopedia.com/shop/rice-cooker-3l',
      productName: '  Rice   cooker 3L ',
      productQuantity: 2,
      instructions: 'the white one',
      imageUrl: 'https://images.tokopedia.example/rice-cooker.jpg',
    });
    expect(answer.status, answer.response.payload).toBe(201);
    expect(answer.body.product).toBeNull();
    expect(answer.body.quotationItem).toMatchObject({
      productSource: 'e',
      productSourceData: { productId: null, variantPath: '' },
      name: 'Rice cooker 3L',
      quantity: 2,
      instructions: 'the white one',
      type: 'external',
      status: 'p',
      available: true,
      checkable: false,
      externalProduct: {
        origin: 'manual',
        link: 'https://www.tokopedia.com/shop/rice-cooker-3l',
        sourceMarketPlace: 'tokopedia.com',
        name: 'Rice cooker 3L',
        images: ['https://images.tokopedia.example/rice-cooker.jpg'],
        price: null,
      },
    });
    expect((await list(client, '/quotation_item/external')).quotationItems).toHaveLength(1);
  });

  it("from 'l': one of the shop's products by its URL name", async () => {
    const client = await newClient();
    const answer = await client.post('/quotation/request', { from: 'l', productRef: plainParam, productQuantity: 3 });
    expect(answer.status, answer.response.payload).toBe(201);
    expect(answer.body.quotationItem).toMatchObject({ productSource: 'i', productSourceData: { productId: plain[0] }, quantity: 3 });
    expect((await list(client, '/quotation_item/external')).quotationItems).toEqual([]);
  });

  it.each([
    [{ from: 'r', productUrl: 'not a link', productName: 'Kettle', productQuantity: 1 }, 400, 'link/invalid'],
    [{ from: 'r', productUrl: 'ftp://shop.example/x', productName: 'Kettle', productQuantity: 1 }, 400, 'link/invalid'],
    [{ from: 'r', productUrl: 'https://shop.example/x', productName: '  ', productQuantity: 1 }, 400, 'quotation/invalid_name'],
    [
      { from: 'r', productUrl: 'https://shop.example/x', productName: 'Kettle', productQuantity: 1, imageUrl: 'javascript:alert(1)' },
      400,
      'quotation/invalid_image_url',
    ],
    [{ from: 'r', productUrl: 'https://shop.example/x', productName: 'Kettle', productQuantity: 0 }, 400, 'quotation/invalid_quantity'],
    [{ from: 'l', productRef: 'no-such-product', productQuantity: 1 }, 404, 'product/not_found'],
    [{ from: 'x', productQuantity: 1 }, 400, 'general/missing_argument'],
  ])('%j is %i %s', async (body, status, code) => {
    const client = await newClient();
    expectError(await client.post('/quotation/request', body), status, code);
    expect((await list(client)).quotationItems).toEqual([]);
  });
});

describe('the list', () => {
  it('is newest first, only the caller’s, and filters by status and source', async () => {
    const client = await newClient();
    const first = (await fromProduct(client, { productId: plain[0], quantity: 1 })).quotationItem;
    const second = (
      await client.post('/quotation/request', { from: 'r', productUrl: 'https://shop.example/a', productName: 'A', productQuantity: 1 })
    ).body.quotationItem as Item;
    expect((await list(client)).quotationItems.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await list(await newClient())).quotationItems).toEqual([]);
    expect((await list(client, '/quotation?status=p')).quotationItems).toHaveLength(2);
    expect((await list(client, '/quotation?status=r')).quotationItems).toEqual([]);
    expect((await list(client, '/quotation?source=i')).quotationItems.map((item) => item.id)).toEqual([first.id]);
    expectError(await client.get('/quotation?status=x'), 400, 'general/argument_error');
  });

  it('an item whose product was disabled or deleted stays listed but cannot be checked', async () => {
    const client = await newClient();
    const gone = (await createProduct(t.app.db)).id;
    const off = (await createProduct(t.app.db)).id;
    const ids = [
      (await fromProduct(client, { productId: gone, quantity: 1 })).quotationItem.id,
      (await fromProduct(client, { productId: off, quantity: 1 })).quotationItem.id,
    ];
    await t.app.db
      .update(schema.quotationItems)
      .set({ status: 'r', statusData: { quotedPrice: { SG: 100 }, basePrice: null, basePriceCurrency: null } })
      .where(inArray(schema.quotationItems.id, ids));
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, off));
    await t.app.db.delete(schema.products).where(eq(schema.products.id, gone));
    const { quotationItems } = await list(client);
    const byName = Object.fromEntries(quotationItems.map((item) => [item.productSourceData.productId ?? 'deleted', item]));
    expect(byName.deleted).toMatchObject({ status: 'r', checkable: false, available: false });
    expect(byName[off]).toMatchObject({ status: 'r', checkable: false });
  });
});

describe('change and remove', () => {
  it('changes only quantity and instructions; other fields are ignored', async () => {
    const client = await newClient();
    const { quotationItem } = await fromProduct(client, { productId: plain[3], quantity: 1 });
    const answer = await client.put(`/quotation_item/${quotationItem.id}`, { quantity: 4, instructions: 'urgent', status: 'r', name: 'x' });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body.quotationItem).toMatchObject({ quantity: 4, instructions: 'urgent', status: 'p', name: quotationItem.name });
    expectError(await client.put(`/quotation_item/${quotationItem.id}`, { quantity: 0 }), 400, 'quotation/invalid_quantity');
    expectError(
      await client.put(`/quotation_item/${quotationItem.id}`, { instructions: 'x'.repeat(501) }),
      400,
      'quotation/invalid_instructions',
    );
  });

  it("another shopper's item is 404 quotation/not_found for change and removal", async () => {
    const owner = await newClient();
    const other = await newClient();
    const { quotationItem } = await fromProduct(owner, { productId: plain[4], quantity: 1 });
    expectError(await other.put(`/quotation_item/${quotationItem.id}`, { quantity: 2 }), 404, 'quotation/not_found');
    expectError(await other.delete(`/quotation_item/${quotationItem.id}`), 404, 'quotation/not_found');
    expectError(await other.put('/quotation_item/not-a-uuid', { quantity: 2 }), 404, 'quotation/not_found');
    expect((await list(owner)).quotationItems[0]).toMatchObject({ id: quotationItem.id, quantity: 1 });
  });

  it('removal answers 204, then 404', async () => {
    const client = await newClient();
    const { quotationItem } = await fromProduct(client, { productId: plain[4], quantity: 1 });
    const removed = await client.delete(`/quotation_item/${quotationItem.id}`);
    expect(removed.status).toBe(204);
    expectError(await client.delete(`/quotation_item/${quotationItem.id}`), 404, 'quotation/not_found');
    expect((await list(client)).quotationItems).toEqual([]);
  });
});
