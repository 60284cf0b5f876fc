/**
 * Signing in to the back office as the embedded demo's owner, with two-factor authentication: set
 * up on the first sign-in of a run, a code on the later ones. The same steps and the same key file
 * as admin.spec.ts, so the journeys can run in either order.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const adminPort = Number(process.env.E2E_ADMIN_PORT ?? 3701);
export const admin = `http://127.0.0.1:${adminPort}`;
// The e2e server's data folder (playwright.config.ts): the demo shop under test, emptied for each run.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'kedai-e2e');
/** The embedded demo's documented owner (README "Back office"). */
const DEMO_OWNER = { email: 'owner@kedai.example', password: 'Kedai-Owner-2026' };
/** Where the journeys keep the demo owner's two-factor key once it is set up (admin.spec.ts uses the same file). */
const keyFile = join(dataDir, 'e2e-demo-owner-totp.json');

function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit TOTP (RFC 6238: HMAC-SHA1, 30 s steps) an authenticator app shows at `step`. */
function totpAt(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code of a step not used before (the shop takes each code once), waiting for the next 30 s step when needed. */
async function freshCode(key: string): Promise<string> {
  const last = existsSync(keyFile) ? (JSON.parse(readFileSync(keyFile, 'utf8')) as { step: number }).step : -1;
  let step = Math.floor(Date.now() / 30_000);
  if (step <= last) {
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * 30_000 - Date.now() + 500));
    step = last + 1;
  }
  writeFileSync(keyFile, JSON.stringify({ key, step }));
  return totpAt(key, step);
}

/** Signs in as the demo owner and waits for the product list. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto(`${admin}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await page.getByLabel('E-mail').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!existsSync(keyFile)) {
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeFocused();
    await page.getByRole('button', { name: 'Set it up now' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = ((await page.getByTestId('tfa-manual-key').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
  } else {
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}
