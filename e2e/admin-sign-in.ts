/**
 * Signing in to the back office as the embedded demo's owner, with two-factor authentication: set
 * up on the first sign-in of a run, a code on the later ones; every admin journey signs in here, so
 * they can run in any order. The shop takes each code once, so a second sign-in within 30 s waits
 * for the next code: journeys that do not show the sign-in reuse the owner's last session instead.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { totpAt } from './support';

const adminPort = Number(process.env.E2E_ADMIN_PORT ?? 3701);
export const admin = `http://127.0.0.1:${adminPort}`;
// The e2e server's data folder (playwright.config.ts): the demo shop under test, emptied for each run.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'kedai-e2e');
/** The embedded demo's documented owner (README "Back office"). */
const DEMO_OWNER = { email: 'owner@kedai.example', password: 'Kedai-Owner-2026' };
/** Where the journeys keep the demo owner's two-factor key once it is set up. */
const keyFile = join(dataDir, 'e2e-demo-owner-totp.json');
/** The cookies of the demo owner's last signed-in back-office session. */
const sessionFile = join(dataDir, 'e2e-demo-owner-session.json');

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

/** A 1 × 1 PNG, made on the spot: the API decodes it and stores it as WebP with its thumbnail. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Opens the back office as the demo owner and waits for the product list. With `shoot` (a journey
 * that shows the sign-in) it signs in through the form, called at the sign-in form and at the
 * two-factor setup (when this run sets it up); without, it reuses the owner's last session when that
 * is still signed in.
 */
export async function signInAsDemoOwner(page: Page, shoot?: (name: string) => Promise<void>): Promise<void> {
  if (!shoot && existsSync(sessionFile)) {
    await page.context().addCookies(JSON.parse(readFileSync(sessionFile, 'utf8')) as Parameters<BrowserContext['addCookies']>[0]);
    await page.goto(`${admin}/`);
    const signedIn = page.getByRole('heading', { level: 1, name: 'Products' });
    const signIn = page.getByRole('heading', { level: 1, name: 'Sign in to the back office' });
    await expect(signedIn.or(signIn)).toBeVisible();
    if (await signedIn.isVisible()) return;
  }
  await signInThroughForm(page, shoot ?? (async () => undefined));
  writeFileSync(sessionFile, JSON.stringify(await page.context().cookies(admin)));
}

async function signInThroughForm(page: Page, shoot: (name: string) => Promise<void>): Promise<void> {
  await page.goto(`${admin}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await shoot('admin-sign-in');
  await page.getByLabel('E-mail').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!existsSync(keyFile)) {
    // Staff always work with a second factor: the first sign-in sets it up.
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeFocused();
    await page.getByRole('button', { name: 'Set it up now' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = ((await page.getByTestId('tfa-manual-key').textContent()) ?? '').replace(/\s/g, '');
    await shoot('admin-tfa-setup');
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    // The ten recovery codes are shown once; the back office opens once they are saved (decision 0021).
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
    await shoot('admin-tfa-recovery-codes');
    await page.getByLabel('I have saved these codes somewhere safe').check();
    await page.getByRole('button', { name: 'Continue to the back office' }).click();
  } else {
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    // Asserted first so a refused sign-in fails here with the page's message, not at the test's timeout.
    await expect(page.getByLabel('Code from your authenticator app')).toBeVisible();
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}
