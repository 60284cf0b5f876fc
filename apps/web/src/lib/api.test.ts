import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessageFor } from '@kedai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UNREACHABLE, ApiError, apiBaseUrl, apiGet, apiUrl } from './api';

/** A tiny stand-in for the API: a few fixed answers, and a record of what was asked. */
let server: Server;
let baseUrl: string;
const seen: { url: string; accept: string | undefined }[] = [];

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse) {
  seen.push({ url: req.url ?? '', accept: req.headers.accept });
  const url = new URL(req.url ?? '/', 'http://test');
  switch (url.pathname) {
    case '/config':
      return send(res, 200, JSON.stringify({ shop_name: 'Kedai', default_region: 'SG' }));
    case '/product/search':
      return send(res, 200, JSON.stringify({ query: Object.fromEntries(url.searchParams) }));
    case '/product/missing':
      return send(
        res,
        404,
        JSON.stringify({ errorCode: 'product/not_found', error: 'Product missing-thing is not found', params: ['missing-thing'] }),
      );
    case '/rate-limited':
      return send(res, 429, JSON.stringify({ errorCode: 'general/rate_limited', error: 'Slow down', params: [60] }));
    case '/broken':
      return send(res, 502, '<html>Bad gateway</html>', 'text/html');
    case '/slow':
      return; // never answers: the request is left open until the server closes its connections
    default:
      return send(res, 404, JSON.stringify({ errorCode: 'general/not_found', error: 'Not found', params: [] }));
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiGet', () => {
  it('returns the JSON body of a 2xx answer', async () => {
    const config = await apiGet<{ shop_name: string; default_region: string }>('/config', { baseUrl });
    expect(config).toEqual({ shop_name: 'Kedai', default_region: 'SG' });
    expect(seen.at(-1)?.accept).toBe('application/json');
  });

  it('sends the query, leaving out empty values', async () => {
    const result = await apiGet<{ query: Record<string, string> }>('/product/search', {
      baseUrl,
      query: { sort: 'newest', limit: 12, region: 'SG', q: undefined, category: null },
    });
    expect(result.query).toEqual({ sort: 'newest', limit: '12', region: 'SG' });
  });

  it('turns an error envelope into an ApiError carrying errorCode, error, params and status', async () => {
    const failure = await apiGet('/product/missing', { baseUrl }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toBeInstanceOf(Error);
    const error = failure as ApiError;
    expect(error.errorCode).toBe('product/not_found');
    expect(error.params).toEqual(['missing-thing']);
    expect(error.message).toBe('Product missing-thing is not found');
    expect(error.status).toBe(404);
    expect(error.toEnvelope()).toEqual({
      errorCode: 'product/not_found',
      error: 'Product missing-thing is not found',
      params: ['missing-thing'],
    });
  });

  it('keeps the status of other error answers', async () => {
    await expect(apiGet('/rate-limited', { baseUrl })).rejects.toMatchObject({
      errorCode: 'general/rate_limited',
      params: [60],
      status: 429,
    });
  });

  it('gives a non-JSON error answer a generic envelope', async () => {
    await expect(apiGet('/broken', { baseUrl })).rejects.toMatchObject({
      name: 'ApiError',
      errorCode: 'general/unknown_error',
      status: 502,
      params: ['The API answered 502 Bad Gateway'],
      path: '/broken',
    });
  });

  it('reports an unreachable API as an ApiError with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    await expect(apiGet('/config', { baseUrl: `http://127.0.0.1:${port}` })).rejects.toMatchObject({
      errorCode: API_UNREACHABLE,
      status: 0,
    });
  });

  it('gives up on an API that does not answer in time', async () => {
    await expect(apiGet('/slow', { baseUrl, timeoutMs: 50 })).rejects.toMatchObject({
      errorCode: API_UNREACHABLE,
      status: 0,
    });
  });
});

describe('apiBaseUrl and apiUrl', () => {
  it('reads API_URL, defaulting to localhost:4000', () => {
    expect(apiBaseUrl({})).toBe('http://localhost:4000');
    expect(apiBaseUrl({ API_URL: '' })).toBe('http://localhost:4000');
    expect(apiBaseUrl({ API_URL: 'http://api.internal:8080/' })).toBe('http://api.internal:8080');
  });

  it('joins the base, the path and an encoded query', () => {
    expect(apiUrl('/product/search', { q: 'tea & cake', page: 2 }, 'http://api/v1/')).toBe(
      'http://api/v1/product/search?q=tea+%26+cake&page=2',
    );
  });
});

describe('errors of the server client shown with errorMessageFor (spec §8)', () => {
  it('a known errorCode gives the catalogue message', async () => {
    const error = await apiGet('/product/missing', { baseUrl }).catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('This product is not available');
    const limited = await apiGet('/rate-limited', { baseUrl }).catch((e: unknown) => e);
    expect(errorMessageFor(limited)).toBe('Too many requests, please wait a moment and try again');
  });

  it('an unreachable API (a code outside the catalogue) gives the error text', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await apiGet('/config', { baseUrl: `http://127.0.0.1:${port}` }).catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('The API could not be reached');
  });

  it("an answer without an envelope reads 'message <what happened>'", async () => {
    const error = await apiGet('/broken', { baseUrl }).catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('message The API answered 502 Bad Gateway');
  });
});
