import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsDemoOwner } from './admin-sign-in';
import { api, caller, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  price: Record<string, number>;
  inStock: boolean;
  hasVariants: boolean;
}

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  return ((await (await request.get(`${api}/product/one/${productId}`)).json()) as { stock: number }).stock;
}

/** Fills the card form of the order page and pays. */
async function pay(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Pay by card' });
  await form.getByLabel('Name on card').fill('Aiko Tanaka');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/40');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Issue 16: a shopper checks two cart lines and one quoted item, checks out to a new Japanese
 * address with a voucher, is declined on one card and pays with another; the order page shows it
 * paid with the estimate's totals. Another order, cancelled, gives its stock back.
 */
test('a shopper buys cart lines and a quoted item, pays after a decline, and cancels another order', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(240_000);
  const search = (await (await request.get(`${api}/product/search?limit=100&inStock=true&sort=newest`)).json()) as {
    products: Summary[];
    region: string;
  };
  const plain: Summary[] = [];
  for (const summary of search.products.filter((p) => !p.hasVariants && p.price[search.region] !== undefined)) {
    if (plain.length === 4) break;
    if ((await stockOf(request, summary.uuid)) >= 3) plain.push(summary);
  }
  if (plain.length < 4) throw new Error('the demo catalogue needs four products without variants and 3 in stock among its newest 100');
  const [first, second, quoted, other] = plain as [Summary, Summary, Summary, Summary];

  const email = journeyEmail('checkout', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Aiko', lastName: 'Tanaka', birthDate: '1990-02-03' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Aiko');
  const shopper = await caller(page.context());
  const main = page.locator('main');

  // Staff make a voucher and quote the shopper's item (through the API, as the back office would).
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  // Test mode (issue 27; the journeys' shop runs in development, on the test gateway): the back
  // office says so above every screen, in view at both sizes.
  const adminBanner = staffPage.getByRole('region', { name: 'Test mode' });
  await expect(adminBanner).toContainText('Test mode: no real money is taken');
  await expect(adminBanner).toBeInViewport();
  const staff = await caller(staffContext);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await staff.post('/admin/voucher', { code, kind: 'percent', percentBp: 1000, scope: 'both' });
  const asked = await shopper.post('/quotation_item/internal_product', { productId: quoted.uuid, quantity: 1 });
  const item = (await staff.get(`/admin/quotation_item/${asked.quotationItem.id}`)) as { version: number };
  await staff.post(`/admin/quotation_item/${asked.quotationItem.id}/resolve`, { version: item.version, quotedPrice: { SG: 2500 } });
  await staffContext.close();

  await shopper.post('/cart', { productId: first.uuid, quantity: 1 });
  await shopper.post('/cart', { productId: second.uuid, quantity: 2 });
  const before = { first: await stockOf(request, first.uuid), quoted: await stockOf(request, quoted.uuid) };

  // The quoted item is checked on the quotation page; the cart's lines are checked already.
  await page.goto('/quotations');
  await main.getByRole('checkbox', { name: `Select ${quoted.name} for checkout` }).check();
  // To the cart within the page (the selection lives in the page's store, not across reloads).
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await main.getByRole('button', { name: 'Checkout' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The storefront says test mode above every page, in view at both sizes.
  const banner = page.getByRole('region', { name: 'Test mode' });
  await expect(banner).toContainText('Test mode: no real money is taken');
  await expect(banner).toBeInViewport();
  // Two cart lines (1 + 2 units) and the quoted item.
  await expect(main.getByText('Items (4)')).toBeVisible();

  // A new Japanese address: the form follows Japan's rules.
  // With an empty address book the new address's form is open already.
  await expect(main.getByRole('heading', { level: 3, name: 'New shipping address' })).toBeVisible();
  const field = (label: string) => main.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('Country').selectOption('JP');
  await field('Street address').fill('1-1 Chiyoda');
  await field('Prefecture').selectOption({ label: 'Tokyo' });
  await field('Postal code').fill('100-0001');
  await field('Phone number').fill('03-1234-5678');
  await main.getByRole('button', { name: 'Use this address' }).click();
  await expect(main.getByRole('heading', { name: 'New shipping address' })).toBeHidden();

  await main.getByRole('textbox', { name: 'Voucher code' }).fill(code.toLowerCase());
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByText(new RegExp(`Voucher ${code} applied`)).first()).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText(/Consumption tax \(included\)/).first()).toBeVisible();
  await shoot(page, info, 'checkout', { fullPage: true });
  // The summary's total, to compare with the order's.
  const totalText = (await summary.innerText()).replace(/\s+/g, ' ');

  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(main.getByText('Test mode — no real money.')).toBeVisible();
  await expect(banner).toBeVisible();

  // A declined card leaves the order awaiting payment with the reason; a good card pays it.
  await pay(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await pay(page, '4242 4242 4242 4242');
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  const order = (await shopper.get(`/order/${orderId}`)) as {
    status: string;
    total: number;
    discount: number;
    taxInclusive: boolean;
    productCaptures: unknown[];
  };
  expect(order).toMatchObject({ status: 'paid', taxInclusive: true });
  expect(order.discount).toBeGreaterThan(0);
  expect(order.productCaptures).toHaveLength(3);
  const shownTotal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(order.total / 100);
  expect(totalText).toContain(shownTotal);
  await expect(main).toContainText(shownTotal);
  await shoot(page, info, 'order-paid', { fullPage: true });
  expect(await stockOf(request, first.uuid)).toBe(before.first - 1);
  expect(await stockOf(request, quoted.uuid)).toBe(before.quoted - 1);

  // Another order, cancelled from its page: its stock comes back.
  const otherStock = await stockOf(request, other.uuid);
  const line = await shopper.post('/cart', { productId: other.uuid, quantity: 1 });
  const session = await shopper.post('/checkout/session', { cartItemIds: [line.cartItem.id] });
  const addresses = (await shopper.get('/address')) as { addresses: { id: string }[] };
  const placed = await shopper.post('/checkout/create_order', {
    checkoutSessionKey: session.key,
    paymentMethod: 'card',
    shippingAddressId: addresses.addresses[0]!.id,
  });
  expect(await stockOf(request, other.uuid)).toBe(otherStock - 1);
  await page.goto(`/orders/${placed.id}`);
  await main.getByRole('button', { name: 'Cancel order' }).click();
  await main.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(main.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => ((await shopper.get(`/order/${placed.id}`)) as { status: string }).status).toBe('cancelled');
  expect(await stockOf(request, other.uuid)).toBe(otherStock);
});
