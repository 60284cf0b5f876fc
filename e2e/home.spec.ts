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

test('the region picker shows the whole name of the chosen region at both sizes', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Country or region' });
  const longest = await picker.evaluate((select: HTMLSelectElement) => {
    const option = [...select.options].reduce((a, b) => (b.text.length > a.text.length ? b : a));
    return { value: option.value, text: option.text };
  });
  await picker.selectOption(longest.value);
  await expect(picker).toHaveValue(longest.value);
  // The text of the chosen option fits inside the box, with room for the arrow.
  const fits = await picker.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.options[select.selectedIndex]!.text).width;
    return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16 >= text;
  });
  expect(fits).toBe(true);
  const box = (await picker.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('words typed into the search box before the page’s scripts run are kept', async ({ page }) => {
  // Hold the page's scripts back until the shopper has typed, as on a slow phone.
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: /search products/i });
  await box.fill('lapton');
  release();
  await page.waitForLoadState('load');
  await expect(box).toHaveValue('lapton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lapton/);
});
