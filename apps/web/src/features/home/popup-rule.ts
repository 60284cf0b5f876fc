/**
 * "Shown once per visitor" for home popups: the ids of the popups a visitor has seen are kept in
 * the browser's storage (localStorage in the page; any Storage-like object in tests).
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

/** The first popup (in the API's order) this visitor has not seen yet, or null. */
export function popupToShow<T extends Pick<HomePopup, 'id'>>(popups: readonly T[], storage: KeyValueStorage | null | undefined): T | null {
  const seen = seenPopupIds(storage);
  if (seen === null) return null;
  return popups.find((popup) => !seen.includes(popup.id)) ?? null;
}

/** Remembers that a popup was shown. False when the storage refuses (full, blocked). */
export function rememberPopup(storage: KeyValueStorage | null | undefined, id: string): boolean {
  const seen = seenPopupIds(storage);
  if (!storage || seen === null) return false;
  const next = [...seen.filter((other) => other !== id), id].slice(-MAX_REMEMBERED_POPUPS);
  try {
    storage.setItem(POPUP_STORAGE_KEY, JSON.stringify(next));
    return true;
  } catch {
    return false;
  }
}

/** `window.localStorage`, or null where it is missing or access throws (some privacy modes). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
