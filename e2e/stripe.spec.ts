/**
 * Card payments through Stripe (issue 17), in the shop started with Stripe's keys: its API talks to
 * the pretend Stripe (fixture-stripe.mjs) and the browser gets the Stripe.js stand-in
 * (fixture-stripe-js.js), so nothing reaches the internet. The order page shows Stripe's Payment
 * Element; a declined card is said in the bank's words; the test card pays and is saved; the next
 * order is paid in one click with the saved card.
 */
import { expect, test } from '@playwright/test';
import { caller, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';
import { routeStripe, stripeApi, stripeBaseURL, testCards } from './stripe-support';

test.use({ baseURL: stripeBaseURL });

interface Summary {
  uuid: string;
  price: Record<string, number>;
  hasVariants: boolean;
}

test('a shopper pays by card in Stripe Elements after a decline, saves the card and pays the next order in one click', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  await routeStripe(page);
  // A product with stock for every order of this journey (other journeys buy from the same catalogue).
  const search = (await (await request.get(`${stripeApi}/product/search?limit=100&inStock=true&sort=newest`)).json()) as {
    products: Summary[];
  };
  let product: Summary | undefined;
  for (const candidate of search.products.filter((p) => !p.hasVariants && p.price.SG !== undefined)) {
    const { stock } = (await (await request.get(`${stripeApi}/product/one/${candidate.uuid}`)).json()) as { stock: number };
    if (stock >= 5) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error('the demo catalogue has no product without variants sold in Singapore with 5 in stock');
  const productId = product.uuid;

  const email = journeyEmail('stripe', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Farah', lastName: 'Ismail', birthDate: '1989-07-08' }, stripeApi);
  await signInThroughPage(page, email, 'Rahsia123!', 'Farah');
  const shopper = await caller(page.context(), stripeApi);
  const { address } = (await shopper.post('/address', {
    fullName: 'Farah Ismail',
    address: '1 Raffles Place',
    unitNumber: '#10-01',
    city: '',
    state: '',
    country: 'SG',
    phoneNumber: '+65 6123 4567',
    postalCode: '048616',
  })) as { address: { id: string } };
  const placeOrder = async () => {
    const line = (await shopper.post('/cart', { productId, quantity: 1 })) as { cartItem: { id: string } };
    const { key } = (await shopper.post('/checkout/session', { cartItemIds: [line.cartItem.id] })) as { key: string };
    return (await shopper.post('/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: address.id,
    })) as {
      id: string;
    };
  };
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
