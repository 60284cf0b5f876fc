import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const webPort = Number(process.env.E2E_WEB_PORT ?? 3700);
const apiPort = Number(process.env.E2E_API_PORT ?? 4700);
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? 3701);
const marketplacePort = Number(process.env.E2E_MARKETPLACE_PORT ?? 4790);
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 4791);
const stripeWebPort = Number(process.env.E2E_STRIPE_WEB_PORT ?? 3702);
const stripeApiPort = Number(process.env.E2E_STRIPE_API_PORT ?? 4702);
const stripeAdminPort = Number(process.env.E2E_STRIPE_ADMIN_PORT ?? 3703);
/** The fixture marketplace (e2e/fixture-marketplace.mjs) the "buy it for me" journey pastes links of. */
export const marketplaceOrigin = `http://127.0.0.1:${marketplacePort}`;
export const baseURL = `http://127.0.0.1:${webPort}`;
/** The Stripe simulator (e2e/fixture-stripe.ts) the Stripe-mode stack's API talks to instead of Stripe. */
export const stripeFixtureOrigin = `http://127.0.0.1:${stripePort}`;
/**
 * A second shop that takes cards through Stripe (issue 17): its own ports and data folder, the same
 * settings plus Stripe's keys. Its journeys `test.use({ baseURL: stripeBaseURL })` and route Stripe's
 * hosts with `routeStripe` (e2e/stripe-support.ts).
 */
export const stripeBaseURL = `http://127.0.0.1:${stripeWebPort}`;
export const stripeApi = `http://127.0.0.1:${stripeApiPort}`;
/**
 * Sign-in tries per client address in 15 minutes. Every journey signs in from 127.0.0.1 (and the
 * demo owner signs in for each back-office journey, at both sizes), so the shop's default of 30 is
 * too few for the suite; e2e/security.spec.ts proves the limit holds at this figure.
 */
export const loginLimitPerAddress = 200;

/** The settings of a shop under test: `npm start`'s, on the given ports and data folder. */
function appEnv(stack: { dataDir: string; api: number; web: number; admin: number }): Record<string, string> {
  return {
    DATA_DIR: stack.dataDir,
    API_PORT: String(stack.api),
    WEB_PORT: String(stack.web),
    ADMIN_PORT: String(stack.admin),
    WEB_ORIGINS: `http://127.0.0.1:${stack.web}`,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every journey registers, verifies and signs in its own accounts from this one address; the
    // shop's defaults (10 registrations an hour, 20 verifications and 30 sign-ins in 15 minutes) are for the public.
    RATE_LIMIT_REGISTER: '500/3600',
    RATE_LIMIT_VERIFY_EMAIL: '500/900',
    RATE_LIMIT_RESEND_CODE: '500/900',
    RATE_LIMIT_LOGIN: `${loginLimitPerAddress}/900`,
    RATE_LIMIT_LOGIN_ACCOUNT: '100/900',
    RATE_LIMIT_TFA: '100/300',
    // Every journey's product pages record their views from this one address.
    RATE_LIMIT_PRODUCT_VIEW: '5000/600',
    NEXT_TELEMETRY_DISABLED: '1',
    // Only here may pasted links reach a loopback address: the fixture marketplace's.
    SAFE_FETCH_TEST_ORIGINS: `127.0.0.1:${marketplacePort}`,
  };
}

/** Debian's Chromium: test tools' own browser downloads are not available here. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    // A phone of 390 × 844 CSS pixels (the size shoppers' most common phones have), touch and mobile.
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
  ],
  webServer: [
    {
      command: 'node e2e/fixture-marketplace.mjs',
      cwd: join(import.meta.dirname, '..'),
      url: `${marketplaceOrigin}/p/studio-headphones`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_MARKETPLACE_PORT: String(marketplacePort) },
    },
    // The real app as a new user starts it: `npm start` on a fresh data folder (scripts/e2e.mjs empties it).
    {
      command: 'node scripts/start.mjs',
      cwd: join(import.meta.dirname, '..'),
      url: `${baseURL}/`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnv({
        dataDir: process.env.E2E_DATA_DIR ?? join(tmpdir(), 'kedai-e2e'),
        api: apiPort,
        web: webPort,
        admin: adminPort,
      }),
    },
    // Answers only with an API key: the 401 to a bare GET is "up" to Playwright (any status below 404 is).
    {
      command: `node --import tsx e2e/fixture-stripe.ts --port ${stripePort}`,
      cwd: join(import.meta.dirname, '..'),
      url: `${stripeFixtureOrigin}/v1/payment_intents`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The Stripe-mode shop. Playwright starts these entries one after another, each once the previous
    // answers its url, so start.mjs finds the first stack's builds done and only runs them.
    {
      command: 'node scripts/start.mjs',
      cwd: join(import.meta.dirname, '..'),
      url: `${stripeBaseURL}/`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...appEnv({
          dataDir: process.env.E2E_STRIPE_DATA_DIR ?? join(tmpdir(), 'kedai-e2e-stripe'),
          api: stripeApiPort,
          web: stripeWebPort,
          admin: stripeAdminPort,
        }),
        STRIPE_SECRET_KEY: 'sk_test_kedaie2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kedaie2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_kedaie2e',
        STRIPE_TEST_API_ORIGIN: stripeFixtureOrigin,
      },
    },
  ],
});
