import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  DisputeInfo,
  ErrorEnvelope,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  PayNowPaidRequest,
  PaymentInfo,
  Receipt,
  ReceiptPdf,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { paymentInfo, reportPayNowTransfer } from './paynow';
import { paymentMethodsOffered, requireMethodOffered } from '../payments/service';
import { disputeHistory } from '../disputes/service';
import { cancelOrder, confirmReceipt, getOrder, listOrders, orderDisputeInfo } from './service';
import { receiptOf, sendReceiptPdf } from './receipt';

/** The shopper's orders (rules: api.md "Checkout and orders", issue 16). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();
  const userId = (request: FastifyRequest) => authOf(request).user.id;
  const one = { params: OrderIdParams, response: { 200: Order, 404: ErrorEnvelope, ...errors } };

  for (const [path, kind, what] of [
    ['/order', undefined, 'orders'],
    ['/quotation_order', 'quotation', 'orders of quotation items'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `The shopper's ${what}, newest first`,
          querystring: OrderListQuery,
          response: { 200: OrderList, 400: ErrorEnvelope, ...errors },
        },
        preHandler: requireUser(),
      },
      async (request) => listOrders(app.db, userId(request), request.query, kind),
    );
    app.get(
      `${path}/:id`,
      {
        schema: { tags, summary: `One of the shopper's ${what}: status and history, lines as bought, costs, addresses, payments`, ...one },
        preHandler: requireUser(),
      },
      async (request) => getOrder(app.db, userId(request), request.params.id, kind),
    );
  }

  app.get(
    '/order/:id/receipt',
    {
      schema: {
        tags,
        summary: "The paid order's receipt, or its tax invoice where the shop charges tax and is registered for it",
        description: '404 `order/not_found` for another shopper’s order; 409 `order/receipt_not_ready` until the order is paid.',
        params: OrderIdParams,
        response: { 200: Receipt, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => receiptOf(app.db, request.params.id, userId(request)),
  );

  app.get(
    '/order/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'The receipt as a PDF to download',
        description: '`application/pdf`, an attachment named by the receipt number. 404 and 409 as for the receipt.',
        params: OrderIdParams,
        response: { 200: ReceiptPdf, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => sendReceiptPdf(reply, await receiptOf(app.db, request.params.id, userId(request))),
  );

  app.delete(
    '/order/:id',
    {
      schema: {
        tags,
        summary: 'Cancel an order the shop has not shipped: its stock, voucher and quotation items are given back',
        description: '409 `order/invalid_transition` once shipped (or already cancelled); 404 `order/not_found`.',
        params: OrderIdParams,
        response: { 200: Order, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const me = userId(request);
      await cancelOrder(app.db, request.params.id, {
        actor: 'shopper',
        actorId: me,
        userId: me,
        reason: 'Cancelled by the shopper',
        now: now(),
        provider: app.paymentProvider,
      });
      return getOrder(app.db, me, request.params.id);
    },
  );

  app.post(
    '/order/:id/confirm_receipt',
    {
      schema: {
        tags,
        summary: 'Say the order arrived (shipped or delivered -> completed)',
        description: '409 `order/invalid_transition` before it is shipped.',
        params: OrderIdParams,
        response: { 200: Order, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      await confirmReceipt(app.db, userId(request), request.params.id, now());
      return getOrder(app.db, userId(request), request.params.id);
    },
  );

  for (const path of ['/order/:id/dispute_info', '/order/:id/dispute_info/v1'] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'Whether and until when a dispute may be opened about the order, and how',
          params: OrderIdParams,
          response: { 200: DisputeInfo, 404: ErrorEnvelope, ...errors },
        },
        preHandler: requireUser(),
      },
      async (request) => orderDisputeInfo(app.db, userId(request), request.params.id, now(), (orderId) => disputeHistory(app.db, orderId)),
    );
  }

  app.post(
    '/order/:id/payment_info',
    {
      schema: {
        tags,
        summary: 'What the order owes, how, until when, and where its payment stands (with the PayNow code for PayNow orders)',
        params: OrderIdParams,
        response: { 200: PaymentInfo, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const info = await paymentInfo(app.db, userId(request), request.params.id);
      // No code to pay while the shop does not take PayNow (in production, the demo's pays no one).
      if (info.paynow && !(await paymentMethodsOffered(app.db, app.config.payments)).includes('paynow')) return { ...info, paynow: null };
      return info;
    },
  );

  app.post(
    '/order/:id/paynow_paid',
    {
      schema: {
        tags,
        summary: 'Tell the shop the PayNow transfer is made: the order waits for staff to confirm the money arrived',
        description:
          '409 `payment/already_reported` while an earlier report waits, `payment/too_many_reports` (`params[0]`: 2) while two ' +
          'reports of the shopper wait for the shop, `payment/wrong_method` for a card order, ' +
          '`payment/not_payable` when the order is not awaiting payment, `payment/method_unavailable` while the shop does not take ' +
          'PayNow; 400 `payment/invalid_reference`.',
        params: OrderIdParams,
        body: PayNowPaidRequest,
        response: { 200: Order, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      await requireMethodOffered(app.db, app.config.payments, 'paynow');
      await reportPayNowTransfer(app.db, userId(request), request.params.id, request.body.reference, now());
      return getOrder(app.db, userId(request), request.params.id);
    },
  );
};
