import { resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = z.url({ protocol: /^https?$/ });

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
  TRUST_PROXY: flag.default(false),
  MAIL_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('SMTP server, smtp://user:password@host:587 or smtps://…:465; mail only goes to the outbox when absent'),
  MAIL_FROM: z.string().min(3).default('Kedai <no-reply@kedai.example>'),
  VERIFY_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  VERIFY_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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
  trustProxy: boolean;
  /** smtp(s):// URL; undefined keeps mail in the outbox only. */
  mailUrl: string | undefined;
  mailFrom: string;
  /** How long an e-mail verification code stays usable. */
  verifyCodeTtlMinutes: number;
  /** Least time between two verification codes for one address. */
  verifyCodeResendSeconds: number;
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
  };
}
