/**
 * One-click unsubscribe (issue 29, RFC 8058's page side): a shopper who asked to be told when a
 * sold-out product is back gets the "back in stock" e-mail when staff restock it; its unsubscribe
 * link opens `/unsubscribe`, which says which e-mail stops and changes nothing until the button is
 * pressed (mail scanners open links). Pressed, it unsubscribes without a session, says so, and the
 * link opened again says it is done; the profile's e-mail choices show it off.
 *
 * The mail is read from the development outbox, as the registration's codes are (support.ts). The
 * product is made sold out and restocked to its stock through the back office's API, so the demo
 * catalogue ends as it was.
 */
import { expect, test } from '@playwright/test';
import { signInAsDemoOwner } from './admin-sign-in';
import { baseURL } from './playwright.config';
import { api, caller, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

test('a shopper unsubscribes from “back in stock” e-mails with the link of one', async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const productId = await productWithStock(request, 1);
  const { stock } = (await (await request.get(`${api}/product/one/${productId}`)).json()) as { stock: number };
  const email = journeyEmail('unsubscribe', info);
  const password = 'Rahsia123!';

  // The shopper, in a context of their own, signed in through the API.
  const shopperContext = await browser.newContext();
  await registerVerified(shopperContext.request, email, password, { firstName: 'Mei', lastName: 'Ling', birthDate: '1995-08-30' });
  await (await caller(shopperContext)).post('/auth/login', { email, password });
  const shopper = await caller(shopperContext);

  // Staff sell the product out; the shopper asks to be told; staff restock it.
  const staffContext = await browser.newContext();
  await signInAsDemoOwner(await staffContext.newPage());
  const staff = await caller(staffContext);
  await staff.post(`/admin/product/${productId}/stock`, { variantPath: '', stock: 0, expected: stock });
  try {
    await shopper.post('/back_in_stock', { productId });
  } finally {
    await staff.post(`/admin/product/${productId}/stock`, { variantPath: '', stock, expected: 0 });
  }

  // The e-mail arrives (the job runner sends it a moment later), with its unsubscribe link.
  let link = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`${api}/dev/outbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await answer.json()) as { messages: { subject: string; text: string }[] };
      const mail = messages.find((message) => /back in stock/i.test(message.subject));
      link = /(\S+\/unsubscribe\?token=[^\s<>"]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .toMatch(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}/unsubscribe\\?token=`));

  // Opened (in a browser not signed in): it names the e-mail and changes nothing yet.
  const main = page.locator('main');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' })).toBeVisible();
  await expect(main).toContainText('This stops one kind of e-mail the shop sends you: Back in stock.');
  await expect(main).toContainText('E-mails about your orders, payments and account are still sent.');
  expect(((await shopper.get('/notification/preferences')) as { email: Record<string, boolean> }).email['product.back_in_stock']).toBe(
    true,
  );
  await shoot(page, info, 'unsubscribe');

  await main.getByRole('button', { name: 'Unsubscribe from “Back in stock”' }).click();
  await expect(main.getByText('You are unsubscribed from “Back in stock” e-mails.')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Unsubscribe/ })).toHaveCount(0);
  expect(((await shopper.get('/notification/preferences')) as { email: Record<string, boolean> }).email['product.back_in_stock']).toBe(
    false,
  );
  await shoot(page, info, 'unsubscribe-done');

  // The same link again: already done, nothing to press.
  await page.reload();
  await expect(main.getByText('You are already unsubscribed from these e-mails.')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Unsubscribe/ })).toHaveCount(0);

  // The profile's e-mail choices say the same; the other optional e-mail is untouched.
  await signInThroughPage(page, email, password, 'Mei');
  await page.goto('/profile');
  const emails = main.getByRole('region', { name: 'E-mails' });
  await expect(emails.getByRole('checkbox', { name: 'Back in stock' })).not.toBeChecked();
  await expect(emails.getByRole('checkbox', { name: 'Replies from the shop' })).toBeChecked();

  await staffContext.close();
  await shopperContext.close();
});
