import type Stripe from 'stripe';

/**
 * The pretend Stripe of the tests and journeys (e2e/fixture-stripe.mjs, plain JavaScript so the
 * journeys' server runs it as it is), typed for the API tests.
 */
export interface StripeFake {
  fetch: typeof fetch;
  requests: {
    method: string;
    path: string;
    body: Record<string, any>;
    query: Record<string, any>;
    idempotencyKey: string | null;
    replayed: boolean;
  }[];
  events: Stripe.Event[];
  intents: Map<string, Stripe.PaymentIntent>;
  customers: Map<string, Stripe.Customer>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  refunds: Map<string, Stripe.Refund>;
  completeAction(intentId: string, outcome?: 'succeeded' | 'failed'): Stripe.PaymentIntent;
  confirmWithMethod(intentId: string, paymentMethod: string): Stripe.PaymentIntent;
  event(type: string, object: object): Stripe.Event;
  sign(payload: string, secret: string, timestamp?: number): string;
}
interface FixtureStripe {
  createStripeFake(options?: { apiVersion?: string; secretKey?: string; now?: () => number }): StripeFake;
  startStripeFixtureServer(options?: {
    port?: number;
    host?: string;
  }): Promise<{ fake: StripeFake; port: number; origin: string; close(): Promise<void> }>;
}
const fixtureModule: string = new URL('../../../../e2e/fixture-stripe.mjs', import.meta.url).href;
export const { createStripeFake, startStripeFixtureServer } = (await import(fixtureModule)) as FixtureStripe;
