'use client';

import { useRef, type ReactNode } from 'react';
import styles from './list.module.css';
import { StickyBar } from './StickyBar';

export interface CheckoutSummaryProps {
  /** The heading's id, which names the summary ("cart-summary-title"). */
  titleId: string;
  /** The name of the phone's bar ("Cart total"). */
  barLabel: string;
  /** What the total counts ("Subtotal (4 items)"). */
  totalLabel: string;
  /** The total, formatted ("—" when there is none). */
  total: string;
  /** The id of the words that say Checkout is not available yet; they describe both Checkout buttons. */
  soonId: string;
  /** What is kept until then ("Your cart is saved until then."). */
  kept: string;
  /** Notes on the total, under it (what is not counted, what to select). */
  children?: ReactNode;
  /** Under the Checkout button and its words (the cart's links to the quotations). */
  footer?: ReactNode;
}

/**
 * The summary beside a list the shopper checks out from (the cart, the quotations): the total of
 * what is selected, and Checkout, which says it is not available yet. On a phone the summary is
 * below every row, so a bar keeps the total and Checkout in reach while it is out of view.
 */
export function CheckoutSummary({ titleId, barLabel, totalLabel, total, soonId, kept, children, footer }: CheckoutSummaryProps) {
  const summaryRef = useRef<HTMLElement>(null);
  return (
    <aside className={styles.summary} aria-labelledby={titleId} ref={summaryRef}>
      <StickyBar watch={summaryRef} label={barLabel}>
        <p className="sticky-bar__text">
          {total}
          <small>{totalLabel}</small>
        </p>
        <button type="button" className="button button--primary" disabled aria-describedby={soonId}>
          Checkout
        </button>
      </StickyBar>
      <h2 id={titleId}>Summary</h2>
      <p className={styles.subtotal} aria-live="polite" aria-atomic="true">
        <span>{totalLabel}</span>
        <strong>{total}</strong>
      </p>
      {children}
      <p className={styles.hint}>Shipping and taxes are worked out at checkout.</p>
      <button type="button" className={`button button--primary ${styles.checkout}`} disabled aria-describedby={soonId}>
        Checkout
      </button>
      <p className={styles.hint} id={soonId}>
        Checkout is not available yet — it is coming soon. {kept}
      </p>
      {footer}
    </aside>
  );
}
