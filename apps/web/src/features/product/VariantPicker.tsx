'use client';

import { priceSpan } from '@kedai/domain';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { formatPriceSpan } from './price';
import styles from './product.module.css';
import { chooseOption, optionsInStock, pathFromSelection, selectionFromPath, stockStatusFor, type VariantProduct } from './variants';
import { StockBadge } from './StockBadge';
import { useVariantSelection } from './variant-selection';
import { searchWithVariant } from './view';

export interface VariantPickerProps {
  product: VariantProduct;
  region: string;
  /** The `?v=` path the page was rendered for (already validated), or null. */
  initialPath: string | null;
  /** Shown where the product has no price in the region. */
  noPriceLabel: string;
}

/**
 * Price, variant options and stock of a product with variants. One radio group per variant;
 * options that lead to no stock (given the other choices) are marked sold out but stay
 * selectable. The chosen path is written to the address (`?v=0/1`) with history.replaceState,
 * which Next's router picks up without fetching the page again, so a copied link reproduces it.
 */
export function VariantPicker({ product, region, initialPath, noPriceLabel }: VariantPickerProps) {
  // The address wins over the rendered path: after history.replaceState and Back, the page may be
  // restored from the router cache for the address it was first rendered at.
  const searchParams = useSearchParams();
  const [ownSelection, setOwnSelection] = useState(() => selectionFromPath(product.variants, searchParams.get('v') ?? initialPath));
  // Shared with the gallery on the product page (it shows the chosen colour's picture).
  const shared = useVariantSelection();
  const selection = shared?.selection ?? ownSelection;
  const setSelection = shared?.setSelection ?? setOwnSelection;
  const path = pathFromSelection(selection);
  const price = formatPriceSpan(priceSpan(product, region, path));
  const status = stockStatusFor(product, path);
  const inStock = optionsInStock(product, selection);
  const missing = product.variants.filter((_, i) => selection[i] === null).map((variant) => variant.name.toLowerCase());

  function choose(variantIndex: number, optionIndex: number) {
    const next = chooseOption(selection, variantIndex, optionIndex);
    setSelection(next);
    const url = `${window.location.pathname}${searchWithVariant(window.location.search, pathFromSelection(next))}${window.location.hash}`;
    window.history.replaceState(null, '', url);
  }

  return (
    <div className={styles.picker}>
      <div className={styles.offer} aria-live="polite" aria-atomic="true">
        <p className={styles.price}>{price ?? <span className={styles.noPrice}>{noPriceLabel}</span>}</p>
        <StockBadge status={status} />
        {missing.length > 0 && status.kind !== 'sold_out' ? (
          <p className={styles.hint}>Choose a {missing.join(' and ')} to see its price and stock.</p>
        ) : null}
      </div>
      {product.variants.map((variant, variantIndex) => {
        const chosen = selection[variantIndex];
        return (
          <fieldset key={`${variant.name}-${variantIndex}`} className={styles.variant}>
            <legend className={styles.variantLegend}>
              {variant.name}
              {chosen !== null && chosen !== undefined ? <span className={styles.variantChosen}>: {variant.options[chosen]}</span> : null}
            </legend>
            <div className={styles.options}>
              {variant.options.map((option, optionIndex) => {
                const soldOut = !inStock[variantIndex]?.[optionIndex];
                return (
                  <label key={`${option}-${optionIndex}`} className={soldOut ? `${styles.option} ${styles.optionSoldOut}` : styles.option}>
                    <input
                      type="radio"
                      className={styles.optionInput}
                      name={`variant-${variantIndex}`}
                      value={optionIndex}
                      checked={chosen === optionIndex}
                      onChange={() => choose(variantIndex, optionIndex)}
                    />
                    <span className={styles.optionName}>{option}</span>
                    {soldOut ? <span className={styles.optionNote}>Sold out</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
