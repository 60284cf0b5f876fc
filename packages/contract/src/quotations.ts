import { z } from 'zod';
import {
  DECLINE_REASON_MAX,
  LINK_MAX,
  QUOTATION_INSTRUCTIONS_MAX,
  QUOTATION_NAME_MAX,
  QUOTATION_QUANTITY_MAX,
  QUOTATION_SOURCES,
  QUOTATION_STATUSES,
} from '@kedai/domain';
import { Product } from './catalogue';
import {
  CURRENCY_CODE_PATTERN,
  REGION_AMOUNTS_META,
  UnixSeconds,
  Uuid,
  VARIANT_PATH_META,
  checkedByDomain,
  quantityMeta,
  queryInt,
} from './common';

/**
 * Quotations (rules: entities.md "Quotation item", states.md "Quotation", issue 15): a shopper asks the
 * shop to quote one of its products or a product on another marketplace, and staff answer. Signed-in
 * users only; every item belongs to its shopper (another's is a 404). Field contents are checked by
 * the quotation rules of packages/domain, so each problem answers with its own `quotation/…` code.
 */

const quantityField = checkedByDomain({
  ...quantityMeta(QUOTATION_QUANTITY_MAX),
  description: `Whole number from 1 to ${QUOTATION_QUANTITY_MAX}, as a JSON number or a digit string`,
});
const instructionsField = checkedByDomain({
  type: 'string',
  maxLength: QUOTATION_INSTRUCTIONS_MAX,
  description: `What the shop should know (size, colour, seller), at most ${QUOTATION_INSTRUCTIONS_MAX} characters`,
});

/** An absolute http(s) address of at most LINK_MAX characters. */
const LINK_META = { type: 'string', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength: LINK_MAX } as const;
/** The version of the item staff read (optimistic concurrency). */
const VERSION_META = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

export const EXTERNAL_AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'unknown'] as const;

/** A product on another marketplace, as read from its page or as the shopper described it. */
export const ExternalProduct = z
  .object({
    id: Uuid,
    link: z.string().describe('The link as the shopper gave it'),
    url: z.string().describe('The page the product was read from, after redirects'),
    origin: z.enum(['page', 'manual']).describe("'page': read from the page's structured data; 'manual': described by the shopper"),
    sourceMarketPlace: z.string().describe("The marketplace: the site's own name, else its host"),
    name: z.string(),
    description: z.string().nullable(),
    images: z.array(z.string()).describe('Absolute http(s) addresses of pictures on the marketplace'),
    price: z.string().nullable().describe("The marketplace's price as a decimal text ('129.90'), null when it shows none"),
    currency: z.string().nullable().describe("ISO code of `price`'s currency"),
    availability: z.enum(EXTERNAL_AVAILABILITIES),
    brand: z.string().nullable(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'ExternalProduct' });
export type ExternalProduct = z.infer<typeof ExternalProduct>;

/** The shop's answer: a price per unit for each region quoted and, for a marketplace product, the price found there. */
export const QuotationStatusData = z
  .object({
    quotedPrice: z.record(z.string(), z.int()).describe("Region key -> price of one unit in minor units of the region's currency"),
    basePrice: z.int().nullable().describe("The marketplace's price in minor units of `basePriceCurrency`"),
    basePriceCurrency: z.string().nullable(),
  })
  .meta({ id: 'QuotationStatusData' });
export type QuotationStatusData = z.infer<typeof QuotationStatusData>;

export const QuotationItem = z
  .object({
    id: Uuid,
    productSource: z.enum(QUOTATION_SOURCES).describe("'i' one of the shop's products, 'e' a product on another marketplace"),
    productSourceData: z.object({
      productId: Uuid.nullable().describe("The shop's product ('i'); null for a marketplace product or one since deleted"),
      variantPath: z.string(),
    }),
    externalProduct: ExternalProduct.nullable().describe("The marketplace product ('e'); null for the shop's products"),
    name: z.string(),
    quantity: z.int().min(1).max(QUOTATION_QUANTITY_MAX),
    instructions: z.string(),
    type: z.enum(['internal', 'external']),
    status: z.enum(QUOTATION_STATUSES).describe("'p' pending, 'r' resolved (quoted), 'd' declined"),
    statusMessage: z.string().describe('What the shopper reads for the status (states.md)'),
    statusData: QuotationStatusData.nullable().describe('The quote, when resolved'),
    declineReason: z.string().nullable().describe("Staff's reason, when declined"),
    available: z.boolean().describe('rules: validation.md stock check now (always true for a marketplace product: the shop buys it)'),
    checkable: z
      .boolean()
      .describe('Whether it may be selected for checkout: resolved, and for the shop’s products the product still exists and is enabled'),
    answeredAt: UnixSeconds.nullable(),
    createdAt: UnixSeconds,
    updatedAt: UnixSeconds,
  })
  .meta({ id: 'QuotationItem' });
export type QuotationItem = z.infer<typeof QuotationItem>;

/** `GET /quotation_item`, `/quotation_item/external`, `/quotation`: the items, newest first, and the shop's products they name. */
export const QuotationItemsResponse = z
  .object({ quotationItems: z.array(QuotationItem), products: z.array(Product) })
  .meta({ id: 'QuotationItemsResponse' });
export type QuotationItemsResponse = z.infer<typeof QuotationItemsResponse>;

/** One item and its product (null for a marketplace product, or one since deleted). */
export const QuotationItemResponse = z
  .object({ quotationItem: QuotationItem, product: Product.nullable() })
  .meta({ id: 'QuotationItemResponse' });
export type QuotationItemResponse = z.infer<typeof QuotationItemResponse>;

export const QuotationListQuery = z.object({
  status: z.enum(QUOTATION_STATUSES).optional().describe("Only items of this status: 'p', 'r' or 'd'"),
  source: z.enum(QUOTATION_SOURCES).optional().describe("Only the shop's products ('i') or marketplace products ('e')"),
});
export type QuotationListQuery = z.infer<typeof QuotationListQuery>;

export const QuotationItemIdParams = z.object({ id: z.string() });

/** `POST /quotation_item/internal`: a cart line becomes a quotation item; the line leaves the cart in the same step. */
export const QuotationFromCartRequest = z
  .object({ cartItemId: checkedByDomain({ type: 'string', format: 'uuid' }) })
  .meta({ id: 'QuotationFromCartRequest', required: ['cartItemId'] });
export type QuotationFromCartRequest = z.infer<typeof QuotationFromCartRequest>;

/** `POST /quotation_item/internal_product`: a quotation for a variant and quantity of one of the shop's products. */
export const QuotationFromProductRequest = z
  .object({
    productId: checkedByDomain({ type: 'string', format: 'uuid' }),
    variantPath: checkedByDomain({ ...VARIANT_PATH_META, description: "A full variant path; '' or absent without variants" }),
    quantity: quantityField,
    instructions: instructionsField,
  })
  .meta({ id: 'QuotationFromProductRequest', required: ['productId', 'quantity'] });
export type QuotationFromProductRequest = z.infer<typeof QuotationFromProductRequest>;

/** `POST /quotation_item/external`: a marketplace product the shopper read with `POST /product/searchExternal`. */
export const QuotationFromExternalRequest = z
  .object({
    externalProductId: checkedByDomain({ type: 'string', format: 'uuid' }),
    quantity: quantityField,
    instructions: instructionsField,
  })
  .meta({ id: 'QuotationFromExternalRequest', required: ['externalProductId', 'quantity'] });
export type QuotationFromExternalRequest = z.infer<typeof QuotationFromExternalRequest>;

/** `PUT /quotation_item/{id}`: only quantity and instructions (rules: validation.md). A change to an answered item asks the shop again. */
export const UpdateQuotationItemRequest = z
  .object({ quantity: quantityField, instructions: instructionsField })
  .meta({ id: 'UpdateQuotationItemRequest' });
export type UpdateQuotationItemRequest = z.infer<typeof UpdateQuotationItemRequest>;

/**
 * `POST /quotation/request` (rules: api.md): from `'r'` a product described by hand (when its page
 * could not be read); from `'l'` one of the shop's products by id or URL name.
 */
export const QuotationRequest = z
  .object({
    from: checkedByDomain({ enum: ['r', 'l'], description: "'r' a product described by hand; 'l' one of the shop's products" }),
    productUrl: checkedByDomain({ ...LINK_META, description: `'r': the product's page, http(s), at most ${LINK_MAX} characters` }),
    productName: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: QUOTATION_NAME_MAX,
      description: `'r': 1 to ${QUOTATION_NAME_MAX} characters`,
    }),
    imageUrl: checkedByDomain({ ...LINK_META, description: "'r': a picture's http(s) address; optional" }),
    productRef: checkedByDomain({ type: 'string', minLength: 1, maxLength: LINK_MAX, description: "'l': the product's id or URL name" }),
    variantPath: checkedByDomain({ ...VARIANT_PATH_META, description: "'l': a full variant path; '' or absent without variants" }),
    productQuantity: quantityField,
    instructions: instructionsField,
  })
  .meta({ id: 'QuotationRequest', required: ['from', 'productQuantity'] });
export type QuotationRequest = z.infer<typeof QuotationRequest>;

/** `POST /product/searchExternal`. */
export const SearchExternalRequest = z
  .object({ link: checkedByDomain({ ...LINK_META, description: `An http(s) product page, at most ${LINK_MAX} characters` }) })
  .meta({ id: 'SearchExternalRequest', required: ['link'] });
export type SearchExternalRequest = z.infer<typeof SearchExternalRequest>;

export const SearchExternalResponse = z.object({ externalProduct: ExternalProduct }).meta({ id: 'SearchExternalResponse' });
export type SearchExternalResponse = z.infer<typeof SearchExternalResponse>;

export const CheckPendingQuery = z.object({ link: z.string().max(LINK_MAX) });
export const CheckPendingResponse = z
  .object({ link: z.string(), pending: z.boolean().describe('Whether a reading of this link is running now') })
  .meta({ id: 'CheckPendingResponse' });
export type CheckPendingResponse = z.infer<typeof CheckPendingResponse>;

// The back office's quotation queue (issue 15).

export const AdminQuotationListQuery = QuotationListQuery.extend({
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, 100).optional(),
});
export type AdminQuotationListQuery = z.infer<typeof AdminQuotationListQuery>;

export const AdminQuotationItem = QuotationItem.extend({
  shopper: z.object({ id: Uuid, email: z.string(), name: z.string() }),
  product: Product.nullable().describe("The shop's product as it is now ('i')"),
  answeredBy: z.object({ id: Uuid, email: z.string() }).nullable(),
  suggestedQuotedPrice: z
    .record(z.string(), z.int())
    .nullable()
    .describe(
      "Marketplace products: region key -> a price per unit from the page's price, the shop's exchange rates and fee (settings); null when the page gave no price or a currency has no rate",
    ),
  version: z.int().describe('Send it back with the answer: an answer to an older version is a 409'),
}).meta({ id: 'AdminQuotationItem' });
export type AdminQuotationItem = z.infer<typeof AdminQuotationItem>;

export const AdminQuotationList = z.object({
  items: z.array(AdminQuotationItem),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
  pages: z.int(),
});
export type AdminQuotationList = z.infer<typeof AdminQuotationList>;

export const AdminQuotationResolve = z
  .object({
    version: checkedByDomain(VERSION_META),
    quotedPrice: checkedByDomain({
      ...REGION_AMOUNTS_META,
      description: "Region key -> price of one unit in minor units of the region's currency",
    }),
    basePrice: checkedByDomain({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "Marketplace products: the marketplace's price in minor units of its currency",
    }),
    basePriceCurrency: checkedByDomain({
      type: 'string',
      pattern: CURRENCY_CODE_PATTERN,
      description: 'Marketplace products: the ISO code of that price',
    }),
  })
  .meta({ id: 'AdminQuotationResolve', required: ['version', 'quotedPrice'] });
export type AdminQuotationResolve = z.infer<typeof AdminQuotationResolve>;

export const AdminQuotationDecline = z
  .object({
    version: checkedByDomain(VERSION_META),
    reason: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: DECLINE_REASON_MAX,
      description: `What the shopper reads, 1 to ${DECLINE_REASON_MAX} characters`,
    }),
  })
  .meta({ id: 'AdminQuotationDecline', required: ['version', 'reason'] });
export type AdminQuotationDecline = z.infer<typeof AdminQuotationDecline>;
