'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { QuotationItem } from '@kedai/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { StickyBar } from '../../ui/StickyBar';
import cartStyles from '../cart/cart.module.css';
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
 * the region's currency beside a Checkout button that says it is not available yet (as the cart's).
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
    if (quotations.fetchError && !quotations.loading) {
      return (
        <>
          {heading}
          <div className={cartStyles.error} role="alert">
            <p>We could not load your quotations: {quotations.fetchError}</p>
            <p>
              <button type="button" className="button button--secondary" onClick={() => void dispatch(fetchQuotationItems())}>
                Try again
              </button>
            </p>
          </div>
        </>
      );
    }
    return (
      <>
        {heading}
        <p role="status" aria-live="polite">
          Loading your quotations…
        </p>
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
        <p className={cartStyles.error} role="alert">
          {flowError}
        </p>
      ) : null}
      <div className={cartStyles.layout}>
        <div className={cartStyles.column}>
          <div className={styles.filters} role="group" aria-label="Show quotations">
            {STATUS_FILTERS.map(({ value, label }) => (
              <button key={value} type="button" className={styles.filter} aria-pressed={filter === value} onClick={() => setFilter(value)}>
                {label} <span className={styles.count}>({counts[value]})</span>
              </button>
            ))}
          </div>
          <div className={cartStyles.toolbar}>
            <label className={cartStyles.check}>
              <input
                type="checkbox"
                checked={allQuotationItemsChecked(selection, checkable)}
                disabled={checkable.length === 0}
                onChange={(event) => dispatch(checkAllQuotationItems(event.target.checked))}
              />
              <span>Select all quoted ({checkable.length})</span>
            </label>
            {checkable.length === 0 ? <span className={cartStyles.hint}>Quoted items can be selected for checkout.</span> : null}
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
  const summaryRef = useRef<HTMLElement>(null);
  const selected = quotationSelectionTotal(items, checkedIds, region);
  const total = selected.total ?? '—';
  const count = `${selected.items} ${selected.items === 1 ? 'quotation' : 'quotations'}`;
  return (
    <aside className={cartStyles.summary} aria-labelledby="quotations-summary-title" ref={summaryRef}>
      {/* On a phone the summary is below every item: the bar keeps the total and Checkout in reach. */}
      <StickyBar watch={summaryRef} label="Quotations total">
        <p className="sticky-bar__text">
          {total}
          <small>Selected ({count})</small>
        </p>
        <button type="button" className="button button--primary" disabled aria-describedby="quotation-checkout-soon">
          Checkout
        </button>
      </StickyBar>
      <h2 id="quotations-summary-title">Summary</h2>
      <p className={cartStyles.subtotal} aria-live="polite" aria-atomic="true">
        <span>Selected ({count})</span>
        <strong>{total}</strong>
      </p>
      {selected.unquoted > 0 ? (
        <p className={cartStyles.hint}>
          {selected.unquoted === 1 ? '1 selected quotation has' : `${selected.unquoted} selected quotations have`} no price for{' '}
          {region.name} and {selected.unquoted === 1 ? 'is' : 'are'} not counted.
        </p>
      ) : null}
      {selected.items === 0 ? <p className={cartStyles.hint}>Select the quoted items you want to buy.</p> : null}
      <p className={cartStyles.hint}>Shipping and taxes are worked out at checkout.</p>
      <button type="button" className={`button button--primary ${cartStyles.checkout}`} disabled aria-describedby="quotation-checkout-soon">
        Checkout
      </button>
      <p className={cartStyles.hint} id="quotation-checkout-soon">
        Checkout is not available yet — it is coming soon. Your quotations are saved until then.
      </p>
    </aside>
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
