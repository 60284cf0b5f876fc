/**
 * The storefront's security headers, set by the proxy (src/proxy.ts) on every page.
 *
 * The Content-Security-Policy allows scripts only with this response's nonce ('strict-dynamic'
 * lets those load Next's chunks); Next reads the nonce from the request's CSP header and puts it on
 * its own scripts. Every page is rendered per request already (the region comes from cookies), so
 * nonces cost no static rendering. Origins a feature needs are added in THIRD_PARTY, in one place.
 */

/**
 * Stripe.js (issue 17; decision 0019), as Stripe's security guide lists it: its script from
 * js.stripe.com (and its *.js.stripe.com hosts), its frames (the Payment Element, 3-D Secure) from
 * those and hooks.stripe.com, its calls to api.stripe.com. On every page rather than only the order page or only when Stripe is
 * on: a policy belongs to the document, so a shopper who reaches `/orders/<id>` by a link inside the
 * storefront (no new document) keeps the policy of the page they came from; and the storefront does
 * not know the API's payment provider when it answers. Nothing loads from these origins unless the
 * order page loads Stripe.js, and under 'strict-dynamic' the script origin serves only browsers older
 * than CSP 3 (newer ones run Stripe.js because the nonced bundle adds it).
 */
const THIRD_PARTY: { script: string[]; frame: string[]; connect: string[] } = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export interface CspOptions {
  nonce: string;
  /** `next dev` needs eval (React's refresh) and a websocket for hot reload. */
  development: boolean;
  /** Origin of the images host when it is not the storefront (ASSETS_URL on a CDN). */
  assetsOrigin?: string | undefined;
}

export function contentSecurityPolicy({ nonce, development, assetsOrigin }: CspOptions): string {
  const list = (...sources: (string | undefined | false)[]) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, development && `'unsafe-eval'`, ...THIRD_PARTY.script)}`,
    // React writes style attributes; styles cannot run code, so inline ones stay allowed.
    `style-src 'self' 'unsafe-inline'`,
    // Product images may be absolute URLs on other shops' hosts (assetUrl keeps them); images run no code.
    `img-src ${list(`'self'`, 'data:', 'blob:', 'https:', assetsOrigin)}`,
    `font-src 'self' data:`,
    `connect-src ${list(`'self'`, development && 'ws:', ...THIRD_PARTY.connect)}`,
    `frame-src ${list(`'self'`, ...THIRD_PARTY.frame)}`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ].join('; ');
}

/** A fresh nonce of 128 bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The origin of an absolute URL, or undefined for a path on this origin (or nonsense). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Headers every page answer carries besides the policy. HSTS only in production over HTTPS. */
export function pageSecurityHeaders(options: { https: boolean; production: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(options.https && options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
