import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, ProductIdParams, WishlistEntryResponse, WishlistRequest, WishlistResponse } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { addToWishlist, listWishlist, removeFromWishlist, wishlistEntry } from './service';

/** The signed-in user's wishlist (rules: api.md "Wishlist", issue 6). Add and remove are idempotent (not a toggle). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wishlist'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.get(
    '/wishlist',
    {
      schema: {
        tags,
        summary: "The signed-in user's wishlist: the products, most recently added first (disabled ones left out)",
        response: { 200: WishlistResponse, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ products: await listWishlist(app.db, authOf(request).user.id) }),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags,
        summary: 'Add a product to the wishlist (idempotent: adding again keeps one entry)',
        description:
          '404 `product/not_found` for an unknown product, 409 `product/disabled` for a disabled one, 409 ' +
          '`wishlist/max_items_reached` for a new product beyond MAX_WISHLIST_ITEMS (`params[0]` the limit).',
        body: WishlistRequest,
        response: { 200: WishlistEntryResponse, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => addToWishlist(app.db, authOf(request).user.id, app.config.maxWishlistItems, request.body.productId),
  );

  app.get(
    '/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Whether a product is in the wishlist',
        description: '404 `product/not_found` when `productId` is not a uuid.',
        params: ProductIdParams,
        response: { 200: WishlistEntryResponse, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => wishlistEntry(app.db, authOf(request).user.id, request.params.productId),
  );

  app.delete(
    '/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Remove a product from the wishlist (idempotent)',
        description: '404 `product/not_found` when `productId` is not a uuid; removing what is not there is fine.',
        params: ProductIdParams,
        response: { 200: WishlistEntryResponse, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => removeFromWishlist(app.db, authOf(request).user.id, request.params.productId),
  );
};
