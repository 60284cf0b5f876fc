import { z } from 'zod';
import { CART_ITEM_TYPES, CART_MESSAGE_MAX, CART_QUANTITY_MAX } from '@kedai/domain';
import { Product, ProductSummary } from './catalogue';
import { UnixSeconds, Uuid, VARIANT_PATH_META, checkedByDomain, quantityMeta } from './common';

/**
 * The cart, the wishlist and per-user product flags (rules: api.md `/cart`, `/wishlist`,
 * `/product/{id}/flags`, `/product/recently_viewed`). Signed-in users only, except the flags and
 * the recently viewed list, which answer visitors too. Field contents of bodies are checked by the
 * cart rules in packages/domain (`parseCartQuantity`, `parseCartMessage`, `isValidCartVariantPath`),
 * so every problem answers with its `cart/…` catalogue code; the schemas only fix the shape.
 */

/** One cart line (rules: entities.md "Cart item"). */
export const CartItem = z
  .object({
    id: Uuid,
    productId: Uuid,
    variantPath: z.string().describe("Slash-separated option indexes, one per variant; '' for a product without variants"),
    quantity: z.int().min(1).max(CART_QUANTITY_MAX),
    message: z.string().describe("Note to the seller; '' when none"),
    type: z.enum(CART_ITEM_TYPES).describe("'external' when the shop buys the product from another marketplace"),
    available: z
      .boolean()
      .describe(
        'rules: validation.md stock check at the time of the answer: the product exists, is not disabled and has at least ' +
          'this quantity in stock. Unavailable lines stay in the cart but cannot be checked out.',
      ),
    createdAt: UnixSeconds,
    updatedAt: UnixSeconds,
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

/**
 * `GET /cart`: the lines, oldest first (the order they were added; a quantity change does not
 * move a line), and each line's product once. A product that has since been disabled is still
 * listed (with `disabled: true`) so the line can be shown and removed.
 */
export const CartResponse = z.object({ cartItems: z.array(CartItem), products: z.array(Product) }).meta({ id: 'CartResponse' });
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * `POST /cart`: the item. A line of the same product and variant path already in the cart gets the
 * quantity added to it (and the note replaced when one is sent) instead of a second line; the answer
 * is 201 for a new line and 200 for a merged one. `type` is accepted but ignored: it follows from
 * the product.
 */
export const AddCartItemRequest = z
  .object({
    productId: checkedByDomain({ type: 'string', format: 'uuid', description: 'uuid of an enabled product' }),
    variantPath: checkedByDomain({
      ...VARIANT_PATH_META,
      description: "A full variant path of the product (`0/2`); '' or absent for a product without variants",
    }),
    quantity: checkedByDomain({
      ...quantityMeta(CART_QUANTITY_MAX),
      description: `Whole number from 1 to ${CART_QUANTITY_MAX}, as a JSON number or a digit string`,
    }),
    message: checkedByDomain({
      type: 'string',
      maxLength: CART_MESSAGE_MAX,
      description: `Note to the seller, at most ${CART_MESSAGE_MAX} characters`,
    }),
    type: checkedByDomain({ type: 'string', enum: [...CART_ITEM_TYPES], description: 'Ignored: the type follows from the product' }),
  })
  .meta({ id: 'AddCartItemRequest', required: ['productId', 'quantity'] });
export type AddCartItemRequest = z.infer<typeof AddCartItemRequest>;

/** `PUT /cart/{id}`: only the quantity and the note (rules: validation.md); other fields are ignored. */
export const UpdateCartItemRequest = z
  .object({
    quantity: checkedByDomain({
      ...quantityMeta(CART_QUANTITY_MAX),
      description: `Whole number from 1 to ${CART_QUANTITY_MAX}, as a JSON number or a digit string; unchanged when absent`,
    }),
    message: checkedByDomain({
      type: 'string',
      maxLength: CART_MESSAGE_MAX,
      description: `At most ${CART_MESSAGE_MAX} characters; unchanged when absent`,
    }),
  })
  .meta({ id: 'UpdateCartItemRequest' });
export type UpdateCartItemRequest = z.infer<typeof UpdateCartItemRequest>;

/** `POST /cart` and `PUT /cart/{id}`: the line and its product. `DELETE /cart/{id}` answers 204. */
export const CartItemResponse = z.object({ cartItem: CartItem, product: Product }).meta({ id: 'CartItemResponse' });
export type CartItemResponse = z.infer<typeof CartItemResponse>;

/** The `{id}` of `/cart/{id}`: any string; one that names no line of the caller's cart is a 404. */
export const CartItemIdParams = z.object({ id: z.string() });

/**
 * `POST /wishlist` {productId} adds (idempotent: adding twice keeps one entry, at its first time);
 * `DELETE /wishlist/{productId}` removes (idempotent too). Both answer the product's state.
 */
export const WishlistRequest = z
  .object({ productId: checkedByDomain({ type: 'string', format: 'uuid' }) })
  .meta({ id: 'WishlistRequest', required: ['productId'] });
export type WishlistRequest = z.infer<typeof WishlistRequest>;

/** `GET /wishlist/{productId}`, `POST /wishlist`, `DELETE /wishlist/{productId}`. */
export const WishlistEntryResponse = z.object({ productId: Uuid, inWishlist: z.boolean() }).meta({ id: 'WishlistEntryResponse' });
export type WishlistEntryResponse = z.infer<typeof WishlistEntryResponse>;

/** `GET /wishlist`: the products, most recently added first (disabled products left out). */
export const WishlistResponse = z.object({ products: z.array(ProductSummary) }).meta({ id: 'WishlistResponse' });
export type WishlistResponse = z.infer<typeof WishlistResponse>;

export const ProductIdParams = z.object({ productId: z.string() });
