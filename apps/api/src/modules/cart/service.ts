import {
  AppError,
  CART_MESSAGE_MAX,
  CART_QUANTITY_MAX,
  cartItemTypeOf,
  isCartItemAvailable,
  isUuid,
  isValidCartVariantPath,
  parseCartMessage,
  parseCartQuantity,
  toUnixSeconds,
} from '@kedai/domain';
import { and, asc, eq, inArray, lockKey, schema, sql, type Database } from '@kedai/db';
import type { AddCartItemRequest, CartItem, CartItemResponse, CartResponse, Product, UpdateCartItemRequest } from '@kedai/contract';
import { productsByIds } from '../catalogue/service';

/**
 * The cart (rules: api.md `/cart`, issue 6). Rules:
 * - every query names the caller (`user_id = $me`): another user's line, or an id that is not a
 *   uuid, is 404 `cart/not_found`;
 * - field contents go through the cart rules of packages/domain (quantity 1..CART_QUANTITY_MAX as a
 *   number or a digit string, a note of at most CART_MESSAGE_MAX characters, a full variant path of
 *   the product); a disabled product cannot be added (409 `product/disabled`);
 * - one line per product and variant path: adding it again adds the quantity (refused, not clamped,
 *   above CART_QUANTITY_MAX) and replaces the note only when one is sent. The unique key and
 *   `INSERT … ON CONFLICT DO UPDATE` make concurrent adds of one line merge;
 * - at most `MAX_CART_ITEMS` lines (409 `cart/max_items_reached`, the limit as `{0}`), checked under
 *   a per-user advisory lock so concurrent creates cannot pass it together;
 * - a quantity above the stock is accepted: the line answers `available: false` (rules: validation.md).
 */

type CartRow = typeof schema.cartItems.$inferSelect;
const { cartItems } = schema;

const notFound = () => new AppError('cart/not_found');
const invalidQuantity = () => new AppError('cart/invalid_quantity', [CART_QUANTITY_MAX]);
const invalidMessage = () => new AppError('cart/invalid_message', [CART_MESSAGE_MAX]);

/** A line as the API answers it; `available` and `type` follow from its product now. */
function toCartItem(row: CartRow, product: Product | undefined): CartItem {
  return {
    id: row.id,
    productId: row.productId,
    variantPath: row.variantPath,
    quantity: row.quantity,
    message: row.message,
    type: product ? cartItemTypeOf(product) : 'internal',
    available: isCartItemAvailable(product, row),
    createdAt: toUnixSeconds(row.createdAt),
    updatedAt: toUnixSeconds(row.updatedAt),
  };
}

/** The product a line is about, disabled ones included; 404 `product/not_found` for anything else. */
async function productOf(db: Database, productId: unknown): Promise<Product> {
  const id = typeof productId === 'string' && isUuid(productId) ? productId.toLowerCase() : undefined;
  const [product] = id ? await productsByIds(db, [id]) : [];
  if (!product) throw new AppError('product/not_found', [typeof productId === 'string' ? productId : '']);
  return product;
}

/** `GET /cart`: the lines, oldest first, and each line's product once (disabled ones included). */
export async function getCart(db: Database, userId: string): Promise<CartResponse> {
  const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const products = await productsByIds(
    db,
    rows.map((row) => row.productId),
  );
  const byId = new Map(products.map((product) => [product.uuid, product]));
  return { cartItems: rows.map((row) => toCartItem(row, byId.get(row.productId))), products };
}

export interface AddedCartItem extends CartItemResponse {
  /** A new line (201) rather than one merged into an existing line (200). */
  created: boolean;
}

/** `POST /cart`: a new line, or the quantity added to the line of the same product and variant path. */
export async function addCartItem(db: Database, userId: string, limit: number, body: AddCartItemRequest): Promise<AddedCartItem> {
  const quantity = parseCartQuantity(body.quantity);
  if (quantity === null) throw invalidQuantity();
  const messageSent = body.message !== undefined;
  const message = parseCartMessage(body.message);
  if (message === null) throw invalidMessage();
  const variantPath = body.variantPath ?? '';
  if (typeof variantPath !== 'string') throw new AppError('cart/invalid_variant_path');

  const product = await productOf(db, body.productId);
  if (product.disabled) throw new AppError('product/disabled', [product.uuid]);
  if (!isValidCartVariantPath(product, variantPath)) throw new AppError('cart/invalid_variant_path');

  const row = await db.transaction(async (tx) => {
    // Serialises the changes that count the user's lines. An advisory lock rather than a lock on the
    // users row: this module does not touch another module's tables.
    await lockKey(tx, `cart:${userId}`);
    const [line] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        exists: sql<boolean>`coalesce(bool_or(${cartItems.productId} = ${product.uuid}::uuid AND ${cartItems.variantPath} = ${variantPath}), false)`,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    const exists = line?.exists ?? false;
    if (!exists && (line?.count ?? 0) >= limit) throw new AppError('cart/max_items_reached', [limit]);
    const [written] = await tx
      .insert(cartItems)
      .values({ userId, productId: product.uuid, variantPath, quantity, message })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantPath],
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          message: messageSent ? sql`excluded.message` : sql`${cartItems.message}`,
          updatedAt: sql`now()`,
        },
        // A sum above the maximum updates nothing (and returns no row): refused below.
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_QUANTITY_MAX}`,
      })
      .returning();
    if (!written) throw invalidQuantity();
    return { written, created: !exists };
  });
  return { cartItem: toCartItem(row.written, product), product, created: row.created };
}

/** `PUT /cart/{id}`: only the quantity and the note, each when sent; an empty body changes nothing. */
export async function updateCartItem(db: Database, userId: string, id: string, body: UpdateCartItemRequest): Promise<CartItemResponse> {
  if (!isUuid(id)) throw notFound();
  const own = and(eq(cartItems.id, id), eq(cartItems.userId, userId));
  // The 404 comes before the 400: another user's line is not found whatever the body holds.
  const [current] = await db.select({ id: cartItems.id }).from(cartItems).where(own);
  if (!current) throw notFound();
  const changes: Partial<Pick<CartRow, 'quantity' | 'message'>> = {};
  if (body.quantity !== undefined) {
    const quantity = parseCartQuantity(body.quantity);
    if (quantity === null) throw invalidQuantity();
    changes.quantity = quantity;
  }
  if (body.message !== undefined) {
    const message = parseCartMessage(body.message);
    if (message === null) throw invalidMessage();
    changes.message = message;
  }
  const [row] =
    Object.keys(changes).length > 0
      ? await db
          .update(cartItems)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(own)
          .returning()
      : await db.select().from(cartItems).where(own);
  if (!row) throw notFound(); // deleted meanwhile
  const product = await productOf(db, row.productId);
  return { cartItem: toCartItem(row, product), product };
}

/** `DELETE /cart/{id}`. */
export async function deleteCartItem(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw notFound();
}

/** Whether some variant of the product is in the user's cart (`GET /product/{id}/flags`). */
export async function isProductInCart(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Takes a line out of the cart and answers it (`POST /quotation_item/internal` moves it into the
 * quotation list): run it in the caller's transaction, so the line leaves the cart only when the
 * quotation item is written. 404 `cart/not_found` for another user's line or an unknown id.
 */
export async function takeCartItem(db: Database, userId: string, id: unknown): Promise<CartRow> {
  if (typeof id !== 'string' || !isUuid(id)) throw notFound();
  const [row] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id.toLowerCase()), eq(cartItems.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** The caller's cart lines of these ids, oldest first (checkout reads what it will buy). */
export async function cartItemsByIds(db: Database, userId: string, ids: readonly string[]): Promise<CartRow[]> {
  const valid = ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase());
  if (valid.length === 0) return [];
  return db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, valid)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Takes the lines an order bought out of the cart, in the order's transaction; answers the ids taken. */
export async function takeCartItems(db: Database, userId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const taken = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])))
    .returning({ id: cartItems.id });
  return taken.map((row) => row.id);
}

/** Cart lines of these ids as `GET /cart` answers them, with their products (a checkout session). */
export async function getCartItemsAsAnswered(db: Database, userId: string, ids: readonly string[]): Promise<CartResponse> {
  const rows = await cartItemsByIds(db, userId, ids);
  const products = await productsByIds(
    db,
    rows.map((row) => row.productId),
  );
  const byId = new Map(products.map((product) => [product.uuid, product]));
  return { cartItems: rows.map((row) => toCartItem(row, byId.get(row.productId))), products };
}
