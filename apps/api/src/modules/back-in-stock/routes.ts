import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackInStockCancelQuery, BackInStockRequest, BackInStockState, ErrorEnvelope, ProductIdParams } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { askBackInStock, backInStockState, cancelBackInStock } from './service';

/**
 * "Tell me when it is back" (issue 13): the signed-in shopper asks to be e-mailed when a sold-out
 * product or variant path can be bought again, sees whether they asked, and cancels. Asking and
 * cancelling are idempotent. The mail is sent by `job.ts`.
 */
export const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back in stock'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.post(
    '/back_in_stock',
    {
      schema: {
        tags,
        summary: 'Ask to be e-mailed when a sold-out product (or variant path) is back in stock (idempotent)',
        description:
          '404 `product/not_found` for an unknown product, 409 `product/disabled` for a disabled one, 400 ' +
          "`cart/invalid_variant_path` for a path that is neither '' nor a full variant path of the product, 409 " +
          '`back_in_stock/in_stock` when what is asked for can be bought now. Asking again after the mail waits again.',
        body: BackInStockRequest,
        response: { 200: BackInStockState, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => askBackInStock(app.db, authOf(request).user.id, request.body),
  );

  app.get(
    '/back_in_stock/:productId',
    {
      schema: {
        tags,
        summary: 'The variant paths of a product the shopper is waiting for',
        description: '404 `product/not_found` when `productId` is not a uuid.',
        params: ProductIdParams,
        response: { 200: BackInStockState, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => backInStockState(app.db, authOf(request).user.id, request.params.productId),
  );

  app.delete(
    '/back_in_stock/:productId',
    {
      schema: {
        tags,
        summary: 'Cancel a back-in-stock request (idempotent)',
        description: "404 `product/not_found` when `productId` is not a uuid; `variantPath` '' or absent for the whole product.",
        params: ProductIdParams,
        querystring: BackInStockCancelQuery,
        response: { 200: BackInStockState, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => cancelBackInStock(app.db, authOf(request).user.id, request.params.productId, request.query.variantPath),
  );
};
