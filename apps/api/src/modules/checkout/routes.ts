import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CheckoutSession,
  CheckoutSessionCreated,
  CheckoutSessionKeyParams,
  CheckoutSessionQuery,
  CheckoutSessionRequest,
  CostEstimate,
  CreateOrderRequest,
  CreateQuotationOrderRequest,
  ErrorEnvelope,
  EstimateQuery,
  NoContent,
  Order,
  QuotationEstimateQuery,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { voucherGuessLimit } from '../vouchers/service';
import {
  createCheckoutSession,
  createOrder,
  createQuotationOrder,
  deleteCheckoutSession,
  estimateCheckout,
  estimateQuotationCheckout,
  idempotencyKeyOf,
  readCheckoutSession,
  type CheckoutDeps,
} from './service';

const voucherCodeOfQuery = (request: FastifyRequest) => (request.query as { voucherCode?: string }).voucherCode;
const voucherCodeOfBody = (request: FastifyRequest) => (request.body as { voucherCode?: string }).voucherCode;

/** Checkout (rules: api.md "Checkout and orders", issue 16): signed-in shoppers who have passed two-factor when it is on. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const deps: CheckoutDeps = {
    db: app.db,
    now: () => app.config.clock?.() ?? new Date(),
    sessionMinutes: app.config.checkoutSessionMinutes,
    payMinutes: app.config.orderPaymentMinutes,
    payments: app.config.payments,
  };
  const userId = (request: FastifyRequest) => authOf(request).user.id;
  const voucherGuesses =
    'A voucher code nobody knows counts as a try against `POST /voucher/validate`’s limits per address and per user ' +
    '(429 `general/rate_limited`, `Retry-After`); a known code costs nothing.';
  const placing =
    'Send an `Idempotency-Key` header (8 to 100 letters, digits, `-`, `_`): the same key answers the same order (200) ' +
    'instead of placing another (201); the same key with another request (other lines, notes, addresses, voucher, region or ' +
    'payment method) is 422 `general/idempotency_key_reused` and places nothing. 400 `checkout/address_required`, `checkout/not_delivered`, ' +
    '`checkout/invalid_payment_method`, `checkout/invalid_notes`, `checkout/invalid_idempotency_key`, the voucher’s ' +
    '`voucher/…` codes; 409 `checkout/items_unavailable` with `params` listing `{id, kind, reason}` of each line that ' +
    'cannot be bought (nothing is written); 409 `payment/method_unavailable` for a payment method the shop cannot take now ' +
    '(`GET /config` `payments.methods` lists those it can). ' +
    voucherGuesses;

  app.post(
    '/checkout/session',
    {
      schema: {
        tags,
        summary: 'Take the checked cart lines and quotation items to checkout',
        description: '400 `checkout/nothing_selected` when no valid id is sent (at most 100 of each).',
        body: CheckoutSessionRequest,
        response: { 201: CheckoutSessionCreated, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => reply.code(201).send(await createCheckoutSession(deps, userId(request), request.body)),
  );

  app.get(
    '/checkout/session/:key',
    {
      schema: {
        tags,
        summary: 'The lines of a checkout session as they are now, with their products and what cannot be bought',
        description:
          'Reading never deletes (a GET must be safe to repeat and prefetch): `DELETE /checkout/session/{key}` does. 404 ' +
          '`checkout/session_not_found` for an unknown, expired or foreign key.',
        params: CheckoutSessionKeyParams,
        querystring: CheckoutSessionQuery,
        response: { 200: CheckoutSession, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => readCheckoutSession(deps, userId(request), request.params.key, request.query.regionCountryCode),
  );

  app.delete(
    '/checkout/session/:key',
    {
      schema: {
        tags,
        summary: 'Forget a checkout session (its lines stay in the cart and the quotation list)',
        params: CheckoutSessionKeyParams,
        response: { 204: NoContent, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      await deleteCheckoutSession(deps, userId(request), request.params.key);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/checkout/estimate_costs',
    {
      schema: {
        tags,
        summary: "What the order would cost now: subtotal, shipping, discount, tax and total in the region's currency",
        description:
          'Each line answers its price or the reason it cannot be bought; a voucher that does not apply, or an address the ' +
          'shop does not deliver to, is said in `voucherError` / `shippingError` rather than refused. 404 `checkout/session_not_found`. ' +
          voucherGuesses,
        querystring: EstimateQuery,
        response: { 200: CostEstimate, 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope, ...errors },
      },
      preHandler: [requireUser(), voucherGuessLimit(voucherCodeOfQuery)],
    },
    async (request) => estimateCheckout(deps, userId(request), request.query),
  );

  app.get(
    '/quotation_checkout/estimate_costs',
    {
      schema: {
        tags,
        summary: 'The same estimate for quotation items alone',
        description: `400 \`checkout/nothing_selected\` without valid ids. ${voucherGuesses}`,
        querystring: QuotationEstimateQuery,
        response: { 200: CostEstimate, 400: ErrorEnvelope, 429: ErrorEnvelope, ...errors },
      },
      preHandler: [requireUser(), voucherGuessLimit(voucherCodeOfQuery)],
    },
    async (request) => estimateQuotationCheckout(deps, userId(request), request.query),
  );

  app.post(
    '/checkout/create_order',
    {
      schema: {
        tags,
        summary: 'Place the order of a checkout session: stock taken, voucher redeemed, lines consumed, in one step',
        description: `${placing} 404 \`checkout/session_not_found\`. The order then awaits its payment.`,
        body: CreateOrderRequest,
        response: {
          200: Order,
          201: Order,
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          422: ErrorEnvelope,
          429: ErrorEnvelope,
          ...errors,
        },
      },
      preHandler: [requireUser(), voucherGuessLimit(voucherCodeOfBody)],
    },
    async (request, reply) => {
      const { order, created } = await createOrder(
        deps,
        userId(request),
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.post(
    '/quotation_checkout/create_order',
    {
      schema: {
        tags,
        summary: 'Place an order of quotation items alone',
        description: `${placing} 400 \`checkout/nothing_selected\`.`,
        body: CreateQuotationOrderRequest,
        response: {
          200: Order,
          201: Order,
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          422: ErrorEnvelope,
          429: ErrorEnvelope,
          ...errors,
        },
      },
      preHandler: [requireUser(), voucherGuessLimit(voucherCodeOfBody)],
    },
    async (request, reply) => {
      const { order, created } = await createQuotationOrder(
        deps,
        userId(request),
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );
};
