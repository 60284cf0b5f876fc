import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedInClient } from '../accounts';
import { XSRF_PAIR, createTestApp, expectEnvelope, expectError, get, post, type TestApp } from '../helpers';

let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await get(t.app, '/product/search?q=&pageSize=1')).body.products[0].uuid;
});
afterAll(() => t?.close());

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

describe('text PostgreSQL cannot hold is refused at the edge', () => {
  it('in a query string, a path id and a cookie: 400, never 500', async () => {
    for (const url of [
      '/product/search?q=%00',
      '/product/search?q=lap%00top',
      `/product/${productId}%00`,
      '/product/%00',
      '/merchant/%00',
    ]) {
      expectError(await get(t.app, url), 400, 'general/argument_error');
    }
    const cookie = await get(t.app, '/product/recently_viewed', { cookie: 'kedai_vid=%00abc' });
    expectError(cookie, 400, 'general/argument_error');
  });

  it('in JSON strings and keys, at any depth: login, forgot password, register, cart note', async () => {
    for (const [url, body] of [
      ['/auth/login', { email: `a${NUL}@example.com`, password: 'Secret123!' }],
      ['/auth/login', { email: 'a@example.com', password: `Secret${NUL}123!` }],
      ['/auth/forgotPassword', { email: `${NUL}` }],
      ['/auth/login', { email: `a${LONE_HIGH}@example.com`, password: 'Secret123!' }],
      ['/auth/login', { email: 'a@example.com', password: `x${LONE_LOW}y` }],
      ['/auth/login', { email: 'a@example.com', password: 'Secret123!', [`k${NUL}`]: 1 }],
      ['/auth/register', { nested: [{ deeper: { text: NUL } }] }],
    ] as const) {
      const answer = await post(t.app, url, body);
      expectError(answer, 400, 'general/argument_error');
      expect(answer.body.error).toMatch(/NUL characters or unpaired surrogates/);
    }
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    const note = await client.post('/cart', { productId, quantity: 1, message: `gift${NUL}wrap` });
    expectError(note, 400, 'general/argument_error');
    expect((await client.get('/cart')).body.cartItems).toEqual([]);
  });

  it('keeps text with real characters outside the basic plane (a surrogate pair is one character)', async () => {
    const answer = await get(t.app, `/product/search?q=${encodeURIComponent('kopi 😀 日本')}`);
    expect(answer.status).toBe(200);
  });
});

describe('every error answer has the envelope', () => {
  it('a text/plain body is 415 like any other type the API does not take', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'hello',
        headers: { ...XSRF_PAIR, 'content-type': type },
      });
      expect(answer.statusCode, type).toBe(415);
      expectEnvelope(answer.json(), 'general/unsupported_media_type');
    }
  });

  it('a URL the router cannot decode, or a path id too long for it', async () => {
    const bad = await get(t.app, '/product/%E0%A4%A');
    expectError(bad, 400, 'general/argument_error');
    const long = await get(t.app, `/product/${'a'.repeat(500)}`);
    expect([400, 404]).toContain(long.status);
    expectEnvelope(long.body, long.status === 404 ? 'general/not_found' : 'general/argument_error');
  });

  describe('answers of the HTTP parser itself, on a listening server', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
        });
        req.on('error', reject);
        req.end();
      });

    it('oversized headers: 431 with the envelope', async () => {
      const answer = await raw('/ping', { 'x-big': 'a'.repeat(20_000) });
      expect(answer.status).toBe(431);
      expect(answer.type).toMatch(/application\/json/);
      expectEnvelope(JSON.parse(answer.body), 'general/payload_too_large');
    });

    it('a URL longer than the parser takes: 431 with the envelope', async () => {
      const answer = await raw(`/product/search?q=${'a'.repeat(20_000)}`);
      expect(answer.status).toBe(431);
      expectEnvelope(JSON.parse(answer.body), 'general/payload_too_large');
    });
  });
});
