'use client';

import { useEffect, useRef } from 'react';
import { browserApi } from '../../lib/browser-api';

/** What the recorder reads of the page: `document` in the browser, a stand-in in tests. */
interface PageVisibility {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

interface RecordProductViewProps {
  /** The product's uuid. */
  productId: string;
  /** The page whose visibility counts; `document` unless a test gives its own. */
  page?: PageVisibility;
}

/** Calls `shown` once the page is visible: at once, or when its tab comes to the front. Answers how to stop waiting. */
function whenVisible(page: PageVisibility, shown: () => void): () => void {
  if (page.visibilityState === 'visible') {
    shown();
    return () => {};
  }
  const listener = () => {
    if (page.visibilityState !== 'visible') return;
    page.removeEventListener('visibilitychange', listener);
    shown();
  };
  page.addEventListener('visibilitychange', listener);
  return () => page.removeEventListener('visibilitychange', listener);
}

/**
 * Records "Recently viewed" for the product page it is on (`POST /product/{id}/view`), once per
 * showing of the page and only once the shopper can see it: a page opened in a background tab
 * counts when the tab is brought forward, never if it is closed unseen. The server render and
 * Next.js's prefetches of product links record nothing (issue 30), so this is the one place a view
 * comes from. Once per product even in Strict Mode, whose effects run twice.
 */
export function RecordProductView({ productId, page }: RecordProductViewProps) {
  const recordedFor = useRef<string | null>(null);
  useEffect(() => {
    if (recordedFor.current === productId) return;
    return whenVisible(page ?? document, () => {
      if (recordedFor.current === productId) return;
      recordedFor.current = productId;
      browserApi.post('/product/:id/view', { params: { id: productId } }).catch(() => {
        // A view is a hint for the strip: a refusal (rate limit, network) just leaves it out.
      });
    });
  }, [productId, page]);
  return null;
}
