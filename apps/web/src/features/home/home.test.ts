import { describe, expect, it } from 'vitest';
import { groupHref, isSiteHref, safeContentHref } from './links';
import {
  MAX_REMEMBERED_POPUPS,
  POPUP_STORAGE_KEY,
  POPUP_VISIT_KEY,
  popupToShow,
  rememberPopup,
  seenPopupIds,
  type KeyValueStorage,
} from './popup-rule';

/** An in-memory Storage with optional failures. */
function memoryStorage(initial: Record<string, string> = {}, fail: { read?: boolean; write?: boolean } = {}) {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage & { data: Map<string, string> } = {
    data,
    getItem(key) {
      if (fail.read) throw new Error('SecurityError');
      return data.get(key) ?? null;
    },
    setItem(key, value) {
      if (fail.write) throw new Error('QuotaExceededError');
      data.set(key, value);
    },
  };
  return storage;
}

const popups = [
  { id: 'welcome', name: 'Welcome', link: '/search', image: null },
  { id: 'toys', name: 'Toys', link: null, image: 'popups/toys.svg' },
];

describe('popup shown once per visitor', () => {
  it('shows the first popup to a new visitor, then the next one on a later visit, then none', () => {
    const storage = memoryStorage();
    const first = popupToShow(popups, storage);
    expect(first?.id).toBe('welcome');
    expect(rememberPopup(storage, first!.id)).toBe(true);
    expect(storage.data.get(POPUP_STORAGE_KEY)).toBe('["welcome"]');

    const second = popupToShow(popups, storage);
    expect(second?.id).toBe('toys');
    rememberPopup(storage, second!.id);
    expect(popupToShow(popups, storage)).toBeNull();
  });

  it('shows at most one popup per visit: back on the home page in the same visit, the next one waits for a later visit', () => {
    const visitor = memoryStorage();
    const firstVisit = memoryStorage();
    const first = popupToShow(popups, visitor, firstVisit);
    expect(first?.id).toBe('welcome');
    rememberPopup(visitor, first!.id, firstVisit);
    expect(firstVisit.data.get(POPUP_VISIT_KEY)).toBe('1');
    expect(popupToShow(popups, visitor, firstVisit)).toBeNull();

    // A later visit: the dismissed popup stays dismissed, the next one may open.
    const laterVisit = memoryStorage();
    expect(popupToShow(popups, visitor, laterVisit)?.id).toBe('toys');
  });

  it('a visit storage that cannot be read or written still leaves each popup shown once', () => {
    const visitor = memoryStorage();
    const broken = memoryStorage({}, { read: true, write: true });
    expect(popupToShow(popups, visitor, broken)?.id).toBe('welcome');
    expect(rememberPopup(visitor, 'welcome', broken)).toBe(true);
    expect(popupToShow(popups, visitor, broken)?.id).toBe('toys');
  });

  it('remembers an id once, and a bounded number of ids', () => {
    const storage = memoryStorage();
    rememberPopup(storage, 'a');
    rememberPopup(storage, 'a');
    expect(seenPopupIds(storage)).toEqual(['a']);
    for (let i = 0; i < MAX_REMEMBERED_POPUPS + 5; i++) rememberPopup(storage, `p${i}`);
    const seen = seenPopupIds(storage)!;
    expect(seen).toHaveLength(MAX_REMEMBERED_POPUPS);
    expect(seen.at(-1)).toBe(`p${MAX_REMEMBERED_POPUPS + 4}`);
  });

  it('shows nothing when the storage cannot be read, or there is no storage', () => {
    expect(popupToShow(popups, memoryStorage({}, { read: true }))).toBeNull();
    expect(popupToShow(popups, null)).toBeNull();
    expect(rememberPopup(null, 'welcome')).toBe(false);
  });

  it('reports a refused write, so the caller does not show a popup it cannot remember', () => {
    const storage = memoryStorage({}, { write: true });
    expect(popupToShow(popups, storage)?.id).toBe('welcome');
    expect(rememberPopup(storage, 'welcome')).toBe(false);
  });

  it('treats a corrupt or foreign entry as nothing seen, and overwrites it', () => {
    for (const raw of ['not json', '{"a":1}', '42', 'null']) {
      const storage = memoryStorage({ [POPUP_STORAGE_KEY]: raw });
      expect(popupToShow(popups, storage)?.id).toBe('welcome');
      rememberPopup(storage, 'welcome');
      expect(seenPopupIds(storage)).toEqual(['welcome']);
    }
    expect(seenPopupIds(memoryStorage({ [POPUP_STORAGE_KEY]: '["a", 3, null, "b"]' }))).toEqual(['a', 'b']);
  });

  it('has nothing to show without popups', () => {
    expect(popupToShow([], memoryStorage())).toBeNull();
  });
});

describe('content links', () => {
  it('keeps site paths and http(s) addresses only', () => {
    expect(safeContentHref('/search?category=toys')).toBe('/search?category=toys');
    expect(safeContentHref('  https://example.com/sale ')).toBe('https://example.com/sale');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'https://', 'mailto:a@b', '', null, undefined]) {
      expect(safeContentHref(bad)).toBeNull();
    }
    expect(isSiteHref('/cart')).toBe(true);
    expect(isSiteHref('https://example.com')).toBe(false);
  });

  it('links a category group to its category page, and a hand-picked group nowhere', () => {
    const categories = [
      { id: 'c1', path: 'electronics' },
      { id: 'c2', path: 'electronics.laptops' },
    ];
    expect(groupHref({ categoryId: 'c2' }, categories)).toBe('/category/electronics.laptops');
    expect(groupHref({ categoryId: null }, categories)).toBeNull();
    expect(groupHref({ categoryId: 'gone' }, categories)).toBeNull();
  });
});
