import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, IdParam, ProductFlags, ProductList } from '@kedai/contract';
import { optionalUser } from '../../platform/auth-guard';
import { existingVisitorId, visitorId } from '../../platform/visitor';
import { isProductInCart } from '../cart/service';
import { productFlags } from '../catalogue/service';
import { isInWishlist } from '../wishlist/service';
import { waitingPaths } from '../back-in-stock/service';
import { mergeVisitorViews, recentlyViewed, recordView, userViewerKey } from './service';

/**
 * A product page's per-shopper flags (which record the view) and the recently viewed list: the
 * calls that compose the catalogue with the shopper's own lists (wishlist, cart, views).
 */
export const recentlyViewedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

  app.get(
    '/product/:id/flags',
    {
      schema: {
        tags,
        summary: 'What a product page needs to know beyond the product; records the view',
        description:
          'The storefront renders product pages on its server, so this call, made from the browser, is the one that ' +
          'records a view: for the signed-in user, else for the visitor cookie. `inWishlist`, `inCart` and `backInStock` are for the ' +
          'signed-in user (false for visitors; a session that still owes its second factor counts as a visitor). ' +
          '401 `auth/invalid_access_token` when the access token has expired (refresh, then ask again).',
        params: IdParam,
        response: { 200: ProductFlags, 401: ErrorEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await optionalUser(request);
      const flags = await productFlags(app.db, request.params.id);
      const viewer = caller ? userViewerKey(caller.user.id) : visitorId(request, reply);
      if (viewer && !flags.disabled) await recordView(app.db, viewer, flags.uuid);
      if (!caller) return flags;
      const [inWishlist, inCart, backInStock] = await Promise.all([
        isInWishlist(app.db, caller.user.id, flags.uuid),
        isProductInCart(app.db, caller.user.id, flags.uuid),
        waitingPaths(app.db, caller.user.id, flags.uuid),
      ]);
      return { ...flags, inWishlist, inCart, backInStock };
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
