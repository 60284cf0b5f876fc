'use client';

import Link from 'next/link';
import { forwardRef, useId, useRef, useState } from 'react';
import type { CartItem, Product } from '@kedai/contract';
import { CART_MESSAGE_MAX, CART_QUANTITY_MAX, assetUrl, cartUnitPrice, formatMoneyOrNull, lineTotal, onlyLeftText } from '@kedai/domain';
import { productHref } from '../catalogue/links';
import { useAppDispatch } from '../../store/hooks';
import { removeCartItem, setCartItem } from './cart-slice';
import { availabilityOf, variantOptionsText } from './cart-view';
import styles from './cart.module.css';
import { QuantityStepper } from './QuantityStepper';
import { checkCartItem } from './selection-slice';
import { addInternalQuotation } from '../quotations/quotation-slice';

export interface CartLineProps {
  item: CartItem;
  product: Product | undefined;
  region: { key: string; name: string };
  assetsUrl: string;
  checked: boolean;
  highlighted: boolean;
  /** Announces what happened (the cart's live region). */
  onAnnounce: (message: string) => void;
  onRemoved: (item: CartItem, product: Product | undefined) => void;
  /** The line became a quotation item (and left the cart). */
  onMovedToQuotations: (item: CartItem, product: Product | undefined) => void;
}

/** What the line asks of the shopper after a quantity that cannot be kept: more than the stock, or 0. */
type QuantityQuestion = { kind: 'above_stock'; asked: number } | { kind: 'remove' } | null;

/**
 * One cart line: selection checkbox (disabled while unavailable), image, name, options, price,
 * availability, a quantity stepper, the note to the seller (editable), "Ask for a quotation" (the
 * line moves to the quotation list, issue 15) and Remove. Focusable (tabIndex -1) so buy-now can
 * bring it into view and focus it.
 *
 * The stepper goes no higher than the stock: a larger number typed is not kept, and the line says
 * how many are left and offers that many; a line already above the stock (it ran low since) offers
 * the same. A typed 0 asks whether to remove the line.
 */
export const CartLine = forwardRef<HTMLLIElement, CartLineProps>(function CartLine(
  { item, product, region, assetsUrl, checked, highlighted, onAnnounce, onRemoved, onMovedToQuotations },
  ref,
) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<'quantity' | 'note' | 'remove' | 'quote' | null>(null);
  const [editingNote, setEditingNote] = useState(false);
  const [note, setNote] = useState(item.message);
  const [question, setQuestion] = useState<QuantityQuestion>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const name = product?.name ?? 'A product no longer sold';
  const availability = availabilityOf(item, product);
  const options = variantOptionsText(product, item.variantPath);
  const unit = product ? formatMoneyOrNull(cartUnitPrice(product, item.variantPath, region.key)) : null;
  const total = formatMoneyOrNull(lineTotal(item, product, region.key));
  const href = product ? `${productHref(product.paramName)}${item.variantPath ? `?v=${item.variantPath}` : ''}` : null;
  const availabilityId = `${id}-availability`;
  const classes = [styles.line, availability.available ? '' : styles.lineUnavailable, highlighted ? styles.highlight : '']
    .filter(Boolean)
    .join(' ');

  const stock = availability.stock;
  const maxQuantity = stock !== null && stock > 0 ? Math.min(stock, CART_QUANTITY_MAX) : CART_QUANTITY_MAX;
  /** The most that can be bought when the shopper asked for more (typed, or left from before). */
  const offer = question?.kind === 'above_stock' || availability.kind === 'too_many' ? maxQuantity : null;

  function ask(next: QuantityQuestion) {
    setQuestion(next);
    // The question takes focus once shown, so a keyboard or screen reader user meets it at once.
    requestAnimationFrame(() => questionRef.current?.focus());
  }

  async function changeQuantity(quantity: number) {
    setQuestion(null);
    setBusy('quantity');
    const result = await dispatch(setCartItem({ id: item.id, quantity }));
    setBusy(null);
    if (setCartItem.fulfilled.match(result)) {
      onAnnounce(result.payload ? `Quantity of ${name} is now ${result.payload.cartItem.quantity}.` : `${name} is no longer in your cart.`);
    }
  }

  async function saveNote() {
    setBusy('note');
    const result = await dispatch(setCartItem({ id: item.id, message: note.trim() }));
    setBusy(null);
    if (setCartItem.fulfilled.match(result)) {
      setEditingNote(false);
      onAnnounce(note.trim() ? `Note for ${name} saved.` : `Note for ${name} removed.`);
    }
  }

  async function remove() {
    setBusy('remove');
    const result = await dispatch(removeCartItem(item.id));
    if (removeCartItem.fulfilled.match(result)) {
      onRemoved(item, product);
      return;
    }
    setBusy(null);
  }

  async function askForQuotation() {
    setBusy('quote');
    const result = await dispatch(addInternalQuotation(item.id));
    if (addInternalQuotation.fulfilled.match(result)) {
      onMovedToQuotations(item, product);
      return; // the line has left the cart
    }
    setBusy(null);
  }

  return (
    <li ref={ref} className={classes} tabIndex={-1} id={`cart-item-${item.id}`} data-cart-item={item.id} aria-labelledby={`${id}-name`}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked && availability.available}
          disabled={!availability.available}
          aria-describedby={availability.label ? availabilityId : undefined}
          onChange={(event) => dispatch(checkCartItem(item.id, event.target.checked))}
        />
        <span className="visually-hidden">Select {name} for checkout</span>
      </label>
      <img
        className={styles.thumb}
        src={assetUrl(assetsUrl, product?.mainImage, 'thumb')}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.lineBody}>
        <h3 className={styles.lineName} id={`${id}-name`}>
          {href ? <Link href={href}>{name}</Link> : name}
        </h3>
        {options ? <p className={styles.lineMeta}>{options}</p> : null}
        <p className={styles.lineMeta}>
          {unit ? `${unit} each` : `Not sold in ${region.name}`}
          {product?.sourceMarketPlace ? ` · bought for you from ${product.sourceMarketPlace}` : ''}
        </p>
        {availability.label ? (
          <p
            id={availabilityId}
            className={`${styles.availability} ${availability.available ? styles.availabilityLow : styles.availabilityBad}`}
          >
            {availability.label}
            {availability.available ? '' : ' — it cannot be checked out.'}
          </p>
        ) : null}
        <div className={styles.lineRow}>
          <QuantityStepper
            id={`${id}-quantity`}
            label={`Quantity of ${name}`}
            value={item.quantity}
            max={maxQuantity}
            onChange={(quantity) => void changeQuantity(quantity)}
            onAboveMax={(asked) => ask({ kind: 'above_stock', asked })}
            onZero={() => ask({ kind: 'remove' })}
            disabled={!product}
            busy={busy !== null}
            describedBy={availability.label ? availabilityId : undefined}
          />
          {total ? <span className={styles.linePrice}>{total}</span> : null}
        </div>
        {question?.kind === 'remove' ? (
          <div className={styles.question} ref={questionRef} tabIndex={-1} role="group" aria-label={`Remove ${name}?`}>
            <p>Remove {name} from your cart?</p>
            <div className={styles.buttons}>
              <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void remove()}>
                {busy === 'remove' ? 'Removing…' : 'Remove it'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setQuestion(null);
                  document.getElementById(`${id}-quantity`)?.focus();
                }}
              >
                Keep it
              </button>
            </div>
          </div>
        ) : offer !== null && stock !== null && stock > 0 ? (
          <div className={styles.question} ref={questionRef} tabIndex={-1} role="group" aria-label={`Quantity of ${name}`}>
            <p role="alert">
              {question?.kind === 'above_stock'
                ? `${onlyLeftText(stock)}, so ${question.asked} cannot be bought.`
                : `${onlyLeftText(stock)}: lower the quantity to buy this item.`}
            </p>
            <div className={styles.buttons}>
              {offer !== item.quantity ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  onClick={() => void changeQuantity(offer)}
                >
                  Buy {offer} instead
                </button>
              ) : null}
              {question ? (
                <button type="button" className="button button--secondary" onClick={() => setQuestion(null)}>
                  {offer !== item.quantity ? `Keep ${item.quantity}` : 'OK'}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
        {editingNote ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-note`} className={styles.label}>
              Note to the seller
            </label>
            <textarea
              id={`${id}-note`}
              className={styles.note}
              maxLength={CART_MESSAGE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              autoFocus
            />
            <div className={styles.buttons}>
              <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void saveNote()}>
                {busy === 'note' ? 'Saving…' : 'Save note'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy === 'note'}
                onClick={() => {
                  setNote(item.message);
                  setEditingNote(false);
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <>
            {item.message ? (
              <p className={styles.noteText}>
                <strong>Note:</strong> {item.message}
              </p>
            ) : null}
            <div className={styles.lineRow}>
              <button
                type="button"
                className={styles.linkButton}
                disabled={busy !== null}
                onClick={() => {
                  setNote(item.message);
                  setEditingNote(true);
                }}
              >
                {item.message ? 'Edit note' : 'Add a note to the seller'}
                <span className="visually-hidden"> for {name}</span>
              </button>
              {product && !product.disabled ? (
                <button type="button" className={styles.linkButton} disabled={busy !== null} onClick={() => void askForQuotation()}>
                  {busy === 'quote' ? 'Moving to your quotations…' : 'Ask for a quotation'}
                  <span className="visually-hidden"> for {name}</span>
                </button>
              ) : null}
              <button type="button" className={styles.linkButton} disabled={busy !== null} onClick={() => void remove()}>
                {busy === 'remove' ? 'Removing…' : 'Remove'}
                <span className="visually-hidden"> {name}</span>
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
});
