#!/usr/bin/env node
// Starts `npm start` on a fresh data folder and free ports, checks what a new user would check
// (/ping, a typo search, the storefront's home page and its headers, the outbox only on this machine),
// then stops it. Exits non-zero on failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'kedai-smoke-'));
const apiPort = process.env.SMOKE_API_PORT ?? '4600';
const webPort = process.env.SMOKE_WEB_PORT ?? '3600';
const adminPort = process.env.SMOKE_ADMIN_PORT ?? '3601';
const api = `http://127.0.0.1:${apiPort}`;
const web = `http://127.0.0.1:${webPort}`;
const admin = `http://127.0.0.1:${adminPort}`;

const child = spawn('npm', ['start'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: apiPort,
    WEB_PORT: webPort,
    ADMIN_PORT: adminPort,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000}s`);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
  console.log(`ok - ${message}`);
}

let failed = false;
try {
  await waitFor(`${api}/ping`, 600_000);
  check(true, 'API answers /ping');
  const search = await (await waitFor(`${api}/product/search?q=lapton`, 10_000)).json();
  check(search.total > 0 && /laptop/i.test(search.products[0].name), `/product/search?q=lapton finds laptops (${search.total})`);
  const home = await waitFor(`${web}/`, 120_000);
  const html = await home.text();
  check(html.includes('<html'), `storefront ${web}/ answers 200`);
  check(
    /script-src 'self' 'nonce-[^']+'/.test(home.headers.get('content-security-policy') ?? ''),
    'the page carries a nonce Content-Security-Policy',
  );
  const outbox = await fetch(`${api}/dev/outbox?to=someone@example.com`);
  check(outbox.status === 200, 'the demo API shows its outbox to this machine');
  const forwarded = await fetch(`${web}/api/dev/outbox?to=someone@example.com`);
  check(forwarded.status === 404, 'the storefront does not forward /api/dev/outbox');
  const office = await waitFor(`${admin}/products`, 60_000);
  check((await office.text()).includes('Kedai back office'), `back office ${admin}/products answers its page`);
  check(
    (office.headers.get('content-security-policy') ?? '').includes("script-src 'self';"),
    'the back office carries a Content-Security-Policy without inline scripts',
  );
  const me = await (await waitFor(`${admin}/api/auth/me`, 10_000)).json();
  check(me.signedIn === false, 'the back office forwards /api/auth/me to the API');
  check((await fetch(`${admin}/api/dev/outbox?to=someone@example.com`)).status === 404, 'the back office does not forward /api/dev/outbox');
} catch (error) {
  failed = true;
  console.error(`not ok - ${error.message}`);
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
