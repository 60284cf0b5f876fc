'use client';

import Link from 'next/link';
import { forwardRef, useId, useState } from 'react';
import type { CartItem, Product } from '@kedai/contract';
import {
  CART_MESSAGE_MAX,
  CART_QUANTITY_MAX,
  cartUnitPrice,
  formatMoneyOrNull,
  lineTotal,
  onlyLeftText,
  variantPictureOf,
} from '@kedai/domain';
import { productHref } from '../catalogue/links';
import { useAppDispatch } from '../../store/hooks';
import { removeCartItem, setCartItem } from './cart-slice';
import { availabilityOf, variantOptionsText } from './cart-view';
import styles from './cart.module.css';
import { QuantityStepper } from './QuantityStepper';
import { checkCartItem } from './selection-slice';
import { addInternalQuotation } from '../quotations/quotation-slice';
import { ConfirmGroup, RemoveConfirmation, useConfirmGroup } from '../../ui/ConfirmGroup';
import { EditableText } from '../../ui/EditableText';
import listStyles from '../../ui/list.module.css';
import { RowPicture } from '../../ui/RowPicture';

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
type QuantityQuestion = { kind: 'above_stock'; asked: number } | { kind: 'remove' };

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
  const { question, ref: questionRef, ask, dismiss, keep } = useConfirmGroup<QuantityQuestion>(`${id}-quantity`);
  const name = product?.name ?? 'A product no longer sold';
  const availability = availabilityOf(item, product);
  const options = variantOptionsText(product, item.variantPath);
  const unit = product ? formatMoneyOrNull(cartUnitPrice(product, item.variantPath, region.key)) : null;
  const total = formatMoneyOrNull(lineTotal(item, product, region.key));
  const href = product ? `${productHref(product.paramName)}${item.variantPath ? `?v=${item.variantPath}` : ''}` : null;
  const availabilityId = `${id}-availability`;
  const classes = [listStyles.row, styles.line, availability.available ? '' : styles.lineUnavailable, highlighted ? styles.highlight : '']
    .filter(Boolean)
    .join(' ');

  const stock = availability.stock;
  const maxQuantity = stock !== null && stock > 0 ? Math.min(stock, CART_QUANTITY_MAX) : CART_QUANTITY_MAX;
  /** The most that can be bought when the shopper asked for more (typed, or left from before). */
  const offer = question?.kind === 'above_stock' || availability.kind === 'too_many' ? maxQuantity : null;

  async function changeQuantity(quantity: number) {
    dismiss();
    setBusy('quantity');
    const result = await dispatch(setCartItem({ id: item.id, quantity }));
    setBusy(null);
    if (setCartItem.fulfilled.match(result)) {
      onAnnounce(result.payload ? `Quantity of ${name} is now ${result.payload.cartItem.quantity}.` : `${name} is no longer in your cart.`);
    }
  }

  async function saveNote(note: string) {
    setBusy('note');
    const result = await dispatch(setCartItem({ id: item.id, message: note }));
    setBusy(null);
    if (!setCartItem.fulfilled.match(result)) return false;
    onAnnounce(note ? `Note for ${name} saved.` : `Note for ${name} removed.`);
    return true;
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
      <label className={listStyles.check}>
        <input
          type="checkbox"
          checked={checked && availability.available}
          disabled={!availability.available}
          aria-describedby={availability.label ? availabilityId : undefined}
          onChange={(event) => dispatch(checkCartItem(item.id, event.target.checked))}
        />
        <span className="visually-hidden">Select {name} for checkout</span>
      </label>
      <RowPicture assetsUrl={assetsUrl} image={product ? variantPictureOf(product, item.variantPath) : null} />
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
        <div className={`${listStyles.controls} ${styles.lineRow}`}>
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
          <RemoveConfirmation
            ref={questionRef}
            name={name}
            list="your cart"
            busy={busy !== null}
            removing={busy === 'remove'}
            onRemove={() => void remove()}
            onKeep={keep}
          />
        ) : offer !== null && stock !== null && stock > 0 ? (
          <ConfirmGroup
            ref={questionRef}
            label={`Quantity of ${name}`}
            confirm={offer !== item.quantity ? { label: `Buy ${offer} instead`, onClick: () => void changeQuantity(offer) } : null}
            cancel={question ? { label: offer !== item.quantity ? `Keep ${item.quantity}` : 'OK', onClick: dismiss } : null}
            busy={busy !== null}
          >
            <p role="alert">
              {question?.kind === 'above_stock'
                ? `${onlyLeftText(stock)}, so ${question.asked} cannot be bought.`
                : `${onlyLeftText(stock)}: lower the quantity to buy this item.`}
            </p>
          </ConfirmGroup>
        ) : null}
        <EditableText
          id={`${id}-note`}
          value={item.message}
          valueLabel="Note:"
          label="Note to the seller"
          addLabel="Add a note to the seller"
          editLabel="Edit note"
          itemName={name}
          maxLength={CART_MESSAGE_MAX}
          saveLabel="Save note"
          busy={busy !== null}
          saving={busy === 'note'}
          onSave={saveNote}
          actionsClassName={styles.lineRow}
          otherActions={
            <>
              {product && !product.disabled ? (
                <button type="button" className={listStyles.linkButton} disabled={busy !== null} onClick={() => void askForQuotation()}>
                  {busy === 'quote' ? 'Moving to your quotations…' : 'Ask for a quotation'}
                  <span className="visually-hidden"> for {name}</span>
                </button>
              ) : null}
              <button type="button" className={listStyles.linkButton} disabled={busy !== null} onClick={() => void remove()}>
                {busy === 'remove' ? 'Removing…' : 'Remove'}
                <span className="visually-hidden"> {name}</span>
              </button>
            </>
          }
        />
      </div>
    </li>
  );
});
