/**
 * What the Stripe journeys share (issue 17). They run against the shop that takes cards through
 * Stripe (`stripeBaseURL`, its API `stripeApi`: playwright.config.ts), whose API talks to the Stripe
 * simulator (fixture-stripe.ts, hand-written and typed against the `stripe` package's types). The
 * browser cannot reach Stripe either: `routeStripe` serves the Stripe.js stand-in (fixture-stripe-js.js)
 * and hands its calls to the simulator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { stripeFixtureOrigin } from './playwright.config';

export { stripeApi, stripeBaseURL } from './playwright.config';

const stripeJs = readFileSync(join(import.meta.dirname, 'fixture-stripe-js.js'), 'utf8');
/** Stripe's hosts (js., api., m., r., hooks.…) and its fraud-signal one (m.stripe.network). */
const stripeHosts = /^https?:\/\/([^/]+\.)?stripe\.(com|network)(:\d+)?\//;

/**
 * Stripe's test cards as a shopper types them into the stand-in's Payment Element, and what each does
 * there (the Stripe simulator's TEST_CARDS). Any other number is refused as a live card in test mode.
 */
export const testCards = {
  /** Paid. */
  visa: '4242 4242 4242 4242',
  /** Paid. */
  mastercard: '5555 5555 5555 4444',
  /** Declined: card_declined, generic_decline ("Your card was declined."). */
  declined: '4000 0000 0000 0002',
  /** Declined: card_declined, insufficient_funds. */
  insufficientFunds: '4000 0000 0000 9995',
  /** Declined: expired_card. */
  expired: '4000 0000 0000 0069',
  /** 3-D Secure on every payment (the stand-in approves it; see fixture-stripe-js.js). */
  authenticationRequired: '4000 0027 6000 3184',
  /** 3-D Secure unless saved by an authenticated payment and then charged off-session. */
  authenticationRequiredOnSetup: '4000 0025 0000 3155',
} as const;

/**
 * Routes Stripe's hosts for this page (or every page of a context): Stripe.js is the stand-in, its
 * `https://api.stripe.com/__fixture/…` calls go to the Stripe simulator, and anything else at Stripe is
 * refused, so no journey depends on the internet. Call it before the page loads Stripe.js.
 */
export async function routeStripe(page: Page | BrowserContext): Promise<void> {
  await page.route(stripeHosts, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'js.stripe.com') {
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs });
    } else if (url.hostname === 'api.stripe.com' && url.pathname.startsWith('/__fixture/')) {
      // The simulator answers CORS itself (any origin), as api.stripe.com does for Stripe.js.
      const response = await route.fetch({ url: `${stripeFixtureOrigin}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    } else {
      await route.abort('blockedbyclient');
    }
  });
}
