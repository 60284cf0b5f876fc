import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, IdParam, ProductFlags, ProductList } from '@kedai/contract';
import { optionalUser } from '../../platform/auth-guard';
import { clientAddress, rateLimit } from '../../platform/rate-limit';
import { existingVisitorId, visitorId } from '../../platform/visitor';
import { isProductInCart } from '../cart/service';
import { getProduct, productFlags } from '../catalogue/service';
import { isInWishlist } from '../wishlist/service';
import { waitingPaths } from '../back-in-stock/service';
import { mergeVisitorViews, recentlyViewed, recordView, userViewerKey } from './service';

/**
 * A product page's per-shopper flags, the view it records once shown, and the recently viewed list:
 * the calls that compose the catalogue with the shopper's own lists (wishlist, cart, views).
 */
export const recentlyViewedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

  app.get(
    '/product/:id/flags',
    {
      schema: {
        tags,
        summary: 'What a product page needs to know beyond the product',
        description:
          '`inWishlist`, `inCart` and `backInStock` are for the signed-in user (false for visitors; a session that still ' +
          'owes its second factor counts as a visitor). A read only: the view is recorded by `POST /product/{id}/view`. ' +
          '401 `auth/invalid_access_token` when the access token has expired (refresh, then ask again).',
        params: IdParam,
        response: { 200: ProductFlags, 401: ErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      const caller = await optionalUser(request);
      const flags = await productFlags(app.db, request.params.id);
      if (!caller) return flags;
      const [inWishlist, inCart, backInStock] = await Promise.all([
        isInWishlist(app.db, caller.user.id, flags.uuid),
        isProductInCart(app.db, caller.user.id, flags.uuid),
        waitingPaths(app.db, caller.user.id, flags.uuid),
      ]);
      return { ...flags, inWishlist, inCart, backInStock };
    },
  );

  // The one writer of views (issue 30): reads of a product, which Next.js prefetches for every link of a
  // listing and renders on its server, record nothing; the page sends this from the browser once shown.
  app.post(
    '/product/:id/view',
    {
      schema: {
        tags,
        summary: 'Records that the shopper is looking at a product page (for "Recently viewed")',
        description:
          'Sent by the product page from the browser once the page is visible, once per showing. The view goes to the ' +
          "signed-in user's history, else to the visitor cookie's (a session that still owes its second factor counts as " +
          'a visitor); a request without the visitor cookie is given one and records nothing. A disabled product is not ' +
          'recorded. 204 without a body; 404 `product/not_found`; 401 `auth/invalid_access_token` when the access token ' +
          'has expired; 429 `general/rate_limited` past RATE_LIMIT_PRODUCT_VIEW per client address (views are a hint: the ' +
          'page ignores a refusal).',
        params: IdParam,
        response: { 204: z.null().describe('No content'), 401: ErrorEnvelope, 429: ErrorEnvelope, ...errors },
      },
      preHandler: rateLimit({
        name: 'productView',
        ...app.config.rateLimits.productView,
        key: (request) => `ip:${clientAddress(request)}`,
      }),
    },
    async (request, reply) => {
      const caller = await optionalUser(request);
      const product = await getProduct(app.db, request.params.id);
      const viewer = caller ? userViewerKey(caller.user.id) : visitorId(request, reply);
      if (viewer && !product.disabled) await recordView(app.db, viewer, product.uuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/product/recently_viewed',
    {
      schema: {
        tags,
        summary: "The signed-in user's (else the visitor's) recently viewed products, newest first",
        description:
          "For a signed-in user the visitor cookie's history is merged in first (a product in both keeps the newer " +
          'view) and then dropped from the visitor. Disabled products are left out. 401 ' +
          '`auth/invalid_access_token` when the access token has expired.',
        response: { 200: ProductList, 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const caller = await optionalUser(request);
      if (!caller) return { products: await recentlyViewed(app.db, visitorId(request, reply)) };
      const key = userViewerKey(caller.user.id);
      const visitor = existingVisitorId(request);
      if (visitor) await mergeVisitorViews(app.db, visitor, key);
      return { products: await recentlyViewed(app.db, key) };
    },
  );
};
