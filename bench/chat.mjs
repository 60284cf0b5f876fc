#!/usr/bin/env node
/**
 * Order chat benchmark (issue 29): delivery latency of the live socket across two API processes.
 * Two built APIs (A and B) run on one PostgreSQL database, once with the database's LISTEN/NOTIFY and
 * once with Redis (`--redis-url`); shoppers, each with an order, hold `--sockets` live sockets split
 * over both processes, every socket following its shopper's order. Messages are posted through A at
 * a fixed rate; the figure is post → received on a socket held by B (the other process), p50/p99,
 * and the messages a second posted and delivered; "after 201" is the fan-out alone (A's answer to
 * the post → the frame on B), the rest being the post's own time. Every socket on B must get every message of its
 * order exactly once, or the run fails.
 *
 * Usage (from the repository root; build the API first: `cd apps/api && node build.mjs`; an EMPTY
 * PostgreSQL database, migrated and seeded on the first start):
 *
 *   createdb -h 127.0.0.1 kedai_bench_chat
 *   node bench/chat.mjs --database-url postgres://root@127.0.0.1:5432/kedai_bench_chat --redis-url redis://127.0.0.1:6379
 *   node bench/chat.mjs --database-url … --smoke        # only shows the script works; figures of no value
 *
 * Options:
 *   --sockets N       live sockets in all, half on each process (default 1000; 40 with --smoke)
 *   --rate R          messages posted a second (default 200; 20 with --smoke)
 *   --seconds S       how long messages are posted (default 10; 2 with --smoke)
 *   --port P          A's port, B's is P+1 (default 4870)
 *   --redis-url U     also run over Redis
 *   --json FILE       also write the results as JSON
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, apiClient, devApiEnv, sleep, startApi, stopApi, waitForPing, withDatabase } from './lib.mjs';

// `ws` is the API's own (apps/api): the client browsers' sockets are measured with.
const WebSocket = createRequire(join(ROOT, 'apps/api/package.json'))('ws');

const log = (msg) => console.error(msg);

const { values: opts } = parseArgs({
  options: {
    sockets: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    port: { type: 'string', default: '4870' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    json: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const DATABASE_URL = opts['database-url'];
if (!DATABASE_URL) {
  log('--database-url is required: two API processes share one PostgreSQL database (PGlite lives inside one process)');
  process.exit(2);
}
const SOCKETS = Number(opts.sockets ?? (opts.smoke ? 40 : 1000));
const RATE = Number(opts.rate ?? (opts.smoke ? 20 : 200));
const SECONDS = Number(opts.seconds ?? (opts.smoke ? 2 : 10));
const PORT_A = Number(opts.port);
const PORT_B = PORT_A + 1;
/** A shopper holds at most 10 sockets on each process (decision 0025): 20 each, 10 per process. */
const PER_SHOPPER = 20;
const SHOPPERS = Math.ceil(SOCKETS / PER_SHOPPER);
const ORIGIN = 'http://localhost:3000';

const dataDir = mkdtempSync(join(tmpdir(), 'kedai-bench-chat-'));
/** @type {import('./lib.mjs').Api[]} */
let apis = [];

function env(port, redisUrl) {
  return {
    ...devApiEnv({ port, dataDir, databaseUrl: DATABASE_URL }),
    REDIS_URL: redisUrl ?? '',
    WEB_ORIGINS: ORIGIN,
    RATE_LIMIT_CHAT: '1000000/60',
    // Every bench socket comes from this one address.
    RATE_LIMIT_SOCKET: '1000000/60',
    RATE_LIMIT_REGISTER: '100000/3600',
    RATE_LIMIT_VERIFY_EMAIL: '100000/900',
    RATE_LIMIT_LOGIN: '100000/900',
  };
}

async function startBoth(redisUrl) {
  // A first: the first start migrates and seeds; B starts on what A made.
  apis = [startApi(env(PORT_A, redisUrl))];
  await waitForPing(`http://127.0.0.1:${PORT_A}`, apis[0]);
  apis.push(startApi(env(PORT_B, redisUrl)));
  await waitForPing(`http://127.0.0.1:${PORT_B}`, apis[1]);
}

async function stopBoth() {
  await Promise.all(apis.map((api) => stopApi(api)));
  apis = [];
}

const A = apiClient(`http://127.0.0.1:${PORT_A}`);

/** Runs `work` over `items`, `width` at a time. */
async function inBatches(items, width, work) {
  const out = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

/** Plenty of stock on the demo products without variants, so every shopper can order one. */
async function stockTheShop() {
  await withDatabase(DATABASE_URL, '', (query) =>
    query(
      `UPDATE products SET stock = 1000000, in_stock = true WHERE jsonb_array_length(variants) = 0 AND NOT disabled AND source_market_place IS NULL`,
    ),
  );
}

async function plainProduct() {
  const { body } = await A.expectOk('GET', '/product/search?sort=newest&inStock=true&limit=100');
  const found = body.products.find((p) => !p.hasVariants && !p.sourceMarketPlace && p.price[body.region] !== undefined);
  if (!found) throw new Error('no product without variants to order');
  return found.uuid;
}

/** A shopper signed in through A, with one order (the thread their sockets follow). */
async function shopper(n, productId) {
  const cookie = await A.signIn(`bench.chat.${Date.now().toString(36)}.${n}@example.com`, `Chatter ${n}`);
  const { body: address } = await A.expectOk('POST', '/address', {
    cookie,
    body: {
      fullName: `Bench Chatter ${n}`,
      address: '1 Raffles Place',
      unitNumber: '#10-01',
      city: '',
      state: '',
      country: 'SG',
      phoneNumber: '+65 6123 4567',
      postalCode: '048616',
    },
  });
  const { body: line } = await A.expectOk('POST', '/cart', { cookie, body: { productId, quantity: 1 } });
  const { body: session } = await A.expectOk('POST', '/checkout/session', {
    cookie,
    body: { cartItemIds: [line.cartItem.id], quotationItemIds: [] },
  });
  const { body: order } = await A.expectOk('POST', '/checkout/create_order', {
    cookie,
    body: { checkoutSessionKey: session.key, paymentMethod: 'card', shippingAddressId: address.address.id },
  });
  return { cookie, orderId: order.id };
}

/** A socket on `port` following `orderId`; resolves once it follows (its first `read` frame). */
function follow(port, s, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: s.cookie }, origin: ORIGIN });
    let ready = false;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', orderId: s.orderId })));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'read' && !ready) {
        ready = true;
        resolve(ws);
      } else if (frame.type === 'message') onMessage(frame.message);
      else if (frame.type === 'error') reject(new Error(`subscribe refused: ${frame.errorCode}`));
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function run(seam, shoppers) {
  const latencies = [];
  /** Each delivery on B: when it arrived, to compare with when A answered the post. */
  const receipts = [];
  /** message id -> when A answered its post (201) */
  const answeredAt = new Map();
  /** per socket on B: the message ids it got */
  const receivedOnB = [];
  const sockets = [];
  log(`${seam}: opening ${SOCKETS} sockets…`);
  let opened = 0;
  await inBatches(
    shoppers.flatMap((s) => Array.from({ length: PER_SHOPPER }, (_, i) => ({ s, onB: i % 2 === 1 }))).slice(0, SOCKETS),
    50,
    async ({ s, onB }) => {
      const got = [];
      const ws = await follow(onB ? PORT_B : PORT_A, s, (message) => {
        if (!onB) return;
        got.push(message.id);
        // The body says when it was posted (this machine's clock, as the receiver's).
        const postedAt = Number(/^t=(\d+(?:\.\d+)?)/.exec(message.body)?.[1]);
        const now = performance.timeOrigin + performance.now();
        latencies.push(now - postedAt);
        receipts.push({ id: message.id, at: now });
      });
      sockets.push(ws);
      if (onB) receivedOnB.push({ orderId: s.orderId, got });
      opened++;
    },
  );
  log(`${seam}: ${opened} sockets open; posting ${RATE} messages a second for ${SECONDS} s through A…`);
  const posted = []; // { orderId, id }
  const failures = [];
  const total = RATE * SECONDS;
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const s = shoppers[i % shoppers.length];
    const at = performance.timeOrigin + performance.now();
    inFlight.push(
      A.expectOk('POST', `/order/${s.orderId}/messages`, { cookie: s.cookie, body: { message: `t=${at}` } }).then(
        ({ body }) => {
          answeredAt.set(body.message.id, performance.timeOrigin + performance.now());
          posted.push({ orderId: s.orderId, id: body.message.id });
        },
        (error) => failures.push(String(error.message ?? error)),
      ),
    );
  }
  await Promise.all(inFlight);
  const postSeconds = (performance.now() - started) / 1000;
  // Every socket on B must have every message of its order: wait for the stragglers (at most 10 s).
  const expected = new Map();
  for (const { orderId, id } of posted) expected.set(orderId, [...(expected.get(orderId) ?? []), id]);
  const complete = () => receivedOnB.every(({ orderId, got }) => got.length >= (expected.get(orderId)?.length ?? 0));
  const deadline = performance.now() + 10_000;
  while (!complete() && performance.now() < deadline) await sleep(50);
  const deliverSeconds = (performance.now() - started) / 1000;
  let missing = 0;
  let twice = 0;
  for (const { orderId, got } of receivedOnB) {
    const want = new Set(expected.get(orderId) ?? []);
    const seen = new Set(got);
    twice += got.length - seen.size;
    for (const id of want) if (!seen.has(id)) missing++;
  }
  for (const ws of sockets) ws.terminate();
  const sorted = latencies.sort((x, y) => x - y);
  // The fan-out alone: from A's 201 to the frame on B (negative when the frame came first).
  const afterAnswer = receipts
    .filter(({ id }) => answeredAt.has(id))
    .map(({ id, at }) => at - answeredAt.get(id))
    .sort((x, y) => x - y);
  const r = {
    seam,
    sockets: opened,
    posted: posted.length,
    postFailures: failures.length,
    postedPerSecond: Math.round(posted.length / postSeconds),
    deliveries: sorted.length,
    deliveriesPerSecond: Math.round(sorted.length / deliverSeconds),
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
    afterAnswerP50: Math.round(percentile(afterAnswer, 50) * 10) / 10,
    afterAnswerP99: Math.round(percentile(afterAnswer, 99) * 10) / 10,
    missing,
    twice,
  };
  console.log(
    `| ${r.seam} | ${r.sockets} | ${RATE} | ${r.posted} | ${r.postedPerSecond} | ${r.deliveries} | ${r.deliveriesPerSecond} | ${r.p50} | ${r.p99} | ${r.max} | ${r.afterAnswerP50} | ${r.afterAnswerP99} | ${r.missing} | ${r.twice} | ${r.postFailures} |`,
  );
  if (failures.length) log(`${seam}: first post failure: ${failures[0]}`);
  return r;
}

async function main() {
  log(`starting A on :${PORT_A} to migrate and seed ${DATABASE_URL}`);
  apis = [startApi(env(PORT_A))];
  await waitForPing(`http://127.0.0.1:${PORT_A}`, apis[0]);
  await stockTheShop();
  const productId = await plainProduct();
  log(`signing in ${SHOPPERS} shoppers, each with an order…`);
  const shoppers = await inBatches(
    Array.from({ length: SHOPPERS }, (_, n) => n),
    8,
    (n) => shopper(n, productId),
  );
  await stopBoth();

  const seams = [['PostgreSQL LISTEN/NOTIFY', undefined]];
  if (opts['redis-url']) seams.push(['Redis', opts['redis-url']]);
  console.log(`\nPOST /order/{id}/messages through A → the message frame on B's sockets; ${SOCKETS} sockets, ${SHOPPERS} threads\n`);
  console.log(
    '| seam | sockets | rate/s | posted | posted/s | deliveries on B | deliveries/s | p50 ms | p99 ms | max ms | after 201 p50 ms | after 201 p99 ms | missing | twice | post errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const results = [];
  for (const [name, redisUrl] of seams) {
    await startBoth(redisUrl);
    try {
      results.push(await run(name, shoppers));
    } finally {
      await stopBoth();
    }
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ sockets: SOCKETS, rate: RATE, seconds: SECONDS, results }, null, 2));
  if (results.some((r) => r.missing > 0 || r.twice > 0 || r.postFailures > 0)) {
    log('\nFAILED: a message missing or twice on a socket, or a post failed (see above)');
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  process.exitCode = 1;
} finally {
  await stopBoth();
  rmSync(dataDir, { recursive: true, force: true });
}
