import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { sendBackInStockMails, type BackInStockJobDeps } from '../../src/modules/back-in-stock/job';
import type { Mailer } from '../../src/platform/mailer';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, outbox, signedInClient, type TestUser } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const VARIANTS = [
  { name: 'Size', options: ['S', 'M'] },
  { name: 'Colour', options: ['Red', 'Blue'] },
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, PUBLIC_WEB_URL: 'https://shop.example' } });
});
afterAll(() => t?.close());

const soldOut = (overrides: Parameters<typeof createProduct>[1] = {}) => createProduct(t.app.db, { stock: 0, ...overrides });
const soldOutVaried = () =>
  createProduct(t.app.db, {
    variants: VARIANTS,
    variantPaths: {
      '0/0': { price: { SG: 100 }, stock: 0 },
      '0/1': { price: { SG: 100 }, stock: 0 },
      '1/0': { price: { SG: 100 }, stock: 0 },
      '1/1': { price: { SG: 100 }, stock: 0 },
    },
  });

async function setStock(productId: string, stock: number, path?: string) {
  if (path === undefined) {
    await t.app.db
      .update(schema.products)
      .set({ stock, inStock: stock > 0 })
      .where(eq(schema.products.id, productId));
  } else {
    await t.app.db
      .update(schema.productVariantPaths)
      .set({ stock })
      .where(and(eq(schema.productVariantPaths.productId, productId), eq(schema.productVariantPaths.path, path)));
  }
}

async function shopper(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createVerifiedUser(t.app);
  return { user, client: await signedInClient(t.app, user) };
}

async function ask(client: TestClient, productId: unknown, variantPath?: unknown) {
  const answer = await client.post('/back_in_stock', variantPath === undefined ? { productId } : { productId, variantPath });
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as { productId: string; variantPaths: string[] };
}

function jobDeps(overrides: Partial<BackInStockJobDeps> = {}): BackInStockJobDeps {
  return { db: t.app.db, mailer: t.app.mailer, log: t.app.log, publicWebUrl: t.config.publicWebUrl, clock: t.clock.now, ...overrides };
}

const backMails = async (to: string) => (await outbox(t.app, to)).filter((mail) => mail.subject.endsWith('is back in stock'));

describe('access', () => {
  it('every route answers 401 auth/not_authorized when signed out', async () => {
    const { id } = await soldOut();
    const visitor = new TestClient(t.app);
    for (const answer of [
      await visitor.post('/back_in_stock', { productId: id }),
      await visitor.get(`/back_in_stock/${id}`),
      await visitor.delete(`/back_in_stock/${id}`),
    ]) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });

  it('a session that owes its second factor is 403 auth/tfa_not_verified', async () => {
    const { id } = await soldOut();
    const owing = await clientOwingSecondFactor(t.app);
    for (const answer of [
      await owing.post('/back_in_stock', { productId: id }),
      await owing.get(`/back_in_stock/${id}`),
      await owing.delete(`/back_in_stock/${id}`),
    ]) {
      expectError(answer, 403, 'auth/tfa_not_verified');
    }
  });

  it('changes without the anti-forgery header are 403 auth/invalid_xsrf_token', async () => {
    const { id } = await soldOut();
    const { client } = await shopper();
    client.xsrf = false;
    for (const answer of [await client.post('/back_in_stock', { productId: id }), await client.delete(`/back_in_stock/${id}`)]) {
      expectError(answer, 403, 'auth/invalid_xsrf_token');
    }
  });

  it('a shopper sees and cancels only their own requests', async () => {
    const { id } = await soldOut();
    const a = await shopper();
    const b = await shopper();
    await ask(a.client, id);
    expect((await b.client.get(`/back_in_stock/${id}`)).body.variantPaths).toEqual([]);
    expect((await b.client.delete(`/back_in_stock/${id}`)).status).toBe(200);
    expect((await a.client.get(`/back_in_stock/${id}`)).body.variantPaths).toEqual(['']);
    expect((await b.client.get(`/product/${id}/flags`)).body.backInStock).toEqual([]);
    expect((await a.client.get(`/product/${id}/flags`)).body.backInStock).toEqual(['']);
    expect((await new TestClient(t.app).get(`/product/${id}/flags`)).body.backInStock).toEqual([]);
  });
});

describe('asking and cancelling', () => {
  it('asks for a sold-out product, idempotently, and cancels', async () => {
    const { id } = await soldOut();
    const { client } = await shopper();
    expect(await ask(client, id)).toEqual({ productId: id, variantPaths: [''] });
    expect(await ask(client, id.toUpperCase())).toEqual({ productId: id, variantPaths: [''] });
    const rows = await t.app.db.select().from(schema.backInStockRequests).where(eq(schema.backInStockRequests.productId, id));
    expect(rows).toHaveLength(1);
    const cancelled = await client.delete(`/back_in_stock/${id}`);
    expect(cancelled.body).toEqual({ productId: id, variantPaths: [] });
    expect((await client.delete(`/back_in_stock/${id}`)).body).toEqual({ productId: id, variantPaths: [] });
  });

  it('asks per sold-out variant path, or for the whole product when every path is sold out', async () => {
    const { id } = await soldOutVaried();
    const { client } = await shopper();
    await ask(client, id, '1/0');
    expect(await ask(client, id, '')).toEqual({ productId: id, variantPaths: ['', '1/0'] });
    const cancelled = await client.delete(`/back_in_stock/${id}?variantPath=${encodeURIComponent('1/0')}`);
    expect(cancelled.body.variantPaths).toEqual(['']);
  });

  it('refuses what can be bought now with 409 back_in_stock/in_stock', async () => {
    const inStock = await createProduct(t.app.db, { stock: 3 });
    const varied = await soldOutVaried();
    await setStock(varied.id, 2, '0/1');
    const { client } = await shopper();
    expectError(await client.post('/back_in_stock', { productId: inStock.id }), 409, 'back_in_stock/in_stock');
    expectError(await client.post('/back_in_stock', { productId: varied.id, variantPath: '0/1' }), 409, 'back_in_stock/in_stock');
    // One path is in stock, so the product as a whole is too; the other paths can still be waited for.
    expectError(await client.post('/back_in_stock', { productId: varied.id }), 409, 'back_in_stock/in_stock');
    expect(await ask(client, varied.id, '0/0')).toEqual({ productId: varied.id, variantPaths: ['0/0'] });
  });

  it('refuses unknown, disabled products and bad variant paths', async () => {
    const { client } = await shopper();
    const disabled = await soldOut({ disabled: true });
    const plain = await soldOut();
    const varied = await soldOutVaried();
    for (const productId of [NO_ID, 'abc', '', 7, null, undefined]) {
      expectError(await client.post('/back_in_stock', { productId }), 404, 'product/not_found');
    }
    expectError(await client.post('/back_in_stock', { productId: disabled.id }), 409, 'product/disabled');
    for (const [productId, variantPath] of [
      [plain.id, '0'],
      [varied.id, '1'],
      [varied.id, '2/0'],
      [varied.id, 7],
    ] as const) {
      expectError(await client.post('/back_in_stock', { productId, variantPath }), 400, 'cart/invalid_variant_path');
    }
    for (const answer of [await client.get('/back_in_stock/abc'), await client.delete('/back_in_stock/abc')]) {
      expectError(answer, 404, 'product/not_found');
    }
  });
});

describe('the back-in-stock mail', () => {
  it('is sent once, with a link to the product, when the product is back', async () => {
    const product = await soldOut({ name: 'Kettle of Pahang', paramName: 'kettle-of-pahang' });
    const { user, client } = await shopper();
    await ask(client, product.id);
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(0);
    expect(await backMails(user.email)).toEqual([]);

    await setStock(product.id, 4);
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(1);
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(0);
    const mails = await backMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kettle of Pahang is back in stock');
    expect(mails[0]!.text).toContain('https://shop.example/product/kettle-of-pahang');
    const [row] = await t.app.db.select().from(schema.backInStockRequests).where(eq(schema.backInStockRequests.productId, product.id));
    expect(row!.notifiedAt?.getTime()).toBe(t.clock.now().getTime());
    // No longer waiting, so the page offers to ask again.
    expect((await client.get(`/back_in_stock/${product.id}`)).body.variantPaths).toEqual([]);
  });

  race('is sent once when several runs go at the same time', async () => {
    const product = await soldOut();
    const shoppers = [await shopper(), await shopper(), await shopper()];
    for (const { client } of shoppers) await ask(client, product.id);
    await setStock(product.id, 1);
    const runs = await Promise.all([
      sendBackInStockMails(jobDeps(), [product.id]),
      sendBackInStockMails(jobDeps(), [product.id]),
      sendBackInStockMails(jobDeps(), [product.id]),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    for (const { user } of shoppers) expect(await backMails(user.email)).toHaveLength(1);
  });

  it('waits for the variant path asked for; the whole product comes back with any path', async () => {
    const product = await soldOutVaried();
    const one = await shopper();
    const whole = await shopper();
    await ask(one.client, product.id, '1/1');
    await ask(whole.client, product.id, '');
    await setStock(product.id, 5, '0/0');
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(1);
    expect(await backMails(whole.user.email)).toHaveLength(1);
    expect(await backMails(one.user.email)).toEqual([]);
    await setStock(product.id, 5, '1/1');
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(1);
    const [mail] = await backMails(one.user.email);
    expect(mail!.text).toContain('(Size: M, Colour: Blue) is back in stock');
  });

  it('is not sent for a disabled product, even in stock', async () => {
    const product = await soldOut();
    const { user, client } = await shopper();
    await ask(client, product.id);
    await t.app.db.update(schema.products).set({ stock: 9, inStock: true, disabled: true }).where(eq(schema.products.id, product.id));
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(0);
    expect(await backMails(user.email)).toEqual([]);
    const [row] = await t.app.db.select().from(schema.backInStockRequests).where(eq(schema.backInStockRequests.productId, product.id));
    expect(row!.notifiedAt).toBeNull();
  });

  it('asking again after the mail waits again', async () => {
    const product = await soldOut();
    const { user, client } = await shopper();
    await ask(client, product.id);
    await setStock(product.id, 1);
    await sendBackInStockMails(jobDeps(), [product.id]);
    await setStock(product.id, 0);
    expect(await ask(client, product.id)).toEqual({ productId: product.id, variantPaths: [''] });
    await setStock(product.id, 2);
    await sendBackInStockMails(jobDeps(), [product.id]);
    expect(await backMails(user.email)).toHaveLength(2);
  });

  it('a mail that cannot be queued fails the run, its request claimed again by the next', async () => {
    const product = await soldOut();
    const { user, client } = await shopper();
    await ask(client, product.id);
    await setStock(product.id, 1);
    const failing: Mailer = { ...t.app.mailer, send: () => Promise.reject(new Error('outbox down')) };
    const quiet = { ...t.app.log, error: () => undefined } as unknown as BackInStockJobDeps['log'];
    await expect(sendBackInStockMails(jobDeps({ mailer: failing, log: quiet }), [product.id])).rejects.toThrow('outbox down');
    expect(await backMails(user.email)).toEqual([]);
    expect(await sendBackInStockMails(jobDeps(), [product.id])).toBe(1);
    expect(await backMails(user.email)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the back-in-stock calls', async () => {
    const { status, body } = await new TestClient(t.app).get('/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/back_in_stock', '/back_in_stock/{productId}']));
  });
});
