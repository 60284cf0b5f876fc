/**
 * PayNow (issue 17): a shopper chooses PayNow at checkout for an order in Singapore dollars, sees the
 * order's PayNow QR code, reports the transfer with the bank's reference, and reads that the shop is
 * checking it (no time to pay; the reference in the history, issue 30); staff find it in the orders
 * list by its Payment filter and under Payments, and confirm the money arrived; the order is then paid.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { api, caller, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  price: Record<string, number>;
  hasVariants: boolean;
}

test('a shopper pays an SGD order by PayNow and staff confirm the transfer in the back office', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const search = (await (await request.get(`${api}/product/search?limit=50&inStock=true&sort=newest`)).json()) as {
    products: Summary[];
    region: string;
  };
  const product = search.products.find((p) => !p.hasVariants && p.price.SG !== undefined);
  if (!product) throw new Error('the demo catalogue has no product without variants sold in Singapore');

  const email = journeyEmail('paynow', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Siti', lastName: 'Nurhaliza', birthDate: '1992-01-11' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Siti');
  const shopper = await caller(page.context());
  await shopper.post('/address', {
    fullName: 'Siti Nurhaliza',
    address: '1 Raffles Place',
    unitNumber: '#10-01',
    city: '',
    state: '',
    country: 'SG',
    phoneNumber: '+65 6123 4567',
    postalCode: '048616',
  });
  await shopper.post('/cart', { productId: product.uuid, quantity: 1 });

  // Checkout in Singapore dollars offers PayNow.
  const main = page.locator('main');
  await page.goto('/cart');
  await main.getByRole('button', { name: 'Checkout' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  const payNow = main.getByRole('radio', { name: /^PayNow/ });
  await payNow.check();
  await expect(payNow).toBeChecked();
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  const order = (await shopper.get(`/order/${orderId}`)) as { orderRef: string; paymentMethod: string; status: string };
  expect(order).toMatchObject({ paymentMethod: 'paynow', status: 'awaiting_payment' });

  // The order page shows the code for the total and the reference, and takes the report.
  await expect(main.getByRole('img', { name: /PayNow QR code/ })).toBeVisible();
  await expect(main.getByText(order.orderRef).first()).toBeVisible();
  // The tab is named after the order (issue 30), the shop's name kept after it.
  await expect(page).toHaveTitle(new RegExp(`^Order ${order.orderRef} · `));
  await expect(main.getByRole('button', { name: 'Copy the PayNow code' })).toBeVisible();
  // "Save QR code" (issue 30): a PNG of the code, for a banking app's scan from the gallery.
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Save QR code' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`PayNow-${order.orderRef}.png`);
  const png = readFileSync((await saved.path())!);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  await expect(main.getByRole('status').filter({ hasText: 'QR code saved' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Copy the reference' })).toBeVisible();
  await shoot(page, info, 'paynow-order', { fullPage: true });
  const report = main.getByRole('form', { name: 'Tell the shop you have paid' });
  await report.getByLabel('Bank reference (optional)').fill('FT-E2E 0001');
  await report.getByRole('button', { name: 'I have paid' }).click();
  await expect(main.getByText(/the shop is checking your transfer/i)).toBeVisible();

  // The order reads as reported (issue 30): no time to pay, and the reference in its history.
  const reportedState = 'Payment reported: the shop is checking it';
  await expect(main.getByText(reportedState).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Payment reported', exact: true })).toBeVisible();
  await expect(main.getByText(/Pay by|will be cancelled/)).toHaveCount(0);
  const history = main.getByRole('region', { name: 'History' });
  await expect(history.getByText('Transfer reported, reference FT-E2E 0001')).toBeVisible();
  await page.goto('/orders');
  const card = main.locator(`[data-order="${orderId}"]`);
  await expect(card.getByText(reportedState)).toBeVisible();
  await expect(card.getByText(/Pay by/)).toHaveCount(0);
  await shoot(page, info, 'paynow-reported-orders', { fullPage: true });

  // Staff see it in the orders list, found by the Payment filter, then confirm it under Payments.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  await staffPage.goto(`${admin}/orders`);
  await staffPage.getByLabel('Payment').selectOption('transfer_reported');
  await expect(staffPage).toHaveURL(/payment=transfer_reported/);
  const listed = staffPage.getByRole('row').filter({ hasText: order.orderRef });
  await expect(listed).toContainText('PayNow');
  await expect(listed.getByText('Transfer reported', { exact: true })).toBeVisible();
  await staffPage
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: /^Payments/ })
    .click();
  await expect(staffPage).toHaveURL(`${admin}/payments`);
  const row = staffPage.getByRole('row').filter({ hasText: order.orderRef });
  await expect(row).toContainText('FT-E2E 0001');
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: "Confirm — the money is in the shop's account" }).click();
  const question = row.getByRole('alertdialog', {
    name: new RegExp(`^Confirm the PayNow transfer of SGD\\s[\\d.,]+ for ${order.orderRef} \\(reference FT-E2E 0001\\)`),
  });
  await expect(question).toBeFocused();
  await question.getByRole('button', { name: /^Confirm SGD\s[\d.,]+ received$/ }).click();
  await expect(staffPage.getByText(`Order ${order.orderRef} is paid.`)).toBeVisible();
  await shoot(staffPage, info, 'admin-payments-confirmed', { fullPage: true });
  await staffContext.close();

  // The shopper's order is paid.
  await page.goto(`/orders/${orderId}`);
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('img', { name: /PayNow QR code/ })).toBeHidden();
  expect(((await shopper.get(`/order/${orderId}`)) as { status: string }).status).toBe('paid');
});
