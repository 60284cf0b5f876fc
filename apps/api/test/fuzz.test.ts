/**
 * Fuzz test of the whole API: every operation of the OpenAPI document (so new routes are covered
 * without listing them), signed in with a valid anti-forgery pair (the back office's as an owner
 * with two-factor passed). Each request is built from the operation's own schemas: a valid one
 * first, then one field broken at a time (nested objects and arrays included), with real ids in
 * paths and bodies (the caller's own rows, another shopper's, deleted ones), plus some plain
 * garbage. No answer may be a 5xx; every error carries the envelope; a refused request writes no
 * row of any table (a journal of row changes kept by triggers, read after each refusal that reached
 * a handler and after every fourth refused at the edge, each reading covering all since the last).
 * It prints how many requests reached a route's handler (past the schema, the guards and the
 * anti-forgery check), measured on Fastify's own `fastify.request.handler` tracing channel.
 * Reproduce a failure with FUZZ_SEED=<the seed printed>.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kedai/db';
import { resetMailsSettled } from '../src/modules/auth/password';
import { LIFTED_LIMITS, signedInClient, staffClient } from './accounts';
import type { TestClient } from './client';
import { REFUSALS_THAT_WRITE, WRITTEN_WHEN_REFUSED, WriteJournal } from './fuzz/digest';
import { Rng } from './fuzz/rng';
import { NASTY, SchemaValues, withReplaced, type JsonSchema } from './fuzz/schema';
import { buildWorld, type Kind, type Pool, type World } from './fuzz/world';
import { createTestApp, type TestApp } from './helpers';
import { SG_ADDRESS } from './shop';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** Requests per operation: with ~150 operations, over 10,000 a run. */
const PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 70);
/**
 * Operations whose every accepted shape costs an argon2id hash (tens of milliseconds, by design)
 * get fewer requests; the rest of the run makes up the count.
 */
const HASHING =
  /^(POST \/auth\/(login|register|changePassword|resetPassword)|POST \/admin\/staff|POST \/tfa\/(disable_tfa|recovery_codes))$/;
const PER_HASHING_OPERATION = Math.ceil(PER_OPERATION / 3);
/** At least this share of requests must reach a handler. */
const REACH_FLOOR = 0.3;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: Method;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  /** Content types of a body that is not JSON (an image upload). */
  raw: boolean;
}
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

function operationsOf(document: OpenApi): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (path.startsWith('/docs')) continue; // the reference's own pages
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      const content = op.requestBody?.content ?? {};
      result.push({
        method: upper,
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        raw: Object.keys(content).length > 0 && !content['application/json'],
      });
    }
  }
  // Reads first, then writes, the back office, and deletions and sign-outs last, so earlier
  // operations still find the rows the later ones may remove.
  const rank = (op: Operation) =>
    (op.path.startsWith('/admin') ? 2 : 0) + (op.method === 'GET' ? 0 : 1) + (op.method === 'DELETE' || op.path.includes('logout') ? 4 : 0);
  return result.sort((a, b) => rank(a) - rank(b) || `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The kind of row a path parameter names. */
function kindOfParam(path: string, name: string): Kind | undefined {
  if (name === 'productId') return 'product';
  if (name === 'countryCode') return 'country';
  if (name === 'slug') return 'slug';
  if (name === 'key') return path.includes('region') ? 'region' : 'session';
  const segment = path.split('/{')[0]!.split('/').pop()!;
  const kinds: Record<string, Kind> = {
    one: 'product',
    product: 'product',
    merchant: 'merchant',
    image_page: 'imagePage',
    address: 'address',
    cart: 'cartItem',
    quotation_item: 'quotationItem',
    order: 'order',
    quotation_order: 'order',
    payment_methods: 'savedCard',
    staff: 'user',
    category: 'category',
    banner: 'banner',
    popup: 'popup',
    home_product_group: 'homeGroup',
    payment: 'payment',
    voucher: 'voucher',
  };
  return kinds[segment];
}

/** The kind of row a body field or query parameter names, by its name. */
const FIELD_KINDS: Record<string, Kind> = {
  productId: 'product',
  productIds: 'product',
  productRef: 'product',
  cartItemId: 'cartItem',
  cartItemIds: 'cartItem',
  quotationIds: 'quotationItem',
  quotationItemIds: 'quotationItem',
  shippingAddressId: 'address',
  billingAddressId: 'address',
  orderId: 'order',
  paymentId: 'payment',
  externalProductId: 'externalProduct',
  savedCardId: 'savedCard',
  checkoutSessionKey: 'session',
  categoryId: 'category',
  parentId: 'category',
  merchantId: 'merchant',
};

/** Links the server would fetch: only addresses the safe fetcher refuses at once, never the network. */
const LINK_FIELDS = new Set(['link', 'productUrl', 'imageUrl', 'sourceUrl']);
const LINKS = ['http://127.0.0.1/product/1', 'https://10.0.0.1/p?id=2', 'http://[::1]/x', 'ftp://example.com/a', 'https://localhost/b'];

const idFrom = (rng: Rng, pool: Pool): string =>
  rng.weighted<() => string>([
    [6, () => (pool.own.length ? rng.pick(pool.own) : crypto.randomUUID())],
    [2, () => (pool.other.length ? rng.pick(pool.other) : rng.pick(pool.own.length ? pool.own : ['x']))],
    [2, () => (pool.deleted.length ? rng.pick(pool.deleted) : '00000000-0000-4000-8000-000000000000')],
    [1, () => '3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b'],
  ])();

function hintsFor(world: World, rng: Rng) {
  const pools = world.pools;
  return (name: string, _schema: JsonSchema): readonly unknown[] | undefined => {
    const kind = FIELD_KINDS[name];
    if (kind) return [idFrom(rng, pools[kind])];
    if (name.endsWith('[key]')) {
      if (/price|rates$|quotedPrice/i.test(name) && !/exchange/i.test(name)) return pools.region.own;
      return undefined;
    }
    if (LINK_FIELDS.has(name)) return LINKS;
    switch (name) {
      case 'variantPath':
        return ['', ...world.variantPaths];
      case 'email':
        return [world.shopper.email, world.other.email, `fuzz.${rng.int(1e6)}@example.com`];
      case 'password':
      case 'currentPassword':
        return [world.shopper.password];
      case 'country':
      case 'countryCode':
      case 'regionCountryCode':
        return ['SG', 'MY', 'sg'];
      case 'phoneNumber':
        return [SG_ADDRESS.phoneNumber, '+60 12-345 6789'];
      case 'postalCode':
        return [SG_ADDRESS.postalCode];
      case 'fullName':
        return [SG_ADDRESS.fullName];
      case 'address':
        return [SG_ADDRESS.address];
      case 'city':
      case 'state':
        return [''];
      case 'code':
      case 'voucherCode':
        return world.voucherCodes;
      case 'quantity':
      case 'productQuantity':
        return [1, 2, '3'];
      case 'appCurrency':
        return ['SGD'];
      case 'after':
        // A thread's point: an id, unix seconds, an instant, and instants no message has (year 0 is none the database holds).
        return ['1', '1764300000.5', '2026-11-28T04:00:00Z', '0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z'];
      default:
        return undefined;
    }
  };
}

interface Built {
  options: InjectOptions;
  label: string;
}

/** One request for `op`: valid, one field broken, or garbage. */
function buildRequest(op: Operation, rng: Rng, values: SchemaValues, world: World): Built {
  const mode = rng.weighted([
    [3, 'valid'],
    [6, 'mutate'],
    [1, 'garbage'],
  ] as const);
  const params: Record<string, string> = {};
  for (const p of op.params) {
    const kind = kindOfParam(op.path, p.name);
    params[p.name] = kind ? idFrom(rng, world.pools[kind]) : String(values.valid(p.schema, p.name));
  }
  const query: Record<string, unknown> = {};
  for (const q of op.query) if (q.required || rng.chance(0.4)) query[q.name] = values.valid(q.schema, q.name);
  let body: unknown = op.body ? values.valid(op.body, '') : undefined;
  let raw: { payload: string; type: string } | undefined;

  if (mode === 'mutate') {
    const places: (() => void)[] = [];
    for (const p of op.params)
      places.push(() => {
        params[p.name] = String(rng.pick([...NASTY.slice(0, 21), crypto.randomUUID(), `${params[p.name]}x`, '']));
      });
    for (const q of op.query)
      places.push(() => {
        const bad = values.bad(q.schema, q.name);
        if (bad === undefined) delete query[q.name];
        else query[q.name] = bad;
      });
    if (op.body)
      for (const target of values.targets(body, op.body))
        places.push(() => {
          body = withReplaced(body, target.path, values.bad(target.schema, String(target.path[target.path.length - 1])));
        });
    if (op.body) places.push(() => (body = values.bad(op.body, '')));
    if (places.length > 0) rng.pick(places)();
  } else if (mode === 'garbage') {
    raw = rng.pick([
      { payload: '{"a":', type: 'application/json' },
      { payload: '{"__proto__":{"admin":true}}', type: 'application/json' },
      { payload: '[1,2', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: '"\\ud800"', type: 'application/json' },
      { payload: '{"x":"\\u0000"}', type: 'application/json' },
      { payload: '{"a":1}{"b":2}', type: 'application/json' },
      { payload: JSON.stringify(body ?? {}), type: 'text/plain' },
      { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
      { payload: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
      { payload: '<a/>', type: 'application/xml' },
      { payload: JSON.stringify(body ?? {}), type: 'application/json; charset=latin1' },
      { payload: '\u0000', type: 'nonsense' },
    ]);
    if (op.method === 'GET' && rng.chance(0.5)) raw = undefined;
    query[rng.pick(['q', '__proto__', 'constructor', 'a[b]', ''])] = rng.pick(NASTY);
  }

  // The UTF-8 bytes of any string, percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it).
  const encode = (value: string) =>
    [...Buffer.from(value, 'utf8')]
      .map((byte) =>
        /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`,
      )
      .join('');
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(params[name] ?? '').slice(0, 3_000));
  const search = Object.entries(query)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`)
    .join('&');
  const options: InjectOptions = { method: op.method, url: search ? `${path}?${search}` : path, headers: {} };
  if (raw) {
    options.payload = raw.payload;
    options.headers = { 'content-type': raw.type };
  } else if (op.method !== 'GET' && (op.body || op.raw || body !== undefined)) {
    options.payload = JSON.stringify(body ?? {}) ?? 'null';
    options.headers = { 'content-type': 'application/json' };
  }
  const label = `${mode} ${op.method} ${String(options.url).slice(0, 160)} ${String(options.payload ?? '').slice(0, 200)}`;
  return { options, label };
}

/** Counts requests whose route handler ran: the handler channel's start, with no error before its end. */
class HandlerProbe {
  readonly reached = new Set<string>();
  private readonly channel = diagnostics.tracingChannel('fastify.request.handler');
  private readonly subscribers = {
    start: (store: any) => {
      store.fuzzOpen = true;
    },
    error: (store: any) => {
      // Published before the end only when a preHandler hook (a guard) refused, or the handler threw at once.
      if (store.fuzzOpen) store.fuzzRefused = true;
    },
    end: (store: any) => {
      store.fuzzOpen = false;
      const id = store.request?.headers?.['x-fuzz-id'];
      if (typeof id === 'string' && !store.fuzzRefused) this.reached.add(id);
    },
    asyncStart: () => undefined,
    asyncEnd: () => undefined,
  };

  subscribe() {
    this.channel.subscribe(this.subscribers);
  }
  unsubscribe() {
    this.channel.unsubscribe(this.subscribers);
  }
}

let t: TestApp;
let world: World;
let owner: { client: TestClient };
let journal: WriteJournal;
const probe = new HandlerProbe();
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  owner = await staffClient(t.app, 'owner', t.clock.now);
  world = await buildWorld(t.app, owner.client);
  journal = new WriteJournal(t.app.db);
  await journal.install();
  probe.subscribe();
}, 120_000);
afterAll(async () => {
  probe.unsubscribe();
  await t?.close();
});

async function sessionWorks(client: TestClient, admin: boolean): Promise<boolean> {
  const me = await client.get('/auth/me');
  if (me.status !== 200 || !me.body?.signedIn || !me.body?.tfaPassed) return false;
  if (!admin) return true;
  return (await client.get('/admin/settings')).status === 200;
}

describe('what the fuzzer measures', () => {
  it('counts a request as reaching a service only when its handler ran', async () => {
    const client = await signedInClient(t.app, world.shopper);
    const send = (id: string, url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie, 'x-fuzz-id': id } });
    expect((await send('probe-handler', '/order', client.cookieHeader())).statusCode).toBe(200);
    expect((await send('probe-schema', '/order?page=abc', client.cookieHeader())).statusCode).toBe(400);
    expect((await send('probe-guard', '/order', '')).statusCode).toBe(401);
    expect(probe.reached.has('probe-handler')).toBe(true);
    expect(probe.reached.has('probe-schema')).toBe(false);
    expect(probe.reached.has('probe-guard')).toBe(false);
  });

  it('sees a committed row change in the journal, and nothing of one rolled back', async () => {
    const db = t.app.db;
    const start = await journal.mark();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE addresses SET full_name = full_name WHERE user_id = ${world.shopper.id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await journal.mark()).toBe(start);
    await db.execute(sql`UPDATE addresses SET full_name = full_name WHERE user_id = ${world.shopper.id}`);
    expect(await journal.mark()).toBeGreaterThan(start);
    expect((await journal.writtenSince(start))[0]).toMatch(/^addresses UPDATE x\d+$/);
  });
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers no 5xx, an envelope on every error, and changes nothing when it refuses (seed ${SEED})`, async () => {
    const app: FastifyInstance = t.app;
    const document = app.swagger() as unknown as OpenApi;
    const resolve = (s: JsonSchema): JsonSchema => (s.$ref ? resolve(document.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);
    const ops = operationsOf(document);
    expect(ops.length).toBeGreaterThan(100);
    const rng = new Rng(SEED);
    const values = new SchemaValues(rng, resolve, hintsFor(world, rng), SEED, LINK_FIELDS);
    const problems: string[] = [];
    const started = Date.now();
    const cpu = process.cpuUsage();
    let sent = 0;
    let readings = 0;
    let refusedCount = 0;
    let refusedAtEdge = 0;
    const unchecked: string[] = [];
    let allowedWrites = 0;
    let renewed = 0;
    let journalMs = 0;
    let injectMs = 0;
    const slowest = new Map<string, number>();
    let shopper = await signedInClient(app, world.shopper);
    let staff = owner.client;

    for (const op of ops) {
      const admin = op.path.startsWith('/admin');
      // The journal's newest entry while nothing has been written since; undefined after an answer that may have written.
      let before: number | undefined;
      let settle = true;
      const runs = HASHING.test(`${op.method} ${op.path}`) ? PER_HASHING_OPERATION : PER_OPERATION;
      for (let i = 0; i < runs; i++) {
        const client = admin ? staff : shopper;
        const { options, label } = buildRequest(op, rng, values, world);
        const t0 = performance.now();
        if (before === undefined) {
          // Reset links are issued and mailed after the answer (the same answer for unknown addresses): let them land.
          await resetMailsSettled();
          before = settle ? await journal.settledMark() : await journal.mark();
        }
        journalMs += performance.now() - t0;
        const id = String(sent);
        const t1 = performance.now();
        const answer = await app.inject({
          ...options,
          headers: {
            ...(options.headers as Record<string, string>),
            cookie: client.cookieHeader(),
            'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
            'x-fuzz-id': id,
          },
        });
        sent++;
        const status = answer.statusCode;
        const spent = performance.now() - t1;
        injectMs += spent;
        const key = `${op.method} ${op.path}`;
        slowest.set(key, (slowest.get(key) ?? 0) + spent);
        if (status >= 500) problems.push(`${status} ${label}: ${answer.body.slice(0, 300)}`);
        let envelope: { errorCode?: unknown; error?: unknown; params?: unknown } | undefined;
        if (status >= 400) {
          try {
            envelope = answer.json();
          } catch {
            envelope = undefined;
          }
          if (typeof envelope?.errorCode !== 'string' || typeof envelope.error !== 'string' || !Array.isArray(envelope.params)) {
            problems.push(`${status} without the envelope: ${label}: ${answer.body.slice(0, 200)}`);
          }
        }
        const refused = status >= 400 && status < 500;
        // Every refusal that reached a handler is checked at once; of those refused before one (schema, guard,
        // anti-forgery), every fourth: the others stay in the span the next reading covers (unless an
        // accepted request comes first, which may write).
        if (refused && (probe.reached.has(id) || refusedAtEdge++ % 4 === 0)) {
          const t2 = performance.now();
          const after = await journal.mark();
          journalMs += performance.now() - t2;
          readings++;
          if (after !== before) {
            const written = await journal.writtenSince(before);
            const allowed = REFUSALS_THAT_WRITE[`${op.method} ${op.path} ${String(envelope?.errorCode)}`]?.tables ?? [];
            if (written.some((entry) => !allowed.includes(entry.split(' ')[0]!))) {
              const since = unchecked.length > 0 ? ` (or one of the refusals just before it: ${unchecked.join(' | ')})` : '';
              problems.push(`${status} ${String(envelope?.errorCode)} wrote ${written.join(', ')}: ${label}${since}`);
            } else allowedWrites++;
          }
          before = after;
          unchecked.length = 0;
        } else if (refused) {
          unchecked.push(label.slice(0, 200));
        } else {
          before = undefined;
          unchecked.length = 0;
          // Work an answer leaves running (a mail sent after the reply) lands before the next reading.
          settle = options.method !== 'GET';
        }
        if (refused) refusedCount++;

        // A request may have changed the password, signed the session out or changed the staff role: sign in again.
        if (op.path === '/auth/changePassword' && status < 300) {
          world.shopper.password = String((JSON.parse(String(options.payload)) as { newPassword?: unknown }).newPassword);
        }
        const suspect = status === 401 || (status === 403 && admin) || (status < 300 && /logout|Password|tfa|staff/.test(op.path));
        if (suspect && !(await sessionWorks(client, admin))) {
          renewed++;
          if (admin) staff = (await staffClient(app, 'owner', t.clock.now)).client;
          else shopper = await signedInClient(app, world.shopper);
          before = undefined;
          settle = true;
        }
      }
    }

    const seconds = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const share = probe.reached.size / sent;
    console.log(
      `fuzz (seed ${SEED}): ${sent} requests to ${ops.length} operations in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU); ` +
        `${probe.reached.size} reached a handler (${(share * 100).toFixed(1)} %); ` +
        `${refusedCount} refused, checked for writes to ${journal.tables.length} tables in ${readings} readings of the journal ` +
        `(not compared: ${Object.keys(WRITTEN_WHEN_REFUSED).join(', ')}; ${allowedWrites} refusals that write by design); ` +
        `${renewed} sessions renewed`,
    );
    console.log(
      `inject ${(injectMs / 1000).toFixed(1)} s, journal ${(journalMs / 1000).toFixed(1)} s; slowest operations: ${[...slowest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join('; ')}`,
    );
    expect(problems, `seed ${SEED}: ${problems.length} bad answers:\n${problems.slice(0, 40).join('\n')}`).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(REACH_FLOOR);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(readings).toBeGreaterThan(sent / 3);
  }, 900_000);
});
