'use client';

import { useRef } from 'react';
import { StickyBar } from '../../ui/StickyBar';
import styles from './checkout.module.css';
import type { CostLine } from './costs';
import { payAfterPlacingText, type PaymentMethod } from './payment-methods';

export interface PlaceOrderSummaryProps {
  lines: readonly CostLine[];
  /** The costs are being worked out again (another address or voucher). */
  estimating: boolean;
  /** Why the order cannot be placed yet; empty when it can. */
  blockers: readonly string[];
  placing: boolean;
  /** How the shopper chose to pay, said under "Place order". */
  paymentMethod: PaymentMethod;
  onPlace(): void;
}

const BLOCKERS_ID = 'place-order-blockers';

/**
 * Beside the checkout (below it on a phone): the costs of the order — subtotal, shipping, discount,
 * tax, total — and "Place order", enabled only when the estimate says the order can be placed; the
 * reasons it cannot are listed under it and read with it. On a phone a bar keeps the total and
 * "Place order" in reach while the summary is out of view.
 */
export function PlaceOrderSummary({ lines, estimating, blockers, placing, paymentMethod, onPlace }: PlaceOrderSummaryProps) {
  const summaryRef = useRef<HTMLElement>(null);
  const total = lines.find((line) => line.key === 'total')?.value ?? '—';
  const disabled = blockers.length > 0 || estimating || placing;
  const describedBy = blockers.length > 0 ? BLOCKERS_ID : undefined;
  const label = placing ? 'Placing your order…' : 'Place order';
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary-title" ref={summaryRef}>
      <StickyBar watch={summaryRef} label="Order total">
        <p className="sticky-bar__text">
          {total}
          <small>Total</small>
        </p>
        <button type="button" className="button button--primary" disabled={disabled} aria-describedby={describedBy} onClick={onPlace}>
          {label}
        </button>
      </StickyBar>
      <h2 id="checkout-summary-title">Order summary</h2>
      <dl className={styles.costs} aria-busy={estimating || undefined}>
        {lines.map((line) => (
          <div key={line.key} className={line.key === 'total' ? styles.costTotal : styles.costRow} data-cost={line.key}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {estimating ? 'Updating the costs…' : `Total: ${total}`}
      </p>
      {estimating ? <p className={styles.hint}>Updating the costs…</p> : null}
      <button
        type="button"
        className={`button button--primary ${styles.primaryAction}`}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-busy={placing || undefined}
        onClick={onPlace}
      >
        {label}
      </button>
      {blockers.length > 0 ? (
        <ul className={styles.blockers} id={BLOCKERS_ID}>
          {blockers.map((blocker) => (
            <li key={blocker}>{blocker}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{payAfterPlacingText(paymentMethod)}</p>
      )}
    </aside>
  );
}
