'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '@kedai/contract';
import { assetUrl, errorMessageFor } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { useAppDispatch } from '../../store/hooks';
import { trackAddToCart } from '../analytics/analytics';
import { addToCart } from '../cart/cart-slice';
import { productHref } from '../catalogue/links';
import { displayPrice } from '../catalogue/price';
import listStyles from '../../ui/list.module.css';
import { LoadStatus } from '../../ui/LoadStatus';
import styles from './wishlist.module.css';

export interface WishlistViewProps {
  region: string;
  assetsUrl: string;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; products: ProductSummary[] };

/** What a wishlist row can offer for buying: move it to the cart, choose its options first, or nothing (and why). */
function wishlistOffer(product: ProductSummary, region: string): 'move' | 'choose' | 'sold_out' | 'not_sold_here' {
  if (!product.inStock) return 'sold_out';
  if (!displayPrice(product, region)) return 'not_sold_here';
  return product.hasVariants ? 'choose' : 'move';
}

/**
 * The wishlist (`GET /wishlist`, newest first) as a list of rows: picture, name, seller, price and
 * what can be done: Move to cart (one unit; the product leaves the wishlist), Choose options (a
 * product with variants opens its page), or why it cannot be bought; and Remove. An empty state
 * when there is none.
 */
export function WishlistView({ region, assetsUrl }: WishlistViewProps) {
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<{ id: string; action: 'move' | 'remove' } | null>(null);
  const [announcement, setAnnouncement] = useState<{ text: string; cartLink: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const fetchList = useCallback(() => {
    setLoad({ state: 'loading' });
    browserApi
      .get('/wishlist')
      .then((answer) => setLoad({ state: 'ready', products: answer.products }))
      .catch((failure: unknown) => setLoad({ state: 'error', message: errorMessageFor(failure) }));
  }, []);

  useEffect(fetchList, [fetchList]);

  function dropRow(product: ProductSummary) {
    setLoad((current) =>
      current.state === 'ready' ? { state: 'ready', products: current.products.filter((p) => p.uuid !== product.uuid) } : current,
    );
    // The row and its buttons are gone: the heading takes focus, and the live region says what happened.
    headingRef.current?.focus();
  }

  async function remove(product: ProductSummary) {
    setBusy({ id: product.uuid, action: 'remove' });
    setError(null);
    try {
      await browserApi.delete('/wishlist/:productId', { params: { productId: product.uuid } });
      dropRow(product);
      setAnnouncement({ text: `${product.name} was removed from your wishlist.`, cartLink: false });
    } catch (failure) {
      setError(`${product.name} could not be removed: ${errorMessageFor(failure)}`);
    } finally {
      setBusy(null);
    }
  }

  async function moveToCart(product: ProductSummary) {
    setBusy({ id: product.uuid, action: 'move' });
    setError(null);
    const added = await dispatch(addToCart({ productId: product.uuid, variantPath: '', quantity: 1 }));
    if (addToCart.rejected.match(added)) {
      setError(`${product.name} could not be added to your cart: ${added.payload ?? 'Unknown error'}`);
      setBusy(null);
      return;
    }
    trackAddToCart({ product: added.payload.product, variantPath: '', quantity: 1 }, region);
    try {
      await browserApi.delete('/wishlist/:productId', { params: { productId: product.uuid } });
      dropRow(product);
      setAnnouncement({ text: `${product.name} was moved to your cart.`, cartLink: true });
    } catch {
      // It is in the cart; only leaving the wishlist failed. Say so rather than hide it.
      setAnnouncement({ text: `${product.name} was added to your cart and is still in your wishlist.`, cartLink: true });
    } finally {
      setBusy(null);
    }
  }

  const heading = (
    <h1 id="wishlist-title" ref={headingRef} tabIndex={-1}>
      Your wishlist
    </h1>
  );

  if (load.state !== 'ready') {
    return (
      <>
        {heading}
        <LoadStatus
          loading="Loading your wishlist…"
          failure={load.state === 'error' ? `We could not load your wishlist: ${load.message}` : null}
          onRetry={fetchList}
          failureClassName="notice"
        />
      </>
    );
  }
  return (
    <>
      {heading}
      <p className={styles.status} role="status" aria-live="polite" aria-atomic="true">
        {announcement ? (
          <>
            {announcement.text} {announcement.cartLink ? <Link href="/cart">View your cart</Link> : null}
          </>
        ) : null}
      </p>
      {error ? (
        <p className={listStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      {load.products.length === 0 ? (
        <div className="notice">
          <p>Your wishlist is empty.</p>
          <p>Tap the heart on a product to keep it here for later.</p>
          <p className="notice__actions">
            <Link href="/search" className="button button--primary">
              Browse the catalogue
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.count}>{load.products.length === 1 ? '1 product' : `${load.products.length} products`}</p>
          <ul className={styles.list} role="list" aria-label="Saved products">
            {load.products.map((product) => (
              <WishlistRow
                key={product.uuid}
                product={product}
                region={region}
                assetsUrl={assetsUrl}
                busy={busy?.id === product.uuid ? busy.action : busy ? 'other' : null}
                onMove={() => void moveToCart(product)}
                onRemove={() => void remove(product)}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

interface WishlistRowProps {
  product: ProductSummary;
  region: string;
  assetsUrl: string;
  /** What is under way: on this row (move, remove), on another row, or nothing. */
  busy: 'move' | 'remove' | 'other' | null;
  onMove: () => void;
  onRemove: () => void;
}

/** One saved product: picture, name (the link to its page), seller, price, and its buttons. */
function WishlistRow({ product, region, assetsUrl, busy, onMove, onRemove }: WishlistRowProps) {
  const price = displayPrice(product, region);
  const seller = product.merchant?.name ?? product.sourceMarketPlace;
  const href = productHref(product.paramName);
  const offer = wishlistOffer(product, region);
  const nameId = `wishlist-${product.uuid}`;
  return (
    <li className={styles.item} aria-labelledby={nameId}>
      <img
        className={styles.thumb}
        src={assetUrl(assetsUrl, product.mainImage, 'thumb')}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.body}>
        <h2 className={styles.name} id={nameId}>
          <Link href={href}>{product.name}</Link>
        </h2>
        {seller ? <p className={styles.meta}>{seller}</p> : null}
        <p className={styles.price} data-testid="wishlist-price">
          {price ? price.label : 'Not sold in this region'}
        </p>
        {offer === 'sold_out' ? <p className={styles.soldOut}>Sold out</p> : null}
      </div>
      <div className={styles.actions}>
        {offer === 'move' ? (
          <button type="button" className="button button--primary" aria-disabled={busy !== null} onClick={() => busy === null && onMove()}>
            {busy === 'move' ? 'Moving…' : 'Move to cart'}
            <span className="visually-hidden"> {product.name}</span>
          </button>
        ) : offer === 'choose' ? (
          <Link href={href} className="button button--primary">
            Choose options
            <span className="visually-hidden"> for {product.name}</span>
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy !== null}
          onClick={() => busy === null && onRemove()}
        >
          {busy === 'remove' ? 'Removing…' : 'Remove'}
          <span className="visually-hidden"> {product.name} from your wishlist</span>
        </button>
      </div>
    </li>
  );
}
