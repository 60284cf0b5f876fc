import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  API_PORT: port.default(4000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('PostgreSQL connection; the embedded PGlite is used when absent'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  ASSETS_URL: url.optional().describe("Public base URL of the assets host; default `/assets` on the storefront's origin"),
  PUBLIC_API_URL: url.optional().describe('Public base URL of this API, used to build the default ASSETS_URL'),
  WEB_ORIGINS: z.string().default('http://localhost:3000'),
  SEED_DEMO: flag.default(true).describe('Seed the demo catalogue on first start of an empty database'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): boolean | string[] => {
      if (['true', '1'].includes(v)) return true;
      if (['false', '0'].includes(v)) return false;
      const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be true, false or a list of addresses/CIDRs (or loopback, linklocal, uniquelocal); bad: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return entries;
    })
    .default(false),
  MAIL_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('SMTP server, smtp://user:password@host:587 or smtps://…:465; mail only goes to the outbox when absent'),
  MAIL_FROM: z.string().min(3).default('Kedai <no-reply@kedai.example>'),
  VERIFY_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  VERIFY_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Per client address (an IPv6 /64); decision record 0007.
  RATE_LIMIT_REGISTER: limit.default({ limit: 10, windowSeconds: 3600 }),
  RATE_LIMIT_VERIFY_EMAIL: limit.default({ limit: 20, windowSeconds: 900 }),
  RATE_LIMIT_RESEND_CODE: limit.default({ limit: 10, windowSeconds: 900 }),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  pgliteDir: string;
  assetsDir: string;
  assetsUrl: string;
  webOrigins: string[];
  seedDemo: boolean;
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
  };
}

export interface RateLimitSetting {
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
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
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
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    assetsDir: resolve(dataDir, 'assets'),
    assetsUrl: (e.ASSETS_URL ?? defaultAssetsUrl).replace(/\/+$/, ''),
    webOrigins: e.WEB_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    seedDemo: e.SEED_DEMO,
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
    },
  };
}
