'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { QUOTATION_QUANTITY_MAX } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import cartStyles from '../cart/cart.module.css';
import { variantOptionsText } from '../cart/cart-view';
import { QuantityStepper } from '../cart/QuantityStepper';
import type { useSignInGate } from '../cart/useSignInGate';
import type { ActionProduct } from '../product/action-product';
import { InstructionsField } from './BuyForMeManualForm';
import { addInternalQuotationFromProduct } from './quotation-slice';
import styles from './quotations.module.css';

export interface RequestQuotationProps {
  product: Pick<ActionProduct, 'uuid' | 'name' | 'variants'>;
  /** The chosen variant path (`''` without variants), or null while an option is still to choose. */
  path: string | null;
  /** The quantity chosen on the page. */
  quantity: number;
  /** Why there is no full variant yet ("Choose storage and colour first."), as Add to cart says it; null once chosen. */
  chooseFirst: string | null;
  gate: ReturnType<typeof useSignInGate>;
  /** Back from signing in to ask for a quotation: the form opens again with this quantity. */
  pendingQuote: { quantity: number } | null;
}

type Outcome = { kind: 'sent'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The product page's "Request a quotation" (issue 15): for the chosen variant and quantity, a small
 * form with the instructions for the shop (`POST /quotation_item/internal_product`), then a
 * confirmation with a link to `/quotations`. A visitor goes through the same sign-in gate as Add to
 * cart, and the form opens again on the way back. Before every option is chosen it says what to
 * choose, as Add to cart does.
 */
export function RequestQuotation({ product, path, quantity, chooseFirst, gate, pendingQuote }: RequestQuotationProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(quantity);
  const [instructions, setInstructions] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [tried, setTried] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hintId = `${id}-choose`;

  function show(units: number) {
    setAsked(units);
    setOutcome(null);
    setOpen(true);
    // The form takes the button's place: its heading takes focus, so keyboard users land in it.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function close() {
    setOpen(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  useEffect(() => {
    if (!pendingQuote) return;
    setAsked(pendingQuote.quantity);
    setOutcome(null);
    setOpen(true);
    // What the shopper signed in for: brought into view, its heading focused.
    requestAnimationFrame(() => headingRef.current?.focus());
  }, [pendingQuote]);

  function onRequest() {
    setTried(true);
    if (sending || chooseFirst || path === null) return;
    const pending = {
      kind: 'quote' as const,
      productId: product.uuid,
      productName: product.name,
      variantPath: path,
      quantity,
      message: '',
    };
    if (!gate.ready(pending)) return;
    show(quantity);
  }

  async function send() {
    if (sending || path === null) return;
    setSending(true);
    setOutcome(null);
    const result = await dispatch(
      addInternalQuotationFromProduct({ productId: product.uuid, variantPath: path, quantity: asked, instructions: instructions.trim() }),
    );
    setSending(false);
    if (addInternalQuotationFromProduct.fulfilled.match(result)) {
      const options = variantOptionsText(product, path);
      setOutcome({
        kind: 'sent',
        text: `We asked the shop for a quotation for ${asked} × ${product.name}${options ? ` (${options})` : ''}.`,
      });
      close();
      setInstructions('');
    } else {
      setOutcome({ kind: 'error', text: `Your request could not be sent: ${result.payload ?? 'Unknown error'}` });
    }
  }

  const options = path === null ? '' : variantOptionsText(product, path);
  return (
    <div className={styles.requestQuotation}>
      {!open ? (
        <button
          ref={buttonRef}
          type="button"
          className="button button--secondary"
          disabled={!gate.settled}
          aria-describedby={tried && chooseFirst ? hintId : undefined}
          onClick={onRequest}
        >
          Request a quotation
        </button>
      ) : (
        <section className={styles.quoteForm} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
            Request a quotation
          </h2>
          <p className={cartStyles.hint}>
            The shop quotes you a price for {product.name}
            {options ? ` (${options})` : ''}; nothing is bought until you check out the quotation.
          </p>
          <QuantityStepper
            id={`${id}-quantity`}
            label="Quantity to quote"
            showLabel
            value={asked}
            max={QUOTATION_QUANTITY_MAX}
            onChange={setAsked}
            busy={sending}
          />
          <InstructionsField id={`${id}-instructions`} value={instructions} onChange={setInstructions} />
          {outcome?.kind === 'error' ? (
            <p className={cartStyles.error} role="alert">
              {outcome.text}
            </p>
          ) : null}
          <div className={cartStyles.buttons}>
            <button type="button" className="button button--primary" aria-disabled={sending || undefined} onClick={() => void send()}>
              {sending ? 'Sending…' : 'Send the request'}
            </button>
            <button type="button" className="button button--secondary" disabled={sending} onClick={close}>
              Cancel
            </button>
          </div>
        </section>
      )}
      {tried && chooseFirst && !open ? (
        <p className={cartStyles.hint} id={hintId} role="alert">
          {chooseFirst}
        </p>
      ) : null}
      <div aria-live="polite" aria-atomic="true">
        {outcome?.kind === 'sent' ? (
          <p className={cartStyles.status} role="status">
            {outcome.text} <Link href="/quotations">See your quotations</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
