import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckoutSummary } from './CheckoutSummary';
import styles from './list.module.css';

/*
 * What the summary beside a list shows, rendered as HTML (the web tests run in Node without a DOM;
 * the phone's bar shows only in a browser, once the summary is out of view). The pages that use it
 * are tested in quotation-pages.test.tsx.
 */

type Extra = { footer?: string; blocked?: string | null; busy?: boolean; error?: string | null };

const summary = (extra: Extra = {}) =>
  renderToStaticMarkup(
    <CheckoutSummary
      titleId="cart-summary-title"
      barLabel="Cart total"
      totalLabel="Subtotal (2 items)"
      total="SGD 10.00"
      onCheckout={() => {}}
      blocked={null}
      busy={false}
      error={null}
      noteId="cart-checkout-note"
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

  it('puts its notes under the total, then the shipping note, Checkout (enabled) and the footer', () => {
    const html = summary({ footer: 'See your quotations.' });
    const order = [
      'Subtotal (2 items)',
      'not counted.',
      'Shipping and taxes are worked out at checkout.',
      `<button class="button button--primary ${styles.checkout}" type="button">Checkout</button>`,
      'See your quotations.',
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).not.toContain('cart-checkout-note');
  });

  it('while nothing can go to checkout, Checkout is disabled and says why, read with it', () => {
    const html = summary({ blocked: 'Select the items you want to buy.' });
    expect(html).toContain(
      `<button class="button button--primary ${styles.checkout}" type="button" disabled="" aria-describedby="cart-checkout-note">Checkout</button>` +
        `<p class="${styles.hint}" id="cart-checkout-note">Select the items you want to buy.</p>`,
    );
  });

  it('says it is starting, and says in an alert why it could not', () => {
    expect(summary({ busy: true })).toContain('disabled="" aria-busy="true">Starting checkout…</button>');
    const failed = summary({ error: 'Choose at least one item to check out.' });
    expect(failed).toContain('aria-describedby="cart-checkout-note">Checkout</button>');
    expect(failed).toContain(
      `<p class="${styles.error}" id="cart-checkout-note" role="alert">Checkout could not start: Choose at least one item to check out.</p>`,
    );
  });
});
