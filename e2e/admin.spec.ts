/**
 * The back office (issue 14): an owner signs in, sets up two-factor authentication, sees the
 * products, creates one with two variants, region prices and stock, changes its stock, finds it in
 * the storefront's search and on its product page, disables it and no longer finds it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { shoot } from './support';

const adminPort = Number(process.env.E2E_ADMIN_PORT ?? 3701);
const admin = `http://127.0.0.1:${adminPort}`;
// The e2e server's data folder (playwright.config.ts): the demo shop under test, emptied for each run.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'kedai-e2e');
/** The embedded demo's documented owner (README "Back office"). */
const DEMO_OWNER = { email: 'owner@kedai.example', password: 'Kedai-Owner-2026' };
/** Where the journey keeps the demo owner's two-factor key once it has set it up, for the runs after it (the other size, a retry). */
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

/**
 * A code of a step not used before (the shop takes each code once), waiting for the next 30 s step
 * when this one's was used already; the key and the step are kept in `keyFile`.
 */
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

/** A 1 × 1 PNG, made on the spot. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The storefront's search for `word` (exact: no look-alike results) lists `name`, or does not. */
async function searchLists(page: Page, word: string, name: string, listed: boolean): Promise<void> {
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(word)}&exact=true`);
    const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
    expect(names.includes(name)).toBe(listed);
  }).toPass({ timeout: 15_000 });
}

test('an owner signs in with two-factor, creates a product with variants, prices, stock and a picture, sees it in the shop, and disables it', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  // Sign in as the demo owner.
  await page.goto(`${admin}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await shoot(page, info, 'admin-sign-in');
  await page.getByLabel('E-mail').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  if (!existsSync(keyFile)) {
    // Staff always work with a second factor: the first sign-in sets it up.
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeFocused();
    await page.getByRole('button', { name: 'Set it up now' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = ((await page.getByTestId('tfa-manual-key').textContent()) ?? '').replace(/\s/g, '');
    await shoot(page, info, 'admin-tfa-setup');
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
  } else {
    // Later sign-ins ask for a code.
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  // The product list, with the owner's navigation.
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Demo Owner');
  await expect(
    page
      .getByRole('table', { name: /Products, page 1/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await shoot(page, info, 'admin-products');

  // A new product with one variant of two options: two variant paths, each with prices and stock.
  const word = `batik${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${info.project.name}`;
  const name = `Kain ${word} scarf`;
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Hand-drawn batik on cotton voile.');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Merchant').selectOption({ index: 1 });
  await page.getByLabel('Weight in grams').fill('120');
  await page.getByRole('button', { name: 'Add a variant' }).click();
  await expect(page.getByLabel('Variant 1 name')).toBeFocused();
  await page.getByLabel('Variant 1 name').fill('Colour');
  await page.getByLabel('Variant 1 options').fill('Indigo\nSaffron');
  const paths = page.getByRole('region', { name: 'Price and stock of each variant' });
  await expect(paths.getByRole('row')).toHaveCount(3);
  const indigo = paths.getByRole('row', { name: /Colour: Indigo/ });
  const saffron = paths.getByRole('row', { name: /Colour: Saffron/ });
  for (const price of await indigo.getByRole('textbox', { name: /Price in/ }).all()) await price.fill('25');
  for (const price of await saffron.getByRole('textbox', { name: /Price in/ }).all()) await price.fill('27');
  await indigo.getByRole('textbox', { name: /Stock/ }).fill('5');
  await saffron.getByRole('textbox', { name: /Stock/ }).fill('3');
  // Its picture, uploaded: the API checks it is an image and stores it as WebP with its thumbnail.
  await page.getByLabel('Add images').setInputFiles({ name: `${word}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('1 image was uploaded.')).toBeVisible();
  await shoot(page, info, 'admin-product-new', { fullPage: true });
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByText('The product was created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const editor = page.url();

  // Stock by a delta: 5 + 2.
  const stock = page.getByRole('region', { name: 'Stock' });
  await stock.getByLabel('Change by (units, for Colour: Indigo)').fill('2');
  await stock
    .getByRole('row', { name: /Colour: Indigo/ })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(stock.getByText('Now 7 in stock.')).toBeVisible();

  // The storefront finds it and shows its page.
  await searchLists(page, word, name, true);
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  const picture = page.getByRole('main').locator('img[fetchpriority="high"]');
  await expect(picture).toHaveAttribute('src', /products\/[0-9a-f-]{36}\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await shoot(page, info, 'admin-product-in-shop');

  // Disabled, it is gone from search.
  await page.goto(editor);
  await page.getByLabel('Disabled: hidden from the shop').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved.')).toBeVisible();
  await searchLists(page, word, name, false);

  // The list finds it by its word, disabled.
  await page.goto(`${admin}/products?q=${word}&status=disabled`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('cell').nth(3)).toContainText('10'); // 7 Indigo + 3 Saffron
  await shoot(page, info, 'admin-products-disabled');
});
