/**
 * The back office's content screens (issue 14): an owner uploads an image to a new product, adds
 * a category, and edits the returns help page, which the storefront then shows.
 */
import { expect, test } from '@playwright/test';
import { TINY_PNG, admin, signInAsDemoOwner } from './admin-sign-in';
import { shoot } from './support';

/** The line this journey adds to the returns page (the one of an earlier run is replaced). */
const NOTE = 'Back-office journey note:';

test('an owner uploads a product image, adds a category and edits the returns page, which the shop shows', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInAsDemoOwner(page);
  const word = `kain${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${info.project.name}`;
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible(); // an owner's

  // A new product with an uploaded image.
  const name = `Songket ${word} cushion`;
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Woven songket on silk.');
  for (const price of await page.getByRole('textbox', { name: /^Price in / }).all()) await price.fill('19');
  await page.getByLabel('Stock', { exact: true }).fill('4');
  await page.getByLabel('Add images').setInputFiles({ name: `${word}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('1 image was uploaded.')).toBeVisible();
  const images = page.getByRole('list', { name: 'Images in order' });
  await expect(images.getByRole('listitem')).toHaveCount(1);
  await expect(images.getByRole('listitem').first()).toContainText('(main image)');
  // The thumbnail loads from the assets host through the back office's /api.
  await expect
    .poll(() =>
      images
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await shoot(page, info, 'admin-product-image');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('The product was created.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Images in order' }).getByRole('listitem')).toHaveCount(1);

  // The storefront finds it and shows it with that picture.
  await expect(async () => {
    await page.goto(`/search?q=${word}&exact=true`);
    await page.getByRole('main').getByRole('link', { name, exact: true }).first().click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  const picture = page.getByRole('main').locator('img[fetchpriority="high"]');
  await expect(picture).toHaveAttribute('src', /products\/[0-9a-f-]{36}\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(page, info, 'admin-product-image-in-shop');
  await page.goto(`${admin}/products`);

  // A new top-level category.
  const category = `Tenun ${word}`;
  await nav.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeFocused();
  await page.getByRole('button', { name: 'Add a category' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Add a category' })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(category);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`${category} was added.`)).toBeVisible();
  const tree = page.getByRole('list', { name: 'Categories', exact: true });
  await expect(tree).toContainText(category);
  await expect(tree).toContainText(`tenun-${word}`);
  await shoot(page, info, 'admin-categories', { fullPage: true });

  // The returns page, with a line of this run.
  await nav.getByRole('link', { name: 'Help pages' }).click();
  await page.getByRole('link', { name: 'Returns and refunds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeFocused();
  await expect(page.getByText(/Last updated/)).toBeVisible();
  const text = page.getByLabel('Text', { exact: true });
  const before = await text.inputValue();
  const kept = before
    .split('\n')
    .filter((line) => !line.startsWith(NOTE))
    .join('\n')
    .trimEnd();
  await text.fill(`${kept}\n\n${NOTE} ${word}.`);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page was saved.')).toBeVisible();
  await shoot(page, info, 'admin-help-page');

  // The storefront shows it.
  await expect(async () => {
    await page.goto('/help/returns');
    await expect(page.getByRole('main')).toContainText(`${NOTE} ${word}.`, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
  await shoot(page, info, 'admin-help-page-in-shop');
  expect(page.url()).not.toContain(admin);
});
