'use client';

import { useState } from 'react';
import styles from '../cart/cart.module.css';
import { useSignInGate } from '../cart/useSignInGate';
import { BACK_IN_STOCK_ASKED, BACK_IN_STOCK_CANCELLED, setBackInStock } from './back-in-stock';

export interface BackInStockButtonProps {
  product: { uuid: string; name: string };
  /** What is sold out: the chosen variant path, or '' for the product as a whole. */
  variantPath: string;
  /** From the product's flags: the paths the shopper waits for; null while they load. */
  waiting: string[] | null;
  onChange: (variantPaths: string[]) => void;
  /** Announces what happened (the product page's live region). */
  onMessage: (message: string, kind: 'status' | 'error') => void;
}

/**
 * Shown instead of the quantity and the note when what is chosen is sold out: "Tell me when it is
 * back" asks for an e-mail (a guest signs in first, and the wish is finished on the way back); once
 * asked, the page says so plainly and the same button cancels. One button that changes its label,
 * so focus stays on it; while busy it stays enabled (`aria-disabled`, clicks ignored).
 */
export function BackInStockButton({ product, variantPath, waiting, onChange, onMessage }: BackInStockButtonProps) {
  const gate = useSignInGate();
  const [busy, setBusy] = useState(false);
  const asked = gate.signedIn && (waiting?.includes(variantPath) ?? false);

  async function toggle() {
    if (busy) return;
    const pending = { kind: 'notify', productId: product.uuid, productName: product.name, variantPath, quantity: 1, message: '' } as const;
    if (!gate.ready(pending)) return;
    setBusy(true);
    const result = await setBackInStock(product.uuid, variantPath, !asked);
    setBusy(false);
    if (!result.ok) {
      onMessage(result.error, 'error');
      return;
    }
    onChange(result.variantPaths);
    onMessage(result.variantPaths.includes(variantPath) ? BACK_IN_STOCK_ASKED : BACK_IN_STOCK_CANCELLED, 'status');
  }

  return (
    <div className={styles.field}>
      {asked ? <p className={styles.hint}>{BACK_IN_STOCK_ASKED}</p> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={!gate.settled}
        aria-disabled={busy || undefined}
        onClick={() => void toggle()}
      >
        {busy ? (asked ? 'Cancelling…' : 'Saving…') : asked ? 'Cancel the e-mail' : 'Tell me when it is back'}
      </button>
    </div>
  );
}
