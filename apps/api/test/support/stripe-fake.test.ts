import { describe, expect, expectTypeOf, it } from 'vitest';
import Stripe from 'stripe';

/**
 * The Stripe simulator (e2e/fixture-stripe.ts) driven through the real `stripe` package, so the
 * payment tests that stand on it talk to something that answers as Stripe does: statuses, the 402
 * of a declined card, 3-D Secure, idempotent retries, refunds, saved cards and signed webhooks. It is
 * hand-written, not recorded: the shapes of its objects are held to the package's types (generated
 * from Stripe's API description) by `npm run typecheck`, and the behaviour by these tests.
 */
import { createStripeFake, startStripeFixtureServer, type StripeFake } from './stripe-fake';

function setUp() {
  const fake = createStripeFake();
  const stripe = new Stripe('sk_test_x', { httpClient: Stripe.createFetchHttpClient(fake.fetch), maxNetworkRetries: 0 });
  return { fake, stripe };
}

/** The error a call rejects with (the test fails if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const createdIntents = (fake: StripeFake) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && !r.replayed);

describe('the Stripe simulator, through the stripe package', () => {
  it('keeps and answers objects of the stripe package’s own types, never untyped ones', () => {
    // Checked by `npm run typecheck` (a no-op when run): were any of these `any` or a hand-written
    // shape, an object missing a field Stripe sends would no longer fail the typecheck.
    const { fake } = setUp();
    expectTypeOf(fake.intents).toEqualTypeOf<Map<string, Stripe.PaymentIntent>>();
    expectTypeOf(fake.charges).toEqualTypeOf<Map<string, Stripe.Charge>>();
    expectTypeOf(fake.refunds).toEqualTypeOf<Map<string, Stripe.Refund>>();
    expectTypeOf(fake.customers).toEqualTypeOf<Map<string, Stripe.Customer>>();
    expectTypeOf(fake.paymentMethods).toEqualTypeOf<Map<string, Stripe.PaymentMethod>>();
    expectTypeOf(fake.events).toEqualTypeOf<Stripe.Event[]>();
    expectTypeOf(fake.event).returns.toEqualTypeOf<Stripe.Event>();
    expectTypeOf(fake.completeAction).returns.toEqualTypeOf<Stripe.PaymentIntent>();
    expectTypeOf(fake.confirmWithMethod).returns.toEqualTypeOf<Stripe.PaymentIntent>();
  });

  it('creates a customer with its e-mail and metadata', async () => {
    const { fake, stripe } = setUp();
    const customer = await stripe.customers.create({ email: 'siti@example.com', metadata: { user_id: 'u1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'siti@example.com', metadata: { user_id: 'u1' }, livemode: false });
    expect(customer.id).toMatch(/^cus_/);
    expect(fake.customers.get(customer.id)?.email).toBe('siti@example.com');
  });

  it('creates an intent without a method: requires_payment_method, with its client secret', async () => {
    const { fake, stripe } = setUp();
    const intent = await stripe.paymentIntents.create({
      amount: 2599,
      currency: 'sgd',
      metadata: { order_id: 'o-1' },
      allowed_payment_method_types: ['card'],
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 2599,
      currency: 'sgd',
      payment_method: null,
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    // The form body arrives parsed, values as the strings Stripe receives.
    expect(createdIntents(fake)[0]?.body).toMatchObject({
      amount: '2599',
      currency: 'sgd',
      metadata: { order_id: 'o-1' },
      allowed_payment_method_types: ['card'],
    });
  });

  it('refuses payment_method_types, which the pinned API version no longer takes', async () => {
    const { stripe } = setUp();
    const params = { amount: 1000, currency: 'sgd', payment_method_types: ['card'] } as Stripe.PaymentIntentCreateParams;
    const error = await rejection(stripe.paymentIntents.create(params));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe('payment_method_types_no_longer_supported');
  });

  it('charges pm_card_visa on confirm=true and saves it for a customer with setup_future_usage', async () => {
    const { fake, stripe } = setUp();
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'sgd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      setup_future_usage: 'off_session',
    });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 1500, setup_future_usage: 'off_session' });
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(intent.payment_method).toMatch(/^pm_(?!card_)/);
    const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method).toMatchObject({
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US' },
    });
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] });
    expect((expanded.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    expect(createdIntents(fake)[0]?.body).toMatchObject({ customer: customer.id, setup_future_usage: 'off_session' });
  });

  it('answers a declined card with a 402 StripeCardError carrying the intent', async () => {
    const { fake, stripe } = setUp();
    const error = await rejection(
      stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', payment_method: 'pm_card_chargeDeclined', confirm: true }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const intentId: string = error.raw.payment_intent.id;
    expect(error.raw.payment_intent.status).toBe('requires_payment_method');
    const stored = fake.intents.get(intentId);
    expect(stored).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(stored?.last_payment_error?.payment_method?.card?.last4).toBe('0002');
  });

  it('declines for insufficient funds, and an expired card with its own code', async () => {
    const { stripe } = setUp();
    const poor = await rejection(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'sgd',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      }),
    );
    expect(poor).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    const expired = await rejection(
      stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', payment_method: 'pm_card_chargeDeclinedExpiredCard', confirm: true }),
    );
    expect(expired).toMatchObject({ code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' });
  });

  it('asks for 3-D Secure, then succeeds once the shopper completes it', async () => {
    const { fake, stripe } = setUp();
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'sgd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    expect(fake.completeAction(intent.id).status).toBe('succeeded');
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 3000 });
  });

  it('puts a failed 3-D Secure back to requires_payment_method', async () => {
    const { stripe, fake } = setUp();
    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: 'sgd' });
    expect(fake.confirmWithMethod(intent.id, 'pm_card_authenticationRequired').status).toBe('requires_action');
    const failed = fake.completeAction(intent.id, 'failed');
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('charges a card saved after 3-D Secure off-session without asking again (…3155)', async () => {
    const { fake, stripe } = setUp();
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    const first = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'sgd',
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      confirm: true,
      setup_future_usage: 'off_session',
    });
    expect(first.status).toBe('requires_action');
    fake.completeAction(first.id);
    const saved = first.payment_method as string;
    const later = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'sgd',
      customer: customer.id,
      payment_method: saved,
      confirm: true,
      off_session: true,
    });
    expect(later).toMatchObject({ status: 'succeeded', payment_method: saved });
  });

  it('replays an idempotent retry and refuses the key with other parameters', async () => {
    const { fake, stripe } = setUp();
    const params = { amount: 1200, currency: 'sgd', payment_method: 'pm_card_visa', confirm: true };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt-1' });
    const retry = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt-1' });
    expect(retry.id).toBe(first.id);
    expect(fake.intents.size).toBe(1);
    expect(createdIntents(fake)).toHaveLength(1);
    const error = await rejection(stripe.paymentIntents.create({ ...params, amount: 1300 }, { idempotencyKey: 'order-7-attempt-1' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refunds up to what was received, and refuses an intent that was not paid', async () => {
    const { fake, stripe } = setUp();
    const paid = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', payment_method: 'pm_card_visa', confirm: true });
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 600 });
    expect(refund).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 600,
      payment_intent: paid.id,
      charge: paid.latest_charge,
    });
    expect(fake.refunds.has(refund.id)).toBe(true);
    expect(await rejection(stripe.refunds.create({ payment_intent: paid.id, amount: 500 }))).toMatchObject({ code: 'amount_too_large' });
    await stripe.refunds.create({ payment_intent: paid.id });
    expect(await rejection(stripe.refunds.create({ payment_intent: paid.id }))).toMatchObject({ code: 'charge_already_refunded' });
    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd' });
    expect(await rejection(stripe.refunds.create({ payment_intent: unpaid.id }))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('cancels an open intent, and not a succeeded one', async () => {
    const { stripe } = setUp();
    const open = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd' });
    expect(await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' })).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    const paid = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', payment_method: 'pm_card_visa', confirm: true });
    expect(await rejection(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('attaches, lists and detaches a customer’s cards', async () => {
    const { stripe } = setUp();
    const customer = await stripe.customers.create({ email: 'c@example.com' });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(visa.customer).toBe(customer.id);
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.object).toBe('list');
    expect(listed.data.map((method) => method.card?.last4)).toEqual(['4444', '4242']);
    expect((await stripe.paymentMethods.detach(mastercard.id)).customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data.map((method) => method.id)).toEqual([visa.id]);
  });

  it('answers unknown routes, unknown ids and a missing key as Stripe does', async () => {
    const { fake, stripe } = setUp();
    expect(await rejection(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const unknown = await fake.fetch('https://api.stripe.com/v1/charges/ch_1/nothing', {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x' },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.type).toBe('invalid_request_error');
    const keyless = await fake.fetch('https://api.stripe.com/v1/customers', { method: 'POST', body: '' });
    expect(keyless.status).toBe(401);
    const live = new Stripe('sk_live_x', { httpClient: Stripe.createFetchHttpClient(fake.fetch), maxNetworkRetries: 0 });
    expect(await rejection(live.customers.create({}))).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('signs events that constructEvent accepts, and a tampered payload fails', async () => {
    const { fake, stripe } = setUp();
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', payment_method: 'pm_card_visa', confirm: true });
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const event = stripe.webhooks.constructEvent(payload, fake.sign(payload, 'whsec_test'), 'whsec_test');
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { id: intent.id } },
    });
    expect(event.id).toMatch(/^evt_/);
    const tampered = payload.replace('"amount":1000', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(() => stripe.webhooks.constructEvent(tampered, fake.sign(payload, 'whsec_test'), 'whsec_test')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // The simulator also keeps what Stripe would have sent on its own.
    expect(fake.events.map((e) => e.type)).toContain('payment_intent.succeeded');
  });

  it('serves the same simulator over HTTP, with the browser’s confirm route', async () => {
    const server = await startStripeFixtureServer({ port: 0 });
    try {
      const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
      const intent = await stripe.paymentIntents.create({ amount: 800, currency: 'sgd' });
      expect(server.fake.intents.get(intent.id)?.status).toBe('requires_payment_method');
      const confirmed = await fetch(`${server.origin}/__fixture/confirm`, {
        method: 'POST',
        body: JSON.stringify({ intentId: intent.id, paymentMethod: 'pm_card_visa' }),
      });
      expect(((await confirmed.json()) as Stripe.PaymentIntent).status).toBe('succeeded');
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    } finally {
      await server.close();
    }
  });
});
