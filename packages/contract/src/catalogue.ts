import { z } from 'zod';
import {
  CATEGORY_REF_MAX_LENGTH,
  HOME_GROUP_MAX_LIMIT,
  ID_PARAM_MAX_LENGTH,
  MERCHANT_REF_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_SORTS,
} from './constants';
import { RegionKey, RegionPrices, UnixSeconds, Uuid, queryBoolean, queryInt } from './common';

export const Variant = z.object({
  name: z.string(),
  options: z.array(z.string()),
  images: z
    .array(z.string().nullable())
    .optional()
    .describe("Each option's picture (one of the product's images), null where it has none; absent when no option has one"),
});
export const VariantPathEntry = z.object({ price: RegionPrices, stock: z.int() });
export const PriceRange = z.object({ min: z.int(), max: z.int() });

export const MerchantRef = z.object({ id: Uuid, slug: z.string(), name: z.string() });
export const CategoryRef = z.object({ id: Uuid, name: z.string(), path: z.string() });

/** A product as lists show it. Image fields are names on the assets host (see config `assets_url`). */
export const ProductSummary = z
  .object({
    uuid: Uuid,
    paramName: z.string(),
    name: z.string(),
    price: RegionPrices,
    priceRange: z.record(z.string(), PriceRange),
    priceCurrency: z.record(z.string(), z.string()).describe('Region key -> ISO currency code'),
    mainImage: z.string().nullable(),
    inStock: z.boolean(),
    hasVariants: z.boolean(),
    sourceMarketPlace: z.string().nullable(),
    merchant: MerchantRef.nullable(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const Product = ProductSummary.extend({
  description: z.string(),
  variants: z.array(Variant),
  variantPaths: z.record(z.string(), VariantPathEntry).describe('Variant path `i/j` -> price and stock'),
  stock: z.int().describe('Stock of a product without variants'),
  images: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  category: CategoryRef.nullable(),
  disabled: z.boolean(),
  weight: z.int().describe('Grams'),
}).meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const SearchQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_QUERY_LENGTH).optional().describe('Words to look for; typos are tolerated'),
  category: z.string().max(CATEGORY_REF_MAX_LENGTH).optional().describe('Category id or path; includes its subcategories'),
  merchant: z.string().max(MERCHANT_REF_MAX_LENGTH).optional().describe('Merchant id or slug'),
  region: RegionKey.optional().describe('Region whose prices filter and sort; the default region when absent'),
  minPrice: queryInt(0, Number.MAX_SAFE_INTEGER).optional().describe('Lowest price, minor units of the region currency'),
  maxPrice: queryInt(0, Number.MAX_SAFE_INTEGER).optional().describe('Highest price, minor units of the region currency'),
  inStock: queryBoolean.optional(),
  sort: z.enum(SEARCH_SORTS).optional().describe('Default: relevance with a query, else newest'),
  page: queryInt(1, SEARCH_MAX_PAGE).optional(),
  limit: queryInt(1, SEARCH_MAX_LIMIT).optional(),
  exact: queryBoolean
    .optional()
    .describe('Only the words as typed (still matching plurals): no fallback to similar names when they match nothing'),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResult = z
  .object({
    products: z.array(ProductSummary),
    total: z.int(),
    page: z.int(),
    limit: z.int(),
    pages: z.int(),
    region: z.string(),
    currency: z.string(),
    sort: z.enum(SEARCH_SORTS),
    facets: z.object({
      categories: z.array(z.object({ id: Uuid, name: z.string(), path: z.string(), count: z.int() })),
      merchants: z.array(z.object({ id: Uuid, slug: z.string(), name: z.string(), count: z.int() })),
      priceBands: z.array(z.object({ min: z.int(), max: z.int().nullable().describe('null: no upper bound'), count: z.int() })),
    }),
    typoTolerant: z
      .boolean()
      .describe('The words as typed matched nothing, so these are the products whose names are most like them; never with `exact`'),
    correctedQuery: z
      .string()
      .nullable()
      .describe(
        'With `typoTolerant`: the words these results stand for, each unmatched word replaced by the closest word of their names ("lapton" -> "laptop"); null when no single correction can be named',
      ),
    suggestedQuery: z
      .string()
      .nullable()
      .describe(
        'With `exact` and nothing matching the words as typed: the correction the typo-tolerant search would make, to offer instead; else null',
      ),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

export const Category = z
  .object({
    id: Uuid,
    key: z.string(),
    name: z.string(),
    path: z.string().describe('Dot-joined keys from the root'),
    parent: Uuid.nullable(),
    children: z.array(Uuid).describe('Ids of the direct subcategories, in display order'),
    image: z.string().nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;
export const CategoryList = z.object({ categories: z.array(Category) });
export const CategoryDetail = z.object({ category: Category });

export const ProductFlags = z.object({
  uuid: Uuid,
  inStock: z.boolean(),
  disabled: z.boolean(),
  external: z.boolean().describe('Bought for the shopper from another marketplace'),
  sourceMarketPlace: z.string().nullable(),
  inWishlist: z.boolean().describe('The signed-in user has it in their wishlist; false for visitors'),
  inCart: z.boolean().describe("Some variant of it is in the signed-in user's cart; false for visitors"),
  backInStock: z
    .array(z.string())
    .describe(
      "The variant paths the signed-in user asked to be e-mailed about when back in stock ('' for the whole product); empty for visitors",
    ),
});
export type ProductFlags = z.infer<typeof ProductFlags>;

export const ProductList = z.object({ products: z.array(ProductSummary) });

export const IdParam = z.object({ id: z.string().min(1).max(ID_PARAM_MAX_LENGTH) });

export const Merchant = z
  .object({
    id: Uuid,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    logo: z.string().nullable(),
    countryCode: z.string(),
    productCount: z.int(),
  })
  .meta({ id: 'Merchant' });
export type Merchant = z.infer<typeof Merchant>;
export const MerchantList = z.object({ merchants: z.array(Merchant) });
export const MerchantDetail = z.object({ merchant: Merchant });

export const Banner = z.object({ id: Uuid, title: z.string(), image: z.string(), link: z.string().nullable() });
export type Banner = z.infer<typeof Banner>;
export const BannerList = z.object({ banners: z.array(Banner) });

export const Popup = z.object({ id: Uuid, name: z.string(), link: z.string().nullable(), image: z.string().nullable() });
export type Popup = z.infer<typeof Popup>;
export const PopupList = z.object({ popups: z.array(Popup) });

export const HomeProductGroup = z
  .object({
    id: Uuid,
    name: z.string(),
    categoryId: Uuid.nullable(),
    products: z.array(ProductSummary),
  })
  .meta({ id: 'HomeProductGroup' });
export type HomeProductGroup = z.infer<typeof HomeProductGroup>;
export const HomeProductGroupList = z.object({ groups: z.array(HomeProductGroup) });
export const HomeGroupByCategoryQuery = z.object({
  categoryId: z.string().min(1).max(CATEGORY_REF_MAX_LENGTH).describe('Category id or path'),
  limit: queryInt(1, HOME_GROUP_MAX_LIMIT).optional(),
});
export const HomeGroupByCategory = z.object({ group: HomeProductGroup });

export const ImagePage = z.object({
  id: Uuid,
  slug: z.string(),
  title: z.string(),
  blocks: z.array(z.object({ image: z.string(), alt: z.string(), link: z.string().nullable() })),
});
export type ImagePage = z.infer<typeof ImagePage>;
export const ImagePageDetail = z.object({ imagePage: ImagePage });

/** A text page of the shop (shipping, returns, privacy, terms): Markdown without raw HTML (decision 0012). */
export const TextPage = z
  .object({
    slug: z.string(),
    title: z.string(),
    body: z.string().describe('Markdown; raw HTML in it is not rendered'),
    updatedAt: UnixSeconds.describe('When the text last changed: the page shows it as its last-updated date'),
  })
  .meta({ id: 'TextPage' });
export type TextPage = z.infer<typeof TextPage>;
export const TextPageDetail = z.object({ textPage: TextPage });
export const SlugParam = z.object({ slug: z.string().min(1).max(ID_PARAM_MAX_LENGTH) });
