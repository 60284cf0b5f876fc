/**
 * The web server's proxy (Next 16's name for middleware; decision 0005), run per request:
 *
 * 1. `/api/<path>` is forwarded to `${API_URL}/<path>` (query kept), and `/assets/<file>` to the
 *    API's assets host `${API_URL}/assets/<file>`. `API_URL` is read when the
 *    request is served, not when the app is built, so one build runs against any API. Browsers
 *    thus talk to the API on the web origin: its cookies (sessions, XSRF-TOKEN) are first-party.
 * 2. A first path segment that is a two-letter country code (`/sg/product/x`) is removed
 *    (rewrite to `/product/x`); the country goes to this render in the `x-kedai-country` request
 *    header (and the request's cookies), and to later requests in the `kedai_country` cookie.
 *    Anything else — including two letters that are no country — continues unchanged (and ends
 *    in the normal route or its 404).
 * 3. Trailing slashes: `/path/` is redirected to `/path` (308), except a bare country prefix
 *    (`/sg/`), which renders the home page like `/sg`.
 * 4. Pages get the security headers (lib/security-headers.ts): a Content-Security-Policy with a
 *    nonce per response, which Next puts on its own scripts, and nosniff, Referrer-Policy, HSTS.
 * 5. The API's development routes (`/api/dev/…`, the mail outbox) and its reference (`/api/docs…`,
 *    which lists every back-office route; issue 27) are never forwarded: they are for a developer
 *    on the API's own address only. Every forwarded call carries `Via`, so the API
 *    knows it was forwarded although it comes from loopback.
 * 6. The client address: `X-Forwarded-For` reaches this proxy already set by the web server
 *    (scripts/web-server.mjs, the only place that sees the socket) to the address it really saw,
 *    and is passed on as it is. A proxy cannot learn the peer address itself in Next 16.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { ERROR_MESSAGES, formatErrorMessage } from '@kedai/domain';
import { apiBaseUrl } from './lib/api-url';
import { contentSecurityPolicy, newNonce, originOf, pageSecurityHeaders } from './lib/security-headers';
import { COUNTRY_COOKIE, COUNTRY_HEADER, PREFERENCE_COOKIE_MAX_AGE, splitCountryPrefix } from './features/region/country';

export const API_PREFIX = '/api';
/** The API's assets host, served on the storefront's origin too (the default `assets_url`). */
export const ASSETS_PREFIX = '/assets';

/** `/api/product/search?q=x` -> `${API_URL}/product/search?q=x`; null for other paths. */
export function apiProxyTarget(pathname: string, search: string, baseUrl: string = apiBaseUrl()): URL | null {
  if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return null;
  const rest = pathname.slice(API_PREFIX.length) || '/';
  return new URL(`${baseUrl.replace(/\/+$/, '')}${rest}${search}`);
}

/** The anonymous visitor cookie the API keys recently viewed products by. */
export const VISITOR_COOKIE = 'kedai_vid';
const VISITOR_MAX_AGE = 365 * 24 * 60 * 60;

export function proxy(request: NextRequest): NextResponse {
  // A first visit gets its visitor id here, before the page renders, so the page's first calls from
  // the browser (a product page recording its view, say) already count for the visitor.
  const newVisitor = request.cookies.has(VISITOR_COOKIE) ? null : crypto.randomUUID();
  if (newVisitor) request.cookies.set(VISITOR_COOKIE, newVisitor);
  const response = route(request);
  if (newVisitor) {
    response.cookies.set(VISITOR_COOKIE, newVisitor, {
      path: '/',
      httpOnly: true,
      maxAge: VISITOR_MAX_AGE,
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:',
    });
  }
  return response;
}

/** Request headers to pass on: the browser's, with our cookie changes and without its country header. */
function forwardedHeaders(request: NextRequest): Headers {
  const headers = new Headers(request.headers);
  headers.set('cookie', request.cookies.toString());
  headers.delete(COUNTRY_HEADER);
  return headers;
}

/** The hop this proxy adds to `Via` on the calls it forwards to the API. */
export const STOREFRONT_VIA = '1.1 kedai-storefront';

/**
 * Whether an `/api/…` path names one of the API's routes for developers only: the development
 * routes (`dev/…`) and the API reference (`docs`, `docs/json`, …). The API decodes `%64ev` too.
 */
export function isDeveloperRoute(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // not decodable: the API's router refuses it as well
  }
  return /^\/api\/+(dev|docs)(\/|$)/i.test(decoded);
}

/** The policy of one page answer, and the request headers that carry its nonce to Next's render. */
function pageHeaders(headers: Headers): string {
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    development: process.env.NODE_ENV === 'development',
    assetsOrigin: originOf(process.env.ASSETS_URL) ?? originOf(process.env.PUBLIC_API_URL),
  });
  headers.set('content-security-policy', policy);
  return policy;
}

function withSecurityHeaders(request: NextRequest, response: NextResponse, policy: string): NextResponse {
  response.headers.set('Content-Security-Policy', policy);
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  for (const [name, value] of Object.entries(pageSecurityHeaders({ https, production: process.env.NODE_ENV === 'production' }))) {
    response.headers.set(name, value);
  }
  return response;
}

function route(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;

  if (isDeveloperRoute(pathname)) {
    const params = [`${request.method} ${pathname}`];
    const body = { errorCode: 'general/not_found', error: formatErrorMessage(ERROR_MESSAGES['general/not_found'], params), params };
    return NextResponse.json(body, { status: 404 });
  }
  const target =
    apiProxyTarget(pathname, search) ??
    (pathname.startsWith(`${ASSETS_PREFIX}/`) ? new URL(`${apiBaseUrl().replace(/\/+$/, '')}${pathname}`) : null);
  if (target) {
    // The country header is ours to set; a browser's own is not passed on.
    const headers = forwardedHeaders(request);
    headers.set('via', [request.headers.get('via'), STOREFRONT_VIA].filter(Boolean).join(', '));
    return NextResponse.rewrite(target, { request: { headers } });
  }

  const { country, path } = splitCountryPrefix(pathname);

  // `skipTrailingSlashRedirect` (next.config.ts) leaves trailing slashes to us, so that the home page
  // of a country answers at `/sg/` as well as `/sg`. Every other `/path/` goes to `/path`, as Next
  // would do by default.
  if (pathname.length > 1 && pathname.endsWith('/') && !(country && path === '/')) {
    // A plain URL: NextURL would put the trailing slash back when formatting.
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    return NextResponse.redirect(url, 308);
  }

  if (!country) {
    const headers = forwardedHeaders(request);
    const policy = pageHeaders(headers);
    return withSecurityHeaders(request, NextResponse.next({ request: { headers } }), policy);
  }

  const previous = request.cookies.get(COUNTRY_COOKIE)?.value;
  request.cookies.set(COUNTRY_COOKIE, country); // so `cookies()` in this render agrees
  const headers = forwardedHeaders(request);
  headers.set(COUNTRY_HEADER, country);
  const policy = pageHeaders(headers);
  const url = request.nextUrl.clone();
  url.pathname = path;
  const response = withSecurityHeaders(request, NextResponse.rewrite(url, { request: { headers } }), policy);
  if (previous !== country) {
    response.cookies.set(COUNTRY_COOKIE, country, {
      path: '/',
      maxAge: PREFERENCE_COOKIE_MAX_AGE,
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:',
    });
  }
  return response;
}

export const config = {
  // Everything but Next's own assets and the files of `app/` served as they are.
  matcher: ['/((?!_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml).*)'],
};
