import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminOrder,
  AdminOrderCancel,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderMove,
  ErrorEnvelope,
} from '@kedai/contract';
import { authOf, requireStaff } from '../../platform/auth-guard';
import { cancelOrderForStaff, listOrdersForStaff, moveOrderForStaff, orderForStaff } from './admin';
import { mailOrder } from './service';

/** The back office's orders (issue 16): staff and owners, two-factor passed. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();
  const mail = { db: app.db, mailer: app.mailer, log: app.log, publicWebUrl: app.config.publicWebUrl };

  app.get(
    '/admin/order',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: by status, by reference or e-mail, a page at a time',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderList, 400: ErrorEnvelope, ...denied },
      },
      onRequest: requireStaff(),
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
      onRequest: requireStaff(),
    },
    async (request) => orderForStaff(app.db, request.params.id),
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
      onRequest: requireStaff(),
    },
    async (request) => {
      await moveOrderForStaff(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body, now());
      if (request.body.to === 'shipped') await mailOrder(mail, request.params.id, 'shipped');
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
      onRequest: requireStaff(),
    },
    async (request) => {
      await cancelOrderForStaff(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body, now());
      await mailOrder(mail, request.params.id, 'cancelled');
      return orderForStaff(app.db, request.params.id);
    },
  );
};
