import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, race, type TestApp } from '../helpers';

const NO_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let ids: string[];
let disabledId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  ids = [];
  for (let i = 0; i < 4; i++) ids.push((await createProduct(t.app.db)).id);
  disabledId = (await createProduct(t.app.db, { disabled: true })).id;
});
afterAll(() => t?.close());

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

async function listed(client: TestClient): Promise<string[]> {
  const answer = await client.get('/wishlist');
  expect(answer.status).toBe(200);
  return (answer.body.products as Array<{ uuid: string }>).map((p) => p.uuid);
}

async function wish(client: TestClient, productId: unknown) {
  const answer = await client.post('/wishlist', { productId });
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body;
}

describe('signed out, second factor owed, anti-forgery', () => {
  it('every route answers 401 auth/not_authorized when signed out', async () => {
    const visitor = new TestClient(t.app);
    for (const answer of [
      await visitor.get('/wishlist'),
      await visitor.post('/wishlist', { productId: ids[0] }),
      await visitor.get(`/wishlist/${ids[0]}`),
      await visitor.delete(`/wishlist/${ids[0]}`),
    ]) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });

  it('a session that owes its second factor is 403 auth/tfa_not_verified', async () => {
    const owing = await clientOwingSecondFactor(t.app);
    for (const answer of [await owing.get('/wishlist'), await owing.post('/wishlist', { productId: ids[0] })]) {
      expectError(answer, 403, 'auth/tfa_not_verified');
    }
  });

  it('changes without the anti-forgery header are 403 auth/invalid_xsrf_token', async () => {
    const client = await newClient();
    client.xsrf = false;
    for (const answer of [await client.post('/wishlist', { productId: ids[0] }), await client.delete(`/wishlist/${ids[0]}`)]) {
      expectError(answer, 403, 'auth/invalid_xsrf_token');
    }
    client.xsrf = true;
    expect(await listed(client)).toEqual([]);
  });
});

describe('the wishlist', () => {
  it('adds idempotently, lists newest first, answers per product, removes idempotently', async () => {
    const client = await newClient();
    expect(await listed(client)).toEqual([]);
    expect(await wish(client, ids[0])).toEqual({ productId: ids[0], inWishlist: true });
    await wish(client, ids[1]);
    await wish(client, ids[2]!.toUpperCase());
    // Adding again keeps one entry at its first time.
    expect(await wish(client, ids[0])).toEqual({ productId: ids[0], inWishlist: true });
    expect(await listed(client)).toEqual([ids[2], ids[1], ids[0]]);

    const entry = await client.get(`/wishlist/${ids[1]}`);
    expect(entry.status).toBe(200);
    expect(entry.body).toEqual({ productId: ids[1], inWishlist: true });
    expect((await client.get(`/wishlist/${ids[3]}`)).body).toEqual({ productId: ids[3], inWishlist: false });
    expect((await client.get(`/wishlist/${NO_ID}`)).body).toEqual({ productId: NO_ID, inWishlist: false });

    const removed = await client.delete(`/wishlist/${ids[1]}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ productId: ids[1], inWishlist: false });
    const again = await client.delete(`/wishlist/${ids[1]}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ productId: ids[1], inWishlist: false });
    expect(await listed(client)).toEqual([ids[2], ids[0]]);

    // Each user has their own.
    const other = await newClient();
    expect(await listed(other)).toEqual([]);
    expect((await other.get(`/wishlist/${ids[0]}`)).body.inWishlist).toBe(false);
    await other.delete(`/wishlist/${ids[0]}`);
    expect(await listed(client)).toEqual([ids[2], ids[0]]);
  });

  race('concurrent adds of one product keep one entry', async () => {
    const client = await newClient();
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post('/wishlist', { productId: ids[0] })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await listed(client)).toEqual([ids[0]]);
  });

  it('an unknown product is 404 product/not_found; a disabled one 409 product/disabled', async () => {
    const client = await newClient();
    for (const productId of [NO_ID, 'abc', '', 7, null, undefined]) {
      const answer = await client.post('/wishlist', { productId });
      expect(answer.status, JSON.stringify(productId)).toBe(404);
      expectEnvelope(answer.body, 'product/not_found');
    }
    for (const answer of [await client.get('/wishlist/abc'), await client.delete('/wishlist/abc')]) {
      expectError(answer, 404, 'product/not_found');
    }
    const disabled = await client.post('/wishlist', { productId: disabledId });
    expectError(disabled, 409, 'product/disabled');
    expect(await listed(client)).toEqual([]);
  });

  it('a product disabled after it was added is left out of the list until enabled again', async () => {
    const client = await newClient();
    await wish(client, ids[0]);
    await wish(client, ids[1]);
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, ids[0]!));
    try {
      expect(await listed(client)).toEqual([ids[1]]);
      expect((await client.get(`/wishlist/${ids[0]}`)).body.inWishlist).toBe(true);
    } finally {
      await t.app.db.update(schema.products).set({ disabled: false }).where(eq(schema.products.id, ids[0]!));
    }
    expect(await listed(client)).toEqual([ids[1], ids[0]]);
  });
});

describe('MAX_WISHLIST_ITEMS', () => {
  let limited: TestApp;
  /** Enabled products of the limited app. */
  let products: string[];
  beforeAll(async () => {
    limited = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, MAX_WISHLIST_ITEMS: '2' } });
    products = [];
    for (let i = 0; i < 6; i++) products.push((await createProduct(limited.app.db)).id);
  });
  afterAll(() => limited?.close());

  it('a new product beyond the limit is 409 wishlist/max_items_reached with the limit; one already there still answers 200', async () => {
    const [a, b, c] = products;
    const client = await signedInClient(limited.app, await createVerifiedUser(limited.app));
    for (const productId of [a, b]) expect((await client.post('/wishlist', { productId })).status).toBe(200);
    const refused = await client.post('/wishlist', { productId: c });
    expectError(refused, 409, 'wishlist/max_items_reached');
    expect(refused.body.params).toEqual([2]);
    expect((await client.post('/wishlist', { productId: a })).status).toBe(200);
    expect((await client.delete(`/wishlist/${b}`)).status).toBe(200);
    expect((await client.post('/wishlist', { productId: c })).status).toBe(200);
  });

  race('concurrent adds of different products cannot pass the limit together', async () => {
    const client = await signedInClient(limited.app, await createVerifiedUser(limited.app));
    const answers = await Promise.all(products.map((productId) => client.post('/wishlist', { productId })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expectEnvelope(answer.body, 'wishlist/max_items_reached');
    const listed = await client.get('/wishlist');
    expect(listed.body.products.map((p: { uuid: string }) => p.uuid).sort()).toEqual(
      products.filter((_, i) => answers[i]!.status === 200).sort(),
    );
  });
});
