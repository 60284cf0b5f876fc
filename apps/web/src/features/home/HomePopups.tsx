'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { DialogPopup } from './HomePopupDialog';
import { browserStorage, popupToShow, rememberPopup } from './popup-rule';

/** Wait after the page settles before a popup opens, so it never interrupts the first paint. */
const POPUP_DELAY_MS = 1500;

type Dialog = ComponentType<{ popup: DialogPopup }>;

/**
 * The home popups: the first popup this visitor has not seen (remembered in localStorage) opens
 * once, POPUP_DELAY_MS after hydration, and no other opens during the same visit (`popup-rule.ts`).
 * It never opens on a shopper who has already started to use the page (a key, a tap or click, a
 * focused field): it is kept for a later visit instead. The dialog's code is loaded only then, so
 * the home page's first load carries just this small scheduler (most visitors have seen it already).
 */
export function HomePopups({ popups }: { popups: DialogPopup[] }) {
  const [shown, setShown] = useState<{ Dialog: Dialog; popup: DialogPopup } | null>(null);

  useEffect(() => {
    const storage = browserStorage();
    const visit = browserStorage('visit');
    const next = popupToShow(popups, storage, visit);
    if (!next) return;
    let cancelled = false;
    // A shopper who has started to type, tap or click is not interrupted: the popup waits for a later visit.
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    const stop = () => {
      cancelled = true;
      window.clearTimeout(timer);
      events.forEach((type) => window.removeEventListener(type, stop, true));
    };
    const timer = window.setTimeout(() => {
      void import('./HomePopupDialog').then(({ HomePopupDialog }) => {
        if (cancelled) return;
        stop();
        if (!rememberPopup(storage, next.id, visit)) return; // could not remember: do not show it on every visit
        setShown({ Dialog: HomePopupDialog, popup: next });
      });
    }, POPUP_DELAY_MS);
    events.forEach((type) => window.addEventListener(type, stop, true));
    return stop;
  }, [popups]);

  return shown ? <shown.Dialog popup={shown.popup} /> : null;
}
