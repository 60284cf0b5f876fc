import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckoutSummary } from './CheckoutSummary';
import styles from './list.module.css';

/*
 * What the summary beside a list shows, rendered as HTML (the web tests run in Node without a DOM;
 * the phone's bar shows only in a browser, once the summary is out of view). The pages that use it
 * are tested in quotation-pages.test.tsx.
 */

const summary = (extra: { footer?: string } = {}) =>
  renderToStaticMarkup(
    <CheckoutSummary
      titleId="cart-summary-title"
      barLabel="Cart total"
      totalLabel="Subtotal (2 items)"
      total="SGD 10.00"
      soonId="checkout-soon"
      kept="Your cart is saved until then."
      {...extra}
    >
      <p>1 selected item has no price in Singapore and is not counted.</p>
    </CheckoutSummary>,
  );

describe('CheckoutSummary', () => {
  it('is named by its heading, and says the total with what it counts (announced as it changes)', () => {
    const html = summary();
    expect(html).toMatch(
      new RegExp(`^<aside class="${styles.summary}" aria-labelledby="cart-summary-title"><h2 id="cart-summary-title">Summary</h2>`),
    );
    expect(html).toContain(
      `<p class="${styles.subtotal}" aria-live="polite" aria-atomic="true"><span>Subtotal (2 items)</span><strong>SGD 10.00</strong></p>`,
    );
  });

  it('puts its notes under the total, then the shipping note, Checkout and why it is not available yet', () => {
    const html = summary({ footer: 'See your quotations.' });
    const order = [
      'Subtotal (2 items)',
      'not counted.',
      'Shipping and taxes are worked out at checkout.',
      `<button type="button" class="button button--primary ${styles.checkout}" disabled="" aria-describedby="checkout-soon">Checkout</button>`,
      `<p class="${styles.hint}" id="checkout-soon">Checkout is not available yet — it is coming soon. Your cart is saved until then.</p>`,
      'See your quotations.',
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
