import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { seedDemo } from '@kedai/db/seed';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/platform/config';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), optionally
 * seeded; `env` adds or overrides environment variables (e.g. MAIL_URL, NODE_ENV).
 */
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kedai-test-'));
  // Tests read codes from the development outbox (app.inject comes from 127.0.0.1), except in production.
  const devOutbox = options.env?.NODE_ENV === 'production' ? 'false' : 'true';
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_OUTBOX: devOutbox, ...options.env });
  const handle = await createTestDatabase();
  if (options.seed !== false) await seedDemo(handle.db, { assetsDir: config.assetsDir });
  const app = await buildApp({ config, db: handle.db, logger: false });
  return {
    app,
    handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET through `app.inject`, with the JSON body parsed. */
export async function get<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers, response };
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

/** A matching anti-forgery cookie and header, as a browser page of the shop would send (double submit). */
export const XSRF_PAIR = { cookie: 'XSRF-TOKEN=test-xsrf-token', 'x-xsrf-token': 'test-xsrf-token' };

/** POST a JSON body through `app.inject` (with the anti-forgery pair), with the JSON answer parsed. */
export async function post<T = any>(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { ...XSRF_PAIR, ...headers } });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers, response };
}

/**
 * Fixed rate-limit windows are aligned on the clock (decision record 0007): a test that fills one
 * waits, when needed, until at least `margin` seconds remain in the current window, so the
 * window cannot roll over mid-test.
 */
export async function clearOfWindowEdge(windowSeconds: number, margin = 5) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 250));
}
