/**
 * Saved cards on the built-in test gateway (issue 17): a shopper pays an order with the test card and
 * ticks "Save this card for next time"; the next order is paid in one click with the saved card;
 * the card is listed under Saved cards and removed there.
 */
import { expect, test, type Page } from '@playwright/test';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

test('a shopper saves a card while paying, pays the next order in one click, and removes the card', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const productId = await productWithStock(request, 5);

  const email = journeyEmail('saved-cards', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Wei Ling', lastName: 'Lim', birthDate: '1991-04-05' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Wei Ling');
  const shopper = await caller(page.context());
  const placeOrder = await cardOrders(shopper, productId, 'Lim Wei Ling');
  const main = page.locator('main');
  const isPaid = async (id: string) =>
    expect.poll(async () => ((await shopper.get(`/order/${id}`)) as { status: string }).status).toBe('paid');

  // First order: the typed test card, saved for next time.
  const first = await placeOrder();
  await page.goto(`/orders/${first.id}`);
  await expect(main.getByText('Test mode — no real money.')).toBeVisible();
  const form = main.getByRole('form', { name: 'Pay by card' });
  await form.getByLabel('Name on card').fill('Lim Wei Ling');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/40');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('Save this card for next time').check();
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await isPaid(first.id);

  // Second order: one click with the saved card.
  const second = await placeOrder();
  await page.goto(`/orders/${second.id}`);
  const saved = main.getByRole('form', { name: 'Pay with a saved card' });
  await expect(saved.getByRole('radio', { name: /visa •••• 4242, expires 12\/40/ })).toBeChecked();
  await expect(main.getByRole('form', { name: 'Pay by card' })).toBeHidden();
  await shoot(page, info, 'saved-card-pay', { fullPage: true });
  await saved.getByRole('button', { name: /with this card$/ }).click();
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await isPaid(second.id);
  const paid = (await shopper.get(`/order/${second.id}`)) as { payments: { status: string; methodSummary: string }[] };
  expect(paid.payments).toEqual([expect.objectContaining({ status: 'succeeded', methodSummary: 'visa •••• 4242' })]);

  // Saved cards, from the account menu's page: listed, then removed after a confirmation.
  await page.goto('/profile/cards');
  await expect(page.getByRole('heading', { name: 'Saved cards' }).first()).toBeVisible();
  await expect(main.getByText('visa •••• 4242').first()).toBeVisible();
  await shoot(page, info, 'saved-cards', { fullPage: true });
  await main.getByRole('button', { name: 'Remove' }).click();
  await main.getByRole('button', { name: 'Remove it' }).click();
  await expect(main.getByText(/No saved cards\./)).toBeVisible();
  expect(((await shopper.get('/payment/stripe/card/payment_methods')) as { paymentMethods: unknown[] }).paymentMethods).toEqual([]);
  await noSavedCardOffered(page, (await placeOrder()).id);
});

/** With no saved card left, an order page goes straight to the typed card form. */
async function noSavedCardOffered(page: Page, orderId: string) {
  await page.goto(`/orders/${orderId}`);
  const main = page.locator('main');
  await expect(main.getByRole('form', { name: 'Pay by card' })).toBeVisible();
  await expect(main.getByRole('form', { name: 'Pay with a saved card' })).toHaveCount(0);
}
