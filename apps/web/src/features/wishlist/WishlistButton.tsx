'use client';

import { useState } from 'react';
import { errorMessageFor } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { trackAddToWishlist, type AnalyticsProduct } from '../analytics/analytics';
import styles from '../cart/cart.module.css';
import { useSignInGate } from '../cart/useSignInGate';

/** Saves a product to the wishlist (`POST /wishlist`, idempotent); also how a guest's wish is finished after signing in. */
export async function saveToWishlist(product: AnalyticsProduct, region: string): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await browserApi.post('/wishlist', { body: { productId: product.uuid } });
    trackAddToWishlist(product, region);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: `Your wishlist could not be updated: ${errorMessageFor(error)}` };
  }
}

export interface WishlistButtonProps {
  product: AnalyticsProduct;
  region: string;
  /** From the product's flags; null while they are loading. */
  inWishlist: boolean | null;
  onChange?: (inWishlist: boolean) => void;
  /** Announces what happened (the product page's live region). */
  onMessage?: (message: string, kind: 'status' | 'error') => void;
}

/**
 * The wishlist heart: a toggle button (`aria-pressed`). Adding is `POST /wishlist {productId}`,
 * removing `DELETE /wishlist/{productId}` (both idempotent). Signed-out visitors are sent to sign
 * in and come back to the product.
 */
export function WishlistButton({ product, region, inWishlist, onChange, onMessage }: WishlistButtonProps) {
  const gate = useSignInGate();
  const [busy, setBusy] = useState(false);
  const pressed = gate.signedIn && inWishlist === true;

  async function toggle() {
    const pending = {
      kind: 'wishlist',
      productId: product.uuid,
      productName: product.name,
      variantPath: '',
      quantity: 1,
      message: '',
    } as const;
    if (!gate.ready(pending)) return;
    setBusy(true);
    const adding = !pressed;
    try {
      const answer = adding
        ? await browserApi.post('/wishlist', { body: { productId: product.uuid } })
        : await browserApi.delete('/wishlist/:productId', { params: { productId: product.uuid } });
      const now = answer?.inWishlist ?? adding;
      onChange?.(now);
      if (adding && now) trackAddToWishlist(product, region);
      onMessage?.(now ? 'Saved to your wishlist.' : 'Removed from your wishlist.', 'status');
    } catch (error) {
      onMessage?.(`Your wishlist could not be updated: ${errorMessageFor(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`button button--secondary ${styles.heart}`}
      aria-pressed={pressed}
      disabled={busy || !gate.settled}
      onClick={() => void toggle()}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span>{pressed ? 'In your wishlist' : 'Add to wishlist'}</span>
    </button>
  );
}
