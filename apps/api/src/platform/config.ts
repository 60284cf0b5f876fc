import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_MAX_CART_ITEMS,
  DEFAULT_MAX_QUOTATION_ITEMS,
  DEFAULT_MAX_WISHLIST_ITEMS,
  paymentsSetup,
  type PaymentsSetup,
} from '@kedai/domain';
import { SecretBoxError, parseBoxKeys, type BoxKey } from './secret-box';

/** The engines that can answer catalogue searches (modules/catalogue/search-index, decision 0020). */
const SEARCH_ENGINES = ['memory', 'postgres'] as const;
export type SearchEngineName = (typeof SEARCH_ENGINES)[number];

/**
 * What one API process may run (SERVICES; decision 0023): spec §7's `auth` and `store` services and
 * its serverless `fn`, the back office (`admin`) and the durable job runner (`jobs`). Health and
 * system routes are served by every process.
 */
const SERVICE_NAMES = ['auth', 'store', 'admin', 'fn', 'jobs'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
const isServiceName = (name: string): name is ServiceName => (SERVICE_NAMES as readonly string[]).includes(name);

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = z.url({ protocol: /^https?$/ });
/** `HITS/SECONDS`, e.g. `10/3600`: at most HITS requests per window of SECONDS. */
const limit = z
  .string()
  .regex(/^\d{1,7}\/\d{1,6}$/, 'must be HITS/SECONDS, e.g. 10/3600')
  .transform((v) => {
    const [hits, seconds] = v.split('/').map(Number) as [number, number];
    return { limit: hits, windowSeconds: seconds };
  })
  .refine((l) => l.limit >= 1 && l.windowSeconds >= 1 && l.windowSeconds <= 86_400, 'needs HITS ≥ 1 and 1 ≤ SECONDS ≤ 86400');

/**
 * Every setting of the API process, declared once: name, parse, default and documentation (`.describe`).
 * README.md's configuration table is checked against it (test/config-readme.test.ts).
 */
export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('production for a public shop: requires JWT_SECRET and TFA_ENCRYPTION_KEY, secure cookies, no development outbox'),
  HOST: z.string().min(1).default('0.0.0.0').describe('API listen address'),
  API_PORT: port.default(4000).describe('API port'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('PostgreSQL connection; the embedded PGlite is used when absent'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10).describe('PostgreSQL connections per API process'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .describe("Redis for the processes' wake-ups (pub/sub: caches, search index, jobs); the database's LISTEN/NOTIFY when absent"),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(10)
    .describe('On SIGTERM, how long /health/ready answers 503 (requests still served) before the process stops taking requests'),
  SERVICES: z
    .string()
    .transform((v, ctx): ServiceName[] => {
      const names = v
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !isServiceName(n));
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of ${SERVICE_NAMES.join(', ')}; unknown: ${unknown.join(', ') || '(none given)'}`,
        });
        return z.NEVER;
      }
      return [...new Set(names as ServiceName[])];
    })
    .default([...SERVICE_NAMES])
    .describe('What this API process runs: auth, store, admin (the back office), fn, jobs (the durable job runner); health always'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('.data')
    .describe('PGlite data (pglite/), the local assets host (assets/) and private files never served as assets (private/: chat photos)'),
  ASSETS_URL: url.optional().describe("Public base URL of the assets host; default `/assets` on the storefront's origin"),
  PUBLIC_API_URL: url.optional().describe('Public base URL of this API, used to build the default ASSETS_URL'),
  WEB_ORIGINS: z.string().default('http://localhost:3000').describe('Comma-separated origins allowed to call the API with credentials'),
  SEARCH_ENGINE: z
    .enum(SEARCH_ENGINES)
    .default('memory')
    .describe(
      'memory: an index of the catalogue in each API process, kept fresh from the database (decision 0020); postgres: ask the database each search',
    ),
  SEED_DEMO: flag.default(true).describe('Seed the demo catalogue on first start of an empty database'),
  DEV_OUTBOX: flag
    .optional()
    .describe('Serve the stored mails at GET /dev/outbox to loopback clients; default on only for the embedded demo, never in production'),
  API_DOCS: flag
    .optional()
    .describe('Serve the API reference (every route, /admin ones included) at /docs and /docs/json; default on except in production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino level, or silent'),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): boolean | string[] => {
      if (['true', '1'].includes(v)) return true;
      if (['false', '0'].includes(v)) return false;
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, false or a list of addresses/CIDRs (or loopback, linklocal, uniquelocal); bad: ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .default(false)
    .describe("Trust X-Forwarded-*: true (left-most entry) or a list of the proxies' addresses/CIDRs (decision 0007)"),
  MAIL_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('SMTP server, smtp://user:password@host:587 or smtps://…:465; mail only goes to the outbox when absent'),
  MAIL_FROM: z.string().min(3).default('Kedai <no-reply@kedai.example>').describe("Sender of the shop's e-mails"),
  VERIFY_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15).describe('How long an e-mail verification code works'),
  VERIFY_CODE_RESEND_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe('Least time between two verification codes for one address'),
  RATE_LIMIT_REGISTER: limit
    .default({ limit: 10, windowSeconds: 3600 })
    .describe('Registrations per client address (IPv6: per /64) per window, HITS/SECONDS (decision 0007)'),
  RATE_LIMIT_VERIFY_EMAIL: limit
    .default({ limit: 20, windowSeconds: 900 })
    .describe('E-mail verification attempts per client address per window'),
  RATE_LIMIT_RESEND_CODE: limit
    .default({ limit: 10, windowSeconds: 900 })
    .describe('Verification-code resends per client address per window'),
  RATE_LIMIT_LOGIN: limit.default({ limit: 30, windowSeconds: 900 }).describe('Sign-in attempts per client address per window'),
  RATE_LIMIT_LOGIN_ACCOUNT: limit
    .default({ limit: 10, windowSeconds: 900 })
    .describe('Sign-in attempts per e-mail address per window: bounds guessing against one account from many addresses'),
  RATE_LIMIT_FORGOT_PASSWORD: limit
    .default({ limit: 10, windowSeconds: 3600 })
    .describe('Password-reset requests per client address per window'),
  RATE_LIMIT_FORGOT_PASSWORD_ACCOUNT: limit
    .default({ limit: 3, windowSeconds: 3600 })
    .describe('Password-reset requests per e-mail address per window'),
  RATE_LIMIT_TFA: limit
    .default({ limit: 10, windowSeconds: 300 })
    .describe('Two-factor codes tried (wrong and right alike) per client address per window'),
  RATE_LIMIT_TFA_RESET: limit.default({ limit: 3, windowSeconds: 3600 }).describe('Two-factor reset e-mails per user per window'),
  RATE_LIMIT_SEARCH_EXTERNAL: limit
    .default({ limit: 30, windowSeconds: 3600 })
    .describe('Product links read per user for "buy it for me" (each one a fetch of another site) per window'),
  RATE_LIMIT_OPENGRAPH: limit
    .default({ limit: 60, windowSeconds: 600 })
    .describe('Link previews asked per user (POST /opengraph; a fetch of another site unless kept) per window'),
  RATE_LIMIT_VOUCHER: limit
    .default({ limit: 30, windowSeconds: 900 })
    .describe('Voucher codes tried (right and wrong alike) per client address per window'),
  RATE_LIMIT_VOUCHER_ACCOUNT: limit.default({ limit: 10, windowSeconds: 900 }).describe('Voucher codes tried per user per window'),
  RATE_LIMIT_CHAT: limit
    .default({ limit: 30, windowSeconds: 60 })
    .describe('Order chat messages and photos posted per user (shopper or staff) per window'),
  RATE_LIMIT_PRODUCT_VIEW: limit
    .default({ limit: 300, windowSeconds: 600 })
    .describe('Product page views recorded for "Recently viewed" (POST /product/{id}/view) per client address per window'),
  RATE_LIMIT_SOCKET: limit
    .default({ limit: 120, windowSeconds: 60 })
    .describe('Live socket connection attempts (/ws) per client address per window, counted before the session is read'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('Signs access tokens; required in production, shared by every API process'),
  UNSUBSCRIBE_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      "Signs the one-click unsubscribe links of optional e-mails (they never expire); default: derived from the access tokens' key (HKDF, its own label)",
    ),
  TFA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .describe(
      'Keys that encrypt two-factor secrets at rest, ID:BASE64KEY[,ID:BASE64KEY…] (32-byte keys; the first encrypts); required in production',
    ),
  COOKIE_SECURE: flag.optional().describe('Session cookies only over HTTPS; default true in production'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900).describe('Life of an access token'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(24)
    .describe('A session without "remember me" ends after this long without a refresh'),
  REMEMBER_ME_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .describe('A remembered session ends after this long without a refresh'),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120)
    .default(10)
    .describe('A refresh token used again within this time of its rotation (two tabs) is not treated as stolen'),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60).describe('Life of a password-reset link'),
  TFA_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60).describe('Life of a two-factor-reset link'),
  TFA_RESET_WAIT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(72)
    .describe('Hours a two-factor reset by e-mail waits (the account told, "this was not me" open) before it takes effect (decision 0021)'),
  PUBLIC_WEB_URL: url.optional().describe('Public address of the storefront, for links in e-mails; default the first WEB_ORIGINS entry'),
  MAX_ADDRESSES_PER_USER: z.coerce.number().int().min(1).max(1000).default(10).describe('Addresses one user may keep'),
  MAX_CART_ITEMS: z.coerce.number().int().min(1).max(10000).default(DEFAULT_MAX_CART_ITEMS).describe('Lines one cart may hold'),
  MAX_WISHLIST_ITEMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(DEFAULT_MAX_WISHLIST_ITEMS)
    .describe('Products one wishlist may hold'),
  MAX_QUOTATION_ITEMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(DEFAULT_MAX_QUOTATION_ITEMS)
    .describe("Items one shopper's quotation list may hold"),
  CHECKOUT_SESSION_MINUTES: z.coerce.number().int().min(5).max(1440).default(60).describe('How long a checkout session lasts'),
  ORDER_PAYMENT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(10080)
    .default(30)
    .describe('How long an order waits for its payment before it is cancelled and its stock given back'),
  MAX_IMAGE_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(8 * 1024 * 1024)
    .describe('Largest image staff may upload (POST /admin/image), in bytes'),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name, e.g. cf-ipcountry')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe("Request header a trusted CDN sets to the visitor's country; unset means no header is trusted"),
  SAFE_FETCH_TEST_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      const bad = entries.filter((e) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(e));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of host:port, e.g. 127.0.0.1:4790; bad: ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional()
    .describe(
      'Only for test fixtures: host:port origins (comma-separated) that pasted links may reach although they are on loopback; refused in production',
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
    .optional()
    .describe('Stripe secret key: with the publishable key and the webhook secret, cards are paid through Stripe'),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_live_… or pk_test_…)')
    .optional()
    .describe('Stripe publishable key, for Stripe Elements on the checkout page'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .describe('Signing secret of the webhook endpoint /payment/stripe/webhook (or the one `stripe listen` prints)'),
  STRIPE_TEST_API_ORIGIN: z
    .url()
    .optional()
    .describe("Only for test fixtures: a local stand-in for Stripe's API (e.g. http://127.0.0.1:4420); refused in production"),
  PAYMENTS_TEST_MODE: flag
    .optional()
    .describe(
      'Payments that move no money (the built-in test gateway, Stripe test keys), every page saying so; default on outside production, off in production (decision 0019)',
    ),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Pub/sub between API processes over Redis; absent, over the database (platform/pubsub.ts). */
  redisUrl: string | undefined;
  /** On SIGTERM: how long the process says it is not ready before it stops taking requests (a balancer's time to notice). */
  shutdownGraceSeconds: number;
  /** What this process runs (SERVICES): its routes' services, the back office, the job runner. */
  services: ReadonlySet<ServiceName>;
  dataDir: string;
  pgliteDir: string;
  assetsDir: string;
  /**
   * Files only some users may see (the order chat's photos, `chat/`), never on the assets host: read
   * through routes that check who asks. Shared by every API process, as the assets folder is.
   */
  privateDir: string;
  assetsUrl: string;
  webOrigins: string[];
  seedDemo: boolean;
  /** Which engine answers catalogue searches (modules/catalogue/search-index). */
  searchEngine: SearchEngineName;
  /**
   * `GET /dev/outbox` (every stored mail, codes and reset links included) is served, to direct
   * loopback clients only. On by default only for the embedded demo: development mode on PGlite.
   */
  devOutbox: boolean;
  /** The API reference at `/docs` and `/docs/json` is served (issue 27: it lists every /admin route). */
  apiDocs: boolean;
  logLevel: string;
  /**
   * Fastify's `trustProxy`: `true` takes the left-most `X-Forwarded-For` entry (only safe when the
   * front overwrites it); a list trusts only those hops, so the client is the right-most untrusted
   * address (what per-client rate limits need behind the storefront's proxy; decision record 0007).
   */
  trustProxy: boolean | string[];
  /** smtp(s):// URL; undefined keeps mail in the outbox only. */
  mailUrl: string | undefined;
  mailFrom: string;
  /** How long an e-mail verification code stays usable. */
  verifyCodeTtlMinutes: number;
  /** Least time between two verification codes for one address. */
  verifyCodeResendSeconds: number;
  /** Per-client-address limits of the auth routes (`HITS/SECONDS` variables). */
  rateLimits: {
    register: RateLimitSetting;
    verifyEmail: RateLimitSetting;
    resendVerifyCode: RateLimitSetting;
    login: RateLimitSetting;
    loginAccount: RateLimitSetting;
    forgotPassword: RateLimitSetting;
    forgotPasswordAccount: RateLimitSetting;
    tfa: RateLimitSetting;
    tfaReset: RateLimitSetting;
    searchExternal: RateLimitSetting;
    opengraph: RateLimitSetting;
    voucher: RateLimitSetting;
    voucherAccount: RateLimitSetting;
    chat: RateLimitSetting;
    productView: RateLimitSetting;
    socket: RateLimitSetting;
  };
  /**
   * The clock of rate-limit windows and two-factor time steps. Never set from the environment:
   * absent, windows follow the database's `now()` (the one clock every process shares) and steps the
   * server's clock (as the shopper's authenticator app does); tests set a fixed, window-aligned one.
   */
  clock?: () => Date;
  /** Signs access tokens; undefined outside production means a secret kept in DATA_DIR (platform/secrets.ts). */
  jwtSecret: string | undefined;
  /** Encrypt two-factor secrets (the first encrypts); undefined outside production means a key kept in DATA_DIR. */
  tfaEncryptionKeys: BoxKey[] | undefined;
  /** Signs unsubscribe links; undefined means a key derived from the access tokens' (platform/secrets.ts). */
  unsubscribeSecret: string | undefined;
  cookieSecure: boolean;
  accessTokenTtlSeconds: number;
  /** Lifetime of a session without "remember me" (sliding, renewed by each refresh). */
  sessionTtlHours: number;
  /** Lifetime of a remembered session (sliding). */
  rememberMeDays: number;
  /** A refresh token presented again within this many seconds of its rotation (two tabs at once) is not treated as theft. */
  refreshReuseGraceSeconds: number;
  passwordResetTtlMinutes: number;
  tfaResetTtlMinutes: number;
  /** A two-factor reset by e-mail takes effect this many hours after the link is used, unless cancelled (decision 0021). */
  tfaResetWaitHours: number;
  /** Storefront address for links in e-mails, without a trailing slash. */
  publicWebUrl: string;
  /** Addresses one user may keep (`user/max_addresses_reached` beyond it). */
  maxAddressesPerUser: number;
  /** Lines one cart may hold (`cart/max_items_reached` beyond it). */
  maxCartItems: number;
  /** Products one wishlist may hold (`wishlist/max_items_reached` beyond it). */
  maxWishlistItems: number;
  maxQuotationItems: number;
  checkoutSessionMinutes: number;
  orderPaymentMinutes: number;
  /** Largest image body `POST /admin/image` reads (413 `general/payload_too_large` beyond it). */
  maxImageUploadBytes: number;
  /**
   * Lower-case name of the header a trusted CDN sets to the visitor's country (e.g. `cf-ipcountry`).
   * Undefined: no header is trusted, since any client could send one; GeoIP decides instead.
   */
  countryHeader: string | undefined;
  /**
   * `host:port` origins the safe fetcher (platform/safe-fetch.ts) may reach although their address is
   * not public: the fixture marketplace of the tests and journeys. Empty unless set; refused in production.
   */
  safeFetchTestOrigins: string[];
  /** Stripe's keys when all three are set: cards are paid through Stripe; otherwise the built-in test gateway. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiOrigin?: string } | null;
  /**
   * Who takes cards (null: nobody, so cards are not offered) and whether no payment moves real money
   * (test mode, shown on every page and order e-mail): `paymentsSetup` in packages/domain, the one rule.
   */
  payments: PaymentsSetup;
}

interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment once at boot; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR=` usage.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET: required in production (at least 32 random characters, the same for every API process)']);
  }
  let tfaEncryptionKeys: BoxKey[] | undefined;
  try {
    tfaEncryptionKeys = e.TFA_ENCRYPTION_KEY ? parseBoxKeys(e.TFA_ENCRYPTION_KEY) : undefined;
  } catch (error) {
    if (error instanceof SecretBoxError) throw new ConfigError([`TFA_ENCRYPTION_KEY: ${error.message}`]);
    throw error;
  }
  if (e.NODE_ENV === 'production' && !tfaEncryptionKeys) {
    throw new ConfigError([
      'TFA_ENCRYPTION_KEY: required in production (e.g. main:$(openssl rand -base64 32)), the same for every API process',
    ]);
  }
  if (e.NODE_ENV === 'production' && e.DEV_OUTBOX) {
    throw new ConfigError(['DEV_OUTBOX: cannot be on in production (it shows every mail the shop sends, reset links included)']);
  }
  if (e.NODE_ENV === 'production' && e.SAFE_FETCH_TEST_ORIGINS) {
    throw new ConfigError([
      'SAFE_FETCH_TEST_ORIGINS: cannot be set in production (it lets pasted links reach addresses that are not public, for test fixtures only)',
    ]);
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three to take cards through Stripe, or none for the test gateway',
    ]);
  }
  // Who takes cards and whether payments are pretend (packages/domain payment-setup, decision 0019).
  const stripeMode = e.STRIPE_SECRET_KEY ? (/^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY) ? 'live' : 'test') : null;
  if (stripeMode && !e.STRIPE_PUBLISHABLE_KEY?.startsWith(`pk_${stripeMode}_`)) {
    throw new ConfigError([`STRIPE_PUBLISHABLE_KEY: must be a ${stripeMode} key (pk_${stripeMode}_…), as STRIPE_SECRET_KEY is`]);
  }
  const payments = paymentsSetup({ production: e.NODE_ENV === 'production', stripe: stripeMode, testModeFlag: e.PAYMENTS_TEST_MODE });
  if ('problem' in payments) throw new ConfigError([payments.problem]);
  if (e.NODE_ENV === 'production' && e.STRIPE_TEST_API_ORIGIN) {
    throw new ConfigError(["STRIPE_TEST_API_ORIGIN: cannot be set in production (it sends payments to a stand-in for Stripe's API)"]);
  }
  const webOrigins = e.WEB_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const dataDir = resolve(e.DATA_DIR);
  // Without a public API address, images are served on the storefront's own origin: it forwards
  // `/assets/…` to this API, so the default works from any machine, not only from this one.
  const defaultAssetsUrl = e.PUBLIC_API_URL ? `${e.PUBLIC_API_URL.replace(/\/+$/, '')}/assets` : '/assets';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.API_PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    services: new Set(e.SERVICES),
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    assetsDir: resolve(dataDir, 'assets'),
    privateDir: resolve(dataDir, 'private'),
    assetsUrl: (e.ASSETS_URL ?? defaultAssetsUrl).replace(/\/+$/, ''),
    webOrigins,
    seedDemo: e.SEED_DEMO,
    searchEngine: e.SEARCH_ENGINE,
    devOutbox: e.DEV_OUTBOX ?? (e.NODE_ENV === 'development' && !e.DATABASE_URL),
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    verifyCodeTtlMinutes: e.VERIFY_CODE_TTL_MINUTES,
    verifyCodeResendSeconds: e.VERIFY_CODE_RESEND_SECONDS,
    rateLimits: {
      register: e.RATE_LIMIT_REGISTER,
      verifyEmail: e.RATE_LIMIT_VERIFY_EMAIL,
      resendVerifyCode: e.RATE_LIMIT_RESEND_CODE,
      login: e.RATE_LIMIT_LOGIN,
      loginAccount: e.RATE_LIMIT_LOGIN_ACCOUNT,
      forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD,
      forgotPasswordAccount: e.RATE_LIMIT_FORGOT_PASSWORD_ACCOUNT,
      tfa: e.RATE_LIMIT_TFA,
      tfaReset: e.RATE_LIMIT_TFA_RESET,
      searchExternal: e.RATE_LIMIT_SEARCH_EXTERNAL,
      opengraph: e.RATE_LIMIT_OPENGRAPH,
      voucher: e.RATE_LIMIT_VOUCHER,
      voucherAccount: e.RATE_LIMIT_VOUCHER_ACCOUNT,
      chat: e.RATE_LIMIT_CHAT,
      productView: e.RATE_LIMIT_PRODUCT_VIEW,
      socket: e.RATE_LIMIT_SOCKET,
    },
    jwtSecret: e.JWT_SECRET,
    tfaEncryptionKeys,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    rememberMeDays: e.REMEMBER_ME_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    tfaResetTtlMinutes: e.TFA_RESET_TTL_MINUTES,
    tfaResetWaitHours: e.TFA_RESET_WAIT_HOURS,
    publicWebUrl: (e.PUBLIC_WEB_URL ?? webOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
    maxAddressesPerUser: e.MAX_ADDRESSES_PER_USER,
    maxCartItems: e.MAX_CART_ITEMS,
    maxWishlistItems: e.MAX_WISHLIST_ITEMS,
    maxQuotationItems: e.MAX_QUOTATION_ITEMS,
    checkoutSessionMinutes: e.CHECKOUT_SESSION_MINUTES,
    orderPaymentMinutes: e.ORDER_PAYMENT_MINUTES,
    maxImageUploadBytes: e.MAX_IMAGE_UPLOAD_BYTES,
    countryHeader: e.COUNTRY_HEADER,
    safeFetchTestOrigins: e.SAFE_FETCH_TEST_ORIGINS ?? [],
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_TEST_API_ORIGIN ? { apiOrigin: e.STRIPE_TEST_API_ORIGIN } : {}),
          }
        : null,
    payments,
  };
}
