/**
 * Settings → Payments (issue 27) as HTML: each way to pay, whether shoppers are offered it, and what
 * owners set to offer it; "shoppers cannot pay" when none is; test mode said as such.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentsSection } from './PaymentsSection';
import { paymentWays } from './payments-status';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the payments section', () => {
  it('with no way to pay, says shoppers cannot pay and what to set for each way', () => {
    const html = text(renderToStaticMarkup(<PaymentsSection payments={{ cards: null, testMode: false, methods: [] }} />));
    expect(html).toContain('Shoppers cannot pay');
    expect(html).toContain('Cards Off Not offered: the shop has no card provider.');
    expect(html).toContain('Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET on the API server and restart it');
    expect(html).toContain('PayNow Off Not offered');
    expect(html).toContain('Set the shop’s UEN or mobile number in the PayNow section below.');
    expect(html).toContain('PAYMENTS_TEST_MODE=true');
    expect(html).not.toContain('Test mode: no real money is taken');
  });

  it('in test mode says so, and names the test gateway', () => {
    const html = text(renderToStaticMarkup(<PaymentsSection payments={{ cards: 'test', testMode: true, methods: ['card', 'paynow'] }} />));
    expect(html).toContain('Test mode: no real money is taken.');
    expect(html).toContain('Cards Offered On the built-in test gateway: no real money');
    expect(html).not.toContain('Shoppers cannot pay');
  });

  it('a real shop: cards through Stripe, PayNow to its own details', () => {
    expect(paymentWays({ cards: 'stripe', testMode: false, methods: ['card', 'paynow'] })).toEqual([
      { name: 'Cards', taken: true, status: 'Through Stripe.', todo: null },
      { name: 'PayNow', taken: true, status: 'Offered for orders in Singapore dollars, to the details below.', todo: null },
    ]);
    expect(paymentWays({ cards: 'stripe', testMode: false, methods: ['card'] })[1]).toMatchObject({ taken: false });
  });
});
