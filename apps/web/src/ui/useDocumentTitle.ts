'use client';

import { useEffect } from 'react';

/** The separator of the root layout's title template (`%s · <shop name>`). */
const SEPARATOR = ' · ';

/**
 * Names the browser tab after what a client-loaded page shows ("Order KD-…"), keeping the shop's name
 * the server's title template put after it; null leaves the server's title. Pages whose data only the
 * browser can read (a signed-in shopper's order) cannot name it in their metadata.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    const at = before.indexOf(SEPARATOR);
    document.title = at === -1 ? title : `${title}${before.slice(at)}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
