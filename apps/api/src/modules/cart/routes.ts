import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_MESSAGE_MAX, CART_QUANTITY_MAX } from '@kedai/domain';
import {
  AddCartItemRequest,
  CartItemIdParams,
  CartItemResponse,
  CartResponse,
  ErrorEnvelope,
  UpdateCartItemRequest,
} from '@kedai/contract';
import { z } from 'zod';
import { authOf, requireUser } from '../../platform/auth-guard';
import { addCartItem, deleteCartItem, getCart, updateCartItem } from './service';

/** The signed-in user's cart (rules: api.md `/cart`, issue 6). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const fields =
    `400 \`cart/invalid_quantity\` (a whole number from 1 to ${CART_QUANTITY_MAX}, as a JSON number or a digit ` +
    `string; \`params[0]\` the maximum), 400 \`cart/invalid_message\` (text of at most ${CART_MESSAGE_MAX} ` +
    'characters; `params[0]` the maximum).';

  app.get(
    '/cart',
    {
      schema: {
        tags,
        summary: "The signed-in user's cart: the lines, oldest first, and their products",
        response: { 200: CartResponse, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => getCart(app.db, authOf(request).user.id),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Add a line, or add the quantity to the line of the same product and variant path',
        description:
          `201 with a new line, 200 when merged into an existing one (the quantities add up; the note is replaced only ` +
          `when \`message\` is sent). ${fields} 400 \`cart/invalid_variant_path\`, 404 \`product/not_found\`, 409 ` +
          '`product/disabled`, 409 `cart/max_items_reached` (a new line beyond MAX_CART_ITEMS; `params[0]` the ' +
          'limit). A quantity above the stock is accepted; the line then answers `available: false`.',
        body: AddCartItemRequest,
        response: {
          200: CartItemResponse,
          201: CartItemResponse,
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...errors,
        },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const { created, ...answer } = await addCartItem(app.db, authOf(request).user.id, app.config.maxCartItems, request.body);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.put(
    '/cart/:id',
    {
      schema: {
        tags,
        summary: "Change a line's quantity and/or note",
        description:
          `Only \`quantity\` and \`message\`, each when present; other fields are ignored and an empty body changes ` +
          `nothing. ${fields} 404 \`cart/not_found\` for an id that is not one of the caller's lines.`,
        params: CartItemIdParams,
        body: UpdateCartItemRequest,
        response: { 200: CartItemResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => updateCartItem(app.db, authOf(request).user.id, request.params.id, request.body ?? {}),
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line',
        description: "204 without a body; 404 `cart/not_found` for an id that is not one of the caller's lines.",
        params: CartItemIdParams,
        response: { 204: z.null().describe('No content'), 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      await deleteCartItem(app.db, authOf(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
