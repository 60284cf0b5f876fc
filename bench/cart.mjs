#!/usr/bin/env node
/**
 * Cart load benchmark (issue 6): starts the built API on the embedded default (PGlite in a fresh
 * temporary DATA_DIR, which the API seeds with the 240-product demo catalogue), signs shoppers in
 * through the API as a browser would (register, read the code from /dev/outbox, verify, log in)
 * and runs autocannon scenarios against the cart, one after another.
 *
 * Usage (from the repository root; build the API first: `cd apps/api && node build.mjs`):
 *
 *   npm run bench:cart                                   # "bench:cart": "node bench/cart.mjs"
 *   node bench/cart.mjs --connections 50 --duration 10 --port 4850
 *   node bench/cart.mjs --url http://127.0.0.1:4000      # an API already running (not production:
 *                                                        # it needs /dev/outbox and lifted rate limits)
 *
 * Options:
 *   --connections C   concurrent connections (default 50)
 *   --duration S      seconds measured by the timed scenarios (default 10)
 *   --warmup S        seconds of discarded warm-up before each timed scenario (default 2)
 *   --port P          API port when the script starts it (default 4850; keep clear of 3600/3700/4600/4700)
 *   --url URL         use a running API instead of starting one
 *   --json FILE       also write the results as JSON
 *   --database-url U  start the API on this (empty) PostgreSQL database instead of PGlite
 *   --smoke           only check that the script works: 3 shoppers, one round of 60 same-line adds
 *                     (use with --duration 1 --warmup 0 --connections 5; CI runs it so)
 *
 * Scenarios:
 *   1. GET /cart of a shopper with 50 lines (variants and plain products; each product answered whole).
 *   2. POST /cart, different lines: 50 shoppers × 100 (product, variant path) pairs, request i adds
 *      line i mod 5000 with quantity 1 — mostly new lines (201), later merges (200).
 *   3. POST /cart, the same line: ROUNDS fresh shoppers, each gets exactly 990 adds of one product
 *      (quantity 1) over all the connections at once — the worst contention, every request merging
 *      into one row; afterwards the line must hold exactly 990 (checked: lost updates fail the run).
 * Each prints one Markdown row: requests, requests/s, latency p50/p97.5/p99 ms, non-2xx, errors.
 * Any error, timeout or unexpected status makes the exit code 1. The started API and its temporary
 * folder are removed at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { apiClient, devApiEnv, jsonWriteHeaders, startApi, statusCounts, stopApi, waitForPing } from './lib.mjs';

const log = (msg) => console.error(msg);

const { values: opts } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '4850' },
    url: { type: 'string' },
    json: { type: 'string' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const CONNECTIONS = Number(opts.connections);
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const PORT = Number(opts.port);
const BASE = (opts.url ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '');
// --smoke: a run that only shows the script still works (CI), with figures of no value.
const ROUNDS = opts.smoke ? 1 : 3;
const SAME_LINE_ADDS = opts.smoke ? 60 : 990;
const SHOPPERS = opts.smoke ? 3 : 50;

// ---------------------------------------------------------------------------------------------
// The API

let server;
let dataDir;

function startServer() {
  dataDir = mkdtempSync(join(tmpdir(), 'kedai-bench-cart-'));
  server = startApi(devApiEnv({ port: PORT, dataDir, databaseUrl: opts['database-url'] ?? '' }));
}

async function stopServer() {
  await stopApi(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const { expectOk, signIn } = apiClient(BASE);

// ---------------------------------------------------------------------------------------------
// Shoppers and products

let serial = 0;
/** A shopper registered, verified and signed in through the API; answers the session cookie. */
async function shopper() {
  serial += 1;
  return signIn(`bench.cart.${Date.now().toString(36)}.${serial}@example.com`, 'Shopper');
}

/** Enabled, in-stock products as cart lines: (productId, variantPath), the first path for products with variants. */
async function lines(count) {
  const found = [];
  for (let page = 1; found.length < count; page++) {
    const { body } = await expectOk('GET', `/product/search?sort=newest&inStock=true&limit=100&page=${page}`);
    if (body.products.length === 0) break;
    for (const summary of body.products) {
      if (found.length >= count) break;
      if (summary.sourceMarketPlace) continue;
      const { body: product } = await expectOk('GET', `/product/one/${summary.uuid}`);
      if (product.disabled) continue;
      const path = product.variants.length ? Object.keys(product.variantPaths).find((p) => product.variantPaths[p].stock > 0) : '';
      if (path === undefined) continue;
      found.push({ productId: product.uuid, variantPath: path });
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} products fit, wanted ${count}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Runs

function cannon(options) {
  return autocannon({ url: BASE, connections: CONNECTIONS, timeout: 10, ...options });
}

function row(name, result, expected) {
  const { statuses, unexpected } = statusCounts(result, expected);
  const r = {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    unexpected,
    errors: result.errors + result.timeouts,
    statuses,
  };
  console.log(`| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${JSON.stringify(r.statuses)} | ${r.errors} |`);
  return r;
}

async function main() {
  if (!opts.url) {
    log(
      `starting the API on ${BASE} (${opts['database-url'] ? 'PostgreSQL' : 'PGlite, temporary DATA_DIR'}; the first start seeds the demo catalogue)`,
    );
    startServer();
  }
  await waitForPing(BASE, server);
  const results = [];
  let failed = false;

  log('signing in shoppers and picking products…');
  const pairs = await lines(100);
  const cartOwner = await shopper();
  for (const line of pairs.slice(0, 50)) await expectOk('POST', '/cart', { cookie: cartOwner, body: { ...line, quantity: 1 } });
  const { body: cart } = await expectOk('GET', '/cart', { cookie: cartOwner });
  log(`GET /cart: ${cart.cartItems.length} lines, ${cart.products.length} products, ${JSON.stringify(cart).length} bytes`);
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) shoppers.push(await shopper());

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s timed runs (${WARMUP} s warm-up), ${BASE}\n`);
  console.log('| scenario | requests | req/s | p50 ms | p97.5 ms | p99 ms | statuses | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|');

  // 1. GET /cart with 50 lines.
  const getCart = { requests: [{ method: 'GET', path: '/cart', headers: { cookie: cartOwner } }] };
  if (WARMUP > 0) await cannon({ ...getCart, duration: WARMUP });
  const r1 = row('GET /cart, 50 lines', await cannon({ ...getCart, duration: DURATION }), [200]);
  results.push(r1);

  // 2. POST /cart, different lines.
  let next = 0;
  const addDifferent = {
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = next++;
          const line = pairs[Math.floor(i / shoppers.length) % pairs.length];
          req.path = '/cart';
          req.headers = jsonWriteHeaders(shoppers[i % shoppers.length]);
          req.body = JSON.stringify({ ...line, quantity: 1 });
          return req;
        },
      },
    ],
  };
  const r2 = row(
    'POST /cart, different lines (50 shoppers × 100 lines)',
    await cannon({ ...addDifferent, duration: DURATION }),
    [200, 201],
  );
  results.push(r2);

  // 3. POST /cart, the same line, exactly SAME_LINE_ADDS adds per round.
  for (let round = 1; round <= ROUNDS; round++) {
    const cookie = await shopper();
    const line = pairs[round];
    const result = await cannon({
      amount: SAME_LINE_ADDS,
      requests: [
        {
          method: 'POST',
          path: '/cart',
          headers: jsonWriteHeaders(cookie),
          body: JSON.stringify({ ...line, quantity: 1 }),
        },
      ],
    });
    const r = row(`POST /cart, same line, round ${round} (${SAME_LINE_ADDS} adds)`, result, [200, 201]);
    const { body } = await expectOk('GET', '/cart', { cookie });
    const quantities = body.cartItems.map((item) => item.quantity);
    r.finalQuantities = quantities;
    if (quantities.length !== 1 || quantities[0] !== SAME_LINE_ADDS) {
      log(`round ${round}: expected one line of ${SAME_LINE_ADDS}, got ${JSON.stringify(quantities)}`);
      failed = true;
    }
    results.push(r);
  }

  for (const r of results) if (r.unexpected > 0 || r.errors > 0) failed = true;
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ base: BASE, connections: CONNECTIONS, duration: DURATION, results }, null, 2));
  if (failed) {
    log('\nFAILED: unexpected statuses, errors or a wrong final quantity (see above)');
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  process.exitCode = 1;
} finally {
  await stopServer();
}
