/**
 * The back office's orders and vouchers (issue 16): an owner creates a voucher in its form; a shopper
 * buys with it and pays; staff find the order by the shopper's e-mail, move it to processing, ship
 * it with a carrier and tracking number and mark it delivered, which the shopper's order page shows;
 * the voucher's page lists the redemption; another order, cancelled by staff with a reason, gives its
 * stock back.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsDemoOwner } from './admin-sign-in';
import { api, caller, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  name: string;
  price: Record<string, number>;
  hasVariants: boolean;
}

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  return ((await (await request.get(`${api}/product/one/${productId}`)).json()) as { stock: number }).stock;
}

/** The value beside `term` in the order page's summary. */
function summaryValue(page: Page, term: string) {
  return page.getByRole('region', { name: 'Summary' }).locator(`dt:text-is("${term}") + dd`);
}

/** Opens the order with this reference from the order list, searched by the shopper's e-mail. */
async function openOrder(page: Page, email: string, orderRef: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('search', { name: 'Orders' }).getByLabel('Order reference or e-mail').fill(email);
  await page.getByRole('search', { name: 'Orders' }).getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: orderRef }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderRef) })).toBeVisible();
}

/** Submits one of the order page's next steps and waits for the status it leads to. */
async function step(page: Page, move: string, status: string, fields: Record<string, string> = {}) {
  const form = page.getByRole('form', { name: move });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: move }).click();
  await expect(summaryValue(page, 'Status')).toHaveText(status);
}

test('staff create a voucher, move a bought order to delivered, see the redemption, and cancel another order with a reason', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const search = (await (await request.get(`${api}/product/search?limit=100&inStock=true&sort=newest`)).json()) as {
    products: Summary[];
    region: string;
  };
  const plain: Summary[] = [];
  for (const summary of search.products.filter((p) => !p.hasVariants && p.price[search.region] !== undefined)) {
    if (plain.length === 2) break;
    if ((await stockOf(request, summary.uuid)) >= 2) plain.push(summary);
  }
  if (plain.length < 2) throw new Error('the demo catalogue needs two products without variants and 2 in stock among its newest 100');
  const [bought, cancelled] = plain as [Summary, Summary];

  // The owner creates a voucher of 15 % off in the back office.
  await signInAsDemoOwner(page);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('link', { name: 'New voucher' }).click();
  const code = `STAFF${Date.now().toString(36).toUpperCase()}${info.project.name === 'phone' ? 'P' : 'D'}`;
  const form = page.getByRole('form', { name: 'New voucher' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percentage off (%)').fill('15');
  await form.getByRole('button', { name: 'Create voucher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Voucher ${code}` })).toBeVisible();
  await expect(page.getByText('The voucher was created.')).toBeVisible();

  // A shopper buys with it and pays by card (through the API, as the checkout page does).
  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  const email = journeyEmail('staff-orders', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Nur', lastName: 'Aisyah', birthDate: '1993-07-14' });
  await signInThroughPage(shopperPage, email, 'Rahsia123!', 'Nur');
  const shopper = await caller(shopperContext);
  const { address } = (await shopper.post('/address', {
    fullName: 'Nur Aisyah',
    address: '1 Raffles Place',
    unitNumber: '#10-01',
    city: '',
    state: '',
    country: 'SG',
    phoneNumber: '+65 6123 4567',
    postalCode: '048616',
  })) as { address: { id: string } };
  const place = async (productId: string, voucherCode?: string) => {
    const { cartItem } = (await shopper.post('/cart', { productId, quantity: 2 })) as { cartItem: { id: string } };
    const { key } = (await shopper.post('/checkout/session', { cartItemIds: [cartItem.id], quotationItemIds: [] })) as { key: string };
    return (await shopper.post('/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: address.id,
      ...(voucherCode ? { voucherCode } : {}),
    })) as { id: string; orderRef: string; discount: number };
  };
  const order = await place(bought.uuid, code);
  expect(order.discount).toBeGreaterThan(0);
  const card = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Nur Aisyah' } };
  expect(
    ((await shopper.post('/payment/stripe/card/pay', { orderId: order.id, ...card })) as { order: { status: string } }).order.status,
  ).toBe('paid');

  // Staff find it by the shopper's e-mail and move it along: processing, shipped, delivered.
  await openOrder(page, email, order.orderRef);
  await expect(summaryValue(page, 'Status')).toHaveText('Paid');
  await step(page, 'Mark as processing', 'Processing');
  // Shipping without a tracking number is refused by the form, then done with one.
  const ship = page.getByRole('form', { name: 'Mark as shipped' });
  await ship.getByLabel('Carrier', { exact: true }).fill('SingPost');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship.getByLabel('Tracking number', { exact: true })).toBeFocused();
  await step(page, 'Mark as shipped', 'Shipped', { 'Tracking number': 'RR123456785SG' });
  await expect(summaryValue(page, 'Tracking number')).toHaveText('RR123456785SG');
  await step(page, 'Mark as delivered', 'Delivered');
  const history = page.getByRole('region', { name: 'Status history' });
  for (const status of ['Awaiting payment', 'Paid', 'Processing', 'Shipped', 'Delivered']) await expect(history).toContainText(status);
  await shoot(page, info, 'admin-order-delivered', { fullPage: true });

  // The shopper's order page says delivered, with the tracking number.
  await shopperPage.goto(`/orders/${order.id}`);
  await expect(shopperPage.locator('main')).toContainText('Delivered');
  await expect(shopperPage.locator('main')).toContainText('RR123456785SG');

  // The voucher's page lists the order among its redemptions.
  await nav.getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('link', { name: code }).click();
  const redemptions = page.getByRole('table', { name: 'Orders that used this voucher, newest first' });
  await expect(redemptions.getByRole('row', { name: new RegExp(order.orderRef) })).toContainText(email);

  // Another order, paid, cancelled by staff with a reason: the stock comes back and the shopper sees why.
  const before = await stockOf(request, cancelled.uuid);
  const other = await place(cancelled.uuid);
  expect(
    ((await shopper.post('/payment/stripe/card/pay', { orderId: other.id, ...card })) as { order: { status: string } }).order.status,
  ).toBe('paid');
  expect(await stockOf(request, cancelled.uuid)).toBe(before - 2);
  await openOrder(page, email, other.orderRef);
  const cancel = page.getByRole('form', { name: 'Cancel order' });
  await cancel.getByLabel('Reason for cancelling').fill('The supplier has run out of this colour.');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  // Asked first, naming the order and the refund; Escape gives up and focus goes back to the button.
  const question = cancel.getByRole('alertdialog', {
    name: new RegExp(`^Cancel ${other.orderRef} and refund SGD\\s[\\d.,]+ to the card\\?$`),
  });
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(cancel.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await shoot(page, info, 'admin-order-cancel-confirm');
  await cancel.getByRole('button', { name: /^Cancel and refund SGD\s[\d.,]+$/ }).click();
  await expect(summaryValue(page, 'Status')).toHaveText('Cancelled');
  await expect(summaryValue(page, 'Reason for cancelling')).toHaveText('The supplier has run out of this colour.');
  expect(await stockOf(request, cancelled.uuid)).toBe(before);
  await shopperPage.goto(`/orders/${other.id}`);
  await expect(shopperPage.locator('main')).toContainText('The supplier has run out of this colour.');
  await shopperContext.close();
});
