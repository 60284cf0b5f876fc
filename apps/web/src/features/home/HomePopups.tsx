'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { DialogPopup } from './HomePopupDialog';
import { browserStorage, popupToShow, rememberPopup } from './popup-rule';

/** Wait after the page settles before a popup opens, so it never interrupts the first paint. */
const POPUP_DELAY_MS = 1500;

type Dialog = ComponentType<{ popup: DialogPopup }>;

/**
 * The home popups: the first popup this visitor has not seen (remembered in localStorage) opens
 * once, POPUP_DELAY_MS after hydration. The dialog's code is loaded only then, so the home page's
 * first load carries just this small scheduler (most visitors have seen the popup already).
 */
export function HomePopups({ popups }: { popups: DialogPopup[] }) {
  const [shown, setShown] = useState<{ Dialog: Dialog; popup: DialogPopup } | null>(null);

  useEffect(() => {
    const storage = browserStorage();
    const next = popupToShow(popups, storage);
    if (!next) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void import('./HomePopupDialog').then(({ HomePopupDialog }) => {
        if (cancelled) return;
        if (!rememberPopup(storage, next.id)) return; // could not remember: do not show it on every visit
        setShown({ Dialog: HomePopupDialog, popup: next });
      });
    }, POPUP_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [popups]);

  return shown ? <shown.Dialog popup={shown.popup} /> : null;
}
