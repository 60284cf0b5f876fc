import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, fillPath, type ApiClientOptions } from './client';

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * A fake fetch: `routes` maps "METHOD /path" to the answers it gives, in turn (the last one
 * repeats). Every call is recorded with its headers.
 */
function fakeFetch(routes: Record<string, Reply[]>) {
  const calls: { method: string; path: string; headers: Record<string, string>; body?: string }[] = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined });
    const queue = routes[`${method} ${path}`];
    if (!queue) throw new Error(`unexpected ${method} ${path}`);
    const reply = await (queue.length > 1 ? queue.shift()! : queue[0]!);
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status });
  });
  return { fetchFn, calls, count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length };
}

const expired = { status: 401, body: { errorCode: 'auth/invalid_access_token', error: 'expired', params: [] } };
const refreshFailed = { status: 401, body: { errorCode: 'auth/invalid_refresh_token', error: 'no', params: [] } };

function client(routes: Record<string, Reply[]>, options: Partial<ApiClientOptions> = {}) {
  const fake = fakeFetch(routes);
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    baseUrl: '/api',
    fetch: fake.fetchFn,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'token-1' : null),
    onSessionExpired,
    ...options,
  });
  return { api, onSessionExpired, ...fake };
}

/** A reply that arrives when `release` is called. */
function later(reply: { status: number; body?: unknown }) {
  let release = () => {};
  const promise = new Promise<{ status: number; body?: unknown }>((resolve) => (release = () => resolve(reply)));
  return { promise, release: () => release() };
}

describe('createApiClient: success and errors', () => {
  it('treats every 2xx as success: JSON body, and undefined for 204 or an empty body', async () => {
    const { api } = client({
      'GET /config': [{ status: 200, body: { a: 1 } }],
      'POST /address': [{ status: 201, body: { b: 2 } }],
      'DELETE /cart/c1': [{ status: 204 }],
      'PUT /cart/d1': [{ status: 299 }],
    });
    await expect(api.get('/config')).resolves.toEqual({ a: 1 });
    await expect(api.post('/address', { body: { city: 'x' } })).resolves.toEqual({ b: 2 });
    await expect(api.delete('/cart/:id', { params: { id: 'c1' } })).resolves.toBeUndefined();
    await expect(api.put('/cart/:id', { params: { id: 'd1' }, body: {} })).resolves.toBeUndefined();
  });

  it('rejects anything else with the envelope and the status', async () => {
    const { api } = client({
      'POST /auth/register': [
        { status: 400, body: { errorCode: 'user/invalid_email', error: 'Invalid email', params: [{ field: 'email' }] } },
      ],
      'GET /banner': [{ status: 302 }],
    });
    const error = await api.post('/auth/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorCode: 'user/invalid_email', error: 'Invalid email', params: [{ field: 'email' }] });
    await expect(api.get('/banner')).rejects.toMatchObject({ status: 302, errorCode: 'general/unknown_error' });
  });

  it('sends credentials, JSON and the query', async () => {
    const { api, fetchFn } = client({ 'GET /product/search': [{ status: 200, body: {} }], 'POST /wishlist': [{ status: 200, body: {} }] });
    await api.get('/product/search', { query: { q: 'tea & cake', page: 2, category: undefined, merchant: null } });
    await api.post('/wishlist', { body: { productId: 'a1' } });
    expect(fetchFn.mock.calls[0]![0]).toBe('/api/product/search?q=tea+%26+cake&page=2');
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(fetchFn.mock.calls[1]![1]).toMatchObject({
      method: 'POST',
      body: '{"productId":"a1"}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('sends a file (POST /admin/image) as it is, with its own type', async () => {
    const { api, fetchFn } = client({ 'POST /admin/image': [{ status: 201, body: { image: 'products/x.webp' } }] });
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await api.post('/admin/image', { body: file })).toEqual({ image: 'products/x.webp' });
    await api.post('/admin/image', { body: new Uint8Array([1, 2]) });
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ body: file, headers: { 'content-type': 'image/png', 'x-xsrf-token': 'token-1' } });
    expect(fetchFn.mock.calls[1]![1]).toMatchObject({ headers: { 'content-type': 'application/octet-stream' } });
  });

  it('has no timeout: a slow answer is waited for', async () => {
    vi.useFakeTimers();
    try {
      const slow = later({ status: 200, body: { ok: true } });
      const { api } = client({ 'GET /config': [slow.promise] });
      const result = api.get('/config');
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      slow.release();
      await expect(result).resolves.toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createApiClient: anti-forgery header', () => {
  it('echoes the XSRF-TOKEN cookie on POST, PUT and DELETE, not on GET', async () => {
    const { api, calls } = client({
      'GET /address': [{ status: 200 }],
      'POST /address/a1/main': [{ status: 200 }],
      'PUT /address/a1': [{ status: 200 }],
      'DELETE /address/a1': [{ status: 200 }],
    });
    const params = { id: 'a1' };
    await api.get('/address');
    await api.post('/address/:id/main', { params });
    await api.put('/address/:id', { params, body: {} });
    await api.delete('/address/:id', { params });
    expect(calls.map((c) => c.headers['x-xsrf-token'])).toEqual([undefined, 'token-1', 'token-1', 'token-1']);
  });

  it('on HTTPS echoes __Host-XSRF-TOKEN, the name the API then reads, before any plain XSRF-TOKEN', async () => {
    const cookies: Record<string, string> = { '__Host-XSRF-TOKEN': 'secure-1', 'XSRF-TOKEN': 'planted' };
    const { api, calls } = client({ 'POST /tfa/setup': [{ status: 200 }] }, { readCookie: (name) => cookies[name] ?? null });
    await api.post('/tfa/setup');
    expect(calls[0]!.headers['x-xsrf-token']).toBe('secure-1');
  });

  it('without the cookie yet, first GETs /ping (once for concurrent calls) and then sends the cookie it set', async () => {
    let cookie: string | null = null;
    const ping = later({ status: 200, body: { ok: true } });
    const { api, calls, count } = client(
      { 'GET /ping': [ping.promise], 'POST /cart': [{ status: 200, body: {} }] },
      { readCookie: () => cookie },
    );
    const calls2 = [api.post('/cart', { body: {} }), api.post('/cart', { body: {} })];
    await Promise.resolve();
    cookie = 'fresh'; // what the ping's Set-Cookie does in a browser
    ping.release();
    await Promise.all(calls2);
    expect(count('GET /ping')).toBe(1);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers['x-xsrf-token'])).toEqual(['fresh', 'fresh']);
  });
});

describe('createApiClient: 401 -> one shared refresh -> retry once (rules: state.md "Session refresh")', () => {
  it('concurrent 401s make exactly one refresh, and every call retries after it', async () => {
    const refresh = later({ status: 200, body: { ok: true } });
    const { api, count } = client({
      'GET /auth/me': [expired, { status: 200, body: { signedIn: true } }],
      'GET /cart': [expired, { status: 200, body: { cartItems: [] } }],
      'POST /wishlist': [expired, { status: 200, body: { ok: true } }],
      'POST /auth/refreshAccessToken': [refresh.promise],
    });
    const results = Promise.all([api.get('/auth/me'), api.get('/cart'), api.post('/wishlist', { body: { productId: 'p' } })]);
    await vi.waitFor(() => expect(count('POST /auth/refreshAccessToken')).toBe(1));
    refresh.release();
    await expect(results).resolves.toEqual([{ signedIn: true }, { cartItems: [] }, { ok: true }]);
    expect(count('POST /auth/refreshAccessToken')).toBe(1);
    expect(count('GET /auth/me')).toBe(2);
    expect(count('GET /cart')).toBe(2);
  });

  it('a 401 arriving after the refresh has finished (sent with the old token) retries without a second refresh', async () => {
    const slow401 = later(expired);
    const { api, count } = client({
      'GET /cart': [expired, { status: 200, body: 'fast' }],
      'GET /wishlist': [slow401.promise, { status: 200, body: 'slow' }],
      'POST /auth/refreshAccessToken': [{ status: 200, body: { ok: true } }],
    });
    const slow = api.get('/wishlist');
    await expect(api.get('/cart')).resolves.toBe('fast');
    slow401.release();
    await expect(slow).resolves.toBe('slow');
    expect(count('POST /auth/refreshAccessToken')).toBe(1);
  });

  it('retries only once: a second 401 rejects without another refresh', async () => {
    const { api, count, onSessionExpired } = client({
      'GET /cart': [expired],
      'POST /auth/refreshAccessToken': [{ status: 200, body: { ok: true } }],
    });
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 401 });
    expect(count('GET /cart')).toBe(2);
    expect(count('POST /auth/refreshAccessToken')).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a failed refresh calls onSessionExpired once and every waiting call rejects with its 401', async () => {
    const { api, count, onSessionExpired } = client({
      'GET /auth/me': [expired],
      'GET /cart': [expired],
      'POST /auth/refreshAccessToken': [refreshFailed],
    });
    const results = await Promise.allSettled([api.get('/auth/me'), api.get('/cart')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401, errorCode: 'auth/invalid_access_token' });
    expect(count('POST /auth/refreshAccessToken')).toBe(1);
    expect(count('GET /cart')).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for login or for the refresh call itself', async () => {
    const { api, count, onSessionExpired } = client({
      'POST /auth/login': [{ status: 401, body: { errorCode: 'auth/not_authorized', error: 'x', params: [] } }],
      'POST /auth/refreshAccessToken': [refreshFailed],
    });
    await expect(api.post('/auth/login', { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/auth/refreshAccessToken')).rejects.toMatchObject({ status: 401 });
    expect(count('POST /auth/refreshAccessToken')).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('other failures are not retried', async () => {
    const { api, count } = client({ 'GET /cart': [{ status: 403, body: { errorCode: 'auth/tfa_not_verified', error: 'x', params: [] } }] });
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 403 });
    expect(count('GET /cart')).toBe(1);
  });

  it('a later 401 after a successful refresh starts a new refresh', async () => {
    const { api, count } = client({
      'GET /cart': [expired, { status: 200, body: 1 }, expired, { status: 200, body: 2 }],
      'POST /auth/refreshAccessToken': [{ status: 200, body: { ok: true } }],
    });
    await expect(api.get('/cart')).resolves.toBe(1);
    await expect(api.get('/cart')).resolves.toBe(2);
    expect(count('POST /auth/refreshAccessToken')).toBe(2);
  });
});

describe('createApiClient: no answer', () => {
  it("a network failure rejects with status 0; the caller's abort passes through", async () => {
    const api = createApiClient({
      baseUrl: '/api',
      fetch: vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new DOMException('stop', 'AbortError')),
    });
    await expect(api.get('/config')).rejects.toMatchObject({ status: 0, errorCode: 'general/api_unreachable', params: ['/config'] });
    const caller = new AbortController();
    caller.abort();
    await expect(api.get('/config', { signal: caller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('with timeoutMs, an answer that does not come in time rejects with status 0', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      timeoutMs: 50,
      // Never answers: only the signal it was given ends it.
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
    });
    vi.useFakeTimers();
    try {
      const answer = api.get('/config').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(50);
      expect(await answer).toMatchObject({
        status: 0,
        errorCode: 'general/api_unreachable',
        error: 'The shop did not answer within 50 ms',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('with refreshSessions off, a 401 rejects without a refresh', async () => {
    const { api, count } = client({ 'GET /auth/me': [expired] }, { refreshSessions: false });
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(count('POST /auth/refreshAccessToken')).toBe(0);
  });
});

describe('fillPath', () => {
  it('fills each :param URL-encoded and refuses a missing one', () => {
    expect(fillPath('/address/:id/main', { id: 'a b/c' })).toBe('/address/a%20b%2Fc/main');
    expect(() => fillPath('/cart/:id', {})).toThrow(/no value for :id/);
  });
});

describe('typed calls', () => {
  it('takes its paths, parameters and bodies from the endpoint list (checked by the type checker)', () => {
    const api = createApiClient({ baseUrl: '/api', fetch: vi.fn() });
    const wrongCalls = () => {
      // @ts-expect-error: not a path of the API
      void api.get('/nope');
      // @ts-expect-error: the path needs its :id
      void api.put('/cart/:id', { body: { quantity: 1 } });
      // @ts-expect-error: a quantity is a number or a digit string
      void api.post('/cart', { body: { productId: 'p', quantity: true } });
      // @ts-expect-error: GET /cart takes no body
      void api.get('/cart', { body: {} });
    };
    expect(wrongCalls).toBeTypeOf('function');
  });
});
