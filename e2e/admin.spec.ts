/**
 * The back office (issue 14): an owner signs in, sets up two-factor authentication, sees the
 * products, creates one with two variants, region prices and stock, changes its stock, finds it in
 * the storefront's search and on its product page, disables it and no longer finds it.
 */
import { expect, test, type Page } from '@playwright/test';
import { TINY_PNG, admin, signInAsDemoOwner } from './admin-sign-in';
import { shoot } from './support';

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
  await signInAsDemoOwner(page, (name) => shoot(page, info, name));

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
  await page.getByLabel('Add images').setInputFiles({ name: `${word}.png`, mimeType: 'image/png', buffer: TINY_PNG });
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
