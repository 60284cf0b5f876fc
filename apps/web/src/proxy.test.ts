import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiProxyTarget, config, proxy } from './proxy';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A request from a returning visitor (it has its visitor cookie) unless `newVisitor`. */
function request(path: string, init: { headers?: Record<string, string>; newVisitor?: boolean } = {}) {
  const headers = { ...init.headers };
  if (!init.newVisitor) headers.cookie = [headers.cookie, 'kedai_vid=returning'].filter(Boolean).join('; ');
  return new NextRequest(new URL(path, 'http://shop.test'), { headers });
}

/** The request headers Next passes on to the render (`x-middleware-request-*`). */
function forwardedHeader(response: Response, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name}`);
}

describe('the visitor cookie', () => {
  it('gives a first visit its visitor id before the render, and remembers it in the browser', () => {
    const response = proxy(request('/product/kopi', { newVisitor: true }));
    const id = forwardedHeader(response, 'cookie')?.match(/kedai_vid=([0-9a-f-]{36})/)?.[1];
    expect(id).toBeDefined();
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`kedai_vid=${id}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  it('keeps the id of a returning visitor, also on API calls', () => {
    for (const path of ['/product/kopi', '/api/product/recently_viewed']) {
      const response = proxy(request(path));
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(forwardedHeader(response, 'cookie')).toContain('kedai_vid=returning');
    }
  });
});

describe('the assets host on the storefront origin', () => {
  it('forwards /assets/<file> to the API at run time, and nothing else that merely starts alike', () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:4101');
    expect(proxy(request('/assets/products/kettle_thumb.svg')).headers.get('x-middleware-rewrite')).toBe(
      'http://127.0.0.1:4101/assets/products/kettle_thumb.svg',
    );
    expect(proxy(request('/assetsy')).headers.get('x-middleware-rewrite')).toBeNull();
  });
});

describe('the /api proxy', () => {
  it('maps /api/<path>?<query> to API_URL/<path>?<query>', () => {
    expect(apiProxyTarget('/api/product/search', '?q=lapton', 'http://api.internal:4000/')?.toString()).toBe(
      'http://api.internal:4000/product/search?q=lapton',
    );
    expect(apiProxyTarget('/api', '', 'http://api:1')?.toString()).toBe('http://api:1/');
    expect(apiProxyTarget('/apiary', '', 'http://api:1')).toBeNull();
    expect(apiProxyTarget('/search', '', 'http://api:1')).toBeNull();
  });

  it('reads API_URL when the request is served', () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:4101');
    const first = proxy(request('/api/config'));
    expect(first.headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:4101/config');
    vi.stubEnv('API_URL', 'http://api.elsewhere:9000');
    const second = proxy(request('/api/product/search?q=tea&page=2'));
    expect(second.headers.get('x-middleware-rewrite')).toBe('http://api.elsewhere:9000/product/search?q=tea&page=2');
  });

  it("passes on the client address the web server saw, marked as forwarded so the API's loopback-only routes refuse it", () => {
    // scripts/web-server.mjs has already replaced the browser's X-Forwarded-For with the socket's peer.
    const response = proxy(request('/api/auth/login', { headers: { 'x-forwarded-for': '203.0.113.9' } }));
    expect(forwardedHeader(response, 'x-forwarded-for')).toBe('203.0.113.9');
    expect(forwardedHeader(response, 'via')).toBe('1.1 kedai-storefront');
    const behindFront = proxy(request('/assets/products/kettle_thumb.svg', { headers: { via: '1.1 front' } }));
    expect(forwardedHeader(behindFront, 'via')).toBe('1.1 front, 1.1 kedai-storefront');
    // Pages are rendered here, not forwarded.
    expect(forwardedHeader(proxy(request('/search?q=x')), 'via')).toBeNull();
  });

  it('does not pass on a country header sent by the browser', () => {
    const response = proxy(request('/api/config', { headers: { 'x-kedai-country': 'SG', cookie: 'kedai_vid=1' }, newVisitor: true }));
    expect(forwardedHeader(response, 'x-kedai-country')).toBeNull();
    expect(forwardedHeader(response, 'cookie')).toBe('kedai_vid=1');
  });
});

describe('the country prefix', () => {
  it('rewrites /sg/… to /… and passes the country on in a header, the request cookies and a cookie', () => {
    const response = proxy(request('/sg/product/kopi?variant=0'));
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://shop.test/product/kopi?variant=0');
    expect(forwardedHeader(response, 'x-kedai-country')).toBe('SG');
    expect(forwardedHeader(response, 'cookie')).toContain('kedai_country=SG');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('kedai_country=SG');
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('rewrites the bare prefix to the home page', () => {
    expect(proxy(request('/my')).headers.get('x-middleware-rewrite')).toBe('http://shop.test/');
    expect(proxy(request('/MY/')).headers.get('x-middleware-rewrite')).toBe('http://shop.test/');
  });

  it('redirects /path/ to /path, keeping the query, but not a bare country prefix', () => {
    const response = proxy(request('/search/?q=tea'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://shop.test/search?q=tea');
    const prefixed = proxy(request('/sg/product/kopi/'));
    expect(prefixed.status).toBe(308);
    expect(prefixed.headers.get('location')).toBe('http://shop.test/sg/product/kopi');
    expect(proxy(request('/sg/')).headers.get('x-middleware-rewrite')).toBe('http://shop.test/');
    expect(proxy(request('/api/product/search/')).headers.get('x-middleware-rewrite')).toMatch(/\/product\/search\/$/);
  });

  it('sets no cookie when the browser already has the same country', () => {
    const response = proxy(request('/sg/', { headers: { cookie: 'kedai_country=SG' } }));
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(forwardedHeader(response, 'x-kedai-country')).toBe('SG');
  });

  it('lets unknown codes and other paths through unchanged', () => {
    for (const path of ['/zz/search', '/search?q=x', '/product/kopi', '/', '/eu']) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-rewrite')).toBeNull();
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('drops a country header sent by the browser on other paths', () => {
    const response = proxy(request('/search', { headers: { 'x-kedai-country': 'SG' } }));
    expect(forwardedHeader(response, 'x-kedai-country')).toBeNull();
  });

  it("skips Next's static files", () => {
    const matcher = new RegExp(`^${config.matcher[0]!}$`);
    expect(matcher.test('/_next/static/chunks/main.js')).toBe(false);
    expect(matcher.test('/icon.svg')).toBe(false);
    expect(matcher.test('/sg/product/x')).toBe(true);
    expect(matcher.test('/api/config')).toBe(true);
  });
});

describe('the development routes of the API', () => {
  it('are never forwarded: /api/dev/… answers a 404 envelope from the storefront itself', async () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:4101');
    for (const path of [
      '/api/dev/outbox?to=a@b.co',
      '/api/dev',
      '/api//dev/outbox',
      '/api/DEV/outbox',
      '/api/%64ev/outbox',
      '/api/dev%2Foutbox',
    ]) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode: 'general/not_found', params: [expect.stringMatching(/\/(dev|%64ev)/i)] });
    }
    // Paths that merely start alike are still API calls.
    expect(proxy(request('/api/developers')).headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:4101/developers');
  });
});

describe('the API reference', () => {
  it('is never forwarded: /api/docs… answers a 404 envelope from the storefront itself (it lists every /admin route)', async () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:4101');
    for (const path of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
      '/api//docs/json',
      '/api/DOCS/json',
      '/api/%64ocs/json',
      '/api/docs%2Fjson',
    ]) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode: 'general/not_found', params: [expect.stringMatching(/\/(docs|%64ocs)/i)] });
    }
    // Paths that merely start alike are still API calls.
    expect(proxy(request('/api/docsearch')).headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:4101/docsearch');
  });
});

describe('security headers of pages', () => {
  const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';

  it('answers every page with a nonce policy, and hands the same nonce to the render', () => {
    for (const path of ['/', '/product/kopi', '/sg/search?q=kopi']) {
      const response = proxy(request(path));
      const policy = policyOf(response);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeDefined();
      expect(forwardedHeader(response, 'content-security-policy')).toBe(policy);
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives each answer its own nonce', () => {
    const a = policyOf(proxy(request('/')));
    const b = policyOf(proxy(request('/')));
    expect(a).not.toBe(b);
  });

  it('sends HSTS only in production over HTTPS', () => {
    expect(proxy(request('/')).headers.get('strict-transport-security')).toBeNull();
    vi.stubEnv('NODE_ENV', 'production');
    expect(proxy(request('/')).headers.get('strict-transport-security')).toBeNull();
    const https = proxy(request('/', { headers: { 'x-forwarded-proto': 'https' } }));
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('allows images from the assets host when it is another origin, and from any https host (external products)', () => {
    expect(policyOf(proxy(request('/')))).toContain("img-src 'self' data: blob: https:;");
    vi.stubEnv('ASSETS_URL', 'http://assets.local:8080/assets');
    expect(policyOf(proxy(request('/')))).toContain("img-src 'self' data: blob: https: http://assets.local:8080;");
  });
});
