import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Region key -> amount in minor units of that region's currency. */
export type RegionPrices = Record<string, number>;

export interface ProductVariant {
  name: string;
  options: string[];
}

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const regions = pgTable('regions', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  /** ISO 3166-1 alpha-2 codes of the countries this region prices for. */
  countries: text('countries').array().notNull(),
  /** Upper edges of the price bands shown as search facets, in minor units, ascending. */
  priceBands: jsonb('price_bands').$type<number[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const shippingLocations = pgTable('shipping_locations', {
  countryCode: text('country_code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
});

export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** Dot-joined keys from the root, e.g. `electronics.laptops`. */
    path: text('path').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_path_idx').on(t.path), index('categories_parent_idx').on(t.parentId)],
);

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo'),
  countryCode: text('country_code').notNull(),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paramName: text('param_name').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Extra search words (brand, category names) kept beside the name. */
    keywords: text('keywords').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    price: jsonb('price').$type<RegionPrices>().notNull(),
    variants: jsonb('variants').$type<ProductVariant[]>().notNull().default([]),
    /** Stock of a product without variants; with variants the variant paths hold the stock. */
    stock: integer('stock').notNull().default(0),
    mainImage: text('main_image'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceMarketPlace: text('source_market_place'),
    sourceUrl: text('source_url'),
    disabled: boolean('disabled').notNull().default(false),
    /** Shipping weight in grams. */
    weight: integer('weight').notNull().default(0),
    /** Derived on every write: whether any unit can be bought. Kept for the in-stock filter. */
    inStock: boolean('in_stock').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', keywords), 'B') || setweight(to_tsvector('english', description), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_category_idx').on(t.categoryId),
    index('products_merchant_idx').on(t.merchantId),
    index('products_newest_idx').on(t.createdAt.desc(), t.id),
  ],
);

export const productVariantPaths = pgTable(
  'product_variant_paths',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Slash-separated option indexes, one per variant: `0/2`. */
    path: text('path').notNull(),
    price: jsonb('price').$type<RegionPrices>().notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.path] })],
);

/** One row per product and region: the lowest and highest price, for price filters and sorting. */
export const productRegionPrices = pgTable(
  'product_region_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    regionKey: text('region_key').notNull(),
    // bigint: IDR prices in minor units pass 2^31 from about SGD 1,800.
    minPrice: bigint('min_price', { mode: 'number' }).notNull(),
    maxPrice: bigint('max_price', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.regionKey] }),
    index('product_region_prices_sort_idx').on(t.regionKey, t.minPrice, t.productId),
  ],
);

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const popups = pgTable('popups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  link: text('link'),
  image: text('image'),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const homeProductGroups = pgTable('home_product_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** A group either lists products by hand or follows a category (its whole subtree). */
  categoryId: uuid('category_id').references(() => categories.id),
  productIds: uuid('product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  productLimit: integer('product_limit').notNull().default(12),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export interface ImagePageBlock {
  image: string;
  alt: string;
  link?: string | null;
}

export const imagePages = pgTable('image_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  blocks: jsonb('blocks').$type<ImagePageBlock[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    /** Anonymous visitor id from the visitor cookie, or `user:<uuid>` for a signed-in user (catalogue userViewerKey). */
    visitorId: text('visitor_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.productId] }), index('recently_viewed_visitor_idx').on(t.visitorId, t.viewedAt.desc())],
);

/**
 * Accounts (spec §3 "User"). The e-mail is stored normalised (trimmed, lower case; the check
 * keeps it so), which makes the unique index case-insensitive. Two-factor, blacklisting and
 * sessions add their own columns and tables in their own migrations.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164 */
    phoneNumber: text('phone_number').notNull(),
    /** ISO 3166-1 alpha-2 */
    country: text('country').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** One of GENDERS in packages/domain. */
    gender: text('gender').notNull(),
    /** Null until the e-mail address is verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set by the shop's staff for a policy violation: no sign-in, every session refused. */
    blacklistedAt: timestamp('blacklisted_at', { withTimezone: true }),
    /** TOTP secret while two-factor authentication is on (null when off), sealed with AES-256-GCM (decision 0009). */
    tfaSecret: text('tfa_secret'),
    /** Secret (sealed) of a set-up that has been started but not yet confirmed with a code. */
    tfaPendingSecret: text('tfa_pending_secret'),
    tfaEnabledAt: timestamp('tfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is never taken again. */
    tfaLastStep: bigint('tfa_last_step', { mode: 'number' }),
    /** The user chose not to set up two-factor authentication when offered. */
    tfaSetupSkippedAt: timestamp('tfa_setup_skipped_at', { withTimezone: true }),
    /** Country (ISO 3166-1 alpha-2) chosen in the region picker (`POST /region/prefer`); null when none. */
    preferredCountry: text('preferred_country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Codes e-mailed to prove an address. Only the SHA-256 of a code is stored. A code is live while
 * it is unconsumed and unexpired; replacing or locking a code sets `expires_at` to the time it
 * stopped being usable.
 */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong guesses made against this code. */
    attempts: integer('attempts').notNull().default(0),
    /** When the code verified the address. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_verification_codes_hash_idx').on(t.codeHash),
    index('email_verification_codes_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Every e-mail the shop sends, newest last. Delivered over SMTP when MAIL_URL is set (`sent_at`,
 * or `error` when delivery failed); otherwise it only lives here (the development outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id.desc())],
);

/**
 * Fixed-window rate-limit counters shared by every API process (apps/api/src/platform/rate-limit.ts).
 * One row per key and window; `hits` only grows, through one atomic upsert. Rows past `expires_at`
 * are dead and deleted opportunistically.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limiter name>:<subject>`, e.g. `register:ip:203.0.113.7`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** End of the window: the row is of no use afterwards. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * A signed-in session: one per sign-in, the "family" of its refresh tokens. Revoking it (logout,
 * refresh-token reuse, password change or reset) ends every access token that names it, since each
 * authenticated request checks its session here.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Remember me": the refresh cookie outlives the browser session. */
    remember: boolean('remember').notNull(),
    /** When the user passed two-factor authentication in this session. */
    tfaPassedAt: timestamp('tfa_passed_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: each refresh moves it on by the session's lifetime. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, refresh_token_reuse, password_changed, password_reset, blacklisted */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each is used once: refreshing marks it
 * `rotated_at` and issues its successor in the same session; presenting a rotated one again revokes
 * the session (after a short grace for two tabs refreshing at once).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Single-use tokens e-mailed to a user: password reset and two-factor reset. Only the SHA-256 is
 * stored; a token is live while unused and unexpired.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `password_reset` or `tfa_reset` */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A user's address book (spec §3 "Address as displayed"), checked by `validateAddress` in
 * packages/domain. Exactly one main address per user while the user has any: the partial unique
 * index holds "at most one"; the API (modules/addresses) keeps "at least one" under a per-user lock.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** The street line. */
    address: text('address').notNull(),
    /** '' when none. */
    unitNumber: text('unit_number').notNull(),
    /** '' when none. */
    city: text('city').notNull(),
    /** A code of the country's states when it has a list, else free text; '' when none. */
    state: text('state').notNull(),
    /** Upper case; '' when none. */
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2 */
    country: text('country').notNull(),
    /** E.164 */
    phoneNumber: text('phone_number').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A user's list, newest first (at most MAX_ADDRESSES_PER_USER rows each).
    index('addresses_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('addresses_one_main_idx')
      .on(t.userId)
      .where(sql`${t.isMain}`),
  ],
);

/**
 * Cart lines (spec §3 "Cart item", issue 6). One line per user, product and variant path: the
 * unique key lets concurrent adds of the same line merge (`INSERT … ON CONFLICT DO UPDATE`) instead
 * of making two. The quantity bound mirrors CART_QUANTITY_MAX of packages/domain; the line's type
 * is not stored, it follows from the product.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Slash-separated option indexes; '' for a product without variants. */
    variantPath: text('variant_path').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Note to the seller; '' when none. */
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also serves "the user's lines, oldest first" (user_id prefix) and the per-user line count.
    uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, t.variantPath),
    index('cart_items_user_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_check', sql`${t.quantity} BETWEEN 1 AND 999`),
  ],
);

/** Wishlists (spec §7 `/wishlist`): one row per user and product, newest first. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc())],
);
