'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { QuotationItem } from '@kedai/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CheckoutSummary } from '../../ui/CheckoutSummary';
import { useStartCheckout } from '../checkout/useStartCheckout';
import listStyles from '../../ui/list.module.css';
import { LoadStatus } from '../../ui/LoadStatus';
import { allQuotationItemsChecked, checkAllQuotationItems } from '../cart/selection-slice';
import { QuotationItemRow } from './QuotationItemRow';
import { checkableQuotationItemIds, fetchQuotationItems, isCheckable, productOf } from './quotation-slice';
import { STATUS_FILTERS, countByStatus, filterByStatus, quotationSelectionTotal, type StatusFilter } from './quotation-view';
import styles from './quotations.module.css';

export interface QuotationsViewProps {
  region: { key: string; name: string; currency: string };
  assetsUrl: string;
}

/** Where a shopper asks about a product on another marketplace. */
const BUY_FOR_ME_HREF = '/buy-for-me';

/**
 * The quotation list (`/quotations`, signed-in users): the items newest first, filtered by status
 * (All, Quoting, Quoted, Unsuccessful), each with its checkbox for checkout (only quoted items whose
 * product can still be bought), select-all of the quoted items, and the total of the checked ones in
 * the region's currency beside Checkout, which takes the selection for checkout (with the cart's checked
 * lines, as the cart's does) to `/checkout/<key>`.
 * Asks the API again on every visit; what the store already holds is shown meanwhile.
 */
export function QuotationsView({ region, assetsUrl }: QuotationsViewProps) {
  const dispatch = useAppDispatch();
  const quotations = useAppSelector((state) => state.quotations);
  const selection = useAppSelector((state) => state.selection);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Fresh statuses and quotes on every visit.
  useEffect(() => {
    void dispatch(fetchQuotationItems());
  }, [dispatch]);

  function onRemoved(item: QuotationItem) {
    setAnnouncement(`${item.name} was removed from your quotations.`);
    headingRef.current?.focus();
  }

  const heading = (
    <div className={styles.header}>
      <h1 id="quotations-title" ref={headingRef} tabIndex={-1}>
        Your quotations
      </h1>
      <Link href={BUY_FOR_ME_HREF} className="button button--secondary">
        Paste a product link
      </Link>
    </div>
  );
  const live = (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );

  if (!quotations.dataLoaded) {
    return (
      <>
        {heading}
        <LoadStatus
          loading="Loading your quotations…"
          failure={quotations.fetchError && !quotations.loading ? `We could not load your quotations: ${quotations.fetchError}` : null}
          onRetry={() => void dispatch(fetchQuotationItems())}
        />
      </>
    );
  }

  if (quotations.data.length === 0) {
    return (
      <>
        {heading}
        {live}
        <NoQuotations />
      </>
    );
  }

  const checkable = checkableQuotationItemIds(quotations);
  const counts = countByStatus(quotations.data);
  const shown = filterByStatus(quotations.data, filter);
  const flowError = quotations.setError
    ? `Your change could not be saved: ${quotations.setError}`
    : quotations.removeError
      ? `The quotation could not be removed: ${quotations.removeError}`
      : quotations.fetchError
        ? `We could not refresh your quotations, so some may be out of date: ${quotations.fetchError}`
        : null;

  return (
    <>
      {heading}
      {live}
      <p className={styles.lead}>
        The shop quotes each product for you. Once a quotation is here, select it for checkout; changing the quantity or the instructions of
        an answered quotation asks the shop again.
      </p>
      {flowError ? (
        <p className={listStyles.error} role="alert">
          {flowError}
        </p>
      ) : null}
      <div className={listStyles.layout}>
        <div className={listStyles.column}>
          <div className={styles.filters} role="group" aria-label="Show quotations">
            {STATUS_FILTERS.map(({ value, label }) => (
              <button key={value} type="button" className={styles.filter} aria-pressed={filter === value} onClick={() => setFilter(value)}>
                {label} <span className={styles.count}>({counts[value]})</span>
              </button>
            ))}
          </div>
          <div className={listStyles.toolbar}>
            <label className={listStyles.check}>
              <input
                type="checkbox"
                checked={allQuotationItemsChecked(selection, checkable)}
                disabled={checkable.length === 0}
                onChange={(event) => dispatch(checkAllQuotationItems(event.target.checked))}
              />
              <span>Select all quoted ({checkable.length})</span>
            </label>
            {checkable.length === 0 ? <span className={listStyles.hint}>Quoted items can be selected for checkout.</span> : null}
          </div>
          {shown.length === 0 ? (
            <p className={styles.empty}>No quotations with this status.</p>
          ) : (
            <ul className={styles.items} role="list" aria-labelledby="quotations-title">
              {shown.map((item) => (
                <QuotationItemRow
                  key={item.id}
                  item={item}
                  product={productOf(quotations, item)}
                  region={region}
                  assetsUrl={assetsUrl}
                  checked={selection.quotationItemIds.includes(item.id)}
                  checkable={isCheckable(quotations, item)}
                  onAnnounce={setAnnouncement}
                  onRemoved={onRemoved}
                />
              ))}
            </ul>
          )}
        </div>
        <QuotationSummary items={quotations.data} checkedIds={selection.quotationItemIds} region={region} />
      </div>
    </>
  );
}

/** The total of the checked quotations and the checkout button, beside the list. */
function QuotationSummary({
  items,
  checkedIds,
  region,
}: {
  items: readonly QuotationItem[];
  checkedIds: readonly string[];
  region: { key: string; name: string; currency: string };
}) {
  const checkout = useStartCheckout();
  const selected = quotationSelectionTotal(items, checkedIds, region);
  const count = `${selected.items} ${selected.items === 1 ? 'quotation' : 'quotations'}`;
  const cartLines = checkout.cartItemIds.length;
  return (
    <CheckoutSummary
      titleId="quotations-summary-title"
      barLabel="Quotations total"
      totalLabel={`Selected (${count})`}
      total={selected.total ?? '—'}
      onCheckout={() => void checkout.start()}
      blocked={checkout.quotationItemIds.length + cartLines === 0 ? 'Select the quoted items you want to buy.' : null}
      busy={checkout.starting}
      error={checkout.error}
      noteId="quotation-checkout-note"
    >
      {selected.unquoted > 0 ? (
        <p className={listStyles.hint}>
          {selected.unquoted === 1 ? '1 selected quotation has' : `${selected.unquoted} selected quotations have`} no price for{' '}
          {region.name} and {selected.unquoted === 1 ? 'is' : 'are'} not counted.
        </p>
      ) : null}
      {cartLines > 0 ? (
        <p className={listStyles.hint}>
          {cartLines === 1 ? 'The item selected in your cart goes' : `The ${cartLines} items selected in your cart go`} to checkout too.
        </p>
      ) : null}
    </CheckoutSummary>
  );
}

/** No quotations yet: where to ask for one. */
function NoQuotations() {
  return (
    <div className="notice">
      <p>You have no quotations yet.</p>
      <p>
        Paste a link to a product on another marketplace and we will quote a price to buy and ship it for you — or ask for a quotation from
        a product page or your cart.
      </p>
      <p className="notice__actions">
        <Link href={BUY_FOR_ME_HREF} className="button button--primary">
          Buy it for me
        </Link>
        <Link href="/search" className="button button--secondary">
          Browse the catalogue
        </Link>
      </p>
    </div>
  );
}
