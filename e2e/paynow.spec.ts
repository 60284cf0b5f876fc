/**
 * PayNow (issue 17): a shopper chooses PayNow at checkout for an order in Singapore dollars, sees the
 * order's PayNow QR code, reports the transfer with the bank's reference; staff find it under
 * Payments in the back office and confirm the money arrived; the shopper's order is then paid.
 */
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
  await expect(main.getByRole('button', { name: 'Copy the PayNow code' })).toBeVisible();
  await shoot(page, info, 'paynow-order', { fullPage: true });
  const report = main.getByRole('form', { name: 'Tell the shop you have paid' });
  await report.getByLabel('Bank reference (optional)').fill('FT-E2E 0001');
  await report.getByRole('button', { name: 'I have paid' }).click();
  await expect(main.getByText(/the shop is checking your transfer/i)).toBeVisible();

  // Staff confirm it under Payments.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  await staffPage
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: /^Payments/ })
    .click();
  await expect(staffPage).toHaveURL(`${admin}/payments`);
  const row = staffPage.getByRole('row').filter({ hasText: order.orderRef });
  await expect(row).toContainText('FT-E2E 0001');
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: "Confirm — the money is in the shop's account" }).click();
  await expect(staffPage.getByText(`Order ${order.orderRef} is paid.`)).toBeVisible();
  await shoot(staffPage, info, 'admin-payments-confirmed', { fullPage: true });
  await staffContext.close();

  // The shopper's order is paid.
  await page.reload();
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('img', { name: /PayNow QR code/ })).toBeHidden();
  expect(((await shopper.get(`/order/${orderId}`)) as { status: string }).status).toBe('paid');
});
