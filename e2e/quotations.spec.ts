import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { marketplaceOrigin } from './playwright.config';
import { api, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  price: Record<string, number>;
  inStock: boolean;
  hasVariants: boolean;
}

/** The quotation item of this name in the shopper's list (newest first: this run's). */
function itemNamed(page: Page, name: string): Locator {
  return page.locator('[data-quotation-item]').filter({ has: page.getByRole('checkbox', { name: `Select ${name} for checkout` }) });
}

/**
 * Issue 15: a shopper moves a cart line to their quotations and pastes a link to a product on the
 * fixture marketplace ("buy it for me"); staff quote the marketplace product and decline the other
 * in the back office; the shopper sees the quoted price and the reason, and only the quoted item
 * can be checked for checkout.
 */
test('a shopper asks for two quotations, staff answer them, the shopper sees the answers', async ({ page, browser, request }, info) => {
  test.setTimeout(240_000);
  const search = (await (await request.get(`${api}/product/search?limit=100&inStock=true`)).json()) as {
    products: Summary[];
    region: string;
  };
  const product = search.products.find((p) => !p.hasVariants && p.inStock && p.price[search.region] !== undefined);
  if (!product) throw new Error('the demo catalogue has no in-stock product without variants among its first 100');
  const email = journeyEmail('quotations', info);
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Aisyah', lastName: 'Rahman', birthDate: '1991-08-12' });
  await signInThroughPage(page, email, password, 'Aisyah');
  const main = page.locator('main');

  // From the cart: the line moves to the quotation list.
  await page.goto(`/product/${product.paramName}`);
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: /Cart/ }).first()).toContainText('1');
  await page.goto('/cart');
  await main.getByRole('button', { name: `Ask for a quotation for ${product.name}` }).click();
  await expect(main.getByText(`Moved to your quotations: ${product.name}. The shop will quote you a price.`)).toBeVisible();
  await shoot(page, info, 'quotation-moved-from-cart');

  // From a link: the fixture marketplace's product page is read and quoted.
  await page.getByRole('link', { name: 'Buy it for me' }).first().click();
  await expect(main.getByRole('heading', { level: 1, name: 'Buy it for me' })).toBeVisible();
  await main
    .getByRole('textbox', { name: 'Paste a link to a product on another marketplace' })
    .fill(`${marketplaceOrigin}/p/studio-headphones`);
  await main.getByRole('button', { name: 'Find the product' }).click();
  await expect(main.getByRole('heading', { level: 2, name: 'We found this product' })).toBeVisible();
  await expect(main.getByText('Studio Wireless Headphones').first()).toBeVisible();
  await expect(main.getByText('USD 129.90')).toBeVisible();
  await main.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await main.getByRole('textbox', { name: 'Instructions for the shop (optional)' }).fill('Black, please');
  await shoot(page, info, 'quotation-buy-for-me-preview');
  await main.getByRole('button', { name: 'Ask for a quotation' }).click();
  await expect(main.getByText(/We asked the shop for a quotation for Studio Wireless Headphones/)).toBeVisible();

  // A page with no product on it offers the request by hand.
  await main.getByRole('button', { name: 'Ask about another product' }).click();
  await main.getByRole('textbox', { name: 'Paste a link to a product on another marketplace' }).fill(`${marketplaceOrigin}/p/no-data`);
  await main.getByRole('button', { name: 'Find the product' }).click();
  await expect(main.getByRole('heading', { level: 2, name: 'Ask for a quotation by hand' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Product link' })).toHaveValue(`${marketplaceOrigin}/p/no-data`);
  await shoot(page, info, 'quotation-buy-for-me-by-hand');

  await page.getByRole('link', { name: 'Quotations' }).first().click();
  await expect(main.getByRole('heading', { level: 1, name: 'Your quotations' })).toBeVisible();
  const headphones = itemNamed(page, 'Studio Wireless Headphones').first();
  const fromCart = itemNamed(page, product.name).first();
  await expect(headphones.getByText('Quoting your product...')).toBeVisible();
  await expect(fromCart.getByText('Quoting your product...')).toBeVisible();
  await expect(headphones.getByRole('checkbox')).toBeDisabled();
  await shoot(page, info, 'quotations-pending', { fullPage: true });

  // Staff answer in the back office (a context of its own: one host's cookies are shared across ports).
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  await signInAsDemoOwner(staff);
  await staff
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: /Quotations/ })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Quotations' })).toBeVisible();
  await staff.getByRole('link', { name: 'Studio Wireless Headphones' }).first().click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Quotation: Studio Wireless Headphones' })).toBeVisible();
  const quote = staff.getByRole('form', { name: 'Quote a price' });
  await expect(quote.getByLabel('Marketplace price per unit')).toHaveValue('129.90');
  await expect(quote.getByLabel('Marketplace currency')).toHaveValue('USD');
  await quote.getByLabel('Quoted price per unit in Singapore (SGD)').fill('199.90');
  await shoot(staff, info, 'admin-quotation-quote');
  await quote.getByRole('button', { name: 'Send the quote' }).click();
  await expect(staff.getByText('The quote was sent. The shopper is e-mailed and can now check it out.')).toBeVisible();

  await staff.goto(`${admin}/quotations`);
  await staff.getByRole('link', { name: product.name }).first().click();
  const decline = staff.getByRole('form', { name: 'Decline' });
  await decline.getByLabel('Reason for declining').fill('The maker has stopped making it.');
  await decline.getByRole('button', { name: 'Decline the quotation' }).click();
  // Asked first, with the focus on the question: the keyboard reaches its button next.
  await expect(decline.getByRole('alertdialog', { name: /^Decline the quotation for \d+ × .+\?$/ })).toBeFocused();
  await staff.keyboard.press('Tab');
  await expect(decline.getByRole('alertdialog').getByRole('button', { name: 'Decline the quotation' })).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(staff.getByText('The quotation was declined. The shopper is e-mailed the reason.')).toBeVisible();
  await staffContext.close();

  // The shopper sees both answers; only the quoted item can be checked.
  await page.reload();
  await expect(headphones.getByText('Your Quotation is here!')).toBeVisible();
  await expect(headphones.getByText('Quoted price: SGD 199.90 each')).toBeVisible();
  await expect(headphones.getByRole('checkbox')).toBeEnabled();
  await expect(fromCart.getByText('Quotation is unsuccessful.')).toBeVisible();
  await expect(fromCart.getByText('The maker has stopped making it.')).toBeVisible();
  await expect(fromCart.getByRole('checkbox')).toBeDisabled();
  await headphones.getByRole('checkbox').check();
  await expect(main.getByText(/Selected \(1 quotation/)).toBeVisible();
  await shoot(page, info, 'quotations-answered', { fullPage: true });
});
