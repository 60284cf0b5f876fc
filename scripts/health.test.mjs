import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealth, shutdownGraceSeconds } from './health.mjs';
import { createAdminServer } from './admin-server.mjs';

const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${server.address().port}`)));
const probe = async (base, which) => {
  const answer = await fetch(`${base}/health/${which}`);
  return { status: answer.status, body: await answer.json() };
};

/** A stand-in API whose /health/ready answers what the test sets. */
let apiStatus = 200;
let api, apiUrl;
const servers = [];
const serve = async (server) => {
  servers.push(server);
  return listen(server);
};

beforeAll(async () => {
  api = createServer((req, res) => {
    res.writeHead(req.url === '/health/ready' ? apiStatus : 404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  apiUrl = await listen(api);
});
afterAll(() => {
  for (const server of servers) server.close();
  api.close();
});

describe("the storefront's probes", () => {
  it('is ready while the API is, stops when the API is not, and when draining starts, while staying live', async () => {
    const health = createHealth({ apiUrl });
    const base = await serve(createServer((req, res) => health.answer(req, res) || res.writeHead(404).end()));
    apiStatus = 200;
    expect(await probe(base, 'ready')).toEqual({ status: 200, body: { ready: true, checks: { notDraining: true, api: true } } });
    apiStatus = 503;
    expect(await probe(base, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { notDraining: true, api: false } } });
    apiStatus = 200;
    health.startDraining();
    expect(await probe(base, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { notDraining: false, api: true } } });
    expect(await probe(base, 'live')).toEqual({ status: 200, body: { live: true } });
  });

  it('is not ready when the API cannot be reached', async () => {
    const down = createServer();
    const downUrl = await listen(down);
    down.close();
    const health = createHealth({ apiUrl: downUrl });
    const base = await serve(createServer((req, res) => health.answer(req, res) || res.writeHead(404).end()));
    expect(await probe(base, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { notDraining: true, api: false } } });
  });
});

describe("the back office's probes", () => {
  let dist;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'kedai-admin-health-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kedai back office</title>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is ready until draining starts, and live throughout; its pages are still served meanwhile', async () => {
    const health = createHealth();
    const base = await serve(createAdminServer({ dist, apiUrl, health }));
    expect(await probe(base, 'ready')).toEqual({ status: 200, body: { ready: true, checks: { notDraining: true } } });
    health.startDraining();
    expect(await probe(base, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { notDraining: false } } });
    expect(await probe(base, 'live')).toEqual({ status: 200, body: { live: true } });
    expect((await fetch(`${base}/products`)).status).toBe(200);
  });
});

describe('the grace before closing', () => {
  it('reads SHUTDOWN_GRACE_SECONDS, 10 unless set or when not a whole number of seconds', () => {
    expect(shutdownGraceSeconds({})).toBe(10);
    expect(shutdownGraceSeconds({ SHUTDOWN_GRACE_SECONDS: '0' })).toBe(0);
    expect(shutdownGraceSeconds({ SHUTDOWN_GRACE_SECONDS: '25' })).toBe(25);
    expect(shutdownGraceSeconds({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toBe(10);
  });
});
