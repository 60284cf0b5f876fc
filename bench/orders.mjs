#!/usr/bin/env node
/**
 * Order load benchmark (issue 16): orders per second and latency of `POST /checkout/create_order`
 * at 10, 50 and 200 concurrent buyers, and the last-units race (200 buyers at once for the last 50
 * units of one variant: exactly 50 orders, stock 0, never below).
 *
 * It starts the built API on the embedded default (PGlite in a fresh temporary DATA_DIR, seeded with
 * the demo catalogue) or on an empty PostgreSQL database (`--database-url`). Before the timed runs it
 * stops the API once and gives the demo products ample stock straight in the database (the shop's
 * 240 products hold a few dozen units each, far fewer than a run buys), and leaves one variant of one
 * product exactly 50 units for the race. Shoppers are signed in through the API as a browser would
 * (register, code from /dev/outbox, verify, log in, an address), and every order's cart line and
 * checkout session are made before its run, so the timed requests are `create_order` alone: stock
 * taken, lines consumed, products captured, the order written, all in one transaction.
 *
 * Usage (from the repository root; build the API first: `cd apps/api && node build.mjs`):
 *
 *   npm run bench:orders                                    # "bench:orders": "node bench/orders.mjs"
 *   node bench/orders.mjs --database-url postgres://root@127.0.0.1:5432/kedai_bench_orders  # an empty database
 *   node bench/orders.mjs --smoke                           # only shows the script works (CI)
 *
 * Options:
 *   --orders N        orders timed per concurrency level (default 2000; 20 with --smoke)
 *   --levels L        concurrency levels, comma-separated (default 10,50,200; 2,5 with --smoke)
 *   --port P          API port (default 4860; keep clear of 3600/3700/4600/4700)
 *   --json FILE       also write the results as JSON
 *   --database-url U  start the API on this (empty) PostgreSQL database instead of PGlite
 *   --smoke           20 orders per level at 2 and 5 at once, a race of 12 buyers for 3 units; figures of no value
 * Each level prints one Markdown row: orders, orders/s, latency p50/p97.5/p99 ms, statuses, errors.
 * Any error, timeout, unexpected status or a race that does not end with exactly as many orders as
 * units and stock 0 makes the exit code 1. The started API and its temporary folder are removed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { apiClient, devApiEnv, jsonWriteHeaders, startApi, statusCounts, stopApi, waitForPing, withDatabase } from './lib.mjs';

const log = (msg) => console.error(msg);

const { values: opts } = parseArgs({
  options: {
    orders: { type: 'string' },
    levels: { type: 'string' },
    port: { type: 'string', default: '4860' },
    json: { type: 'string' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const PORT = Number(opts.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = opts['database-url'] ?? '';
const LEVELS = (opts.levels ?? (opts.smoke ? '2,5' : '10,50,200')).split(',').map(Number);
const ORDERS = Number(opts.orders ?? (opts.smoke ? 20 : 2000));
const RACE_BUYERS = opts.smoke ? 12 : 200;
const RACE_UNITS = opts.smoke ? 3 : 50;
// Every level's orders go round all the buyers (a level is the number of requests at once).
const BUYERS = Math.max(RACE_BUYERS, ...LEVELS);
const PLENTY = 1_000_000;

// ---------------------------------------------------------------------------------------------
// The API and its database

let server;
const dataDir = mkdtempSync(join(tmpdir(), 'kedai-bench-orders-'));

// One DATA_DIR for both starts of the API (see main): the second must find the stock set in between.
function startServer() {
  server = startApi(devApiEnv({ port: PORT, dataDir, databaseUrl: DATABASE_URL }));
}

/**
 * Ample stock for every enabled product without variants that is sold in Singapore, and exactly
 * RACE_UNITS for the first variant path of one product with variants. Answers the race line.
 */
async function stockTheShop() {
  return withDatabase(DATABASE_URL, join(dataDir, 'pglite'), async (query) => {
    await query(
      `UPDATE products SET stock = $1, in_stock = true
        WHERE jsonb_array_length(variants) = 0 AND NOT disabled AND source_market_place IS NULL`,
      [PLENTY],
    );
    const [race] = await query(
      `SELECT v.product_id AS "productId", v.path AS "variantPath" FROM product_variant_paths v
         JOIN products p ON p.id = v.product_id
        WHERE NOT p.disabled AND p.source_market_place IS NULL AND v.price ? 'SG'
        ORDER BY p.id, v.path LIMIT 1`,
    );
    if (!race) throw new Error('the demo catalogue has no product with variants to race for');
    await query(`UPDATE product_variant_paths SET stock = $3 WHERE product_id = $1 AND path = $2`, [
      race.productId,
      race.variantPath,
      RACE_UNITS,
    ]);
    await query(`UPDATE products SET in_stock = true WHERE id = $1`, [race.productId]);
    return race;
  });
}

const { expectOk, signIn } = apiClient(BASE);

/** Runs `work` over `items`, `width` at a time. */
async function inBatches(items, width, work) {
  const out = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Buyers and their checkout sessions

/** A shopper registered, verified and signed in through the API, with a Singapore address. */
async function buyer(n) {
  const cookie = await signIn(`bench.orders.${Date.now().toString(36)}.${n}@example.com`, `Buyer ${n}`);
  const { body } = await expectOk('POST', '/address', {
    cookie,
    body: {
      fullName: `Bench Buyer ${n}`,
      address: '1 Raffles Place',
      unitNumber: '#10-01',
      city: '',
      state: '',
      country: 'SG',
      phoneNumber: '+65 6123 4567',
      postalCode: '048616',
    },
  });
  return { cookie, addressId: body.address.id };
}

/** Products without variants that Singapore can buy, from the storefront's own search. */
async function plainProducts() {
  const found = [];
  for (let page = 1; ; page++) {
    const { body } = await expectOk('GET', `/product/search?sort=newest&inStock=true&limit=100&page=${page}`);
    if (body.products.length === 0) break;
    for (const p of body.products) if (!p.hasVariants && !p.sourceMarketPlace && p.price[body.region] !== undefined) found.push(p.uuid);
  }
  return found;
}

/** A checkout session of one unit of one line, ready for `create_order`. */
async function sessionOf(b, line) {
  const { body: added } = await expectOk('POST', '/cart', { cookie: b.cookie, body: { ...line, quantity: 1 } });
  const { body } = await expectOk('POST', '/checkout/session', {
    cookie: b.cookie,
    body: { cartItemIds: [added.cartItem.id], quotationItemIds: [] },
  });
  return { cookie: b.cookie, addressId: b.addressId, key: body.key };
}

function orderRequest(ready) {
  return {
    method: 'POST',
    path: '/checkout/create_order',
    headers: jsonWriteHeaders(ready.cookie),
    body: JSON.stringify({ checkoutSessionKey: ready.key, paymentMethod: 'card', shippingAddressId: ready.addressId }),
  };
}

// ---------------------------------------------------------------------------------------------
// Runs

function row(name, { result, seconds }, expected) {
  const { statuses, unexpected } = statusCounts(result, expected);
  const r = {
    name,
    orders: result.requests.total,
    perSecond: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    unexpected,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `| ${r.name} | ${r.orders} | ${r.perSecond} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.max} | ${JSON.stringify(r.statuses)} | ${r.errors} |`,
  );
  return r;
}

/**
 * Sends every prepared order once, `connections` at a time; answers autocannon's result and the
 * seconds from the first request to the last answer (autocannon itself only stops on a whole second).
 */
function fire(prepared, connections) {
  const queue = prepared.map(orderRequest);
  let next = 0;
  let last = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE,
        connections: Math.min(connections, queue.length),
        amount: queue.length,
        timeout: 30,
        requests: [{ setupRequest: (req) => ({ ...req, ...queue[next++ % queue.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve({ result, seconds: (last - started) / 1000 })),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
}

async function main() {
  log(`starting the API on ${BASE} (${DATABASE_URL ? 'PostgreSQL' : 'PGlite, temporary DATA_DIR'}) to migrate and seed the demo catalogue`);
  startServer();
  await waitForPing(BASE, server);
  await stopApi(server);
  const race = await stockTheShop();
  startServer();
  await waitForPing(BASE, server);

  const products = await plainProducts();
  if (products.length < Math.ceil(ORDERS / BUYERS))
    throw new Error(`${products.length} products without variants, too few for ${ORDERS} orders`);
  log(`signing in ${BUYERS} buyers…`);
  const buyers = await inBatches(
    Array.from({ length: BUYERS }, (_, n) => n),
    8,
    buyer,
  );

  const results = [];
  let failed = false;
  console.log(`\nPOST /checkout/create_order, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, one line of one unit per order\n`);
  console.log('| buyers at once | orders | orders/s | p50 ms | p97.5 ms | p99 ms | max ms | statuses | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const level of LEVELS) {
    // Order i is buyer b = i mod BUYERS's, in round r = i div BUYERS, of product (b + r) mod P:
    // a buyer never has the same product twice in a level, and the orders in flight at once are
    // spread over all P products (the race below is the one hot row).
    const jobs = Array.from({ length: ORDERS }, (_, i) => ({
      b: buyers[i % BUYERS],
      line: { productId: products[(i + Math.floor(i / BUYERS)) % products.length] },
    }));
    const prepared = await inBatches(jobs, 16, ({ b, line }) => sessionOf(b, line));
    const r = row(`${level}`, await fire(prepared, level), [201]);
    results.push(r);
    if (r.unexpected > 0 || r.errors > 0) failed = true;
  }

  // The race: RACE_BUYERS sessions for one unit each of a variant with RACE_UNITS left.
  log(`\n${RACE_BUYERS} buyers for the last ${RACE_UNITS} units of ${race.productId} ${race.variantPath}…`);
  const contenders = await inBatches(buyers.slice(0, RACE_BUYERS), 16, (b) => sessionOf(b, race));
  const raced = row(`race: ${RACE_BUYERS} for ${RACE_UNITS} units`, await fire(contenders, RACE_BUYERS), [201, 409]);
  const { body: product } = await expectOk('GET', `/product/one/${race.productId}`);
  const left = product.variantPaths[race.variantPath]?.stock;
  raced.stockLeft = left;
  results.push(raced);
  const won = raced.statuses[201] ?? 0;
  console.log(`\nrace: ${won} orders of ${RACE_BUYERS} buyers for ${RACE_UNITS} units; stock left ${left}`);
  if (won !== RACE_UNITS || left !== 0 || raced.unexpected > 0 || raced.errors > 0) {
    log(`race FAILED: expected exactly ${RACE_UNITS} orders and stock 0`);
    failed = true;
  }

  if (opts.json)
    writeFileSync(opts.json, JSON.stringify({ database: DATABASE_URL ? 'postgres' : 'pglite', orders: ORDERS, results }, null, 2));
  if (failed) {
    log('\nFAILED: unexpected statuses, errors or a lost race (see above)');
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  process.exitCode = 1;
} finally {
  await stopApi(server);
  rmSync(dataDir, { recursive: true, force: true });
}
