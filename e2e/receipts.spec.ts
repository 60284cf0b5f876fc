/**
 * Receipts (issue 30): a shopper pays an order by card on its page, opens its receipt from the
 * order, reads the number, the lines and the total on a printable page, and downloads the PDF, whose
 * file is named by the receipt's number and is a PDF. The order is placed through the API as the
 * checkout does (checkout.spec.ts shows those steps on the pages).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

test('a shopper pays an order, opens its receipt and downloads it as a PDF', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const productId = await productWithStock(request, 2);
  const email = journeyEmail('receipt', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Siti', lastName: 'Rahmah', birthDate: '1990-05-21' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Siti');
  const shopper = await caller(page.context());
  const order = await (await cardOrders(shopper, productId, 'Siti Rahmah'))();

  // Unpaid, the order offers no receipt.
  const main = page.locator('main');
  await page.goto(`/orders/${order.id}`);
  await expect(main.getByRole('link', { name: 'Receipt', exact: true })).toHaveCount(0);

  // Paid on its page, it does.
  const form = page.getByRole('form', { name: 'Pay by card' });
  await form.getByLabel('Name on card').fill('Siti Rahmah');
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/40');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(main).toContainText('your order is paid');
  await main.getByRole('link', { name: 'Receipt', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/receipt$`));
  const receipt = main.getByRole('article', { name: /Receipt|Tax invoice/ });
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(/^(Receipt|Tax invoice)$/);
  await expect(receipt).toContainText(/Number\s*INV-\d{4}-\d{6}/);
  await expect(receipt).toContainText('Billed and delivered to');
  await expect(receipt).toContainText('1 Raffles Place');
  await expect(receipt.getByRole('row', { name: /^Total/ })).toBeVisible();
  await expect(receipt).toContainText('Paid by Card');
  const number = (await receipt.locator('dd').first().textContent())!.trim();
  await shoot(page, info, 'receipt');

  const downloading = page.waitForEvent('download');
  await receipt.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Back to the order from the receipt.
  await receipt.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});
