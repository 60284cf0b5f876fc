import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@kedai/db/testing';
import type { DatabaseHandle } from '@kedai/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { XSRF_PAIR } from '../helpers';

/** The app with its real logger writing JSON lines into `lines`. */
let app: FastifyInstance;
let handle: DatabaseHandle;
let dataDir: string;
const lines: string[] = [];
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kedai-log-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  handle = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, db: handle.db, logger: { stream } });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('logs', () => {
  it('keep personal data of a failed database statement out: no e-mail, no parameters, yet the error is there', async () => {
    const email = 'siti.private@example.com';
    // The database goes away under the API: the sign-in's statements (rate-limit key with the e-mail) fail.
    await handle.close();
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Rahsia123!' },
      headers: { ...XSRF_PAIR, cookie: `${XSRF_PAIR.cookie}; kedai_at=secret-session-token` },
    });
    expect(answer.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toMatch(/Failed query/);
    expect(log).not.toContain(email);
    expect(log).not.toContain('secret-session-token');
    expect(log).not.toContain('test-xsrf-token');
    expect(log).not.toMatch(/"params"|\nparams:/);
  });
});
