#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys against `npm start` on fresh data folders (the shop, and
// the shop that takes cards through Stripe: e2e/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'kedai-e2e');
const stripeDataDir = process.env.E2E_STRIPE_DATA_DIR ?? join(tmpdir(), 'kedai-e2e-stripe');
for (const dir of [dataDir, stripeDataDir]) rmSync(dir, { recursive: true, force: true });
const root = new URL('..', import.meta.url).pathname;
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_STRIPE_DATA_DIR: stripeDataDir },
});
process.exit(result.status ?? 1);
