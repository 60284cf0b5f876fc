import { expect, test, type Page } from '@playwright/test';
import { shoot } from './support';

/** The names in this browser's "Recently viewed", as the strip loads them. */
async function recentlyViewed(page: Page): Promise<string[]> {
  const answer = await page.request.get('/api/product/recently_viewed');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { products: { name: string }[] }).products.map((product) => product.name);
}

/**
 * Issue 30: "Recently viewed" holds the products a shopper opened, not every product a listing
 * showed. A search page neither prefetches its product pages (each one a server render) nor adds
 * them to the strip; opening one product adds that one, once the page is shown.
 */
test('a search page leaves Recently viewed alone; opening a product adds just that product', async ({ page }, info) => {
  const productRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/product/')) productRequests.push(`${url.pathname}${url.search}`);
  });

  await page.goto('/search?q=shirt');
  const cards = page.locator('main a[href^="/product/"]');
  await expect(cards.first()).toBeVisible();
  const shown = await cards.count();
  expect(shown).toBeGreaterThan(3);
  // Every card comes into view, as when the shopper scrolls through the results.
  for (let i = 0; i < shown; i++) await cards.nth(i).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Time for prefetches to start (they did at once before: 18 for 14 cards).
  await page.waitForLoadState('networkidle');
  expect(productRequests).toEqual([]);
  expect(await recentlyViewed(page)).toEqual([]);

  // Opening one product records it once the page is shown, and it is all the strip has.
  const first = cards.first();
  const href = (await first.getAttribute('href'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect.poll(() => recentlyViewed(page)).toEqual([name]);

  // Back on the results and on the home page: still only what was opened.
  await page.goBack();
  await expect(cards.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Recently viewed' });
  await expect(strip.locator('.product-card')).toHaveCount(1);
  await expect(strip).toContainText(name);
  await strip.scrollIntoViewIfNeeded();
  await shoot(page, info, 'recently-viewed-after-search');
  expect(await recentlyViewed(page)).toEqual([name]);
});
