#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the API, the storefront and the back office together.
// The API migrates its database and seeds the demo catalogue on first start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const adminPort = process.env.ADMIN_PORT ?? '3001';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;

/** Newest modification time under the given folders (skipping build output and dependencies). */
function newest(paths) {
  let latest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (!['node_modules', '.next', 'dist'].includes(name)) walk(join(path, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return latest;
}

function buildIfNeeded(name, output, sources, command) {
  const out = join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.log(`[kedai] building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', command], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[kedai] building ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

const shared = ['packages/domain/src', 'packages/contract/src'];
buildIfNeeded('the API', 'apps/api/dist/server.js', ['apps/api/src', 'packages/db/src', 'packages/db/migrations', ...shared], 'apps/api');
buildIfNeeded('the storefront', 'apps/web/.next/BUILD_ID', ['apps/web/src', 'apps/web/next.config.ts', ...shared], 'apps/web');
buildIfNeeded(
  'the back office',
  'apps/admin/dist/index.html',
  ['apps/admin/src', 'apps/admin/public', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/package.json', ...shared],
  'apps/admin',
);

const children = [];
function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[kedai] ${name} stopped (${signal ?? code}); stopping everything`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** Waits until the API answers /ping: the first start migrates and seeds before it listens. */
async function apiReady(timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`${apiUrl}/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (!stopping) {
    console.error(`[kedai] the API did not answer ${apiUrl}/ping in time`);
    stop(1);
  }
}

// One machine, no balancer to notice a drain, and this script exits 200 ms after passing SIGTERM on:
// the servers close at once unless told otherwise (SHUTDOWN_GRACE_SECONDS, README "Health checks").
process.env.SHUTDOWN_GRACE_SECONDS ??= '0';
// The storefront on this machine forwards browsers' /api calls: trust it (and only it) to name the client.
run('API', process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  API_PORT: apiPort,
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
});
await apiReady();
if (stopping) await new Promise(() => {}); // stop() exits the process
// `next start` plus brotli for the build's scripts and styles (scripts/web-server.mjs).
run('storefront', process.execPath, [join(root, 'scripts/web-server.mjs'), 'apps/web', webPort], {
  API_URL: apiUrl,
  NODE_ENV: 'production',
});
// The back office's static build, forwarding its /api calls the same way (scripts/admin-server.mjs).
run('back office', process.execPath, [join(root, 'scripts/admin-server.mjs'), 'apps/admin/dist', adminPort], {
  API_URL: apiUrl,
  NODE_ENV: 'production',
});
console.log(
  `[kedai] storefront http://localhost:${webPort} · back office http://localhost:${adminPort} · API http://localhost:${apiPort} (docs at /docs)`,
);
