import Stripe from 'stripe';
import { AppError, fromStripeAmount, toStripeAmount } from '@kedai/domain';
import type { PaymentProvider, ProviderPayment, StartPaymentInput } from '../provider';

/**
 * Card payments through Stripe (issue 17), with the official `stripe` package: a PaymentIntent per
 * attempt (its idempotency key the attempt's), confirmed in the browser by Stripe Elements (3-D
 * Secure included) or at once with a saved card; the card number never reaches the shop. The order
 * becomes paid on Stripe's word only: the intent as fetched from Stripe, or a webhook whose
 * signature was checked on the raw body.
 */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests: Stripe's HTTP API answered by the Stripe simulator (`Stripe.createFetchHttpClient(simulator)`). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  /** Journeys: the Stripe simulator (e2e/fixture-stripe.ts) on loopback (`http://127.0.0.1:4420`), never in production. */
  apiOrigin?: string;
  /** The clock the webhook's signature age is judged by (tests inject it). */
  now?: () => Date;
}

type Intent = Stripe.PaymentIntent;

/** The shop's payment from Stripe's intent: statuses, amounts in the shop's minor units, the card. */
function paymentOf(intent: Intent): ProviderPayment {
  const currency = intent.currency.toUpperCase();
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const card = method?.card;
  const error = intent.last_payment_error;
  const status: ProviderPayment['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'requires_action'
        ? 'requires_action'
        : intent.status === 'canceled' || (intent.status === 'requires_payment_method' && error)
          ? 'failed'
          : 'pending';
  const payment: ProviderPayment = {
    status,
    providerRef: intent.id,
    amount: fromStripeAmount(intent.amount, currency),
    currency,
    amountReceived: intent.amount_received ? fromStripeAmount(intent.amount_received, currency) : 0,
    methodSummary: card ? `${card.brand} •••• ${card.last4}` : null,
    clientSecret: status === 'pending' || status === 'requires_action' ? intent.client_secret : null,
    orderId: intent.metadata?.kedai_order_id,
  };
  if (status === 'failed') {
    payment.failureCode = error?.decline_code ?? error?.code ?? (intent.status === 'canceled' ? 'canceled' : 'card_declined');
    payment.failureMessage = error?.message ?? 'The payment was cancelled.';
  }
  if (status === 'succeeded' && intent.setup_future_usage && card && method?.customer) {
    payment.savedCard = { methodRef: method.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  }
  return payment;
}

/** Stripe's refusal of a card is an answer (the attempt failed); anything else means Stripe could not be asked. */
function unavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw new AppError('payment/provider_unavailable');
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const origin = settings.apiOrigin ? new URL(settings.apiOrigin) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.httpClient ? { httpClient: settings.httpClient } : {}),
    ...(origin ? { host: origin.hostname, port: origin.port, protocol: origin.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
  const expand = ['payment_method'];

  async function start(input: StartPaymentInput): Promise<Intent> {
    const { amount, currency, method, customerRef, saveCard, idempotencyKey } = input;
    if (method.kind === 'card') throw new AppError('payment/card_form_required');
    const params: Stripe.PaymentIntentCreateParams = {
      amount: toStripeAmount(amount, currency),
      currency: currency.toLowerCase(),
      allowed_payment_method_types: ['card'],
      description: `Order ${input.orderRef}`,
      metadata: { kedai_order_id: input.orderId, kedai_order_ref: input.orderRef },
      expand,
      ...(customerRef ? { customer: customerRef } : {}),
      ...(saveCard && customerRef && method.kind === 'browser' ? { setup_future_usage: 'on_session' as const } : {}),
      ...(method.kind === 'saved' ? { payment_method: method.methodRef, confirm: true } : {}),
    };
    try {
      return await stripe.paymentIntents.create(params, { idempotencyKey: `kedai-pay-${idempotencyKey}` });
    } catch (error) {
      // A declined saved card: Stripe answers 402 with the intent, now waiting for another card.
      const intent = error instanceof Stripe.errors.StripeCardError ? error.payment_intent : undefined;
      if (intent) return intent;
      return unavailable(error);
    }
  }

  async function fetchIntent(ref: string): Promise<ProviderPayment> {
    try {
      return paymentOf(await stripe.paymentIntents.retrieve(ref, { expand }));
    } catch (error) {
      return unavailable(error);
    }
  }

  return {
    name: 'stripe',
    takesCardNumbers: false,
    publishableKey: settings.publishableKey,
    async startPayment(input) {
      return paymentOf(await start(input));
    },
    confirm: fetchIntent,
    retrieve: fetchIntent,
    async cancel(providerRef) {
      try {
        await stripe.paymentIntents.cancel(providerRef);
        return true;
      } catch {
        return false; // already succeeded, or Stripe unreachable: a later success is refunded
      }
    },
    async refund({ providerRef, amount, currency, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerRef, amount: toStripeAmount(amount, currency) },
          { idempotencyKey: `kedai-refund-${idempotencyKey}` },
        );
        return { providerRef: refund.id };
      } catch (error) {
        // Stripe's 4xx refusal (already refunded, amount too large, no charge) is its answer for good; anything else is no answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          return { refused: { code: error.code ?? error.type, message: error.message } };
        return unavailable(error);
      }
    },
    async createCustomer({ userId, email }) {
      try {
        const customer = await stripe.customers.create(
          { email, metadata: { kedai_user_id: userId } },
          { idempotencyKey: `kedai-customer-${userId}` },
        );
        return customer.id;
      } catch (error) {
        return unavailable(error);
      }
    },
    async removeCard(methodRef) {
      try {
        await stripe.paymentMethods.detach(methodRef);
      } catch (error) {
        // Already gone at Stripe (removed in its dashboard): the shop's copy goes too.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 400 || error.statusCode === 404)) return;
        unavailable(error);
      }
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        const receivedAt = settings.now ? Math.floor(settings.now().getTime() / 1000) : undefined;
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret, undefined, undefined, receivedAt);
      } catch {
        throw new AppError('payment/invalid_signature');
      }
      const object = event.data.object as { object?: string };
      return { id: event.id, type: event.type, payment: object.object === 'payment_intent' ? paymentOf(object as Intent) : null };
    },
  };
}
