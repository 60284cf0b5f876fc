/**
 * The home page's content in the back office (issue 14): an owner adds a banner with an uploaded
 * image and a link, sees it on the storefront's home page at once, moves it first, then deletes it.
 */
import { expect, test } from '@playwright/test';
import { TINY_PNG, admin, signInAsDemoOwner } from './admin-sign-in';
import { shoot } from './support';

test('an owner adds a banner that the storefront home page shows at once, then deletes it', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInAsDemoOwner(page);
  const word = `${Date.now().toString(36)}${info.project.name}`;
  const title = `Journey banner ${word}`;
  const nav = page.getByRole('navigation', { name: 'Back office' });

  await nav.getByRole('link', { name: 'Home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home page: Banners' })).toBeFocused();
  await page.getByRole('link', { name: 'Add a banner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New banner' })).toBeFocused();
  await page.getByLabel('Title', { exact: true }).fill(title);

  // A link to a script is refused before anything is saved.
  await page.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel('Upload a banner image').setInputFiles({ name: `${word}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('button', { name: 'Remove the banner image' })).toBeVisible();
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The banner was not saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Link: / })).toBeVisible();

  await page.getByLabel('Link', { exact: true }).fill('/search?category=toys');
  await shoot(page, info, 'admin-banner-editor');
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByText(`${title} was added.`)).toBeVisible();
  const table = page.getByRole('table', { name: /Banners/ });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Shown');

  // First in the carousel: a new banner goes last, and each move swaps it with the one above.
  const rows = table.getByRole('row'); // the first is the header
  await expect(rows.last()).toContainText(title);
  const up = row.getByRole('button', { name: 'Move up' });
  for (let place = (await rows.count()) - 1; place > 1; place--) {
    await expect(up).not.toHaveAttribute('aria-busy', 'true'); // the last move is saved and the list reloaded
    await up.click();
    await expect(rows.nth(place - 1)).toContainText(title);
  }
  await expect(up).toBeDisabled();
  await shoot(page, info, 'admin-banners', { fullPage: true });

  // The storefront's home page shows it, first.
  const shop = await page.context().newPage();
  await expect(async () => {
    await shop.goto('/');
    await expect(shop.getByRole('img', { name: title })).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const carousel = shop.locator('[aria-roledescription="carousel"]');
  await expect(carousel.getByRole('img').first()).toHaveAccessibleName(title);
  await expect(shop.getByRole('link', { name: title })).toHaveAttribute('href', '/search?category=toys');
  await shoot(shop, info, 'admin-banner-in-shop');
  expect(shop.url()).not.toContain(admin);

  // Deleted after a confirmation, it leaves the home page.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText(`${title} was deleted.`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await shop.reload();
  await expect(shop.getByRole('img', { name: title })).toHaveCount(0);
});
