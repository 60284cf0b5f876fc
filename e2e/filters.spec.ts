import { expect, test } from '@playwright/test';
import { api, shoot } from './support';

interface SearchResult {
  total: number;
  facets: { merchants: { slug: string; name: string; count: number }[] };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 13, defect 9: on a phone the filters are a drawer. Tapping a filter applies it without
 * moving the page or closing the drawer; the drawer's button says how many results there now are,
 * and takes the shopper to them. On a wide screen the filters are a sidebar.
 */
test('filters: a drawer with "Show N results" on a phone, a sidebar on a wide screen', async ({ page, request }, info) => {
  const all = (await (await request.get(`${api}/product/search`)).json()) as SearchResult;
  const merchant = all.facets.merchants.find((m) => m.count > 0 && m.count < all.total);
  if (!merchant) throw new Error('the demo catalogue has no merchant to filter by');
  const merchantGroup = page.getByRole('group', { name: 'Merchant' });
  const merchantLink = merchantGroup.getByRole('link', {
    name: new RegExp(`^${escape(merchant.name)}\\s*, ${merchant.count.toLocaleString('en-GB')} product`),
  });

  await page.goto('/search');
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  if (info.project.name !== 'phone') {
    await expect(merchantGroup).toBeVisible();
    await expect(filtersButton).toHaveCount(0);
    await merchantLink.click();
    await expect(page).toHaveURL(new RegExp(`merchant=${merchant.slug}`));
    await expect(
      page.getByRole('heading', {
        name: new RegExp(`of ${merchant.count.toLocaleString('en-GB')}|${merchant.count.toLocaleString('en-GB')} product`),
      }),
    ).toBeVisible();
    return;
  }

  await expect(merchantGroup).toBeHidden();
  await expect(page.locator('.facets__open')).toBeVisible(); // the drawer's button, once scripts run
  await filtersButton.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: `Show ${all.total.toLocaleString('en-GB')} results` })).toBeVisible();
  await shoot(page, info, 'filters-drawer');

  const scrollBefore = await page.evaluate(() => window.scrollY);
  await merchantLink.click();
  await expect(page).toHaveURL(new RegExp(`merchant=${merchant.slug}`));
  // Still open, where it was, with the new count on its button.
  const show = drawer.getByRole('button', {
    name: `Show ${merchant.count.toLocaleString('en-GB')} ${merchant.count === 1 ? 'result' : 'results'}`,
  });
  await expect(show).toBeVisible();
  await expect(merchantLink).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await shoot(page, info, 'filters-drawer-applied');

  await show.click();
  await expect(drawer).toBeHidden();
  const heading = page.locator('#listing-count');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('main').getByRole('article').first()).toBeInViewport();
  await expect(filtersButton).toContainText('(1 active)');
  await shoot(page, info, 'filters-results');

  // Escape closes the drawer and gives focus back to its button.
  await filtersButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(filtersButton).toBeFocused();
});
