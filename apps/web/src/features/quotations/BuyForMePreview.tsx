'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { ExternalProduct, QuotationItem } from '@kedai/contract';
import { QUOTATION_QUANTITY_MAX, parseHttpLink } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import { FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { QuantityStepper } from '../cart/QuantityStepper';
import { availabilityText, externalPriceText } from './buy-for-me';
import { InstructionsField } from './BuyForMeManualForm';
import { ExternalImage } from './ExternalImage';
import { addExternalQuotation } from './quotation-slice';
import { externalImageOf } from './quotation-view';
import styles from './quotations.module.css';

export interface BuyForMePreviewProps {
  product: ExternalProduct;
  onAsked: (item: QuotationItem) => void;
  /** The shopper would rather describe the product by hand. */
  onManual: () => void;
}

/**
 * What was read from the link: picture, name, brand, marketplace, the price as found there (its own
 * currency, plainly: "USD 129.90") and availability; then the quantity and instructions, and "Ask
 * for a quotation" (`POST /quotation_item/external`). Its heading takes focus when it appears.
 */
export function BuyForMePreview({ product, onAsked, onManual }: BuyForMePreviewProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState(1);
  const [instructions, setInstructions] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const price = externalPriceText(product);
  const page = parseHttpLink(product.url) ?? parseHttpLink(product.link);

  useEffect(() => headingRef.current?.focus(), [product.id]);

  async function ask() {
    if (sending) return;
    setSending(true);
    setFailure(null);
    const result = await dispatch(addExternalQuotation({ externalProductId: product.id, quantity, instructions: instructions.trim() }));
    setSending(false);
    if (addExternalQuotation.fulfilled.match(result)) onAsked(result.payload.quotationItem);
    else setFailure(result.payload ?? 'Unknown error');
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-external-product={product.id}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        We found this product
      </h2>
      <div className={styles.preview}>
        <ExternalImage
          src={externalImageOf(product)}
          className={styles.previewImage}
          placeholderClassName={styles.previewPlaceholder}
          size={160}
        />
        <div className={styles.body}>
          <p className={styles.name}>
            <strong>{product.name}</strong>
          </p>
          <dl className={styles.facts}>
            {product.brand ? (
              <div>
                <dt>Brand</dt>
                <dd>{product.brand}</dd>
              </div>
            ) : null}
            <div>
              <dt>Marketplace</dt>
              <dd>
                {page ? (
                  <a href={page} target="_blank" rel="noopener noreferrer nofollow">
                    {product.sourceMarketPlace}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                    <span aria-hidden="true"> ↗</span>
                  </a>
                ) : (
                  product.sourceMarketPlace
                )}
              </dd>
            </div>
            <div>
              <dt>Price there</dt>
              <dd>{price ?? 'Not shown on the page'}</dd>
            </div>
            <div>
              <dt>Availability</dt>
              <dd>{availabilityText(product)}</dd>
            </div>
          </dl>
          <p className={styles.meta}>The shop quotes you a price in your currency, with the purchase and shipping to you.</p>
        </div>
      </div>
      <QuantityStepper
        id={`${id}-quantity`}
        label="Quantity"
        showLabel
        value={quantity}
        max={QUOTATION_QUANTITY_MAX}
        onChange={setQuantity}
        busy={sending}
      />
      <InstructionsField id={`${id}-instructions`} value={instructions} onChange={setInstructions} />
      {failure ? (
        <FormAlert>
          <p>Your request could not be sent: {failure}</p>
        </FormAlert>
      ) : null}
      <div className={formStyles.actions}>
        <button type="button" className="button button--primary" aria-disabled={sending || undefined} onClick={() => void ask()}>
          {sending ? 'Asking…' : 'Ask for a quotation'}
        </button>
        <button type="button" className={formStyles.linkButton} onClick={onManual}>
          Not the right product? Describe it by hand
        </button>
      </div>
    </section>
  );
}
