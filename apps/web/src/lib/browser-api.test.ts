import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorMessage, browserApi, isApiError, onSessionExpired } from './browser-api';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = '') {
  return new Response(body, { status, statusText, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browserApi: reads', () => {
  it('calls the same-origin /api proxy with credentials and the query', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, JSON.stringify({ products: [] })));
    const result = await browserApi.get('/product/search', { query: { q: 'tea & cake', page: 2, sort: undefined, region: null } });
    expect(result).toEqual({ products: [] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/product/search?q=tea+%26+cake&page=2');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { accept: 'application/json' } });
  });

  it('rejects with a ApiError carrying the envelope and status', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, JSON.stringify({ errorCode: 'product/not_found', error: 'Product x is not found', params: ['x'] })),
    );
    const error = await browserApi.get('/product/one/:id', { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ errorCode: 'product/not_found', error: 'Product x is not found', params: ['x'], status: 404 });
    expect((error as ApiError).toEnvelope()).toEqual({
      errorCode: 'product/not_found',
      error: 'Product x is not found',
      params: ['x'],
    });
  });

  it('gives an answer without an envelope a generic one', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(browserApi.get('/config')).rejects.toMatchObject({
      errorCode: 'general/unknown_error',
      error: 'The shop answered 502 Bad Gateway',
      status: 502,
    });
  });

  it('reports a network failure with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(browserApi.get('/config')).rejects.toMatchObject({ errorCode: 'general/api_unreachable', status: 0 });
  });

  it("passes the caller's abort through unchanged", async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const caller = new AbortController();
    caller.abort();
    await expect(browserApi.get('/config', { signal: caller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('browserApi: writes', () => {
  it('sends JSON and echoes the XSRF-TOKEN cookie for unsafe methods', async () => {
    vi.stubGlobal('document', { cookie: 'kedai_vid=1; XSRF-TOKEN=abc%3D123' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(browserApi.post('/cart', { body: { productId: 'p' } })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cart');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"productId":"p"}',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'abc=123' },
    });
  });

  it('on HTTPS echoes the __Host-XSRF-TOKEN cookie (COOKIE_SECURE), before a plain one', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=planted; __Host-XSRF-TOKEN=sec%3D1' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await browserApi.post('/cart', { body: {} });
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ 'x-xsrf-token': 'sec=1' });
  });

  it('sends no XSRF header on GET', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc' });
    fetchMock.mockResolvedValueOnce(answer(200, '{}'));
    await browserApi.get('/cart');
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('x-xsrf-token');
  });

  it('fills path parameters, encoded', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc' });
    fetchMock.mockResolvedValueOnce(answer(200, '{}'));
    await browserApi.delete('/wishlist/:productId', { params: { productId: 'a/b c' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/wishlist/a%2Fb%20c');
  });
});

describe('session refresh through the proxy', () => {
  it('a 401 refreshes at /api/auth/refreshAccessToken; when that fails the session-expired handlers run', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t' });
    const expired = () => answer(401, JSON.stringify({ errorCode: 'auth/invalid_access_token', error: 'x', params: [] }));
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(answer(401, JSON.stringify({ errorCode: 'auth/invalid_refresh_token', error: 'x', params: [] })));
    const handler = vi.fn();
    const stop = onSessionExpired(handler);
    try {
      await expect(browserApi.post('/user/profile', { body: { firstName: 'A' } })).rejects.toMatchObject({ status: 401 });
    } finally {
      stop();
    }
    expect(fetchMock.mock.calls.map(([url, init]) => `${init!.method} ${url}`)).toEqual([
      'POST /api/user/profile',
      'POST /api/auth/refreshAccessToken',
    ]);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('apiErrorMessage (rules: errors.md)', () => {
  it('shows the catalogue message for a known errorCode, with its parameters', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, JSON.stringify({ errorCode: 'user/max_addresses_reached', error: 'Too many', params: [5] })),
    );
    const error = await browserApi.get('/address').catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe('You can keep up to 5 addresses. Delete one you no longer use to add another.');
  });

  it('shows the error text for an unknown code', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, JSON.stringify({ errorCode: 'shop/odd', error: 'Odd thing', params: [] })));
    expect(apiErrorMessage(await browserApi.get('/config').catch((e: unknown) => e))).toBe('Odd thing');
  });

  it("shows the network failure's text, and 'Unknown error' when there is nothing", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(apiErrorMessage(await browserApi.get('/config').catch((e: unknown) => e))).toBe(
      'The shop could not be reached. Check your connection.',
    );
    expect(apiErrorMessage(undefined)).toBe('Unknown error');
    expect(apiErrorMessage({})).toBe('Unknown error');
  });

  it('a bad answer reads as an error on our side (general/unknown_error, rules: errors.md)', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    expect(apiErrorMessage(await browserApi.get('/config').catch((e: unknown) => e))).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
  });
});
