'use client';

import { useCallback, useEffect, useState } from 'react';
import { loadSavedCards, type SavedCardsLoad } from './saved-cards';

/**
 * The shopper's saved cards, read in the browser when the component mounts (unless it opens with
 * `initial`, as tests do): the state, `read` to read them again (Try again; `quietly` keeps the list
 * shown until the new one comes, and keeps it if that read fails), and `setLoad` for a list changed
 * here (a card removed).
 */
export function useSavedCards(initial?: SavedCardsLoad) {
  const [load, setLoad] = useState<SavedCardsLoad>(initial ?? { status: 'loading' });

  const read = useCallback(async (quietly = false) => {
    if (!quietly) setLoad({ status: 'loading' });
    const result = await loadSavedCards();
    if (result.ok) setLoad({ status: 'ready', cards: result.value });
    else if (!quietly) setLoad({ status: 'error', message: result.message });
  }, []);

  useEffect(() => {
    if (!initial) void read();
  }, [initial, read]);

  return { load, read, setLoad };
}
