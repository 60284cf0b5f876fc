import { expect, test } from '@playwright/test';
import { shoot } from './support';

/** The footer's help links and the heading each page opens with (the seed's default texts). */
const HELP_PAGES = [
  { link: 'Shipping', path: '/help/shipping', heading: 'Shipping', section: 'How long it takes' },
  { link: 'Returns and refunds', path: '/help/returns', heading: 'Returns and refunds', section: 'How to start a return' },
  { link: 'Privacy policy', path: '/help/privacy', heading: 'Privacy policy', section: 'Your rights under the PDPA' },
  { link: 'Terms and conditions', path: '/help/terms', heading: 'Terms and conditions', section: 'Governing law' },
];

test('a shopper reads the shipping, returns, privacy and terms pages from the footer', async ({ page }, info) => {
  // The home popup opens after a delay on the page's own clock, which keeps running: on a slow
  // machine it can open over the footer before the link is clicked. A shopper would close it.
  await page.addLocatorHandler(page.locator('dialog[aria-labelledby="home-popup-title"]'), async (popup) => {
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
  });
  await page.goto('/');
  for (const help of HELP_PAGES) {
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: help.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${help.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: help.heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: help.section })).toBeVisible();
    await expect(page.locator('main time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page).toHaveTitle(new RegExp(help.heading));
    await shoot(page, info, `help-${help.path.split('/').pop()}`);
  }

  // The shipping page lists the countries the shop delivers to, from the shop's settings, with the
  // cost in the shopper's currency and the usual time.
  await page.goto('/help/shipping');
  const destinations = page.getByRole('region', { name: 'Where we deliver' });
  const singapore = destinations.getByRole('row', { name: /^Singapore/ });
  await expect(singapore).toContainText(/SGD\s?4\.00, free from SGD\s?60\.00/);
  await expect(singapore).toContainText('1–3 working days');
  await shoot(page, info, 'help-shipping-full', { fullPage: true });

  const missing = await page.goto('/help/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /couldn’t find that page/ })).toBeVisible();
});

test('the register form links its terms in a new tab, so what was typed stays', async ({ page, context }, info) => {
  await page.goto('/register');
  const main = page.locator('main');
  await main.getByLabel('First name').fill('Siti');
  const termsLink = main.getByRole('link', { name: 'terms and conditions (opens in a new tab)' });
  await expect(termsLink).toHaveAttribute('target', '_blank');
  await shoot(page, info, 'register-terms-link');

  const [terms] = await Promise.all([context.waitForEvent('page'), termsLink.click()]);
  await terms.waitForLoadState();
  await expect(terms).toHaveURL(/\/help\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await shoot(terms, info, 'register-terms-page');
  await terms.close();

  // The form was not left: the checkbox is still there to tick and the name is kept.
  await expect(main.getByLabel('First name')).toHaveValue('Siti');
  await main.getByLabel(/accept the terms/i).check();
  await expect(main.getByLabel(/accept the terms/i)).toBeChecked();
});
