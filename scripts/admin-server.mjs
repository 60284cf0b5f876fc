#!/usr/bin/env node
// The back office's production server (decision 0014): the static build of apps/admin (dist/) with
// the single-page app's fallback to index.html, and `/api/…` forwarded to the API exactly as the
// storefront forwards it (decision 0005): the browser's client-address headers replaced by the
// address this server saw (forwarded-for.mjs), `Via` added, `/api/dev/…` never forwarded; the live
// socket's upgrade on `/api/ws` to the API's `/ws` (forward-upgrade.mjs).
//
//   node scripts/admin-server.mjs [dir] [port]    (defaults: apps/admin/dist, $ADMIN_PORT or 3001)
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { setForwardedFor } from './forwarded-for.mjs';
import { forwardUpgrade } from './forward-upgrade.mjs';
import { createHealth, drainOnSignals } from './health.mjs';

const TYPES = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=UTF-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
export const ADMIN_VIA = '1.1 kedai-admin';

/**
 * The policy of every answer: scripts and styles only from this origin (the build has no inline
 * script and the app writes no style attribute), images also as data: URLs (the two-factor QR code),
 * API calls only to this origin, never framed.
 *
 * Images are also allowed from any `https:` address: the quotation queue (issue 15) shows the
 * pictures of a product on another marketplace, which the shopper's link names and which live on
 * that marketplace's own hosts (any of them, not known in advance). An image cannot run script, and
 * the back office loads them with `referrerpolicy="no-referrer"`, so the marketplace learns nothing
 * of the back office's addresses; scripts, styles, frames and API calls stay on this origin. Plain
 * `http:` pictures stay blocked (mixed content over HTTPS); the page links them instead.
 */
/** The origin of the assets host when images come from elsewhere (a CDN), so their thumbnails show. */
function assetsOrigin() {
  for (const url of [process.env.ASSETS_URL, process.env.PUBLIC_API_URL]) {
    try {
      if (url) return new URL(url).origin;
    } catch {
      // not a URL: the API refuses it at start anyway
    }
  }
  return '';
}

export const ADMIN_CSP = [
  `default-src 'self'`,
  `script-src 'self'`,
  `style-src 'self'`,
  `img-src 'self' data: https:${assetsOrigin() ? ` ${assetsOrigin()}` : ''}`,
  `font-src 'self'`,
  `connect-src 'self'`,
  `frame-src 'none'`,
  `frame-ancestors 'none'`,
  `object-src 'none'`,
  `base-uri 'none'`,
  `form-action 'self'`,
].join('; ');

/** Headers every answer of this server carries besides its own (HSTS only in production over HTTPS). */
export function securityHeaders({ https = false, production = false } = {}) {
  return {
    'Content-Security-Policy': ADMIN_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'X-Robots-Tag': 'noindex, nofollow',
    ...(https && production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Whether a path names the API's development routes (the API decodes `%64ev` too), as apps/web/src/proxy.ts. */
export function isDevRoute(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // not decodable: the API's router refuses it as well
  }
  return /^\/api\/+dev(\/|$)/i.test(decoded);
}

/** `/api/x?y` -> `${apiUrl}/x?y`, or null for other paths. */
export function apiTarget(url, apiUrl) {
  const [pathname] = url.split('?');
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return null;
  return new URL(`${apiUrl.replace(/\/+$/, '')}${url.slice(4) || '/'}`);
}

/** The file of dist a URL path names, or null when it leaves dist or cannot be decoded. */
export function distFile(dist, pathname) {
  let relative;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const file = resolve(dist, `.${relative}`);
  return file === dist || file.startsWith(dist + sep) ? file : null;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's own and are not passed on.
const HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization'];

function envelope(res, status, errorCode, error, params, headers) {
  const body = JSON.stringify({ errorCode, error, params });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * The server. `dist`: the build; `apiUrl`: where `/api/…` goes; `trustFront`: keep a TLS proxy's
 * `X-Forwarded-For` chain (WEB_TRUST_PROXY); `timeoutMs`: how long to wait for the API.
 */
export function createAdminServer({ dist, apiUrl, trustFront = false, timeoutMs = 10_000, production = false, health = createHealth() }) {
  const root = resolve(dist);
  /** file -> Promise of { raw, br, gzip, type } (null when missing); hashed assets never change. */
  const cache = new Map();
  const compressBr = promisify(brotliCompress);
  const compressGzip = promisify(gzip);

  async function load(file) {
    let entry = cache.get(file);
    if (!entry) {
      entry = (async () => {
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return null;
        const raw = await readFile(file);
        const ext = extname(file);
        const squeeze = COMPRESSIBLE.has(ext) && raw.length > 512;
        return {
          raw,
          type: TYPES[ext] ?? 'application/octet-stream',
          br: squeeze ? await compressBr(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
          gzip: squeeze ? await compressGzip(raw, { level: 9 }) : null,
        };
      })();
      // index.html is read again after a rebuild; hashed assets are kept.
      if (file.includes(`${sep}assets${sep}`)) cache.set(file, entry);
    }
    return entry;
  }

  function forward(req, res, target, https) {
    const headers = { ...req.headers };
    for (const name of HOP) delete headers[name];
    headers.host = target.host;
    headers.via = [req.headers.via, ADMIN_VIA].filter(Boolean).join(', ');
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(target, { method: req.method, headers, timeout: timeoutMs }, (answer) => {
      const out = { ...answer.headers };
      for (const name of HOP) delete out[name];
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    const fail = (message) => {
      if (res.headersSent) return res.destroy();
      const error = `The API could not be reached: ${message}`;
      envelope(res, 502, 'general/unknown_error', error, [error], securityHeaders({ https, production }));
    };
    upstream.on('timeout', () => upstream.destroy(new Error('no answer in time')));
    upstream.on('error', (error) => fail(error.message));
    req.pipe(upstream);
  }

  async function serveFile(req, res, pathname, https) {
    const isAsset = pathname.startsWith('/assets/');
    let file = distFile(root, pathname);
    let entry = file && !file.endsWith(sep) ? await load(file) : null;
    // The single-page app's own addresses (`/products/…`) are all index.html; a missing asset is a 404.
    if (!entry && !isAsset && !extname(pathname)) {
      file = join(root, 'index.html');
      entry = await load(file);
    }
    const headers = securityHeaders({ https, production });
    if (!entry) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-store' });
      return res.end('Not found');
    }
    const accepts = req.headers['accept-encoding'] ?? '';
    const [body, encoding] =
      entry.br && /\bbr\b/.test(accepts)
        ? [entry.br, 'br']
        : entry.gzip && /\bgzip\b/.test(accepts)
          ? [entry.gzip, 'gzip']
          : [entry.raw, null];
    res.writeHead(200, {
      ...headers,
      'Content-Type': entry.type,
      'Content-Length': body.length,
      // Hashed file names change with their content; index.html names the current ones.
      'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    // Its probes (scripts/health.mjs): ready while not draining; it serves its files without the API.
    if (health.answer(req, res)) return;
    setForwardedFor(req.headers, req.socket.remoteAddress ?? '', trustFront);
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    const https = req.headers['x-forwarded-proto'] === 'https';
    const headers = securityHeaders({ https, production });
    if (isDevRoute(pathname)) {
      const params = [`${req.method} ${pathname}`];
      return envelope(res, 404, 'general/not_found', `The page or item you are looking for does not exist`, params, headers);
    }
    const target = apiTarget(url, apiUrl);
    if (target) return forward(req, res, target, https);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=UTF-8' });
      return res.end('Method not allowed');
    }
    serveFile(req, res, pathname, https).catch((error) => {
      console.error('[kedai] back office: could not serve', pathname, error);
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  });
  // The live socket (`/api/ws` only) goes to the API's `/ws` (forward-upgrade.mjs).
  server.on('upgrade', forwardUpgrade({ apiUrl, via: ADMIN_VIA, trustFront, timeoutMs }));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = new URL('..', import.meta.url).pathname;
  const dist = resolve(process.argv[2] ?? join(root, 'apps/admin/dist'));
  const port = Number(process.argv[3] ?? process.env.ADMIN_PORT ?? 3001);
  const hostname = process.env.ADMIN_HOST || process.env.WEB_HOST || undefined;
  const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;
  const health = createHealth();
  const server = createAdminServer({
    health,
    dist,
    apiUrl,
    trustFront: ['true', '1'].includes(process.env.WEB_TRUST_PROXY ?? ''),
    timeoutMs: Number(process.env.API_TIMEOUT_MS ?? 10_000),
    production: process.env.NODE_ENV === 'production',
  });
  server.listen(port, hostname, () => console.log(`[kedai] back office listening on ${hostname ?? '*'}:${port}`));
  drainOnSignals(server, health);
}
