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
  /** Goes to checkout with the selection. */
  onCheckout(): void;
  /** Why Checkout cannot be used now ("Select the items you want to buy."), or null when it can. */
  blocked: string | null;
  /** Checkout is starting (the session is being made). */
  busy: boolean;
  /** Why Checkout failed, or null. */
  error: string | null;
  /** The id of the words under Checkout (why it cannot be used, or what went wrong); they describe both Checkout buttons. */
  noteId: string;
  /** Notes on the total, under it (what is not counted, what to select). */
  children?: ReactNode;
  /** Under the Checkout button and its words (the cart's links to the quotations). */
  footer?: ReactNode;
}

/**
 * The summary beside a list the shopper checks out from (the cart, the quotations): the total of
 * what is selected, and Checkout — disabled with the reason under it while nothing can go to
 * checkout, and what went wrong when it could not start. On a phone the summary is below every row,
 * so a bar keeps the total and Checkout in reach while it is out of view.
 */
export function CheckoutSummary(props: CheckoutSummaryProps) {
  const { titleId, barLabel, totalLabel, total, onCheckout, blocked, busy, error, noteId, children, footer } = props;
  const summaryRef = useRef<HTMLElement>(null);
  const note = error ?? blocked;
  const button = {
    type: 'button' as const,
    disabled: blocked !== null || busy,
    'aria-describedby': note ? noteId : undefined,
    'aria-busy': busy || undefined,
    onClick: onCheckout,
    children: busy ? 'Starting checkout…' : 'Checkout',
  };
  return (
    <aside className={styles.summary} aria-labelledby={titleId} ref={summaryRef}>
      <StickyBar watch={summaryRef} label={barLabel}>
        <p className="sticky-bar__text">
          {total}
          <small>{totalLabel}</small>
        </p>
        <button className="button button--primary" {...button} />
      </StickyBar>
      <h2 id={titleId}>Summary</h2>
      <p className={styles.subtotal} aria-live="polite" aria-atomic="true">
        <span>{totalLabel}</span>
        <strong>{total}</strong>
      </p>
      {children}
      <p className={styles.hint}>Shipping and taxes are worked out at checkout.</p>
      <button className={`button button--primary ${styles.checkout}`} {...button} />
      {error ? (
        <p className={styles.error} id={noteId} role="alert">
          Checkout could not start: {error}
        </p>
      ) : blocked ? (
        <p className={styles.hint} id={noteId}>
          {blocked}
        </p>
      ) : null}
      {footer}
    </aside>
  );
}
