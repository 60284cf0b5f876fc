import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminOrder,
  AdminOrderCancel,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderMove,
  AdminOrderRefund,
  AdminPaymentQuery,
  AdminPaymentRejection,
  AdminPaymentTask,
  AdminPaymentTaskList,
  AdminRefundDone,
  ErrorEnvelope,
  Receipt,
  ReceiptPdf,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { cancelOrderForStaff, listOrdersForStaff, moveOrderForStaff, orderForStaff, refundPartForStaff } from './admin';
import { receiptOf, sendReceiptPdf } from './receipt';
import { completeRefund, confirmTransfer, listPaymentTasks, rejectTransfer, releaseReportedOrder } from './paynow';

/** The back office's orders (issue 16): staff and owners, two-factor passed. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();

  app.get(
    '/admin/order',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: by status, by reference or e-mail, a page at a time',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderList, 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => listOrdersForStaff(app.db, request.query),
  );

  app.get(
    '/admin/order/:id',
    {
      schema: {
        tags,
        summary: 'One order, with its shopper and where staff may move it',
        params: AdminIdParam,
        response: { 200: AdminOrder, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => orderForStaff(app.db, request.params.id),
  );

  app.get(
    '/admin/order/:id/receipt',
    {
      schema: {
        tags,
        summary: "A paid order's receipt or tax invoice, as its shopper sees it",
        description: '409 `order/receipt_not_ready` until the order is paid.',
        params: AdminIdParam,
        response: { 200: Receipt, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => receiptOf(app.db, request.params.id, null),
  );

  app.get(
    '/admin/order/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: "A paid order's receipt as a PDF",
        params: AdminIdParam,
        response: { 200: ReceiptPdf, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => sendReceiptPdf(reply, await receiptOf(app.db, request.params.id, null)),
  );

  app.post(
    '/admin/order/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an order one step: processing, shipped (with carrier and tracking number), delivered, refunded',
        description:
          '409 `order/invalid_transition` (`params`: from, to) for a step the order cannot take now; 400 `order/invalid_shipment` ' +
          'without carrier and tracking number. Shipping e-mails the shopper.',
        params: AdminIdParam,
        body: AdminOrderMove,
        response: { 200: AdminOrder, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      await moveOrderForStaff(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body, now());
      return orderForStaff(app.db, request.params.id);
    },
  );

  app.post(
    '/admin/order/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel an order the shop has not shipped, with a reason: stock, voucher and quotation items come back, a payment is refunded',
        description: '400 `order/invalid_cancel_reason`; 409 `order/invalid_transition` once shipped. The shopper is e-mailed.',
        params: AdminIdParam,
        body: AdminOrderCancel,
        response: { 200: AdminOrder, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      await cancelOrderForStaff(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body, now());
      return orderForStaff(app.db, request.params.id);
    },
  );

  app.post(
    '/admin/order/:id/refund',
    {
      schema: {
        tags,
        summary: 'Give part of the payment back, with a reason the shopper is e-mailed; the order keeps its status',
        description:
          '400 `payment/invalid_refund_amount` (`params[0]`: the most that may be refunded, `refundable`), ' +
          '`payment/invalid_reason`. A card is refunded through its provider at once; a PayNow order gets a refund to send under Payments.',
        params: AdminIdParam,
        body: AdminOrderRefund,
        response: { 200: AdminOrder, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      await refundPartForStaff(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body);
      return orderForStaff(app.db, request.params.id);
    },
  );

  app.get(
    '/admin/payment',
    {
      schema: {
        tags,
        summary:
          'PayNow transfers shoppers reported (kind charge) or refunds to send (kind refund); pending ones oldest first, with their age, ' +
          'whether they are stale and when the shopper was asked to settle them',
        querystring: AdminPaymentQuery,
        response: { 200: AdminPaymentTaskList, 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => listPaymentTasks(app.db, request.query, now()),
  );

  const decided = {
    params: AdminIdParam,
    response: { 200: AdminPaymentTask, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
  };
  const once = '409 `payment/not_waiting` once decided; 404 `payment/not_found`.';

  app.post(
    '/admin/payment/:id/confirm',
    {
      schema: { tags, summary: 'The reported PayNow transfer is in the shop’s account: the order is paid', description: once, ...decided },
    },
    async (request) => {
      const { task } = await confirmTransfer(app.db, authOf(request).user.id, request.params.id, now());
      return task;
    },
  );

  app.post(
    '/admin/payment/:id/reject',
    {
      schema: {
        tags,
        summary: 'No such PayNow transfer arrived: the shopper reads the reason and may pay again',
        description: `400 \`payment/invalid_reason\`; ${once}`,
        body: AdminPaymentRejection,
        ...decided,
      },
    },
    async (request) =>
      rejectTransfer(app.db, authOf(request).user.id, request.params.id, request.body.reason, now(), app.config.orderPaymentMinutes),
  );

  app.post(
    '/admin/payment/:id/refunded',
    {
      schema: {
        tags,
        summary: 'A PayNow refund has been sent from the shop’s bank, with its reference',
        description: `400 \`payment/invalid_reference\`; ${once}`,
        body: AdminRefundDone,
        ...decided,
      },
    },
    async (request) => completeRefund(app.db, authOf(request).user.id, request.params.id, request.body.reference, now()),
  );

  app.post(
    '/admin/payment/:id/release',
    {
      schema: {
        tags,
        summary: 'No transfer came for a reported PayNow payment left waiting: cancel the order and give its stock back',
        description:
          'The report fails with the reason the shopper reads, the order is cancelled (stock, voucher and quotation items ' +
          `given back) and the shopper is e-mailed. 400 \`payment/invalid_reason\`; 409 \`order/invalid_transition\` when the order no longer awaits payment; ${once}`,
        body: AdminPaymentRejection,
        ...decided,
      },
    },
    async (request) => {
      return releaseReportedOrder(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body.reason, now());
    },
  );
};
