'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { ProductCard } from '../catalogue/ProductCard';
import styles from './wishlist.module.css';

/** `select_item` list name of the wishlist page. */
const WISHLIST_LIST = 'Wishlist';

export interface WishlistViewProps {
  region: string;
  assetsUrl: string;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; products: ProductSummary[] };

/** The wishlist (`GET /wishlist`, newest first) as a product grid, each with Remove; an empty state when there is none. */
export function WishlistView({ region, assetsUrl }: WishlistViewProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [removing, setRemoving] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
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

  async function remove(product: ProductSummary) {
    setRemoving(product.uuid);
    setError(null);
    try {
      await browserApi.delete('/wishlist/:productId', { params: { productId: product.uuid } });
      setLoad((current) =>
        current.state === 'ready' ? { state: 'ready', products: current.products.filter((p) => p.uuid !== product.uuid) } : current,
      );
      setAnnouncement(`${product.name} was removed from your wishlist.`);
      headingRef.current?.focus();
    } catch (failure) {
      setError(`${product.name} could not be removed: ${errorMessageFor(failure)}`);
    } finally {
      setRemoving(null);
    }
  }

  const heading = (
    <h1 id="wishlist-title" ref={headingRef} tabIndex={-1}>
      Your wishlist
    </h1>
  );

  if (load.state === 'loading') {
    return (
      <>
        {heading}
        <p role="status">Loading your wishlist…</p>
      </>
    );
  }
  if (load.state === 'error') {
    return (
      <>
        {heading}
        <div className="notice" role="alert">
          <p>We could not load your wishlist: {load.message}</p>
          <p>
            <button type="button" className="button button--secondary" onClick={fetchList}>
              Try again
            </button>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      {heading}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {error ? (
        <p className={styles.error} role="alert">
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
          <ul className="product-grid" role="list">
            {load.products.map((product, index) => (
              <li key={product.uuid} className={styles.item}>
                <ProductCard
                  product={product}
                  region={region}
                  assetsUrl={assetsUrl}
                  headingLevel={2}
                  listName={WISHLIST_LIST}
                  index={index}
                />
                <button
                  type="button"
                  className={`button button--secondary ${styles.remove}`}
                  disabled={removing === product.uuid}
                  onClick={() => void remove(product)}
                >
                  {removing === product.uuid ? 'Removing…' : 'Remove'}
                  <span className="visually-hidden"> {product.name} from your wishlist</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
