'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ProductFlags } from '@kedai/contract';
import { CART_MESSAGE_MAX, onlyLeftText, priceSpan } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { trackAddToCart } from '../analytics/analytics';
import type { ActionProduct } from './action-product';
import { formatPriceSpan } from './price';
import { pathFromSelection, selectionFromPath } from './variants';
import { StickyBar } from '../../ui/StickyBar';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { buyNow } from '../cart/buy-now';
import { addToCart } from '../cart/cart-slice';
import { purchaseCheck, variantOptionsText } from '../cart/cart-view';
import styles from '../cart/cart.module.css';
import { takePendingAction, type PendingAction } from '../cart/pending-action';
import { QuantityStepper } from '../cart/QuantityStepper';
import { useSignInGate } from '../cart/useSignInGate';
import { WishlistButton, saveToWishlist } from '../wishlist/WishlistButton';
import { BackInStockButton } from '../back-in-stock/BackInStockButton';
import { BACK_IN_STOCK_ASKED, backInStockPath, setBackInStock } from '../back-in-stock/back-in-stock';
import { RequestQuotation } from '../quotations/RequestQuotation';

export interface ProductActionsProps {
  product: ActionProduct;
  /** Region key whose price decides whether the product can be bought here. */
  region: string;
  regionName: string;
  /** The `?v=` path the page was rendered for (validated), or null. */
  initialPath: string | null;
}

type Message = { text: string; kind: 'status' | 'error'; cartLink?: boolean };

/**
 * The product page's buying controls: quantity (with a stepper), a note to the seller, Add to cart,
 * Buy now and the wishlist heart. Disabled, with the reason, until a full variant is chosen, when
 * it is sold out or not sold in the region. When what is chosen is sold out (or every variant is),
 * the quantity and the note give way to "Tell me when it is back". "Request a quotation" asks the
 * shop to quote the chosen variant and quantity (issue 15), also when it is sold out or not sold
 * here. The product's flags (`GET /product/{id}/flags`) tell whether it is in the cart or the wishlist.
 */
export function ProductActions({ product, region, regionName, initialPath }: ProductActionsProps) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const gate = useSignInGate();
  const searchParams = useSearchParams();
  const signedIn = useAppSelector((state) => state.user.signedIn);
  const [flags, setFlags, reloadFlags] = useProductFlags(product.uuid, signedIn);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [pendingQuote, setPendingQuote] = useState<{ quantity: number } | null>(null);

  // The variant picker writes the chosen path to the address (`?v=`); a variant with one option is chosen by itself.
  const hasVariants = product.variants.length > 0;
  const path = hasVariants ? pathFromSelection(selectionFromPath(product.variants, searchParams.get('v') ?? initialPath)) : '';
  const { blocked, stock, tooMany } = purchaseCheck(product, path, quantity, { key: region, name: regionName });
  const reasonId = `${id}-reason`;
  const notifyPath = backInStockPath(product, path);

  async function submit(kind: 'add' | 'buy') {
    if (busy !== null || blocked || tooMany || path === null) return;
    const input = { productId: product.uuid, variantPath: path, quantity, message: note.trim() };
    if (!gate.ready({ kind, productName: product.name, ...input })) return;
    await send(kind, input);
  }

  async function send(kind: 'add' | 'buy', input: { productId: string; variantPath: string; quantity: number; message: string }) {
    setBusy(kind);
    setMessage(null);
    const { variantPath: path, quantity } = input;
    if (kind === 'buy') {
      const result = await dispatch(buyNow(input));
      if (buyNow.fulfilled.match(result)) {
        trackAddToCart({ product: result.payload.product, variantPath: path, quantity }, region);
        router.push(result.payload.href);
        return; // stays busy while the cart opens
      }
      setMessage({ text: `Could not add it to your cart: ${result.payload ?? 'Unknown error'}`, kind: 'error' });
    } else {
      const result = await dispatch(addToCart(input));
      if (addToCart.fulfilled.match(result)) {
        const { cartItem, product: answered } = result.payload;
        trackAddToCart({ product: answered, variantPath: path, quantity }, region);
        const options = variantOptionsText(answered, path);
        setMessage({
          text: `Added ${quantity} × ${answered.name}${options ? ` (${options})` : ''} to your cart. You now have ${cartItem.quantity} in your cart.`,
          kind: 'status',
          cartLink: true,
        });
        setFlags((value) => (value ? { ...value, inCart: true } : value));
        setNote('');
      } else {
        setMessage({ text: `Could not add it to your cart: ${result.payload ?? 'Unknown error'}`, kind: 'error' });
      }
    }
    setBusy(null);
  }

  async function finishPending(pending: PendingAction) {
    if (pending.kind === 'notify') {
      const result = await setBackInStock(product.uuid, pending.variantPath, true);
      if (result.ok) setFlags((value) => (value ? { ...value, backInStock: result.variantPaths } : value));
      setMessage(result.ok ? { text: BACK_IN_STOCK_ASKED, kind: 'status' } : { text: result.error, kind: 'error' });
      return;
    }
    if (pending.kind === 'wishlist') {
      const result = await saveToWishlist(product, region);
      if (result.ok) setFlags((value) => (value ? { ...value, inWishlist: true } : value));
      setMessage(result.ok ? { text: `Saved ${product.name} to your wishlist.`, kind: 'status' } : { text: result.error, kind: 'error' });
      return;
    }
    if (pending.kind === 'quote') {
      // The quotation's form opens again; the shopper adds instructions and sends it.
      setQuantity(pending.quantity);
      setPendingQuote({ quantity: pending.quantity });
      return;
    }
    // Shown as asked, so a failure leaves the shopper's choice in the form to try again.
    setQuantity(pending.quantity);
    setNote(pending.message);
    await send(pending.kind, pending);
  }

  // Back from signing in: finish what the shopper asked for before they had to (once, for this product).
  const pendingTaken = useRef(false);
  useEffect(() => {
    if (pendingTaken.current || !gate.settled || !gate.mayAct) return;
    pendingTaken.current = true;
    const pending = takePendingAction(product.uuid);
    // Then ask for the flags again: an answer given before the wish was finished would say it is not done.
    if (pending) void finishPending(pending).finally(reloadFlags);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the session is known
  }, [gate.settled, gate.mayAct, product.uuid]);

  // Busy buttons stay enabled (aria-disabled, clicks ignored): disabling the focused button would drop focus to the page.
  const disabled = Boolean(blocked) || tooMany || !gate.settled;
  // The phone's bar repeats the price and Add to cart while they are scrolled away; not when there is nothing to buy.
  const buttonsRef = useRef<HTMLDivElement>(null);
  const priceText = formatPriceSpan(priceSpan(product, region, path));
  const anyInStock = hasVariants ? Object.values(product.variantPaths).some((entry) => entry.stock > 0) : product.stock > 0;
  const sellable = priceText !== null && anyInStock && (path === null || stock === null || stock > 0);
  return (
    <div className={styles.actions}>
      {flags?.inCart && signedIn ? (
        <p className={styles.inCart}>
          ✓ This product is in your <Link href="/cart">cart</Link>.
        </p>
      ) : null}
      {notifyPath === null ? (
        <QuantityStepper
          id={`${id}-quantity`}
          label="Quantity"
          showLabel
          value={quantity}
          onChange={setQuantity}
          busy={busy !== null}
          describedBy={tooMany ? reasonId : undefined}
        />
      ) : null}
      {/* Always in the page so screen readers announce the hint when it appears. */}
      <p className={`${styles.hint} ${styles.liveHint}`} id={tooMany ? reasonId : undefined} aria-live="polite">
        {tooMany && stock !== null ? `${onlyLeftText(stock)}: choose ${stock} or fewer.` : null}
      </p>
      {notifyPath === null ? <NoteField id={`${id}-note`} value={note} onChange={setNote} /> : null}
      {blocked ? (
        <p className={styles.hint} id={reasonId}>
          {blocked}
        </p>
      ) : null}
      {notifyPath !== null ? (
        <BackInStockButton
          product={product}
          variantPath={notifyPath}
          waiting={flags ? flags.backInStock : null}
          onChange={(backInStock) => setFlags((value) => (value ? { ...value, backInStock } : value))}
          onMessage={(text, kind) => setMessage({ text, kind })}
        />
      ) : null}
      <div className={styles.buttons} ref={buttonsRef}>
        <button
          type="button"
          className="button button--primary"
          disabled={disabled}
          aria-disabled={busy !== null || undefined}
          aria-describedby={blocked || tooMany ? reasonId : undefined}
          onClick={() => void submit('add')}
        >
          {busy === 'add' ? 'Adding…' : 'Add to cart'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={disabled}
          aria-disabled={busy !== null || undefined}
          aria-describedby={blocked || tooMany ? reasonId : undefined}
          onClick={() => void submit('buy')}
        >
          {busy === 'buy' ? 'Opening your cart…' : 'Buy now'}
        </button>
        <WishlistButton
          product={product}
          region={region}
          inWishlist={flags ? flags.inWishlist : null}
          onChange={(inWishlist) => setFlags((value) => (value ? { ...value, inWishlist } : value))}
          onMessage={(text, kind) => setMessage({ text, kind })}
        />
      </div>
      <RequestQuotation
        product={product}
        path={path}
        quantity={quantity}
        chooseFirst={path === null ? blocked : null}
        gate={gate}
        pendingQuote={pendingQuote}
      />
      <div aria-live="polite" aria-atomic="true">
        {message?.kind === 'status' ? (
          <p className={styles.status} role="status">
            {message.text} {message.cartLink ? <Link href="/cart">View your cart</Link> : null}
          </p>
        ) : null}
      </div>
      {message?.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {message.text}
        </p>
      ) : null}
      {sellable ? (
        <StickyBar watch={buttonsRef} label="Buy this product">
          <p className="sticky-bar__text">
            {priceText}
            {message?.kind === 'status' && message.cartLink ? (
              <small>
                ✓ Added. <Link href="/cart">View your cart</Link>
              </small>
            ) : null}
          </p>
          {path === null ? (
            <button type="button" className="button button--secondary" onClick={chooseOptions}>
              Choose options
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={disabled}
              aria-disabled={busy !== null || undefined}
              onClick={() => void submit('add')}
            >
              {busy === 'add' ? 'Adding…' : 'Add to cart'}
            </button>
          )}
        </StickyBar>
      ) : null}
    </div>
  );
}

/** From the phone's bar: back to the first option still to choose. */
function chooseOptions() {
  const first = document.querySelector<HTMLInputElement>('fieldset:not(:has(input:checked)) input[type="radio"]');
  first?.scrollIntoView({ block: 'center' });
  first?.focus({ preventScroll: true });
}

/**
 * What the product page needs beyond the product (in cart, in wishlist, in stock), asked from the
 * browser, which also records the view; again when the shopper signs in or out. Only hints: the
 * page works without them.
 */
function useProductFlags(productId: string, signedIn: boolean) {
  const [flags, setFlags] = useState<ProductFlags | null>(null);
  // Bumped to ask again after a change made on the shopper's behalf (a wish finished after signing in).
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    browserApi
      .get('/product/:id/flags', { params: { id: productId } })
      .then((answer) => {
        if (current) setFlags(answer);
      })
      .catch(() => {
        // Flags only add hints; the page works without them.
      });
    return () => {
      current = false; // an older answer never overwrites a newer one
    };
  }, [productId, signedIn, asked]);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  return [flags, setFlags, reload] as const;
}

/** The optional note to the seller that goes with the line. */
function NoteField({ id, value, onChange }: { id: string; value: string; onChange: (note: string) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Note to the seller <span className={styles.hint}>(optional)</span>
      </label>
      <textarea
        id={id}
        className={styles.note}
        maxLength={CART_MESSAGE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        For example a gift message or a delivery wish. Up to {CART_MESSAGE_MAX} characters.
      </p>
    </div>
  );
}
