import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS, createVerifiedUser, signedInClient } from '../accounts';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { FIXTURE_PAGES, startFixtureMarketplace } from '../marketplace';
import { readersOf } from '../../src/modules/quotations/external';

/**
 * "Buy it for me" through the real app (issue 15): links read through the safe fetcher from the
 * fixture marketplace on loopback, which only SAFE_FETCH_TEST_ORIGINS lets the API reach, and a held
 * page to watch a reading in flight.
 */

let t: TestApp;
let marketplace: { origin: string; close(): Promise<void> };
/** A page that answers only when the test says so, counting the requests it gets. */
let held: { origin: string; hits: number; waiting: ServerResponse[]; close(): Promise<void> };

function startHeldPage(): Promise<typeof held> {
  const state = { hits: 0, waiting: [] as ServerResponse[] };
  const server = createServer((_request, response) => {
    state.hits++;
    state.waiting.push(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(
        Object.assign(state, {
          origin: `http://127.0.0.1:${port}`,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      );
    }),
  );
}

function release(html: string) {
  for (const response of held.waiting.splice(0)) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }
}

beforeAll(async () => {
  marketplace = await startFixtureMarketplace();
  held = await startHeldPage();
  const origins = [marketplace.origin, held.origin].map((origin) => new URL(origin).host).join(',');
  t = await createTestApp({
    seed: false,
    env: { ...LIFTED_LIMITS, SAFE_FETCH_TEST_ORIGINS: origins, RATE_LIMIT_SEARCH_EXTERNAL: '12/3600' },
  });
});
afterAll(async () => {
  await t?.close();
  await marketplace?.close();
  await held?.close();
});

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

describe('POST /product/searchExternal', () => {
  it('reads a JSON-LD product page into an external product of the shopper', async () => {
    const client = await newClient();
    const link = `${marketplace.origin}${FIXTURE_PAGES.jsonLd}`;
    const answer = await client.post('/product/searchExternal', { link });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body.externalProduct).toMatchObject({
      link,
      url: link,
      origin: 'page',
      sourceMarketPlace: 'Fixture Mall',
      name: 'Studio Wireless Headphones',
      price: '129.90',
      currency: 'USD',
      availability: 'in_stock',
      brand: 'Sonora',
      images: ['https://images.fixture-mall.example/headphones-1.jpg', 'https://images.fixture-mall.example/headphones-2.jpg'],
    });
  });

  it('follows a redirect and keeps the page it landed on; OpenGraph and microdata pages are read too', async () => {
    const client = await newClient();
    const redirected = await client.post('/product/searchExternal', { link: `${marketplace.origin}${FIXTURE_PAGES.redirect}` });
    expect(redirected.body.externalProduct.url).toBe(`${marketplace.origin}${FIXTURE_PAGES.jsonLd}`);
    const og = await client.post('/product/searchExternal', { link: `${marketplace.origin}${FIXTURE_PAGES.openGraph}` });
    expect(og.body.externalProduct).toMatchObject({
      name: 'Arc Floor Lamp',
      price: '89.00',
      currency: 'SGD',
      sourceMarketPlace: 'Lamp Street',
    });
    const micro = await client.post('/product/searchExternal', { link: `${marketplace.origin}${FIXTURE_PAGES.microdata}` });
    expect(micro.body.externalProduct).toMatchObject({ name: 'Trail Backpack 30L', currency: 'EUR', sourceMarketPlace: '127.0.0.1' });
  });

  it('the same shopper reading a link again gets the same reading back, without a fetch', async () => {
    const client = await newClient();
    const link = `${marketplace.origin}${FIXTURE_PAGES.jsonLdGraph}`;
    const first = await client.post('/product/searchExternal', { link });
    const second = await client.post('/product/searchExternal', { link });
    expect(second.body.externalProduct.id).toBe(first.body.externalProduct.id);
  });

  it.each([
    ['not a link', 'link/invalid'],
    ['ftp://example.com/product', 'link/invalid'],
    ['http://localhost/product', 'link/not_allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'link/not_allowed'],
    ['http://2130706433/', 'link/not_allowed'],
    ['https://example.com:8443/product', 'link/not_allowed'],
    ['REDIRECT_PRIVATE', 'link/not_allowed'],
    ['REDIRECT_METADATA', 'link/not_allowed'],
    ['NO_DATA', 'link/no_product'],
    ['IMAGE', 'link/not_html'],
    ['HUGE', 'link/too_large'],
    ['GONE', 'link/unreachable'],
  ])('%s is 400 %s, with nothing of the other site in the answer', async (given, code) => {
    const paths: Record<string, string> = {
      REDIRECT_PRIVATE: FIXTURE_PAGES.redirectPrivate,
      REDIRECT_METADATA: FIXTURE_PAGES.redirectMetadata,
      NO_DATA: FIXTURE_PAGES.noData,
      IMAGE: FIXTURE_PAGES.image,
      HUGE: FIXTURE_PAGES.huge,
      GONE: FIXTURE_PAGES.gone,
    };
    const link = paths[given] ? `${marketplace.origin}${paths[given]}` : given;
    const client = await newClient();
    const answer = await client.post('/product/searchExternal', { link });
    expectError(answer, 400, code);
    expect(answer.response.payload).not.toContain('Fixture');
  });

  it('two shoppers reading one link at once share one fetch, and checkPending says so meanwhile', async () => {
    const [a, b] = [await newClient(), await newClient()];
    const link = `${held.origin}/p/held-teapot`;
    const query = `/product/checkPending?link=${encodeURIComponent(link)}`;
    expect((await a.get(query)).body).toEqual({ link, pending: false });
    const first = a.post('/product/searchExternal', { link });
    while (held.hits === 0) await new Promise((resolve) => setImmediate(resolve));
    expect((await b.get(query)).body).toEqual({ link, pending: true });
    const second = b.post('/product/searchExternal', { link });
    // The second request has joined the first reading before the page answers.
    while (readersOf(link) < 2) await new Promise((resolve) => setImmediate(resolve));
    release(
      '<html><head><script type="application/ld+json">{"@type":"Product","name":"Clay Teapot","offers":{"price":"32","priceCurrency":"SGD"}}</script></head></html>',
    );
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.body.externalProduct.name)).toEqual(['Clay Teapot', 'Clay Teapot']);
    expect(answers[0].body.externalProduct.id).not.toBe(answers[1].body.externalProduct.id);
    expect(held.hits).toBe(1);
    expect((await a.get(query)).body.pending).toBe(false);
  });

  it('is limited per shopper (RATE_LIMIT_SEARCH_EXTERNAL)', async () => {
    const client = await newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await client.post('/product/searchExternal', { link: 'not a link' })).status);
    expect(statuses.slice(0, 12).every((status) => status === 400)).toBe(true);
    expect(statuses[12]).toBe(429);
    expect((await (await newClient()).post('/product/searchExternal', { link: 'not a link' })).status).toBe(400);
  });
});

describe('POST /quotation_item/external', () => {
  it('quotes a product the shopper read; another shopper cannot use it', async () => {
    const reader = await newClient();
    const read = await reader.post('/product/searchExternal', { link: `${marketplace.origin}${FIXTURE_PAGES.openGraph}` });
    const externalProductId = read.body.externalProduct.id as string;
    const answer = await reader.post('/quotation_item/external', { externalProductId, quantity: 2, instructions: 'warm white' });
    expect(answer.status, answer.response.payload).toBe(201);
    expect(answer.body).toMatchObject({
      product: null,
      quotationItem: {
        productSource: 'e',
        type: 'external',
        name: 'Arc Floor Lamp',
        quantity: 2,
        instructions: 'warm white',
        status: 'p',
        externalProduct: { id: externalProductId, sourceMarketPlace: 'Lamp Street', price: '89.00' },
      },
    });
    const other = await newClient();
    expectError(await other.post('/quotation_item/external', { externalProductId, quantity: 1 }), 404, 'product/not_found');
    expectError(await reader.post('/quotation_item/external', { externalProductId: 'nope', quantity: 1 }), 404, 'product/not_found');
    expectError(await reader.post('/quotation_item/external', { externalProductId, quantity: -1 }), 400, 'quotation/invalid_quantity');
    expect((await other.get('/quotation_item')).body.quotationItems).toEqual([]);
  });
});
