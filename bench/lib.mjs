/**
 * What the bench scripts share: starting, pinging and stopping the built API, opening its database
 * while it is stopped, and (for the dev-mode runs of cart.mjs and orders.mjs) talking to it and
 * signing shoppers in as a browser would. Not a script of its own.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the API runs from there and finds its workspace packages. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The bundled API (`cd apps/api && node build.mjs`); the benches measure what ships, not tsx. */
export const SERVER = join(ROOT, 'apps/api/dist/server.js');

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The API child process; `exited` settles when it ends, `stopping` marks an exit we asked for.
 * @typedef {import('node:child_process').ChildProcess & {
 *   exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>,
 *   stopping?: boolean,
 * }} Api
 */

/**
 * Starts the built API with exactly `env`; its output goes to our stderr, marked, so that stdout
 * keeps only the results table.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Api}
 */
export function startApi(env) {
  const child = /** @type {Api} */ (spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  /** @param {import('node:stream').Readable | null} stream never null here: both are pipes */
  const relay = (stream) => stream?.on('data', (chunk) => process.stderr.write(`[api] ${chunk}`));
  relay(child.stdout);
  relay(child.stderr);
  child.exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  return child;
}

/**
 * Stops the API if it still runs: SIGTERM lets it close its database cleanly (PGlite's files stay
 * usable for the next start); SIGKILL only after 15 s, so a hung shutdown cannot hang the bench.
 * @param {Api | undefined} api
 * @param {() => void} [onKill] called just before the SIGKILL
 */
export async function stopApi(api, onKill) {
  if (!api || api.exitCode !== null || api.signalCode !== null) return;
  api.stopping = true;
  api.kill('SIGTERM');
  const done = await Promise.race([api.exited, sleep(15_000).then(() => null)]);
  if (!done) {
    onKill?.();
    api.kill('SIGKILL');
    await api.exited;
  }
}

/**
 * Waits until `${base}/ping` answers (the first start migrates and may seed, hence 3 minutes).
 * Gives up at once if the API we started has died, rather than polling a port nobody listens on.
 * @param {string} base
 * @param {Api | undefined} api undefined for an API the script did not start
 */
export async function waitForPing(base, api, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api && (api.exitCode !== null || api.signalCode !== null)) throw new Error('the API exited before answering /ping');
    try {
      if ((await fetch(`${base}/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${base}/ping within ${timeoutMs / 1000} s`);
}

/**
 * @callback Query
 * @param {string} text
 * @param {unknown[]} [params]
 * @returns {Promise<any[]>} the rows
 */

/**
 * Runs `work(query)` on the API's database: PostgreSQL at `databaseUrl`, or when that is empty the
 * PGlite files in `pgliteDir` — only while the API is stopped, as PGlite allows one process.
 * @template T
 * @param {string} databaseUrl
 * @param {string} pgliteDir
 * @param {(query: Query) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withDatabase(databaseUrl, pgliteDir, work) {
  if (databaseUrl) {
    // Loaded on demand: a PGlite run needs no PostgreSQL driver.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  mkdirSync(pgliteDir, { recursive: true });
  const db = new PGlite(pgliteDir, { extensions: { pg_trgm } });
  await db.waitReady;
  try {
    return await work(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A development-mode API for the shopper benches (cart.mjs, orders.mjs)

/**
 * The API's environment for a shopper bench: development mode with the dev outbox, so that the
 * script can read verification codes (it talks to the API on loopback), and rate limits on sign-up
 * and login lifted far enough for hundreds of shoppers from one address.
 * @param {{ port: number, dataDir: string, databaseUrl: string }} options an empty databaseUrl
 *   means PGlite in the (temporary) dataDir
 * @returns {NodeJS.ProcessEnv}
 */
export function devApiEnv({ port, dataDir, databaseUrl }) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DEV_OUTBOX: 'true',
    HOST: '127.0.0.1',
    API_PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    RATE_LIMIT_REGISTER: '1000/3600',
    RATE_LIMIT_VERIFY_EMAIL: '1000/900',
    RATE_LIMIT_LOGIN: '1000/900',
  };
}

// The API checks double-submit XSRF on writes: any token works as long as cookie and header agree.
const XSRF = 'bench-xsrf-token';

/**
 * Headers of a JSON write as a signed-in browser sends it, for autocannon's prepared requests.
 * @param {string} cookie the session cookie (`kedai_at=…`)
 */
export function jsonWriteHeaders(cookie) {
  return { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}; ${cookie}`, 'x-xsrf-token': XSRF };
}

/**
 * @typedef {{ body?: unknown, cookie?: string }} CallOptions
 * @typedef {{ status: number, body: any, res: Response }} Answer
 */

/**
 * Requests to the API at `base` as a browser makes them (XSRF pair, JSON bodies), for the set-up
 * outside the timed runs.
 * @param {string} base
 */
export function apiClient(base) {
  /**
   * @param {string} method
   * @param {string} path
   * @param {CallOptions} [options]
   * @returns {Promise<Answer>}
   */
  async function call(method, path, { body, cookie } = {}) {
    /** @type {Record<string, string>} */
    const headers = { cookie: `XSRF-TOKEN=${XSRF}${cookie ? `; ${cookie}` : ''}`, 'x-xsrf-token': XSRF };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
  }

  /**
   * Like `call`, but any status from 300 up throws: set-up that fails must stop the run.
   * @param {string} method
   * @param {string} path
   * @param {CallOptions} [options]
   */
  async function expectOk(method, path, options) {
    const answer = await call(method, path, options);
    if (answer.status >= 300) throw new Error(`${method} ${path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  }

  /**
   * Registers `email`, reads the code from /dev/outbox, verifies and logs in, as the storefront
   * does; answers the session cookie (`kedai_at=…`).
   * @param {string} email unique per run
   * @param {string} lastName
   */
  async function signIn(email, lastName) {
    const password = 'Rahsia123!';
    await expectOk('POST', '/auth/register', {
      body: {
        email,
        password,
        firstName: 'Bench',
        lastName,
        phoneNumber: '+65 9123 4567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
        acceptTerms: true,
      },
    });
    const { body: outbox } = await expectOk('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = /code is (\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no verification code for ${email}`);
    await expectOk('POST', '/auth/verifyEmail', { body: { code } });
    const login = await expectOk('POST', '/auth/login', { body: { email, password, rememberme: false } });
    const access = login.res.headers.getSetCookie().find((c) => c.startsWith('kedai_at='));
    if (!access) throw new Error('login set no access cookie');
    return access.split(';')[0];
  }

  return { expectOk, signIn };
}

/**
 * Counts per HTTP status of an autocannon run, and how many of them are not in `expected`.
 * @param {{ statusCodeStats?: Record<string, { count: number }> }} result
 * @param {number[]} expected
 */
export function statusCounts(result, expected) {
  /** @type {Record<string, number>} */
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([s, v]) => [s, v.count]));
  const unexpected = Object.entries(statuses)
    .filter(([status]) => !expected.includes(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
  return { statuses, unexpected };
}
