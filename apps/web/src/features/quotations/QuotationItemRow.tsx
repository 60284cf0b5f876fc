'use client';

import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import type { Product, QuotationItem } from '@kedai/contract';
import { QUOTATION_INSTRUCTIONS_MAX, QUOTATION_QUANTITY_MAX, assetUrl } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import cartStyles from '../cart/cart.module.css';
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
type Question = { kind: 'remove' } | { kind: 'requote'; quantity: number } | null;

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
  const [editing, setEditing] = useState(false);
  const [instructions, setInstructions] = useState(item.instructions);
  const [question, setQuestion] = useState<Question>(null);
  const questionRef = useRef<HTMLDivElement>(null);

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

  function ask(next: Question) {
    setQuestion(next);
    // The question takes focus once shown, so a keyboard or screen reader user meets it at once.
    requestAnimationFrame(() => questionRef.current?.focus());
  }

  async function saveQuantity(quantity: number) {
    setQuestion(null);
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

  async function saveInstructions() {
    setBusy('instructions');
    const text = instructions.trim();
    const result = await dispatch(setQuotationItem({ id: item.id, instructions: text }));
    setBusy(null);
    if (setQuotationItem.fulfilled.match(result)) {
      setEditing(false);
      const requoted = answered && text !== item.instructions;
      onAnnounce(`Instructions for ${name} saved.${requoted ? ' We asked the shop to quote it again.' : ''}`);
    }
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
    <li className={styles.item} id={`quotation-${item.id}`} data-quotation-item={item.id} aria-labelledby={nameId} tabIndex={-1}>
      <label className={cartStyles.check}>
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
          className={styles.thumb}
          placeholderClassName={styles.thumbPlaceholder}
          size={72}
        />
      ) : (
        <img
          className={styles.thumb}
          src={assetUrl(assetsUrl, product?.mainImage, 'thumb')}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.body}>
        <h3 className={styles.name} id={nameId}>
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
        </h3>
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
        <div className={styles.row}>
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
        {question ? (
          <div
            className={cartStyles.question}
            ref={questionRef}
            tabIndex={-1}
            role="group"
            aria-label={question.kind === 'remove' ? `Remove ${name}?` : `Ask again for ${name}?`}
          >
            {question.kind === 'remove' ? (
              <p>Remove {name} from your quotations?</p>
            ) : (
              <p>
                Changing the quantity to {question.quantity} asks the shop to quote again: the current answer is withdrawn until they reply.
              </p>
            )}
            <div className={cartStyles.buttons}>
              <button
                type="button"
                className="button button--primary"
                disabled={busy !== null}
                onClick={() => void (question.kind === 'remove' ? remove() : saveQuantity(question.quantity))}
              >
                {question.kind === 'remove' ? (busy === 'remove' ? 'Removing…' : 'Remove it') : 'Change and ask again'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setQuestion(null);
                  document.getElementById(`${id}-quantity`)?.focus();
                }}
              >
                {question.kind === 'remove' ? 'Keep it' : 'Keep the answer'}
              </button>
            </div>
          </div>
        ) : null}
        {editing ? (
          <div className={cartStyles.field}>
            <label htmlFor={`${id}-instructions`} className={cartStyles.label}>
              Instructions for the shop
            </label>
            <textarea
              id={`${id}-instructions`}
              className={cartStyles.note}
              maxLength={QUOTATION_INSTRUCTIONS_MAX}
              value={instructions}
              onChange={(event) => setInstructions(event.target.value)}
              aria-describedby={`${id}-instructions-hint`}
              autoFocus
            />
            <p className={cartStyles.hint} id={`${id}-instructions-hint`}>
              {answered
                ? `Saving new instructions asks the shop to quote again. Up to ${QUOTATION_INSTRUCTIONS_MAX} characters.`
                : `For example size, colour or seller. Up to ${QUOTATION_INSTRUCTIONS_MAX} characters.`}
            </p>
            <div className={cartStyles.buttons}>
              <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void saveInstructions()}>
                {busy === 'instructions' ? 'Saving…' : answered ? 'Save and ask again' : 'Save instructions'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy === 'instructions'}
                onClick={() => {
                  setInstructions(item.instructions);
                  setEditing(false);
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <>
            {item.instructions ? (
              <p className={styles.instructions}>
                <strong>Instructions:</strong> {item.instructions}
              </p>
            ) : null}
            <div className={styles.row}>
              <button
                type="button"
                className={cartStyles.linkButton}
                disabled={busy !== null}
                onClick={() => {
                  setInstructions(item.instructions);
                  setEditing(true);
                }}
              >
                {item.instructions ? 'Edit instructions' : 'Add instructions'}
                <span className="visually-hidden"> for {name}</span>
              </button>
              <button type="button" className={cartStyles.linkButton} disabled={busy !== null} onClick={() => ask({ kind: 'remove' })}>
                Remove
                <span className="visually-hidden"> {name}</span>
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}
