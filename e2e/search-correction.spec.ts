import { expect, test } from '@playwright/test';
import { api, shoot } from './support';

interface SearchResult {
  total: number;
  typoTolerant: boolean;
  correctedQuery: string | null;
  suggestedQuery: string | null;
}

test('a typo shows the corrected search, and the words as typed are one link away', async ({ page, request }, info) => {
  // What the page will show, read from the API it uses: "lapton" is corrected to "laptop".
  const corrected = (await (await request.get(`${api}/product/search?q=lapton&limit=1`)).json()) as SearchResult;
  expect(corrected).toMatchObject({ typoTolerant: true, correctedQuery: 'laptop' });
  expect(corrected.total).toBeGreaterThan(0);

  // Search with the typo from the header.
  await page.goto('/');
  const box = page.getByRole('combobox', { name: /search products/i });
  await box.fill('lapton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lapton(&|$)/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Showing results for laptop');
  await expect(main.getByRole('heading', { level: 1 }).locator('em')).toHaveText('laptop');
  await expect(main.getByRole('article').first()).toContainText(/laptop/i);
  await shoot(page, info, 'search-corrected');

  // "Search instead for lapton": the exact words, which match nothing.
  await main.locator('p', { hasText: 'Search instead for' }).getByRole('link', { name: 'lapton', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=lapton&exact=true$/);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Results for “lapton”');
  await expect(main.getByRole('heading', { name: 'No products match “lapton”' })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(0);
  await shoot(page, info, 'search-exact-empty');

  // The corrected search is offered back.
  await main.getByRole('link', { name: 'laptop', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=laptop$/);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Results for “laptop”');
  await expect(main.getByRole('article').first()).toBeVisible();
});
