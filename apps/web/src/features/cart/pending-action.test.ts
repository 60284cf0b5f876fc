import { describe, expect, it } from 'vitest';
import {
  PENDING_ACTION_KEY,
  PENDING_ACTION_TTL_MS,
  peekPendingAction,
  pendingActionReason,
  rememberPendingAction,
  takePendingAction,
} from './pending-action';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const addTwoKopi = { kind: 'add', productId: 'p-1', productName: 'Kopi', variantPath: '1.2', quantity: 2, message: 'Gift wrap' } as const;

describe('a guest’s pending action', () => {
  it('is kept across sign-in and taken, once, by its own product page', () => {
    const storage = memoryStorage();
    rememberPendingAction(addTwoKopi, storage, T0);
    expect(takePendingAction('p-2', storage, T0 + 1000)).toBeNull();
    expect(takePendingAction('p-1', storage, T0 + 1000)).toEqual({ ...addTwoKopi, savedAt: T0 });
    expect(takePendingAction('p-1', storage, T0 + 2000)).toBeNull();
  });

  it('keeps a wish to be told when a sold-out variant is back', () => {
    const storage = memoryStorage();
    const notify = { kind: 'notify', productId: 'p-1', productName: 'Kopi', variantPath: '0/1', quantity: 1, message: '' } as const;
    rememberPendingAction(notify, storage, T0);
    expect(takePendingAction('p-1', storage, T0 + 1000)).toEqual({ ...notify, savedAt: T0 });
  });

  it('is not acted on after an hour', () => {
    const storage = memoryStorage();
    rememberPendingAction(addTwoKopi, storage, T0);
    expect(peekPendingAction(storage, T0 + PENDING_ACTION_TTL_MS)).not.toBeNull();
    expect(takePendingAction('p-1', storage, T0 + PENDING_ACTION_TTL_MS + 1)).toBeNull();
    expect(storage.items.has(PENDING_ACTION_KEY)).toBe(false);
  });

  it('keeps only the newest wish', () => {
    const storage = memoryStorage();
    rememberPendingAction(addTwoKopi, storage, T0);
    rememberPendingAction({ ...addTwoKopi, kind: 'buy', quantity: 3 }, storage, T0 + 5);
    expect(peekPendingAction(storage, T0 + 10)).toMatchObject({ kind: 'buy', quantity: 3 });
  });

  it('ignores what is not a wish this page wrote (tampered or broken storage)', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_ACTION_KEY, '{not json');
    expect(peekPendingAction(storage, T0)).toBeNull();
    storage.setItem(PENDING_ACTION_KEY, JSON.stringify({ ...addTwoKopi, quantity: 0, savedAt: T0 }));
    expect(peekPendingAction(storage, T0)).toBeNull();
    storage.setItem(PENDING_ACTION_KEY, JSON.stringify({ ...addTwoKopi, kind: 'delete', savedAt: T0 }));
    expect(peekPendingAction(storage, T0)).toBeNull();
    expect(peekPendingAction(null, T0)).toBeNull();
  });

  it('says why signing in is needed, in a sentence', () => {
    const action = { ...addTwoKopi, savedAt: T0 };
    expect(pendingActionReason(action, 'Sign in')).toBe('Sign in to add 2 × Kopi to your cart.');
    expect(pendingActionReason({ ...action, quantity: 1, kind: 'buy' }, 'Create an account')).toBe('Create an account to buy Kopi.');
    expect(pendingActionReason({ ...action, kind: 'wishlist' }, 'Sign in')).toBe('Sign in to save Kopi to your wishlist.');
    expect(pendingActionReason({ ...action, kind: 'notify' }, 'Create an account')).toBe(
      'Create an account to be e-mailed when Kopi is back in stock.',
    );
    expect(pendingActionReason({ ...action, kind: 'quote' }, 'Sign in')).toBe('Sign in to ask for a quotation for 2 × Kopi.');
  });

  it('keeps a wish to ask for a quotation (the form opens again on the way back)', () => {
    const storage = memoryStorage();
    const quote = { kind: 'quote', productId: 'p-1', productName: 'Kopi', variantPath: '0/1', quantity: 5, message: '' } as const;
    rememberPendingAction(quote, storage, T0);
    expect(takePendingAction('p-1', storage, T0 + 1000)).toEqual({ ...quote, savedAt: T0 });
  });
});
