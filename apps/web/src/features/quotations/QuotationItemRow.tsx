'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import type { Product, QuotationItem } from '@kedai/contract';
import { QUOTATION_INSTRUCTIONS_MAX, QUOTATION_QUANTITY_MAX, variantPictureOf } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import { QuantityStepper } from '../cart/QuantityStepper';
import { checkQuotationItem } from '../cart/selection-slice';
import { ExternalImage } from './ExternalImage';
import { removeQuotationItem, setQuotationItem } from './quotation-slice';
import {
  basePriceOf,
  checkBlockReason,
  externalImageOf,
  itemLink,
  optionsOf,
  quotedPriceOf,
  sourceOf,
  statusBadge,
  statusMessageOf,
} from './quotation-view';
import styles from './quotations.module.css';
import { ConfirmGroup, RemoveConfirmation, useConfirmGroup } from '../../ui/ConfirmGroup';
import { EditableText } from '../../ui/EditableText';
import listStyles from '../../ui/list.module.css';
import { RowPicture } from '../../ui/RowPicture';

export interface QuotationItemRowProps {
  item: QuotationItem;
  product: Product | undefined;
  region: { key: string; name: string; currency: string };
  assetsUrl: string;
  checked: boolean;
  checkable: boolean;
  /** Announces what happened (the page's live region). */
  onAnnounce: (message: string) => void;
  onRemoved: (item: QuotationItem) => void;
}

/** What the row asks before acting: remove it, or change an answered quotation (which asks the shop again). */
type Question = { kind: 'remove' } | { kind: 'requote'; quantity: number };

const BADGE_TONE = { pending: styles.badgePending, resolved: styles.badgeResolved, declined: styles.badgeDeclined };

/**
 * One quotation item: its checkbox for checkout (disabled, with the reason, unless it can be checked
 * out), picture, name (to the product page or the marketplace's page), where it comes from, its
 * options, the status message in a badge, the quoted price in the shopper's region (unit and total)
 * or that the region has none, the decline reason, the quantity and the instructions (editable), and
 * Remove after a confirmation. A change to an answered quotation asks the shop again (the API sends
 * it back to pending), so the row says so before sending it.
 */
export function QuotationItemRow({ item, product, region, assetsUrl, checked, checkable, onAnnounce, onRemoved }: QuotationItemRowProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<'quantity' | 'instructions' | 'remove' | null>(null);
  const { question, ref: questionRef, ask, dismiss, keep } = useConfirmGroup<Question>(`${id}-quantity`);

  const name = item.name || product?.name || 'A product';
  const answered = item.status !== 'p';
  const link = itemLink(item, product);
  const source = sourceOf(item, product);
  const options = optionsOf(item, product);
  const badge = statusBadge(item.status);
  const price = quotedPriceOf(item, region);
  const basePrice = basePriceOf(item);
  const blockReason = checkBlockReason(item, product, checkable);
  const reasonId = `${id}-reason`;
  const nameId = `${id}-name`;

  async function saveQuantity(quantity: number) {
    dismiss();
    setBusy('quantity');
    const result = await dispatch(setQuotationItem({ id: item.id, quantity }));
    setBusy(null);
    if (setQuotationItem.fulfilled.match(result)) {
      onAnnounce(
        result.payload
          ? `Quantity of ${name} is now ${result.payload.quotationItem.quantity}.${answered ? ' We asked the shop to quote it again.' : ''}`
          : `${name} is no longer in your quotations.`,
      );
    }
  }

  function changeQuantity(quantity: number) {
    if (answered) ask({ kind: 'requote', quantity });
    else void saveQuantity(quantity);
  }

  async function saveInstructions(text: string) {
    setBusy('instructions');
    const result = await dispatch(setQuotationItem({ id: item.id, instructions: text }));
    setBusy(null);
    if (!setQuotationItem.fulfilled.match(result)) return false;
    const requoted = answered && text !== item.instructions;
    onAnnounce(`Instructions for ${name} saved.${requoted ? ' We asked the shop to quote it again.' : ''}`);
    return true;
  }

  async function remove() {
    setBusy('remove');
    const result = await dispatch(removeQuotationItem(item.id));
    if (removeQuotationItem.fulfilled.match(result)) {
      onRemoved(item);
      return;
    }
    setBusy(null);
  }

  return (
    <li className={listStyles.row} id={`quotation-${item.id}`} data-quotation-item={item.id} aria-labelledby={nameId} tabIndex={-1}>
      <label className={listStyles.check}>
        <input
          type="checkbox"
          checked={checked && checkable}
          disabled={!checkable}
          aria-describedby={blockReason ? reasonId : undefined}
          onChange={(event) => dispatch(checkQuotationItem(item.id, event.target.checked))}
        />
        <span className="visually-hidden">Select {name} for checkout</span>
      </label>
      {item.externalProduct ? (
        <ExternalImage
          src={externalImageOf(item.externalProduct)}
          className={listStyles.thumb}
          placeholderClassName={styles.thumbPlaceholder}
          size={72}
        />
      ) : (
        <RowPicture assetsUrl={assetsUrl} image={product ? variantPictureOf(product, item.productSourceData.variantPath) : null} />
      )}
      <div className={styles.body}>
        <h2 className={styles.name} id={nameId}>
          {!link ? (
            name
          ) : link.external ? (
            <a href={link.href} target="_blank" rel="noopener noreferrer nofollow">
              {name}
              <span className="visually-hidden"> (opens the marketplace in a new tab)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          ) : (
            <Link href={link.href}>{name}</Link>
          )}
        </h2>
        {source || options ? <p className={styles.meta}>{[source, options].filter(Boolean).join(' · ')}</p> : null}
        <p className={`${styles.badge} ${BADGE_TONE[badge.tone]}`} data-status={item.status}>
          {statusMessageOf(item)}
        </p>
        {item.status === 'r' ? (
          price ? (
            <p className={styles.price}>
              <span>
                Quoted price: <strong>{price.unit}</strong> each
              </span>
              <span className={styles.priceTotal}>
                × {item.quantity} = {price.total}
              </span>
            </p>
          ) : (
            <p className={styles.noQuote}>Not quoted for your region</p>
          )
        ) : null}
        {basePrice && item.externalProduct ? (
          <p className={styles.meta}>
            Price found on {item.externalProduct.sourceMarketPlace}: {basePrice}
          </p>
        ) : null}
        {item.status === 'd' && item.declineReason ? (
          <p className={styles.declineReason}>
            <strong>Why:</strong> {item.declineReason}
          </p>
        ) : null}
        {blockReason ? (
          <p className={styles.reason} id={reasonId}>
            {blockReason}
          </p>
        ) : null}
        <div className={listStyles.controls}>
          <QuantityStepper
            id={`${id}-quantity`}
            label={`Quantity of ${name}`}
            value={item.quantity}
            max={QUOTATION_QUANTITY_MAX}
            onChange={changeQuantity}
            onZero={() => ask({ kind: 'remove' })}
            busy={busy !== null}
          />
        </div>
        {question?.kind === 'remove' ? (
          <RemoveConfirmation
            ref={questionRef}
            name={name}
            list="your quotations"
            busy={busy !== null}
            removing={busy === 'remove'}
            onRemove={() => void remove()}
            onKeep={keep}
          />
        ) : question?.kind === 'requote' ? (
          <ConfirmGroup
            ref={questionRef}
            label={`Ask again for ${name}?`}
            confirm={{ label: 'Change and ask again', onClick: () => void saveQuantity(question.quantity) }}
            cancel={{ label: 'Keep the answer', onClick: keep }}
            busy={busy !== null}
          >
            <p>
              Changing the quantity to {question.quantity} asks the shop to quote again: the current answer is withdrawn until they reply.
            </p>
          </ConfirmGroup>
        ) : null}
        <EditableText
          id={`${id}-instructions`}
          value={item.instructions}
          valueLabel="Instructions:"
          label="Instructions for the shop"
          addLabel="Add instructions"
          editLabel="Edit instructions"
          itemName={name}
          maxLength={QUOTATION_INSTRUCTIONS_MAX}
          hint={
            answered
              ? `Saving new instructions asks the shop to quote again. Up to ${QUOTATION_INSTRUCTIONS_MAX} characters.`
              : `For example size, colour or seller. Up to ${QUOTATION_INSTRUCTIONS_MAX} characters.`
          }
          saveLabel={answered ? 'Save and ask again' : 'Save instructions'}
          busy={busy !== null}
          saving={busy === 'instructions'}
          onSave={saveInstructions}
          otherActions={
            <button type="button" className={listStyles.linkButton} disabled={busy !== null} onClick={() => ask({ kind: 'remove' })}>
              Remove
              <span className="visually-hidden"> {name}</span>
            </button>
          }
        />
      </div>
    </li>
  );
}
