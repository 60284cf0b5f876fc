import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessageFor } from '@kedai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiUrl } from '@kedai/contract/client';
import { API_UNREACHABLE, ApiError, createServerApi } from './api';
import { apiBaseUrl } from './api-url';

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
    case '/product/one/missing-thing':
      return send(
        res,
        404,
        JSON.stringify({ errorCode: 'product/not_found', error: 'Product missing-thing is not found', params: ['missing-thing'] }),
      );
    case '/banner':
      return send(res, 429, JSON.stringify({ errorCode: 'general/rate_limited', error: 'Slow down', params: [60] }));
    case '/popup':
      return send(res, 502, '<html>Bad gateway</html>', 'text/html');
    case '/merchant':
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

/** The server's client against the stand-in. */
const api = (options: { timeoutMs?: number; at?: string } = {}) =>
  createServerApi({ baseUrl: options.at ?? baseUrl, timeoutMs: options.timeoutMs });

/** The address of a port nothing listens on. */
async function closedPort(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('the server client', () => {
  it('returns the JSON body of a 2xx answer', async () => {
    const config = await api().get('/config');
    expect(config).toEqual({ shop_name: 'Kedai', default_region: 'SG' });
    expect(seen.at(-1)?.accept).toBe('application/json');
  });

  it('sends the query, leaving out empty values', async () => {
    const result = await api().get('/product/search', {
      query: { sort: 'newest', limit: 12, region: 'SG', q: undefined, category: null },
    });
    expect((result as unknown as { query: unknown }).query).toEqual({ sort: 'newest', limit: '12', region: 'SG' });
  });

  it('turns an error envelope into an ApiError carrying errorCode, error, params and status', async () => {
    const failure = await api()
      .get('/product/one/:id', { params: { id: 'missing-thing' } })
      .catch((error: unknown) => error);
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
    await expect(api().get('/banner')).rejects.toMatchObject({
      errorCode: 'general/rate_limited',
      params: [60],
      status: 429,
    });
  });

  it('gives a non-JSON error answer a generic envelope', async () => {
    await expect(api().get('/popup')).rejects.toMatchObject({
      name: 'ApiError',
      errorCode: 'general/unknown_error',
      status: 502,
      params: ['The API answered 502 Bad Gateway'],
      path: '/popup',
    });
  });

  it('reports an unreachable API as an ApiError with status 0', async () => {
    await expect(api({ at: await closedPort() }).get('/config')).rejects.toMatchObject({
      errorCode: API_UNREACHABLE,
      status: 0,
    });
  });

  it('gives up on an API that does not answer in time', async () => {
    await expect(api({ timeoutMs: 50 }).get('/merchant')).rejects.toMatchObject({
      errorCode: API_UNREACHABLE,
      status: 0,
    });
  });
});

describe('apiBaseUrl and the URL of a call', () => {
  it('reads API_URL, defaulting to localhost:4000', () => {
    expect(apiBaseUrl({})).toBe('http://localhost:4000');
    expect(apiBaseUrl({ API_URL: '' })).toBe('http://localhost:4000');
    expect(apiBaseUrl({ API_URL: 'http://api.internal:8080/' })).toBe('http://api.internal:8080');
  });

  it('joins the base, the path and an encoded query', () => {
    expect(buildApiUrl('http://api/v1/', '/product/search', { q: 'tea & cake', page: 2 })).toBe(
      'http://api/v1/product/search?q=tea+%26+cake&page=2',
    );
  });
});

describe('errors of the server client shown with errorMessageFor (rules: errors.md)', () => {
  it('a known errorCode gives the catalogue message', async () => {
    const error = await api()
      .get('/product/one/:id', { params: { id: 'missing-thing' } })
      .catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('This product is not available.');
    const limited = await api()
      .get('/banner')
      .catch((e: unknown) => e);
    expect(errorMessageFor(limited)).toBe('Too many tries in a short time. Please wait a moment and try again.');
  });

  it('an unreachable API (a code outside the catalogue) gives the error text', async () => {
    const error = await api({ at: await closedPort() })
      .get('/config')
      .catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('The API could not be reached');
  });

  it('an answer without an envelope reads as an error on our side', async () => {
    const error = await api()
      .get('/popup')
      .catch((e: unknown) => e);
    expect(errorMessageFor(error)).toBe('Something went wrong on our side. Please try again in a moment.');
  });
});
