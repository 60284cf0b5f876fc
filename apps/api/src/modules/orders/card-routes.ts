import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { AppError } from '@kedai/domain';
import {
  CardPayAnswer,
  CardPayRequest,
  ConfirmPaymentRequest,
  ErrorEnvelope,
  Order,
  OrderIdParams,
  WebhookBody,
  WebhookReceipt,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { cardOf, requireMethodOffered, type CardChoice } from '../payments/service';
import { confirmCardPayment, payOrderByCard, settleProviderEvent, type CardPayResult } from './card';
import { getOrder } from './service';

/**
 * Paying orders by card (issue 17; rules: api.md "Card payments"): the spec's
 * `/payment/stripe/card/pay` on whichever provider is configured (Stripe, or the built-in test
 * gateway), the confirmation after the shopper's step in the browser, and Stripe's webhook.
 */
export const cardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  /** What paying can answer besides success: bad input, a decline, not found, not payable, the provider unreachable. */
  const paymentErrors = { 400: ErrorEnvelope, 402: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 503: ErrorEnvelope, ...errors };
  const now = () => app.config.clock?.() ?? new Date();
  const provider = app.paymentProvider;

  /** A declined card is the shopper's answer (402, the attempt kept in the ledger); a success is mailed (`orders.mail`). */
  async function answered(userId: string, orderId: string, result: CardPayResult) {
    if (result.payment.status === 'failed') throw new AppError('payment/declined', [result.payment.failureMessage ?? 'declined']);
    return getOrder(app.db, userId, orderId);
  }

  app.post(
    '/payment/stripe/card/pay',
    {
      schema: {
        tags,
        summary: 'Pay an order by card: a card typed on the test gateway, a saved card, or (Stripe) a card entered in Elements',
        description:
          'One attempt per `Idempotency-Key` header: the same key answers the same payment, and the same key with another ' +
          'request (another card, saved card or save choice) is 422 `general/idempotency_key_reused`. The order is paid only on the provider’s ' +
          'word: at once for a card that needs nothing more, else after `POST /order/{id}/pay/confirm` or Stripe’s webhook. ' +
          "402 `payment/declined` (`params[0]` the bank's reason; the attempt is in the order's payments), 400 `payment/invalid_card`, " +
          '`payment/card_form_required` (a card number sent while Stripe is on), 404 `payment/card_not_found`, `order/not_found`, ' +
          '409 `payment/not_payable`, `payment/wrong_method`, `payment/method_unavailable` (the shop has no card provider), ' +
          '503 `payment/provider_unavailable`.',
        body: CardPayRequest,
        response: {
          200: CardPayAnswer,
          422: ErrorEnvelope,
          ...paymentErrors,
        },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const { user } = authOf(request);
      const { orderId, card, savedCardId, saveCard } = request.body;
      if (typeof orderId !== 'string') throw new AppError('order/not_found');
      await requireMethodOffered(app.db, app.config.payments, 'card');
      const header = request.headers['idempotency-key'];
      const attemptKey = typeof header === 'string' && header.length > 0 ? header.slice(0, 100) : randomUUID();
      // Stripe takes card numbers only in Elements, never through the shop.
      if (card !== undefined && !provider.takesCardNumbers && savedCardId === undefined) throw new AppError('payment/card_form_required');
      const choice: CardChoice =
        typeof savedCardId === 'string' ? { savedCardId } : provider.takesCardNumbers ? { card: cardOf(card, now()) } : { browser: true };
      const result = await payOrderByCard(app.db, provider, { id: user.id, email: user.email }, orderId, choice, {
        attemptKey,
        saveCard: saveCard === true,
        now: now(),
      });
      const order = await answered(user.id, result.payment.orderId, result);
      return { order, paymentId: result.payment.id, status: result.payment.status, clientSecret: result.clientSecret };
    },
  );

  app.post(
    '/order/:id/pay/confirm',
    {
      schema: {
        tags: ['orders'],
        summary: 'The shopper finished the bank’s step (3-D Secure) or Stripe’s card form: the payment is asked of the provider',
        description:
          '200 with the order, paid if the provider says so. 402 `payment/declined`, 404 `payment/not_found` for a payment that is ' +
          'not waiting, 409 `payment/not_payable`, `payment/method_unavailable`, 503 `payment/provider_unavailable`.',
        params: OrderIdParams,
        body: ConfirmPaymentRequest,
        response: {
          200: Order,
          ...paymentErrors,
        },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const me = authOf(request).user.id;
      // A payment started in a trial is not completed once the shop takes no cards.
      await requireMethodOffered(app.db, app.config.payments, 'card');
      const result = await confirmCardPayment(app.db, provider, me, request.params.id, request.body.paymentId, now());
      return answered(me, request.params.id, result);
    },
  );

  // Stripe's webhook: the signature is checked on the bytes as sent, so this route alone keeps them raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payment/stripe/webhook',
      {
        schema: {
          tags,
          summary: "Stripe's events: a payment succeeded or failed (signature checked on the raw body; each event acted on once)",
          description:
            '400 `payment/invalid_signature` when the `Stripe-Signature` header does not match: nothing changes. Events about payments ' +
            'are acted on as the payment is now at Stripe (fetched again), so late or out-of-order events do no harm.',
          body: WebhookBody,
          consumes: ['application/json'],
          response: { 200: WebhookReceipt, 400: ErrorEnvelope, 404: ErrorEnvelope, 415: ErrorEnvelope, 503: ErrorEnvelope },
        },
        bodyLimit: 256 * 1024,
        config: { xsrf: false },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = provider.readEvent(Buffer.from(request.body as Uint8Array), typeof signature === 'string' ? signature : undefined);
        // Without Stripe configured there is no webhook to take: not found, like any unknown call.
        if (!event) throw new AppError('general/not_found');
        await settleProviderEvent(app.db, provider, event, now());
        return { received: true as const };
      },
    );
  });
};
