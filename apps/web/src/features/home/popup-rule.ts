/**
 * When a home popup opens: each popup once per visitor (rules: screens.md), and at most one popup
 * per visit. The ids of the popups a visitor has seen are kept in localStorage, so a dismissed
 * popup stays dismissed; that this visit (the browser tab's session) has shown one is kept in
 * sessionStorage, so coming back to the home page does not open the next popup at once. Any
 * Storage-like objects in tests.
 */
import type { Popup } from '@kedai/contract';

/** A popup of the home page (`GET /popup`). */
export type HomePopup = Popup;

/** The part of the Web Storage API the rule uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const POPUP_STORAGE_KEY = 'kedai.popups.seen';
/** In the visit's storage: a popup was shown during this visit. */
export const POPUP_VISIT_KEY = 'kedai.popups.shownThisVisit';
/** Ids kept at most (the oldest are forgotten first), so the entry cannot grow without bound. */
export const MAX_REMEMBERED_POPUPS = 50;

/**
 * The ids of the popups already shown, or null when the storage cannot be read (disabled,
 * blocked): then nothing is shown, since showing it on every visit would be worse than never.
 */
export function seenPopupIds(storage: KeyValueStorage | null | undefined): string[] | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(POPUP_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return []; // a corrupt entry is overwritten on the next show
  }
}

function shownThisVisit(visit: KeyValueStorage | null | undefined): boolean {
  try {
    return visit?.getItem(POPUP_VISIT_KEY) === '1';
  } catch {
    return false; // the visitor's list of seen popups still keeps each one to once
  }
}

/**
 * The first popup (in the API's order) this visitor has not seen yet, or null; null too when this
 * visit has already shown one.
 */
export function popupToShow<T extends Pick<HomePopup, 'id'>>(
  popups: readonly T[],
  storage: KeyValueStorage | null | undefined,
  visit: KeyValueStorage | null | undefined = null,
): T | null {
  const seen = seenPopupIds(storage);
  if (seen === null || shownThisVisit(visit)) return null;
  return popups.find((popup) => !seen.includes(popup.id)) ?? null;
}

/** Remembers that a popup was shown (for this visitor and this visit). False when the storage refuses (full, blocked). */
export function rememberPopup(
  storage: KeyValueStorage | null | undefined,
  id: string,
  visit: KeyValueStorage | null | undefined = null,
): boolean {
  const seen = seenPopupIds(storage);
  if (!storage || seen === null) return false;
  const next = [...seen.filter((other) => other !== id), id].slice(-MAX_REMEMBERED_POPUPS);
  try {
    storage.setItem(POPUP_STORAGE_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  try {
    visit?.setItem(POPUP_VISIT_KEY, '1');
  } catch {
    // the popup is remembered for the visitor; only the visit's mark is lost
  }
  return true;
}

/** `window.localStorage` (or `sessionStorage` for the visit), or null where it is missing or access throws (some privacy modes). */
export function browserStorage(kind: 'visitor' | 'visit' = 'visitor'): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'visit' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}
