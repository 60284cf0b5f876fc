import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminServer, distFile } from './admin-server.mjs';

const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${server.address().port}`)));

let dist, api, admin, apiUrl, base;
const seen = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kedai-admin-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Kedai back office</title><script type="module" src="/assets/app-abc.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(req.url.startsWith('/missing') ? 404 : 200, {
        'content-type': 'application/json',
        'set-cookie': 'kedai_at=t; HttpOnly; Path=/',
      });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  apiUrl = await listen(api);
  admin = createAdminServer({ dist, apiUrl });
  base = await listen(admin);
});

afterAll(() => {
  admin.close();
  api.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the back office server', () => {
  it('serves index.html with a strict policy and no caching', async () => {
    const answer = await fetch(`${base}/`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Kedai back office');
    const csp = answer.headers.get('content-security-policy');
    expect(csp).toContain(`script-src 'self';`);
    expect(csp).toContain(`frame-ancestors 'none'`);
    // Marketplace pictures in the quotation queue are https addresses of other sites; plain http ones stay out.
    expect(csp).toMatch(/img-src 'self' data: https:( |;)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it("answers the app's own addresses with index.html, and a missing asset with 404", async () => {
    const page = await fetch(`${base}/products/123?page=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${base}/assets/gone-123.js`)).status).toBe(404);
  });

  it('keeps hashed assets for a year, compressed', async () => {
    const answer = await fetch(`${base}/assets/app-abc.js`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toContain('console.log');
  });

  it('never leaves the build folder', () => {
    expect(distFile(dist, '/../../etc/passwd')).toBeNull();
    expect(distFile(dist, '/..%2f..%2fetc/passwd')).toBeNull();
    expect(distFile(dist, '/%E0%A4%A')).toBeNull();
    expect(distFile(dist, '/assets/app-abc.js')).toBe(join(dist, 'assets', 'app-abc.js'));
  });

  it("forwards /api/… with the body and cookies, the peer as X-Forwarded-For instead of the browser's, and Via", async () => {
    seen.length = 0;
    const answer = await fetch(`${base}/api/auth/login?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc', 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6' },
      body: JSON.stringify({ email: 'a@b.c' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toContain('kedai_at=t');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/auth/login?x=1');
    expect(call.body).toBe('{"email":"a@b.c"}');
    expect(call.headers.cookie).toBe('XSRF-TOKEN=abc');
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(call.headers['x-real-ip']).toBeUndefined();
    expect(call.headers.via).toBe('1.1 kedai-admin');
    expect((await fetch(`${base}/api/missing`)).status).toBe(404);
  });

  it('never forwards the development routes, however they are spelt', async () => {
    seen.length = 0;
    for (const path of ['/api/dev/outbox?to=x', '/api/%64ev/outbox', '/api//DEV/outbox']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(404);
      expect((await answer.json()).errorCode).toBe('general/not_found');
    }
    expect(seen).toHaveLength(0);
  });

  it('answers 502 with the envelope when the API is down', async () => {
    const down = createAdminServer({ dist, apiUrl: 'http://127.0.0.1:9' });
    const url = await listen(down);
    const answer = await fetch(`${url}/api/ping`);
    expect(answer.status).toBe(502);
    expect((await answer.json()).errorCode).toBe('general/unknown_error');
    down.close();
  });
});
