import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, type TestApp } from '../helpers';

let t: TestApp;
/** Enabled products without variants. */
let ids: string[];

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  ids = [];
  for (let i = 0; i < 6; i++) ids.push((await createProduct(t.app.db)).id);
});
afterAll(() => t?.close());

/** A visitor whose browser already holds its visitor cookie (the first answer sets it). */
async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.get('/product/recently_viewed');
  expect(client.cookies.get('kedai_vid')).toMatch(/^[0-9a-f-]{36}$/);
  return client;
}

async function viewed(client: TestClient): Promise<string[]> {
  const answer = await client.get('/product/recently_viewed');
  expect(answer.status, answer.response.payload).toBe(200);
  return (answer.body.products as Array<{ uuid: string }>).map((p) => p.uuid);
}

async function flags(client: TestClient, id: string) {
  const answer = await client.get(`/product/${id}/flags`);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as { uuid: string; inWishlist: boolean; inCart: boolean };
}

async function rowsOf(key: string) {
  return t.app.db.select().from(schema.recentlyViewed).where(eq(schema.recentlyViewed.visitorId, key));
}

describe('GET /product/{id}/flags', () => {
  it("records a visitor's view, and answers inWishlist and inCart false for visitors", async () => {
    const client = await visitor();
    expect(await flags(client, ids[0]!)).toMatchObject({ uuid: ids[0], inWishlist: false, inCart: false });
    await flags(client, ids[1]!);
    expect(await viewed(client)).toEqual([ids[1], ids[0]]);
  });

  it('for a signed-in user: records the view for the user and answers their wishlist and cart', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    expect(await flags(client, ids[2]!)).toMatchObject({ inWishlist: false, inCart: false });
    expect((await client.post('/wishlist', { productId: ids[2] })).status).toBe(200);
    expect(await flags(client, ids[2]!)).toMatchObject({ inWishlist: true, inCart: false });
    expect((await client.post('/cart', { productId: ids[3], quantity: 1 })).status).toBe(201);
    expect(await flags(client, ids[3]!)).toMatchObject({ inWishlist: false, inCart: true });
    expect((await rowsOf(`user:${user.id}`)).map((row) => row.productId).sort()).toEqual([ids[2], ids[3]].sort());

    // Another user's flags are theirs alone.
    const other = await signedInClient(t.app, await createVerifiedUser(t.app));
    expect(await flags(other, ids[2]!)).toMatchObject({ inWishlist: false, inCart: false });
    expect(await viewed(other)).toEqual([ids[2]]);
  });

  it('a session that owes its second factor is answered as a visitor (no 403)', async () => {
    const user = await createVerifiedUser(t.app);
    const signedIn = await signedInClient(t.app, user);
    await signedIn.post('/wishlist', { productId: ids[0] });
    const owing = await clientOwingSecondFactor(t.app, user);
    await owing.get('/product/recently_viewed'); // the visitor cookie
    expect(await flags(owing, ids[0]!)).toMatchObject({ inWishlist: false, inCart: false });
    expect(await viewed(owing)).toEqual([ids[0]]);
    expect(await rowsOf(`user:${user.id}`)).toEqual([]);
  });

  it('an access token that no longer works is 401 auth/invalid_access_token (refresh, then ask again)', async () => {
    const client = new TestClient(t.app);
    client.cookies.set('kedai_at', 'not-a-token');
    for (const answer of [await client.get(`/product/${ids[0]}/flags`), await client.get('/product/recently_viewed')]) {
      expectError(answer, 401, 'auth/invalid_access_token');
    }
  });
});

describe('GET /product/recently_viewed', () => {
  it("merges the visitor's history into the user's on sign-in, the newer view winning, and drops the visitor's rows", async () => {
    const user = await createVerifiedUser(t.app);
    // Earlier, on another device: the user viewed ids[0] and ids[4].
    const phone = await signedInClient(t.app, user);
    await flags(phone, ids[0]!);
    await flags(phone, ids[4]!);

    // Now a visitor on this browser views ids[1], then ids[0] again (newer than the phone's view).
    const browser = await visitor();
    const visitorId = browser.cookies.get('kedai_vid')!;
    await flags(browser, ids[1]!);
    await flags(browser, ids[0]!);
    expect(await viewed(browser)).toEqual([ids[0], ids[1]]);

    const login = await browser.post('/auth/login', { email: user.email, password: user.password, rememberme: false });
    expect(login.status).toBe(200);
    expect(await viewed(browser)).toEqual([ids[0], ids[1], ids[4]]);
    expect(await rowsOf(visitorId)).toEqual([]);

    // Views while signed in go to the user; the phone sees the same list.
    await flags(browser, ids[5]!);
    expect(await viewed(phone)).toEqual([ids[5], ids[0], ids[1], ids[4]]);
    expect(await rowsOf(visitorId)).toEqual([]);

    // After signing out the browser is a visitor again, with the (now empty) visitor history.
    await browser.delete('/auth/logout');
    expect(await viewed(browser)).toEqual([]);
  });

  it('a crafted visitor cookie cannot pull in another history', async () => {
    const victim = await createVerifiedUser(t.app);
    await flags(await signedInClient(t.app, victim), ids[0]!);
    const attacker = await signedInClient(t.app, await createVerifiedUser(t.app));
    attacker.cookies.set('kedai_vid', `user:${victim.id}`);
    expect(await viewed(attacker)).toEqual([]);
    expect(await rowsOf(`user:${victim.id}`)).toHaveLength(1);
  });

  it('leaves out disabled products; a disabled product view is not recorded', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    await flags(client, ids[2]!);
    await flags(client, ids[3]!);
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, ids[3]!));
    try {
      expect(await viewed(client)).toEqual([ids[2]]);
      await flags(client, ids[3]!);
    } finally {
      await t.app.db.update(schema.products).set({ disabled: false }).where(eq(schema.products.id, ids[3]!));
    }
    expect(await viewed(client)).toEqual([ids[3], ids[2]]);
  });
});
