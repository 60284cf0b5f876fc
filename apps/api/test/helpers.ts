import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { seedDemo } from '@kedai/db/seed';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/platform/config';
import type { PaymentProvider } from '../src/modules/payments/service';
import { databasePubSub } from '../src/platform/pubsub';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: AppConfig;
  /** The clock of the app's rate-limit windows and two-factor time steps. */
  clock: TestClock;
  close(): Promise<void>;
}

/** An instant every window length up to a day divides (2031-03-01T00:00:00Z), far from the real clock. */
export const WINDOW_ALIGNED = Date.parse('2031-03-01T00:00:00Z');

/** A clock that stands still until a test moves it, so no test depends on the real clock's timing. */
export class TestClock {
  constructor(private at = WINDOW_ALIGNED) {}
  now = (): Date => new Date(this.at);
  advance(seconds: number): void {
    this.at += seconds * 1000;
  }
}

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), optionally
 * seeded; `env` adds or overrides environment variables (e.g. MAIL_URL, NODE_ENV). Its rate-limit
 * windows and two-factor time steps follow `clock`, by default standing at the start of every window
 * (decision 0007).
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; clock?: TestClock; paymentProvider?: PaymentProvider } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kedai-test-'));
  // Tests read codes from the development outbox (app.inject comes from 127.0.0.1), except in production.
  const devOutbox = options.env?.NODE_ENV === 'production' ? 'false' : 'true';
  const clock = options.clock ?? new TestClock();
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_OUTBOX: devOutbox, ...options.env }),
    clock: clock.now,
  };
  const handle = await createTestDatabase();
  if (options.seed !== false) await seedDemo(handle.db, { assetsDir: config.assetsDir });
  // The database's own LISTEN/NOTIFY, as a process without REDIS_URL has (PGlite: within this process).
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    paymentProvider: options.paymentProvider,
    pubsub: databasePubSub(handle),
  });
  return {
    app,
    handle,
    config,
    clock,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A race test: requests sent at once that must not break a rule. PGlite runs one transaction at a
 * time, so there the requests queue and nothing is proven about a race inside a transaction; the
 * PostgreSQL run (CI's second leg, `TEST_DATABASE_URL`) is where it is proven. The test's name says
 * which of the two it ran on. Each race test asserts every answer and the state after.
 */
export function race(name: string, body: () => Promise<void>, timeout?: number): void {
  const where = process.env.TEST_DATABASE_URL ? 'race, proven here on PostgreSQL' : 'race, proven only on PostgreSQL: PGlite queues it';
  it(`${name} (${where})`, body, timeout);
}

/** GET through `app.inject`, with the JSON body parsed. */
export async function get<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers, response };
}

export function expectEnvelope(body: unknown, errorCode: string) {
  const envelope = body as { errorCode: string; error: string; params: unknown[] };
  if (envelope.errorCode !== errorCode) {
    throw new Error(`expected errorCode ${errorCode}, got ${JSON.stringify(body)}`);
  }
  if (typeof envelope.error !== 'string' || !Array.isArray(envelope.params)) {
    throw new Error(`not an error envelope: ${JSON.stringify(body)}`);
  }
  if (JSON.stringify(body).includes('    at ')) throw new Error('stack trace leaked');
}

/** An error answer: this status and the one envelope with this code (the body shown when the status differs). */
export function expectError(answer: { status: number; body: unknown }, status: number, errorCode: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expectEnvelope(answer.body, errorCode);
}

/**
 * A matching anti-forgery cookie and header, as a browser page of the shop would send (double submit);
 * the cookie under both its names, so it also passes where COOKIE_SECURE reads `__Host-XSRF-TOKEN`.
 */
export const XSRF_PAIR = {
  cookie: 'XSRF-TOKEN=test-xsrf-token; __Host-XSRF-TOKEN=test-xsrf-token',
  'x-xsrf-token': 'test-xsrf-token',
};

/** POST a JSON body through `app.inject` (with the anti-forgery pair), with the JSON answer parsed. */
export async function post<T = any>(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { ...XSRF_PAIR, ...headers } });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers, response };
}
