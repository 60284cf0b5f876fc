import { expect, test } from '@playwright/test';

/*
 * Home popups (the demo has two): at most one per visit, a dismissed one stays dismissed, and none
 * opens on a shopper who has already started to use the page. The page's clock is Playwright's, so
 * the popup's delay passes when the test says, not by waiting.
 */

test('one popup per visit: dismissed, it stays dismissed, and the next waits for a later visit', async ({ page, context }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.clock.runFor(3000);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const first = await dialog.getByRole('heading').innerText();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  // Back on the home page in the same visit: no other popup.
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await page.clock.runFor(5000);
  await expect(page.getByRole('dialog')).toBeHidden();

  // A later visit (a new tab session, the same browser): the other popup, never the dismissed one.
  const later = await context.newPage();
  await later.clock.install();
  await later.goto('/');
  await expect(later.getByRole('main')).toBeVisible();
  await later.clock.runFor(3000);
  await expect(later.getByRole('dialog')).toBeVisible();
  await expect(later.getByRole('dialog').getByRole('heading')).not.toHaveText(first);
});

test('a shopper who has started typing is not interrupted by a popup', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const box = page.getByRole('combobox', { name: /search products/i });
  await box.fill('lapt');
  await page.clock.runFor(5000);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(box).toHaveValue('lapt');
  await expect(box).toBeFocused();
});
