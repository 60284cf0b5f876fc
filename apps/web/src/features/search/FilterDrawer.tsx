'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface FilterDrawerProps {
  /** How many filters are applied (shown on the button that opens them). */
  activeCount: number;
  /** How many products the listing has with the filters as they are now. */
  total: number;
  /** The listing without its filters, when any is applied. */
  clearHref: string | null;
  /** Id of the results heading, which takes focus when the drawer closes on "Show N results". */
  resultsId: string;
  children: ReactNode;
}

/** Below this width the filters are a drawer; above it a sidebar (the same 56rem as the CSS). */
const DRAWER_QUERY = '(max-width: 55.99rem)';

/**
 * The listing's filters. On a wide screen a sidebar. On a phone a drawer (a modal `<dialog>`): a
 * tapped filter applies at once without moving the page, the drawer stays open with the new counts,
 * and "Show N results" closes it and takes the shopper to the results. Before scripts run (and
 * without them) it is a plain disclosure, so the filters work everywhere.
 */
export function FilterDrawer({ activeCount, total, clearHref, resultsId, children }: FilterDrawerProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asDrawer, setAsDrawer] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(DRAWER_QUERY);
    const update = () => setAsDrawer(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const badge = activeCount > 0 ? <span className="facets__badge"> ({activeCount} active)</span> : null;
  if (!asDrawer) {
    return (
      <details className="facets">
        <summary className="facets__summary">Filters{badge}</summary>
        <div className="facets__body">
          <h2 className="visually-hidden">Filters</h2>
          {children}
        </div>
      </details>
    );
  }

  const showResults = () => {
    dialog.current?.close();
    const heading = document.getElementById(resultsId);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  };
  const results = `Show ${total.toLocaleString('en-GB')} ${total === 1 ? 'result' : 'results'}`;
  return (
    <div className="facets">
      <button type="button" className="facets__summary facets__open" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        Filters{badge}
      </button>
      <dialog ref={dialog} className="filter-drawer" aria-labelledby={`${id}-title`}>
        <div className="filter-drawer__header">
          <h2 id={`${id}-title`}>Filters</h2>
          <button type="button" className="filter-drawer__close" onClick={() => dialog.current?.close()}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close filters</span>
          </button>
        </div>
        <div className="filter-drawer__body">{children}</div>
        <div className="filter-drawer__footer">
          {clearHref ? (
            <Link href={clearHref} scroll={false} className="button button--secondary">
              Clear all
            </Link>
          ) : null}
          <button type="button" className="button button--primary filter-drawer__show" onClick={showResults}>
            {results}
          </button>
        </div>
      </dialog>
    </div>
  );
}
