/**
 * The back office's calls (`/admin/…`, issue 14): every one needs a staff account with two-factor
 * authentication set up and passed (rules: access.md "Staff").
 */
import { z } from 'zod';
import { PRODUCT_ADMIN_MAX_LIMIT, PRODUCT_ADMIN_SORTS } from './constants';
import { CategoryRef, MerchantRef, Product, Variant } from './catalogue';
import { PAYMENT_METHODS } from './checkout';
import { AUDIT_ACTION_CODES, AUDIT_OBJECT_KINDS, EXCHANGE_RATES_MAX, type AuditAction, type AuditObjectKind } from '@kedai/domain';
import { CURRENCY_CODE_PATTERN, RegionPrices, UnixSeconds, Uuid, checkedByDomain, queryBoolean, queryInt } from './common';

export const AdminProductListQuery = z.object({
  q: z.string().trim().max(200).optional().describe('Words of the name, URL name or id'),
  disabled: queryBoolean.optional().describe('Only disabled (true) or only enabled (false) products'),
  sort: z.enum(PRODUCT_ADMIN_SORTS).optional().describe('Default: updated, newest first'),
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, PRODUCT_ADMIN_MAX_LIMIT).optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuery>;

export const AdminProductRow = z
  .object({
    id: Uuid,
    paramName: z.string(),
    name: z.string(),
    mainImage: z.string().nullable(),
    category: CategoryRef.nullable(),
    merchant: MerchantRef.nullable(),
    disabled: z.boolean(),
    inStock: z.boolean(),
    stock: z.int().describe('Units in stock, all variant paths together'),
    variantCount: z.int().describe('How many variant paths the product has (0 without variants)'),
    version: z.int(),
    updatedAt: UnixSeconds,
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductList = z.object({
  products: z.array(AdminProductRow),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
  pages: z.int(),
});
export type AdminProductList = z.infer<typeof AdminProductList>;

/** A product as the back office edits it: the storefront's answer plus its version. */
export const AdminProduct = z.object({ product: Product, version: z.int() }).meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

/**
 * A product to create, or its new state (`PUT`, with the `version` it was read at). Stock is set
 * when a product or a new variant path is created, and otherwise changed only with
 * `POST /admin/product/{id}/stock`, so an edit never overwrites units sold meanwhile.
 */
export const AdminProductInput = z.object({
  name: z.string(),
  paramName: z.string().optional().describe('URL name; made from the name when absent'),
  description: z.string(),
  categoryId: Uuid.nullable(),
  merchantId: Uuid.nullable(),
  sourceMarketPlace: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  weight: z.int().describe('Grams'),
  price: RegionPrices.describe('Region key -> price in minor units; for a product with variants, the price shown before a choice'),
  variants: z.array(Variant),
  variantPaths: z
    .record(z.string(), z.object({ price: RegionPrices, stock: z.int().optional() }))
    .describe('Every full variant path `i/j` -> its price per region and, for a new path, its stock'),
  stock: z.int().optional().describe('Stock of a product without variants, when it is created'),
  images: z.array(z.string()).describe('Image names on the assets host; the first is the main image'),
  disabled: z.boolean(),
  version: z.int().optional().describe('The version the edit was made from (PUT); a newer one answers 409'),
});
export type AdminProductInput = z.infer<typeof AdminProductInput>;

/** `POST /admin/product/{id}/stock`: a change by `delta`, or a new `stock` given the `expected` value the staff member saw. */
export const AdminStockChange = z.object({
  variantPath: z.string().describe("'' for a product without variants"),
  delta: z.int().optional(),
  stock: z.int().optional(),
  expected: z.int().optional().describe('With `stock`: the value it replaces; another value answers 409'),
});
export type AdminStockChange = z.infer<typeof AdminStockChange>;

export const AdminStockAnswer = z.object({ variantPath: z.string(), stock: z.int(), inStock: z.boolean() });
export type AdminStockAnswer = z.infer<typeof AdminStockAnswer>;

const AuditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'must be a real date');

export const AuditQuery = z
  .object({
    actorId: Uuid.optional().describe('Only what this account did'),
    action: z.enum(AUDIT_ACTION_CODES as [AuditAction, ...AuditAction[]]).optional(),
    objectType: z.enum(Object.keys(AUDIT_OBJECT_KINDS) as [AuditObjectKind, ...AuditObjectKind[]]).optional(),
    objectId: z.string().max(200).optional(),
    object: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "An object by what people call it: an order's reference, a voucher's code, an account's e-mail, a product's name, or an id",
      ),
    from: AuditDay.optional().describe("From this day (YYYY-MM-DD, in the shop's time zone)"),
    to: AuditDay.optional().describe('Up to and including this day'),
    page: queryInt(1, 100_000).optional(),
    limit: queryInt(1, 100).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z
  .object({
    id: z.int(),
    actor: z.object({ id: Uuid, email: z.string(), name: z.string() }).nullable().describe('Null for the system or an unknown person'),
    action: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    object: z.object({
      name: z.string().describe("What people call it: an order's reference, a product's name, a voucher's code, an account's e-mail"),
      path: z.string().nullable().describe('Its back-office page, or null for one it has no page of'),
    }),
    summary: z
      .object({ lead: z.string(), name: z.string(), tail: z.string() })
      .describe('The sentence in three parts, the object named in the middle: "Cancelled order " + "KD-123" + ""'),
    changes: z
      .array(z.object({ field: z.string(), before: z.string(), after: z.string() }))
      .describe("What changed, field by field, written in the shop's format"),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.object({ entries: z.array(AuditEntry), total: z.int(), page: z.int(), limit: z.int() });
export type AuditList = z.infer<typeof AuditList>;

export const AdminIdParam = z.object({ id: Uuid });

// ——— Categories and merchants ———

export const AdminCategoryInput = z.object({
  name: z.string(),
  key: z.string().optional().describe('URL key (one level of the path); made from the name when absent'),
  parentId: Uuid.nullable().describe('The parent category; null for a top-level one'),
  image: z.string().nullable().optional(),
  sortOrder: z.int().optional().describe('Order among siblings, smallest first'),
});
export type AdminCategoryInput = z.infer<typeof AdminCategoryInput>;

export const AdminMerchantInput = z.object({
  name: z.string(),
  slug: z.string().optional().describe('URL name; made from the name when absent'),
  description: z.string().optional(),
  logo: z.string().nullable().optional(),
  countryCode: z.string().describe('ISO 3166-1 alpha-2'),
});
export type AdminMerchantInput = z.infer<typeof AdminMerchantInput>;

// ——— Shop settings (owners) and text pages (staff) ———

export const AdminShippingLocation = z
  .object({
    countryCode: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    rates: z.record(z.string(), z.object({ fee: z.int(), freeFrom: z.int().nullable() })),
    deliveryDays: z.object({ min: z.int(), max: z.int() }).nullable(),
  })
  .meta({ id: 'AdminShippingLocation' });

export const AdminSettings = z.object({
  appCurrency: z.string(),
  regions: z.array(
    z.object({ key: z.string(), name: z.string(), currency: z.string(), countries: z.array(z.string()), enabled: z.boolean() }),
  ),
  shippingLocations: z.array(AdminShippingLocation),
  quotationPricing: z
    .object({
      feePercent: z.number().describe('Added to a converted marketplace price, in percent'),
      exchangeRates: z.record(z.string(), z.number()).describe('Currency -> what one unit is worth in the display currency'),
    })
    .describe('How the quotation queue suggests a price for a marketplace product'),
  payNow: z
    .object({ proxy: z.object({ kind: z.enum(['uen', 'mobile']), value: z.string() }), merchantName: z.string(), merchantCity: z.string() })
    .describe('Who PayNow codes pay (the demo’s example UEN until set), and the name and city they show'),
  payNowSettleAfterDays: z
    .int()
    .describe('After how many days a reported PayNow transfer staff have not confirmed asks the shopper and staff to settle it'),
  legal: z
    .object({ legalName: z.string(), legalAddress: z.string(), taxRegistrationNumber: z.string() })
    .optional()
    .describe('The shop’s legal name, address and GST / tax registration number, as receipts and tax invoices show them (issue 30)'),
  payments: z
    .object({
      cards: z
        .enum(['stripe', 'test'])
        .nullable()
        .describe("Who takes cards, from the server's configuration (Stripe's keys, PAYMENTS_TEST_MODE); null: nobody"),
      testMode: z.boolean().describe('No payment moves real money; every page and order e-mail says so'),
      methods: z.array(z.enum(PAYMENT_METHODS)).describe('The ways shoppers can pay now; empty: checkout offers none'),
    })
    .describe('How shoppers can pay now, so owners know what to set'),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

export const AdminCurrencyInput = z.object({ appCurrency: z.string() });
export const AdminQuotationPricingInput = z
  .object({
    feePercent: checkedByDomain({
      type: 'number',
      minimum: 0,
      maximum: 100,
      multipleOf: 0.01,
      description: '0 to 100, at most two decimals',
    }),
    exchangeRates: checkedByDomain({
      type: 'object',
      maxProperties: EXCHANGE_RATES_MAX,
      propertyNames: { pattern: CURRENCY_CODE_PATTERN },
      additionalProperties: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1_000_000 },
      description: 'Currency code -> value of one unit in the display currency (above 0)',
    }),
  })
  .meta({ id: 'AdminQuotationPricingInput', required: ['feePercent', 'exchangeRates'] });
export type AdminQuotationPricingInput = z.infer<typeof AdminQuotationPricingInput>;
export const AdminRegionInput = z.object({ enabled: z.boolean() });
export const AdminRegionParam = z.object({ key: z.string().min(1).max(16) });
export const AdminShippingLocationInput = z.object({
  enabled: z.boolean(),
  rates: z
    .record(z.string(), z.object({ fee: z.int(), freeFrom: z.int().nullable() }))
    .describe('Region key -> fee and free-from amount, minor units'),
  deliveryDays: z.object({ min: z.int(), max: z.int() }).nullable(),
});
export type AdminShippingLocationInput = z.infer<typeof AdminShippingLocationInput>;
export const AdminCountryParam = z.object({ countryCode: z.string().min(2).max(2) });
export const AdminTextPageInput = z.object({ title: z.string(), body: z.string().describe('Markdown; raw HTML is not rendered') });

// ——— Staff (owners) ———

export const StaffMember = z
  .object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(['staff', 'owner']),
    tfaEnabled: z.boolean().describe('Two-factor authentication is set up (staff need it for every back-office call)'),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.object({ staff: z.array(StaffMember) });
export const StaffInvite = z.object({ email: z.string(), role: z.enum(['staff', 'owner']) });
export const StaffRoleInput = z.object({ role: z.enum(['shopper', 'staff', 'owner']).describe('`shopper` takes the back office away') });
export const StaffAnswer = z.object({ member: StaffMember.nullable().describe('null once the account is a shopper again') });
/**
 * `POST /admin/staff/{id}/reset_tfa` (owners, not on oneself): that member's two-factor is off at once
 * (recovery codes void, sessions ended); they set it up again at their next sign-in (decision 0021).
 */
export const StaffTfaResetAnswer = z.object({ ok: z.literal(true) }).meta({ id: 'StaffTfaResetAnswer' });

// ——— The home page's content (staff): banners, popups, product groups, image pages ———

const contentLink = z
  .string()
  .nullable()
  .optional()
  .describe('A path on the shop (`/search?…`) or an http(s) address; empty or null for none');
const sortOrder = z
  .int()
  .optional()
  .describe('Place in the list, smallest first; a new one goes last and an edit keeps its place when absent');
const enabled = z.boolean().optional().describe('Shown on the storefront; a new one is, an edit keeps it when absent');

export const AdminBannerInput = z.object({
  title: z.string().describe("Shown on the banner and its picture's text alternative"),
  image: z.string().describe('Image name on the assets host'),
  link: contentLink,
  sortOrder,
  enabled,
});
export type AdminBannerInput = z.infer<typeof AdminBannerInput>;
export const AdminBanner = z
  .object({ id: Uuid, title: z.string(), image: z.string(), link: z.string().nullable(), sortOrder: z.int(), enabled: z.boolean() })
  .meta({ id: 'AdminBanner' });
export type AdminBanner = z.infer<typeof AdminBanner>;
export const AdminBannerList = z.object({ banners: z.array(AdminBanner) });
export const AdminBannerDetail = z.object({ banner: AdminBanner });

export const AdminPopupInput = z.object({
  name: z.string(),
  image: z.string().nullable().optional().describe('Image name on the assets host; none when empty'),
  link: contentLink,
  sortOrder,
  enabled,
});
export type AdminPopupInput = z.infer<typeof AdminPopupInput>;
export const AdminPopup = z
  .object({
    id: Uuid,
    name: z.string(),
    image: z.string().nullable(),
    link: z.string().nullable(),
    sortOrder: z.int(),
    enabled: z.boolean(),
  })
  .meta({ id: 'AdminPopup' });
export type AdminPopup = z.infer<typeof AdminPopup>;
export const AdminPopupList = z.object({ popups: z.array(AdminPopup) });
export const AdminPopupDetail = z.object({ popup: AdminPopup });

export const AdminHomeGroupInput = z.object({
  name: z.string(),
  categoryId: Uuid.nullable().optional().describe('The category (with its subcategories) whose newest products it shows'),
  productIds: z.array(Uuid).optional().describe('Or the products it shows, in order (without a category)'),
  productLimit: z.int().optional().describe('How many products it shows, 1 to 50; a list: its length when absent, a category: 12'),
  sortOrder,
  enabled,
});
export type AdminHomeGroupInput = z.infer<typeof AdminHomeGroupInput>;
export const AdminHomeGroup = z
  .object({
    id: Uuid,
    name: z.string(),
    categoryId: Uuid.nullable(),
    productIds: z.array(Uuid),
    productLimit: z.int(),
    sortOrder: z.int(),
    enabled: z.boolean(),
  })
  .meta({ id: 'AdminHomeGroup' });
export type AdminHomeGroup = z.infer<typeof AdminHomeGroup>;
export const AdminHomeGroupList = z.object({ groups: z.array(AdminHomeGroup) });
export const AdminHomeGroupDetail = z.object({ group: AdminHomeGroup });

export const AdminImagePageInput = z.object({
  title: z.string(),
  slug: z.string().optional().describe('URL name (`/page/<slug>` on the storefront); made from the title when absent'),
  blocks: z
    .array(z.object({ image: z.string(), alt: z.string().describe('Text alternative of the picture'), link: contentLink }))
    .describe('1 to 30 pictures, in order'),
  enabled,
});
export type AdminImagePageInput = z.infer<typeof AdminImagePageInput>;
export const AdminImagePage = z
  .object({
    id: Uuid,
    slug: z.string(),
    title: z.string(),
    blocks: z.array(z.object({ image: z.string(), alt: z.string(), link: z.string().nullable() })),
    enabled: z.boolean(),
  })
  .meta({ id: 'AdminImagePage' });
export type AdminImagePage = z.infer<typeof AdminImagePage>;
export const AdminImagePageList = z.object({ imagePages: z.array(AdminImagePage) });
export const AdminImagePageDetail = z.object({ imagePage: AdminImagePage });

// ——— Jobs: work done after a change (mail, …), and staff's retry of what failed for good (issue 28) ———

const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];
const ADMIN_JOBS_MAX_LIMIT = 100;

export const AdminJobListQuery = z.object({
  state: z.enum(JOB_STATES).optional().describe('Only jobs in this state; every state when absent'),
  kind: z.string().max(80).optional().describe('Only jobs of this kind, e.g. `mail.deliver`'),
  limit: queryInt(1, ADMIN_JOBS_MAX_LIMIT).optional().describe('50 when absent'),
  before: queryInt(1, Number.MAX_SAFE_INTEGER).optional().describe('The next page: the id of the last job of the page before'),
});
export type AdminJobListQuery = z.infer<typeof AdminJobListQuery>;

export const AdminJobIdParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });

export const AdminJob = z
  .object({
    id: z.int(),
    kind: z.string().describe('What does the work, e.g. `mail.deliver`'),
    payload: z.record(z.string(), z.unknown()).describe('What the work is about, as the kind reads it'),
    state: z.enum(JOB_STATES).describe('dead: failed `maxAttempts` times and waits for staff to retry it'),
    runAt: UnixSeconds.describe('When it runs next (queued), or last ran'),
    attempts: z.int().describe('Tries so far'),
    maxAttempts: z.int(),
    lastError: z.string().nullable().describe('Why the last try failed'),
    createdAt: UnixSeconds,
    finishedAt: UnixSeconds.nullable(),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof AdminJob>;

export const AdminJobList = z.object({
  jobs: z.array(AdminJob).describe('Newest first'),
  counts: z.object({ queued: z.int(), running: z.int(), done: z.int(), dead: z.int() }).describe('Every job by state, whatever the filter'),
  nextBefore: z.int().nullable().describe('`before` for the next page; null on the last one'),
});
export type AdminJobList = z.infer<typeof AdminJobList>;

export const DevFailedJobAnswer = z.object({ job: AdminJob });
