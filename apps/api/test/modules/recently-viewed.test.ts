import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, expectError, type TestApp } from '../helpers';

let t: TestApp;
/** Enabled products without variants. */
let ids: string[];
/** RATE_LIMIT_PRODUCT_VIEW here: views per client address per window. */
const VIEW_LIMIT = 40;
const VIEW_WINDOW = 600;

beforeAll(async () => {
  // The client address comes from X-Forwarded-For here, so each client can speak from its own address.
  t = await createTestApp({
    seed: false,
    env: { ...LIFTED_LIMITS, RATE_LIMIT_PRODUCT_VIEW: `${VIEW_LIMIT}/${VIEW_WINDOW}`, TRUST_PROXY: 'true' },
  });
  ids = [];
  for (let i = 0; i < 6; i++) ids.push((await createProduct(t.app.db)).id);
});
afterAll(() => t?.close());

let addresses = 0;
/** A browser of its own, on its own client address (views are limited per address). */
function newBrowser(): TestClient {
  addresses += 1;
  return new TestClient(t.app, { 'x-forwarded-for': `198.51.100.${addresses}` });
}

/** A visitor whose browser already holds its visitor cookie (the first answer sets it). */
async function visitor(): Promise<TestClient> {
  const client = newBrowser();
  await client.get('/product/recently_viewed');
  expect(client.cookies.get('kedai_vid')).toMatch(/^[0-9a-f-]{36}$/);
  return client;
}

async function viewed(client: TestClient): Promise<string[]> {
  const answer = await client.get('/product/recently_viewed');
  expect(answer.status, answer.response.payload).toBe(200);
  return (answer.body.products as Array<{ uuid: string }>).map((p) => p.uuid);
}

/** What the product page sends once it is shown: `POST /product/{id}/view`, without a body. */
async function view(client: TestClient, id: string) {
  const answer = await client.request('POST', `/product/${id}/view`);
  expect(answer.status, answer.response.payload).toBe(204);
  expect(answer.response.payload).toBe('');
}

async function flags(client: TestClient, id: string) {
  const answer = await client.get(`/product/${id}/flags`);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as { uuid: string; inWishlist: boolean; inCart: boolean };
}

async function rowsOf(key: string) {
  return t.app.db.select().from(schema.recentlyViewed).where(eq(schema.recentlyViewed.visitorId, key));
}

async function allViews(): Promise<number> {
  return (await t.app.db.select().from(schema.recentlyViewed)).length;
}

describe('POST /product/{id}/view', () => {
  it("records a visitor's view, by uuid or paramName, newest first", async () => {
    const client = await visitor();
    await view(client, ids[0]!);
    const [second] = await t.app.db.select().from(schema.products).where(eq(schema.products.id, ids[1]!));
    await view(client, second!.paramName);
    expect(await viewed(client)).toEqual([ids[1], ids[0]]);
    await view(client, ids[0]!); // seen again: first again, once
    expect(await viewed(client)).toEqual([ids[0], ids[1]]);
  });

  it('records the view for a signed-in user, never for another history', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    const visitorKey = client.cookies.get('kedai_vid');
    await view(client, ids[2]!);
    await view(client, ids[3]!);
    expect((await rowsOf(`user:${user.id}`)).map((row) => row.productId).sort()).toEqual([ids[2], ids[3]].sort());
    if (visitorKey) expect(await rowsOf(visitorKey)).toEqual([]);

    const other = await signedInClient(t.app, await createVerifiedUser(t.app));
    expect(await viewed(other)).toEqual([]);
    await view(other, ids[4]!);
    expect(await viewed(other)).toEqual([ids[4]]);
    expect(await viewed(client)).toEqual([ids[3], ids[2]]);
  });

  it("a crafted visitor cookie cannot write into a user's history", async () => {
    const victim = await createVerifiedUser(t.app);
    const attacker = newBrowser();
    attacker.cookies.set('kedai_vid', `user:${victim.id}`);
    const answer = await attacker.request('POST', `/product/${ids[0]}/view`);
    expect(answer.status).toBe(204);
    expect(await rowsOf(`user:${victim.id}`)).toEqual([]);
    // It was answered as a first visit: a visitor cookie of our own replaces the crafted one.
    expect(attacker.cookies.get('kedai_vid')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a browser without the visitor cookie gets one and records nothing yet', async () => {
    const before = await allViews();
    const client = newBrowser();
    const answer = await client.request('POST', `/product/${ids[0]}/view`);
    expect(answer.status).toBe(204);
    expect(client.cookies.get('kedai_vid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await allViews()).toBe(before);
  });

  it('a session that owes its second factor views as the visitor', async () => {
    const user = await createVerifiedUser(t.app);
    const owing = await clientOwingSecondFactor(t.app, user);
    await owing.get('/product/recently_viewed'); // the visitor cookie
    await view(owing, ids[1]!);
    expect(await viewed(owing)).toEqual([ids[1]]);
    expect(await rowsOf(`user:${user.id}`)).toEqual([]);
  });

  it('a disabled product is answered but not recorded; an unknown one is 404 product/not_found', async () => {
    const client = await visitor();
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, ids[5]!));
    try {
      await view(client, ids[5]!);
      expect(await viewed(client)).toEqual([]);
    } finally {
      await t.app.db.update(schema.products).set({ disabled: false }).where(eq(schema.products.id, ids[5]!));
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      expectError(await client.request('POST', `/product/${id}/view`), 404, 'product/not_found');
    }
    expect(await viewed(client)).toEqual([]);
  });

  it('needs the anti-forgery header, like every write', async () => {
    const client = await visitor();
    client.xsrf = false;
    expectError(await client.request('POST', `/product/${ids[0]}/view`), 403, 'auth/invalid_xsrf_token');
    client.xsrf = true;
    expect(await viewed(client)).toEqual([]);
  });

  it('is limited per client address (RATE_LIMIT_PRODUCT_VIEW) with 429 and Retry-After; another address is not held up', async () => {
    const busy = await visitor();
    for (let i = 0; i < VIEW_LIMIT; i++) await view(busy, ids[i % ids.length]!);
    const limited = await busy.request('POST', `/product/${ids[0]}/view`);
    expectError(limited, 429, 'general/rate_limited');
    expect(limited.headers['retry-after']).toBe(String(VIEW_WINDOW));
    await view(await visitor(), ids[0]!);
  });

  it('defaults to 300 views per client address in 10 minutes', () => {
    expect(loadConfig({}).rateLimits.productView).toEqual({ limit: 300, windowSeconds: 600 });
  });
});

describe('reads of a product record no view (a prefetched or server-rendered page writes nothing)', () => {
  it('GET /product/one/{id} and GET /product/{id}/flags leave every history as it was', async () => {
    const client = await visitor();
    const user = await signedInClient(t.app, await createVerifiedUser(t.app));
    const before = await allViews();
    for (const reader of [client, user, newBrowser()]) {
      expect((await reader.get(`/product/one/${ids[0]}`)).status).toBe(200);
      expect((await reader.get(`/product/one/${ids[1]}`, { 'next-router-prefetch': '1' })).status).toBe(200);
      await flags(reader, ids[2]!);
    }
    expect(await allViews()).toBe(before);
    expect(await viewed(client)).toEqual([]);
    expect(await viewed(user)).toEqual([]);
  });
});

describe('GET /product/{id}/flags', () => {
  it('answers inWishlist and inCart false for visitors', async () => {
    const client = await visitor();
    expect(await flags(client, ids[0]!)).toMatchObject({ uuid: ids[0], inWishlist: false, inCart: false });
  });

  it('for a signed-in user: answers their wishlist and cart', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    expect(await flags(client, ids[2]!)).toMatchObject({ inWishlist: false, inCart: false });
    expect((await client.post('/wishlist', { productId: ids[2] })).status).toBe(200);
    expect(await flags(client, ids[2]!)).toMatchObject({ inWishlist: true, inCart: false });
    expect((await client.post('/cart', { productId: ids[3], quantity: 1 })).status).toBe(201);
    expect(await flags(client, ids[3]!)).toMatchObject({ inWishlist: false, inCart: true });

    // Another user's flags are theirs alone.
    const other = await signedInClient(t.app, await createVerifiedUser(t.app));
    expect(await flags(other, ids[2]!)).toMatchObject({ inWishlist: false, inCart: false });
  });

  it('a session that owes its second factor is answered as a visitor (no 403)', async () => {
    const user = await createVerifiedUser(t.app);
    const signedIn = await signedInClient(t.app, user);
    await signedIn.post('/wishlist', { productId: ids[0] });
    const owing = await clientOwingSecondFactor(t.app, user);
    await owing.get('/product/recently_viewed'); // the visitor cookie
    expect(await flags(owing, ids[0]!)).toMatchObject({ inWishlist: false, inCart: false });
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
    await view(phone, ids[0]!);
    await view(phone, ids[4]!);

    // Now a visitor on this browser views ids[1], then ids[0] again (newer than the phone's view).
    const browser = await visitor();
    const visitorId = browser.cookies.get('kedai_vid')!;
    await view(browser, ids[1]!);
    await view(browser, ids[0]!);
    expect(await viewed(browser)).toEqual([ids[0], ids[1]]);

    const login = await browser.post('/auth/login', { email: user.email, password: user.password, rememberme: false });
    expect(login.status).toBe(200);
    expect(await viewed(browser)).toEqual([ids[0], ids[1], ids[4]]);
    expect(await rowsOf(visitorId)).toEqual([]);

    // Views while signed in go to the user; the phone sees the same list.
    await view(browser, ids[5]!);
    expect(await viewed(phone)).toEqual([ids[5], ids[0], ids[1], ids[4]]);
    expect(await rowsOf(visitorId)).toEqual([]);

    // After signing out the browser is a visitor again, with the (now empty) visitor history.
    await browser.delete('/auth/logout');
    expect(await viewed(browser)).toEqual([]);
  });

  it('a crafted visitor cookie cannot pull in another history', async () => {
    const victim = await createVerifiedUser(t.app);
    await view(await signedInClient(t.app, victim), ids[0]!);
    const attacker = await signedInClient(t.app, await createVerifiedUser(t.app));
    attacker.cookies.set('kedai_vid', `user:${victim.id}`);
    expect(await viewed(attacker)).toEqual([]);
    expect(await rowsOf(`user:${victim.id}`)).toHaveLength(1);
  });

  it('leaves out disabled products; a disabled product view is not recorded', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    await view(client, ids[2]!);
    await view(client, ids[3]!);
    await t.app.db.update(schema.products).set({ disabled: true }).where(eq(schema.products.id, ids[3]!));
    try {
      expect(await viewed(client)).toEqual([ids[2]]);
      await view(client, ids[3]!);
    } finally {
      await t.app.db.update(schema.products).set({ disabled: false }).where(eq(schema.products.id, ids[3]!));
    }
    expect(await viewed(client)).toEqual([ids[3], ids[2]]);
  });
});
