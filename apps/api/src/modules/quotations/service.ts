import {
  AppError,
  QUOTATION_INSTRUCTIONS_MAX,
  QUOTATION_QUANTITY_MAX,
  QUOTATION_STATUS_MESSAGES,
  isQuotationItemAvailable,
  isQuotationItemCheckable,
  isUuid,
  isValidCartVariantPath,
  parseHttpLink,
  parseQuotationInstructions,
  parseQuotationName,
  parseQuotationQuantity,
  quotationTypeOf,
  statusAfterShopperEdit,
  toUnixSeconds,
  type QuotationStatus,
} from '@kedai/domain';
import { and, desc, eq, inArray, isNull, lockKey, schema, sql, type Database, type SQL } from '@kedai/db';
import type {
  ExternalProduct,
  Product,
  QuotationFromCartRequest,
  QuotationFromExternalRequest,
  QuotationFromProductRequest,
  QuotationItem,
  QuotationItemResponse,
  QuotationItemsResponse,
  QuotationListQuery,
  QuotationRequest,
  UpdateQuotationItemRequest,
} from '@kedai/contract';
import { takeCartItem } from '../cart/service';
import { getProduct, productsByIds } from '../catalogue/service';
import { marketplaceOf } from './product-page';

/**
 * A shopper's quotation list (rules: entities.md "Quotation item", states.md "Quotation", issue 15):
 * - every query names the caller (`user_id = $me`): another user's item, or an id that is not a
 *   uuid, is 404 `quotation/not_found`;
 * - quantities and instructions follow the cart's limits (packages/domain quotations.ts);
 * - at most `MAX_QUOTATION_ITEMS` items per shopper, counted under a per-user advisory lock so
 *   concurrent requests cannot pass it together;
 * - a cart line moved here leaves the cart in the same transaction (never both, never neither);
 * - a change of quantity or instructions to an answered item sends it back to the shop (p).
 */

type ItemRow = typeof schema.quotationItems.$inferSelect;
type ExternalRow = typeof schema.externalProducts.$inferSelect;
const { quotationItems, externalProducts } = schema;

const notFound = () => new AppError('quotation/not_found');
const invalidQuantity = () => new AppError('quotation/invalid_quantity', [QUOTATION_QUANTITY_MAX]);
const invalidInstructions = () => new AppError('quotation/invalid_instructions', [QUOTATION_INSTRUCTIONS_MAX]);

export function toExternalProduct(row: ExternalRow): ExternalProduct {
  return {
    id: row.id,
    link: row.link,
    url: row.url,
    origin: row.origin,
    sourceMarketPlace: row.sourceMarketPlace,
    name: row.name,
    description: row.description,
    images: row.images,
    price: row.price,
    currency: row.currency,
    availability: row.availability,
    brand: row.brand,
    createdAt: toUnixSeconds(row.createdAt),
  };
}

/** An item as the API answers it; `available` and `checkable` follow from its product now. */
export function toQuotationItem(row: ItemRow, external: ExternalRow | undefined, product: Product | undefined): QuotationItem {
  const status = row.status;
  return {
    id: row.id,
    productSource: row.productSource,
    productSourceData: { productId: row.productId, variantPath: row.variantPath },
    externalProduct: external ? toExternalProduct(external) : null,
    name: row.name,
    quantity: row.quantity,
    instructions: row.instructions,
    type: quotationTypeOf(row.productSource),
    status,
    statusMessage: QUOTATION_STATUS_MESSAGES[status],
    statusData: status === 'r' ? row.statusData : null,
    declineReason: status === 'd' ? row.declineReason : null,
    available: isQuotationItemAvailable(row, product),
    checkable: isQuotationItemCheckable(row, product),
    answeredAt: row.answeredAt && status !== 'p' ? toUnixSeconds(row.answeredAt) : null,
    createdAt: toUnixSeconds(row.createdAt),
    updatedAt: toUnixSeconds(row.updatedAt),
  };
}

/** The marketplace products and the shop's products the rows name, looked up once each. */
export async function relatedOf(db: Database, rows: ItemRow[]) {
  const externalIds = [...new Set(rows.flatMap((row) => row.externalProductId ?? []))];
  const productIds = [...new Set(rows.flatMap((row) => row.productId ?? []))];
  const [externals, products] = await Promise.all([
    externalIds.length > 0 ? db.select().from(externalProducts).where(inArray(externalProducts.id, externalIds)) : [],
    productsByIds(db, productIds),
  ]);
  return {
    products,
    externalById: new Map(externals.map((row) => [row.id, row])),
    productById: new Map(products.map((product) => [product.uuid, product])),
  };
}

/** `GET /quotation_item`, `/quotation_item/external` and `/quotation`: newest first, with the products named. */
export async function listQuotationItems(db: Database, userId: string, query: QuotationListQuery = {}): Promise<QuotationItemsResponse> {
  // Items an order has bought leave the list (they come back if that order is cancelled).
  const filters: SQL[] = [eq(quotationItems.userId, userId), isNull(quotationItems.orderId)];
  if (query.status) filters.push(eq(quotationItems.status, query.status));
  if (query.source) filters.push(eq(quotationItems.productSource, query.source));
  const rows = await db
    .select()
    .from(quotationItems)
    .where(and(...filters))
    .orderBy(desc(quotationItems.createdAt), desc(quotationItems.id));
  const { products, externalById, productById } = await relatedOf(db, rows);
  return {
    quotationItems: rows.map((row) =>
      toQuotationItem(
        row,
        row.externalProductId ? externalById.get(row.externalProductId) : undefined,
        productById.get(row.productId ?? ''),
      ),
    ),
    products,
  };
}

type NewItem = Omit<typeof quotationItems.$inferInsert, 'userId'>;

/**
 * Writes a new item after counting the user's items under their lock; `before` runs first in the
 * same transaction (taking the cart line), so a refusal leaves everything as it was.
 */
async function insertItem(
  db: Database,
  userId: string,
  limit: number,
  item: NewItem | ((tx: Database) => Promise<NewItem>),
): Promise<ItemRow> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `quotation:${userId}`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(quotationItems)
      .where(eq(quotationItems.userId, userId));
    if ((held?.count ?? 0) >= limit) throw new AppError('quotation/max_items_reached', [limit]);
    const values = typeof item === 'function' ? await item(tx) : item;
    const [row] = await tx
      .insert(quotationItems)
      .values({ ...values, userId })
      .returning();
    return row!;
  });
}

function quantityOf(value: unknown): number {
  const quantity = parseQuotationQuantity(value);
  if (quantity === null) throw invalidQuantity();
  return quantity;
}

function instructionsOf(value: unknown): string {
  const instructions = parseQuotationInstructions(value);
  if (instructions === null) throw invalidInstructions();
  return instructions;
}

/** One of the shop's products by id, enabled, with a variant path of its own; else its catalogue error. */
async function quotableProduct(db: Database, ref: unknown, variantPathValue: unknown): Promise<{ product: Product; variantPath: string }> {
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 200)
    throw new AppError('product/not_found', [typeof ref === 'string' ? ref : '']);
  const product = await getProduct(db, ref);
  if (product.disabled) throw new AppError('product/disabled', [product.uuid]);
  const variantPath = variantPathValue ?? '';
  if (typeof variantPath !== 'string' || !isValidCartVariantPath(product, variantPath)) throw new AppError('cart/invalid_variant_path');
  return { product, variantPath };
}

/** `POST /quotation_item/internal`: the cart line becomes a quotation item, in one transaction. */
export async function quoteCartItem(
  db: Database,
  userId: string,
  limit: number,
  body: QuotationFromCartRequest,
): Promise<QuotationItemResponse> {
  let product: Product | undefined;
  const row = await insertItem(db, userId, limit, async (tx) => {
    const line = await takeCartItem(tx, userId, body.cartItemId);
    [product] = await productsByIds(tx, [line.productId]);
    if (!product) throw new AppError('product/not_found', [line.productId]);
    if (product.disabled) throw new AppError('product/disabled', [product.uuid]);
    return {
      productSource: 'i',
      productId: product.uuid,
      variantPath: line.variantPath,
      name: product.name,
      quantity: line.quantity,
      instructions: line.message,
    };
  });
  return { quotationItem: toQuotationItem(row, undefined, product), product: product ?? null };
}

/** `POST /quotation_item/internal_product` and `POST /quotation/request` from 'l'. */
export async function quoteProduct(
  db: Database,
  userId: string,
  limit: number,
  body: QuotationFromProductRequest & { productRef?: unknown },
): Promise<QuotationItemResponse> {
  const quantity = quantityOf(body.quantity);
  const instructions = instructionsOf(body.instructions);
  const { product, variantPath } = await quotableProduct(db, body.productId ?? body.productRef, body.variantPath);
  const row = await insertItem(db, userId, limit, {
    productSource: 'i',
    productId: product.uuid,
    variantPath,
    name: product.name,
    quantity,
    instructions,
  });
  return { quotationItem: toQuotationItem(row, undefined, product), product };
}

/** `POST /quotation_item/external`: a marketplace product this shopper read (`POST /product/searchExternal`). */
export async function quoteExternalProduct(
  db: Database,
  userId: string,
  limit: number,
  body: QuotationFromExternalRequest,
): Promise<QuotationItemResponse> {
  const quantity = quantityOf(body.quantity);
  const instructions = instructionsOf(body.instructions);
  const id = body.externalProductId;
  if (typeof id !== 'string' || !isUuid(id)) throw new AppError('product/not_found', [typeof id === 'string' ? id : '']);
  const [external] = await db
    .select()
    .from(externalProducts)
    .where(and(eq(externalProducts.id, id.toLowerCase()), eq(externalProducts.userId, userId)));
  if (!external) throw new AppError('product/not_found', [id]);
  const row = await insertItem(db, userId, limit, {
    productSource: 'e',
    externalProductId: external.id,
    name: external.name,
    quantity,
    instructions,
  });
  return { quotationItem: toQuotationItem(row, external, undefined), product: null };
}

/** `POST /quotation/request`: from 'r' a product described by hand, from 'l' one of the shop's products. */
export async function requestQuotation(
  db: Database,
  userId: string,
  limit: number,
  body: QuotationRequest,
): Promise<QuotationItemResponse> {
  if (body.from === 'l') {
    return quoteProduct(db, userId, limit, {
      productRef: body.productRef,
      variantPath: body.variantPath,
      quantity: body.productQuantity,
      instructions: body.instructions,
    });
  }
  if (body.from !== 'r') throw new AppError('general/missing_argument', ["from must be 'r' or 'l'"]);
  const link = parseHttpLink(body.productUrl);
  if (link === null) throw new AppError('link/invalid');
  const name = parseQuotationName(body.productName);
  if (name === null) throw new AppError('quotation/invalid_name');
  const imageUrl = body.imageUrl === undefined || body.imageUrl === null || body.imageUrl === '' ? null : parseHttpLink(body.imageUrl);
  if (imageUrl === null && body.imageUrl) throw new AppError('quotation/invalid_image_url');
  const quantity = quantityOf(body.productQuantity);
  const instructions = instructionsOf(body.instructions);
  let external: ExternalRow | undefined;
  const row = await insertItem(db, userId, limit, async (tx) => {
    [external] = await tx
      .insert(externalProducts)
      .values({
        userId,
        link,
        url: link,
        origin: 'manual',
        sourceMarketPlace: marketplaceOf(link, null),
        name,
        images: imageUrl ? [imageUrl] : [],
      })
      .returning();
    return { productSource: 'e', externalProductId: external!.id, name, quantity, instructions };
  });
  return { quotationItem: toQuotationItem(row, external, undefined), product: null };
}

/** The caller's item, or 404. */
async function ownItem(db: Database, userId: string, id: string): Promise<ItemRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(quotationItems)
    .where(and(eq(quotationItems.id, id.toLowerCase()), eq(quotationItems.userId, userId), isNull(quotationItems.orderId)));
  if (!row) throw notFound();
  return row;
}

/** An item with what it names, as one answer. */
async function answerOf(db: Database, row: ItemRow): Promise<QuotationItemResponse> {
  const { externalById, productById } = await relatedOf(db, [row]);
  const product = productById.get(row.productId ?? '');
  return {
    quotationItem: toQuotationItem(row, row.externalProductId ? externalById.get(row.externalProductId) : undefined, product),
    product: product ?? null,
  };
}

/**
 * `PUT /quotation_item/{id}`: only quantity and instructions, each when sent. A change to an answered
 * item sends it back to the shop: the answer is cleared and staff quote it again.
 */
export async function updateQuotationItem(
  db: Database,
  userId: string,
  id: string,
  body: UpdateQuotationItemRequest,
): Promise<QuotationItemResponse> {
  const current = await ownItem(db, userId, id);
  const next = {
    quantity: body.quantity === undefined ? current.quantity : quantityOf(body.quantity),
    instructions: body.instructions === undefined ? current.instructions : instructionsOf(body.instructions),
  };
  const status: QuotationStatus = statusAfterShopperEdit(current, next);
  if (next.quantity === current.quantity && next.instructions === current.instructions) return answerOf(db, current);
  const reopened = status !== current.status;
  const [row] = await db
    .update(quotationItems)
    .set({
      ...next,
      status,
      ...(reopened ? { statusData: null, declineReason: null, answeredAt: null, answeredBy: null } : {}),
      version: sql`${quotationItems.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(quotationItems.id, current.id), eq(quotationItems.userId, userId), isNull(quotationItems.orderId)))
    .returning();
  if (!row) throw notFound(); // deleted meanwhile
  return answerOf(db, row);
}

/** `DELETE /quotation_item/{id}`. */
export async function deleteQuotationItem(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(quotationItems)
    .where(and(eq(quotationItems.id, id.toLowerCase()), eq(quotationItems.userId, userId), isNull(quotationItems.orderId)))
    .returning({ id: quotationItems.id });
  if (deleted.length === 0) throw notFound();
}

/** The caller's quotation items of these ids that no order has bought yet, with what they name (checkout). */
export async function openQuotationItems(db: Database, userId: string, ids: readonly string[]) {
  const valid = ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase());
  const rows =
    valid.length === 0
      ? []
      : await db
          .select()
          .from(quotationItems)
          .where(and(eq(quotationItems.userId, userId), inArray(quotationItems.id, valid), isNull(quotationItems.orderId)))
          .orderBy(desc(quotationItems.createdAt), desc(quotationItems.id));
  const { externalById, productById } = await relatedOf(db, rows);
  return rows.map((row) => ({
    row,
    item: toQuotationItem(
      row,
      row.externalProductId ? externalById.get(row.externalProductId) : undefined,
      productById.get(row.productId ?? ''),
    ),
    external: row.externalProductId ? externalById.get(row.externalProductId) : undefined,
    product: productById.get(row.productId ?? ''),
  }));
}

/**
 * Marks the items bought by `orderId`, in the order's transaction: each must still be the caller's,
 * resolved and not bought (a conditional update), else the answer lists fewer ids and the caller
 * abandons its transaction.
 */
export async function consumeQuotationItems(db: Database, userId: string, ids: readonly string[], orderId: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const taken = await db
    .update(quotationItems)
    .set({ orderId, updatedAt: sql`now()` })
    .where(
      and(
        eq(quotationItems.userId, userId),
        inArray(quotationItems.id, [...ids]),
        eq(quotationItems.status, 'r'),
        isNull(quotationItems.orderId),
      ),
    )
    .returning({ id: quotationItems.id });
  return taken.map((row) => row.id);
}

/** A cancelled order's quotation items come back to the shopper's list, still answered. */
export async function releaseQuotationItems(db: Database, orderId: string): Promise<void> {
  await db
    .update(quotationItems)
    .set({ orderId: null, updatedAt: sql`now()` })
    .where(eq(quotationItems.orderId, orderId));
}
