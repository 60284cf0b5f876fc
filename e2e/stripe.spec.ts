/**
 * Card payments through Stripe (issue 17), in the shop started with Stripe's keys: its API talks to
 * the Stripe simulator (fixture-stripe.ts) and the browser gets the Stripe.js stand-in
 * (fixture-stripe-js.js), so nothing reaches the internet. The order page shows Stripe's Payment
 * Element; a declined card is said in the bank's words; the test card pays and is saved; the next
 * order is paid in one click with the saved card.
 */
import { expect, test } from '@playwright/test';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';
import { routeStripe, stripeApi, stripeBaseURL, testCards } from './stripe-support';

test.use({ baseURL: stripeBaseURL });

test('a shopper pays by card in Stripe Elements after a decline, saves the card and pays the next order in one click', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  await routeStripe(page);
  const productId = await productWithStock(request, 5, stripeApi);

  const email = journeyEmail('stripe', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Farah', lastName: 'Ismail', birthDate: '1989-07-08' }, stripeApi);
  await signInThroughPage(page, email, 'Rahsia123!', 'Farah');
  const shopper = await caller(page.context(), stripeApi);
  const placeOrder = await cardOrders(shopper, productId, 'Farah Ismail');
  const orderOf = async (id: string) =>
    (await shopper.get(`/order/${id}`)) as {
      status: string;
      payments: { provider: string; status: string; methodSummary: string | null }[];
    };
  const main = page.locator('main');

  // The order page shows Stripe's card form (Elements), not the shop's own.
  const first = await placeOrder();
  await page.goto(`/orders/${first.id}`);
  await expect(main.getByText('Stripe test mode — no real money.')).toBeVisible();
  const form = main.getByRole('form', { name: 'Pay by card' });
  await expect(form.getByLabel('Card number')).toBeVisible();
  await expect(form.getByLabel('Name on card')).toHaveCount(0);
  await shoot(page, info, 'stripe-elements', { fullPage: true });

  // A declined card: the bank's reason, the order still waits.
  await form.getByLabel('Card number').fill(testCards.insufficientFunds);
  await form.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(main.getByText(/insufficient funds/i).first()).toBeVisible();
  expect((await orderOf(first.id)).status).toBe('awaiting_payment');

  // The test card, saved for next time: paid on Stripe's word.
  await form.getByLabel('Card number').fill(testCards.visa);
  await form.getByLabel('Save this card for next time').check();
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await orderOf(first.id)).status).toBe('paid');
  expect((await orderOf(first.id)).payments).toEqual([
    expect.objectContaining({ provider: 'stripe', status: 'failed' }),
    expect.objectContaining({ provider: 'stripe', status: 'succeeded', methodSummary: 'visa •••• 4242' }),
  ]);

  // The next order: one click with the saved card.
  const second = await placeOrder();
  await page.goto(`/orders/${second.id}`);
  const saved = main.getByRole('form', { name: 'Pay with a saved card' });
  await expect(saved.getByRole('radio', { name: /visa •••• 4242/ })).toBeChecked();
  await saved.getByRole('button', { name: /with this card$/ }).click();
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await orderOf(second.id)).status).toBe('paid');
});
