'use client';

import { cartUnitCount, formatMoneyOrNull, selectionSubtotal, type SelectionSubtotal } from '@kedai/domain';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { CartItem, Product } from '@kedai/contract';
import { trackRemoveFromCart, trackViewCart } from '../analytics/analytics';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { addToCart, fetchCart } from './cart-slice';
import { groupByMerchant } from './cart-view';
import styles from './cart.module.css';
import { CartLine } from './CartLine';
import { availableCartItemIds, checkAllCartItems, checkOnlyCartItem } from './selection-slice';
import { CheckoutSummary } from '../../ui/CheckoutSummary';
import { useStartCheckout } from '../checkout/useStartCheckout';
import listStyles from '../../ui/list.module.css';
import { LoadStatus } from '../../ui/LoadStatus';

export interface CartViewProps {
  region: { key: string; name: string; currency: string };
  assetsUrl: string;
}

/**
 * The cart (`/cart`, signed-in users): lines grouped by merchant, each with its selection checkbox,
 * quantity stepper, note and Remove; select-all; the subtotal of the selection in the region's
 * currency; Checkout, which takes the selection for checkout (with any checked quotations) to
 * `/checkout/<key>`; links to the quotations and "Buy it
 * for me". A line asked for a quotation leaves the cart with a notice "Moved to your quotations" and
 * a link there. `?itemId=` (after buy-now) checks that line only, scrolls it into view, focuses and
 * highlights it. Reports `view_cart` once loaded.
 */
export function CartView({ region, assetsUrl }: CartViewProps) {
  const dispatch = useAppDispatch();
  const cart = useAppSelector((state) => state.cart);
  const selection = useAppSelector((state) => state.selection);
  const itemId = useSearchParams().get('itemId');
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewed = useRef(false);
  const [fetchedHere, setFetchedHere] = useState(false);
  const [movedName, setMovedName] = useState<string | null>(null);
  // The line just removed, to put back with Undo; and what putting it back answered.
  const [removed, setRemoved] = useState<{ item: CartItem; name: string } | null>(null);
  const [undo, setUndo] = useState<'idle' | 'busy' | { error: string }>('idle');
  const quotationError = useAppSelector((state) => state.quotations.addInternalError);

  // Fresh lines and stock on every visit.
  useEffect(() => {
    void dispatch(fetchCart()).then(() => setFetchedHere(true));
  }, [dispatch]);

  const ready = cart.dataLoaded && fetchedHere;

  useEffect(() => {
    if (!ready || viewed.current) return;
    viewed.current = true;
    trackViewCart(
      cart.data
        .filter((item) => cart.productById[item.productId])
        .map((item) => ({
          product: cart.productById[item.productId]!,
          variantPath: item.variantPath,
          quantity: item.quantity,
        })),
      region.key,
    );
  }, [ready, cart.data, cart.productById, region.key]);

  const { lineRefs, highlighted } = useBuyNowLine(ready, itemId, cart.data);

  function onRemoved(item: CartItem, product: Product | undefined) {
    if (product) trackRemoveFromCart({ product, variantPath: item.variantPath, quantity: item.quantity }, region.key);
    setAnnouncement(`${product?.name ?? 'The item'} was removed from your cart.`);
    setMovedName(null);
    setRemoved({ item, name: product?.name ?? 'The item' });
    setUndo('idle');
    headingRef.current?.focus();
  }

  /** Puts the removed line back as it was (a new line: same product, options, quantity and note). */
  async function onUndo() {
    if (!removed) return;
    setUndo('busy');
    const { item } = removed;
    const result = await dispatch(
      addToCart({
        productId: item.productId,
        variantPath: item.variantPath,
        quantity: item.quantity,
        ...(item.message ? { message: item.message } : {}),
      }),
    );
    if (addToCart.fulfilled.match(result)) {
      setAnnouncement(`${removed.name} is back in your cart.`);
      setRemoved(null);
      setUndo('idle');
      void dispatch(fetchCart());
    } else {
      setUndo({ error: String(result.payload ?? 'try again in a moment') });
    }
  }

  function onMovedToQuotations(_item: CartItem, product: Product | undefined) {
    setRemoved(null);
    setMovedName(product?.name ?? 'The item');
    headingRef.current?.focus();
  }

  const heading = (
    <h1 id="cart-title" ref={headingRef} tabIndex={-1}>
      Your cart
    </h1>
  );
  const live = (
    <>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {/* Seen, not only heard: the line left the cart, and this says where it went. */}
      <div aria-live="polite" aria-atomic="true">
        {movedName ? (
          <p className={styles.status} role="status">
            <strong>Moved to your quotations:</strong> {movedName}. The shop will quote you a price.{' '}
            <Link href={QUOTATIONS_HREF}>See your quotations</Link>
          </p>
        ) : null}
        {removed ? (
          <p className={styles.status}>
            <strong>Removed:</strong> {removed.name}
            {removed.item.quantity > 1 ? ` (${removed.item.quantity})` : ''}.{' '}
            <button type="button" className={listStyles.linkButton} disabled={undo === 'busy'} onClick={() => void onUndo()}>
              {undo === 'busy' ? 'Putting it back…' : 'Undo'}
            </button>
            {typeof undo === 'object' ? <span role="alert"> It could not be put back: {undo.error}</span> : null}
          </p>
        ) : null}
      </div>
    </>
  );

  if (!ready) {
    return (
      <>
        {heading}
        <LoadStatus
          loading="Loading your cart…"
          failure={cart.fetchError && !cart.loading ? `We could not load your cart: ${cart.fetchError}` : null}
          onRetry={() => void dispatch(fetchCart()).then(() => setFetchedHere(true))}
        />
      </>
    );
  }

  if (cart.data.length === 0) {
    return (
      <>
        {heading}
        {live}
        <EmptyCart />
      </>
    );
  }

  const available = availableCartItemIds(cart);
  const checkedIds = selection.cartItemIds;
  const subtotal = selectionSubtotal(cart.data, cart.productById, checkedIds, region);
  const groups = groupByMerchant(cart.data, cart.productById);
  const unavailableCount = cart.data.length - available.length;
  const flowError = cart.setError ?? cart.removeError ?? quotationError;

  return (
    <>
      {heading}
      {live}
      {flowError ? (
        <p className={listStyles.error} role="alert">
          {cart.setError
            ? `Your change could not be saved: ${cart.setError}`
            : cart.removeError
              ? `The item could not be removed: ${cart.removeError}`
              : `The item could not be moved to your quotations: ${quotationError}`}
        </p>
      ) : null}
      <div className={listStyles.layout}>
        <div className={listStyles.column}>
          <div className={listStyles.toolbar}>
            <label className={listStyles.check}>
              <input
                type="checkbox"
                checked={selection.allChecked}
                disabled={available.length === 0}
                onChange={(event) => dispatch(checkAllCartItems(event.target.checked))}
              />
              <span>Select all available ({available.length})</span>
            </label>
            {unavailableCount > 0 ? (
              <span className={listStyles.hint}>
                {unavailableCount === 1 ? '1 item cannot be checked out.' : `${unavailableCount} items cannot be checked out.`}
              </span>
            ) : null}
          </div>
          {groups.map((group) => (
            <section key={group.key} className={styles.group} aria-labelledby={`group-${group.key}`}>
              <h2 className={styles.groupTitle} id={`group-${group.key}`}>
                {group.name}
              </h2>
              <ul className={styles.lines} role="list">
                {group.items.map((item) => (
                  <CartLine
                    key={item.id}
                    ref={(element) => {
                      if (element) lineRefs.current.set(item.id, element);
                      else lineRefs.current.delete(item.id);
                    }}
                    item={item}
                    product={cart.productById[item.productId]}
                    region={region}
                    assetsUrl={assetsUrl}
                    checked={checkedIds.includes(item.id)}
                    highlighted={highlighted === item.id}
                    onAnnounce={setAnnouncement}
                    onRemoved={onRemoved}
                    onMovedToQuotations={onMovedToQuotations}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <CartSummary subtotal={subtotal} cartUnits={cartUnitCount(cart.data)} region={region} />
      </div>
    </>
  );
}

/** The selection's subtotal and the checkout button, beside the lines. */
function CartSummary({ subtotal, cartUnits, region }: { subtotal: SelectionSubtotal; cartUnits: number; region: { name: string } }) {
  const checkout = useStartCheckout();
  const units = `${subtotal.units} ${subtotal.units === 1 ? 'item' : 'items'}`;
  const quotations = checkout.quotationItemIds.length;
  return (
    <CheckoutSummary
      titleId="cart-summary-title"
      barLabel="Cart total"
      totalLabel={`Subtotal (${units})`}
      total={formatMoneyOrNull(subtotal.total) ?? '—'}
      onCheckout={() => void checkout.start()}
      blocked={checkout.cartItemIds.length + quotations === 0 ? 'Select the items you want to buy.' : null}
      busy={checkout.starting}
      error={checkout.error}
      noteId="cart-checkout-note"
      footer={<QuotationLinks />}
    >
      {subtotal.unpriced > 0 ? (
        <p className={listStyles.hint}>
          {subtotal.unpriced === 1 ? '1 selected item has' : `${subtotal.unpriced} selected items have`} no price in {region.name} and
          {subtotal.unpriced === 1 ? ' is' : ' are'} not counted.
        </p>
      ) : null}
      {subtotal.lines > 0 && subtotal.units < cartUnits ? (
        <p className={listStyles.hint}>
          {subtotal.units} of the {cartUnits} items in your cart {subtotal.units === 1 ? 'is' : 'are'} selected.
        </p>
      ) : null}
      {quotations > 0 ? (
        <p className={listStyles.hint}>
          {quotations === 1 ? 'Your selected quotation goes' : `Your ${quotations} selected quotations go`} to checkout too.
        </p>
      ) : null}
    </CheckoutSummary>
  );
}

/** An empty cart: where to find something. */
function EmptyCart() {
  return (
    <div className="notice">
      <p>Your cart is empty.</p>
      <p>Find something you like in the catalogue — products from local merchants and marketplaces around the world.</p>
      <p className="notice__actions">
        <Link href="/search" className="button button--primary">
          Browse the catalogue
        </Link>
        <Link href="/wishlist" className="button button--secondary">
          See your wishlist
        </Link>
      </p>
      <QuotationLinks />
    </div>
  );
}

const QUOTATIONS_HREF = '/quotations';

/** Quotations (issue 15): a price asked for a cart line, or for a product on another marketplace. */
function QuotationLinks() {
  return (
    <p className={listStyles.hint}>
      Seen something on another marketplace? <Link href="/buy-for-me">Buy it for me</Link> — the shop quotes you a price. Or see{' '}
      <Link href={QUOTATIONS_HREF}>your quotations</Link>.
    </p>
  );
}

/**
 * Buy now lands here with `?itemId=`: that line only is checked, brought into view, focused and
 * highlighted for a few seconds (once per itemId, when the cart has loaded).
 */
function useBuyNowLine(ready: boolean, itemId: string | null, lines: readonly CartItem[]) {
  const dispatch = useAppDispatch();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const lineRefs = useRef(new Map<string, HTMLLIElement>());
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !itemId || broughtIntoView.current === itemId) return;
    if (!lines.some((item) => item.id === itemId)) return;
    broughtIntoView.current = itemId;
    dispatch(checkOnlyCartItem(itemId));
    setHighlighted(itemId);
    const element = lineRefs.current.get(itemId);
    if (element) {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
      element.focus({ preventScroll: true });
    }
    const timer = setTimeout(() => setHighlighted(null), 4000);
    return () => clearTimeout(timer);
  }, [ready, itemId, lines, dispatch]);
  return { lineRefs, highlighted };
}
