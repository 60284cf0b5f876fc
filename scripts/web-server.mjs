#!/usr/bin/env node
// The storefront's production server, as `next start` but with brotli for the build's scripts and
// styles: Next itself only gzips, and brotli makes the first-load JavaScript ~14 % smaller.
// Every file under .next/static has a content hash in its name, so each is compressed once (in the
// background at start, or on first request) and kept in memory; everything else goes to Next.
//
//   node scripts/web-server.mjs [dir] [port]    (defaults: apps/web, $WEB_PORT or 3000)
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import next from 'next';
import { setForwardedFor } from './forwarded-for.mjs';
import { forwardUpgrade } from './forward-upgrade.mjs';
import { createHealth, drainOnSignals } from './health.mjs';

const dir = resolve(process.argv[2] ?? 'apps/web');
const port = Number(process.argv[3] ?? process.env.WEB_PORT ?? 3000);
const hostname = process.env.WEB_HOST; // all interfaces unless set, like `next start`
const staticDir = join(dir, '.next', 'static');
const PREFIX = '/_next/static/';
const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };
const compress = promisify(brotliCompress);
/** The hop this server adds to `Via`, the same as Next's proxy (apps/web/src/proxy.ts) on `/api/…` calls. */
const STOREFRONT_VIA = '1.1 kedai-storefront';

/** path under .next/static → Promise of its brotli bytes (null when the file is missing). */
const cache = new Map();

function brotli(path) {
  let entry = cache.get(path);
  if (!entry) {
    entry = readFile(path)
      .then((raw) => compress(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }))
      .catch(() => null);
    cache.set(path, entry);
  }
  return entry;
}

/** The file a `/_next/static/…` script or stylesheet URL names, or null (then Next answers). */
function staticFile(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) return null;
  const pathname = (req.url ?? '').split('?')[0];
  if (!pathname.startsWith(PREFIX)) return null;
  const type = TYPES[pathname.slice(pathname.lastIndexOf('.'))];
  if (!type) return null;
  let relative;
  try {
    relative = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    return null;
  }
  const file = resolve(staticDir, relative);
  return file.startsWith(staticDir + sep) ? { file, type } : null;
}

// Browsers' own forwarding headers are replaced by the address this server saw (forwarded-for.mjs).
const trustFront = ['true', '1'].includes(process.env.WEB_TRUST_PROXY ?? '');

// Next adds its own `upgrade` listener to the server it is told of (else to the first request's), and
// that one also takes `/api/ws` (routing it through the proxy's rewrite) and breaks the forwarded socket
// at random: it is told of an emitter that never sees an upgrade, so forward-upgrade.mjs alone answers them.
const app = next({ dev: false, dir, port, hostname, httpServer: new EventEmitter() });
const handle = app.getRequestHandler();
await app.prepare();

// Ready while not draining and the API it renders from is ready (scripts/health.mjs).
const health = createHealth({ apiUrl: process.env.API_URL?.trim() || 'http://localhost:4000' });

const server = createServer(async (req, res) => {
  if (health.answer(req, res)) return;
  setForwardedFor(req.headers, req.socket.remoteAddress ?? '', trustFront);
  const target = staticFile(req);
  const body = target ? await brotli(target.file) : null;
  if (!target || !body) return handle(req, res);
  res.writeHead(200, {
    'Content-Type': target.type,
    'Content-Encoding': 'br',
    'Content-Length': body.length,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
});
// The live socket: the upgrade on `/api/ws` goes to the API's `/ws`, as Next's proxy forwards `/api/…` calls (forward-upgrade.mjs).
server.on(
  'upgrade',
  forwardUpgrade({
    apiUrl: process.env.API_URL?.trim() || 'http://localhost:4000',
    via: STOREFRONT_VIA,
    trustFront,
    timeoutMs: Number(process.env.API_TIMEOUT_MS ?? 10_000),
  }),
);
server.listen(port, hostname, () => console.log(`[kedai] storefront listening on ${hostname ?? '*'}:${port}`));
drainOnSignals(server, health);

// Compress the build's scripts and styles now, one at a time, so no shopper waits for it.
const files = await readdir(staticDir, { recursive: true }).catch(() => []);
for (const name of files) if (TYPES[name.slice(name.lastIndexOf('.'))]) await brotli(join(staticDir, name));
