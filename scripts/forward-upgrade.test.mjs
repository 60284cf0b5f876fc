import { createServer, request } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_VIA, createAdminServer } from './admin-server.mjs';
import { forwardUpgrade } from './forward-upgrade.mjs';

const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(server.address().port)));

/**
 * A stand-in for the API's `/ws`: upgrades `/ws` (answering what it saw as the first bytes, then
 * echoing), refuses `/ws?refuse` with a 401 envelope as the API does for a caller not signed in.
 */
const seen = [];
const api = createServer((_req, res) => res.end());
api.on('upgrade', (req, socket) => {
  seen.push({ url: req.url, headers: req.headers });
  if (req.url.includes('refuse')) {
    const body = JSON.stringify({ errorCode: 'auth/not_authorized', error: 'Sign in first', params: [] });
    const head = `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return socket.end(head + body);
  }
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Api: yes\r\n\r\n');
  socket.write(`hello ${req.url}|`);
  socket.on('data', (chunk) => socket.write(chunk));
});

/** Asks `port` to upgrade `path`; answers the status, headers and the first bytes that came over the upgraded connection. */
function upgrade(port, path, headers = {}) {
  return new Promise((done, fail) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: { connection: 'Upgrade', upgrade: 'websocket', host: 'shop.example', origin: 'http://shop.example', ...headers },
    });
    req.on('upgrade', (answer, socket, head) => {
      let received = head.toString();
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('ping!')) {
          socket.destroy();
          done({ status: answer.statusCode, headers: answer.headers, received });
        }
      });
      socket.write('ping!');
    });
    req.on('response', (answer) => {
      let body = '';
      answer.on('data', (chunk) => (body += chunk));
      answer.on('end', () => done({ status: answer.statusCode, headers: answer.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

let apiPort, front, frontPort, admin, adminPort, dist;

beforeAll(async () => {
  apiPort = await listen(api);
  front = createServer((_req, res) => res.end('page'));
  front.on('upgrade', forwardUpgrade({ apiUrl: `http://127.0.0.1:${apiPort}`, via: '1.1 kedai-storefront' }));
  frontPort = await listen(front);
  dist = mkdtempSync(join(tmpdir(), 'kedai-admin-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kedai back office</title>');
  admin = createAdminServer({ dist, apiUrl: `http://127.0.0.1:${apiPort}` });
  adminPort = await listen(admin);
});

afterAll(() => {
  front.close();
  admin.close();
  api.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the live socket through the storefront and back office servers', () => {
  it('forwards the upgrade of /api/ws to the API /ws with the cookies, the Host, the peer as X-Forwarded-For and Via; bytes flow both ways', async () => {
    seen.length = 0;
    const answer = await upgrade(frontPort, '/api/ws', { cookie: 'kedai_at=token', 'x-forwarded-for': '6.6.6.6', via: '1.1 edge' });
    expect(answer.status).toBe(101);
    expect(answer.headers['x-api']).toBe('yes');
    expect(answer.received).toBe('hello /ws|ping!');
    expect(seen).toHaveLength(1);
    const { headers } = seen[0];
    expect(headers.cookie).toBe('kedai_at=token');
    expect(headers.host).toBe('shop.example');
    expect(headers.origin).toBe('http://shop.example');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers.via).toBe('1.1 edge, 1.1 kedai-storefront');
    expect(headers.upgrade).toBe('websocket');
  });

  it('the back office server forwards it too, with its own Via', async () => {
    seen.length = 0;
    const answer = await upgrade(adminPort, '/api/ws?x=1', { cookie: '__Host-kedai_at=token' });
    expect(answer.status).toBe(101);
    expect(answer.received).toBe('hello /ws?x=1|ping!');
    expect(seen[0].headers.via).toBe(ADMIN_VIA);
    expect(seen[0].headers.cookie).toBe('__Host-kedai_at=token');
  });

  it('passes a refused upgrade on as the API answered it (status and envelope)', async () => {
    const answer = await upgrade(frontPort, '/api/ws?refuse');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).errorCode).toBe('auth/not_authorized');
  });

  it('forwards no other path: 404 with the envelope, the API never asked', async () => {
    for (const path of ['/api/order/1', '/ws', '/api/wsx', '/api/dev/outbox', '/_next/webpack-hmr']) {
      seen.length = 0;
      for (const port of [frontPort, adminPort]) {
        const answer = await upgrade(port, path);
        expect(answer.status, path).toBe(404);
        expect(JSON.parse(answer.body).errorCode).toBe('general/not_found');
      }
      expect(seen, path).toHaveLength(0);
    }
  });

  it('answers 502 with the envelope when the API is down', async () => {
    const down = createServer();
    down.on('upgrade', forwardUpgrade({ apiUrl: 'http://127.0.0.1:1', via: '1.1 kedai-storefront' }));
    const port = await listen(down);
    const answer = await upgrade(port, '/api/ws');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body).errorCode).toBe('general/unknown_error');
    down.close();
  });

  it("to an https API, TLS names the API's host (SNI, and so the certificate checked), not the browser's Host", async () => {
    const named = [];
    // The handshake goes no further than the name it was asked for: no certificate is needed to see it.
    const tlsApi = createTlsServer({
      SNICallback: (servername, done) => {
        named.push(servername);
        done(new Error('name recorded'));
      },
    });
    const tlsPort = await listen(tlsApi);
    const secureFront = createServer();
    secureFront.on('upgrade', forwardUpgrade({ apiUrl: `https://localhost:${tlsPort}`, via: '1.1 kedai-storefront' }));
    const port = await listen(secureFront);
    const answer = await upgrade(port, '/api/ws');
    expect(named).toEqual(['localhost']);
    expect(answer.status).toBe(502);
    secureFront.close();
    tlsApi.close();
  });
});
