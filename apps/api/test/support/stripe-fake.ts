/**
 * The Stripe simulator of the tests and journeys (e2e/fixture-stripe.ts): a hand-written simulation of
 * Stripe's API whose every answer is typed with the official `stripe` package's types. Importing it
 * here puts it in the API's `npm run typecheck`, which is what holds it to those types.
 */
export { createStripeFake, startStripeFixtureServer, type StripeFake } from '../../../../e2e/fixture-stripe';
