import { describe, expect, it } from 'vitest';
import { RETURN_PATH_KEY, consumeReturnPath, isSafeReturnPath, joinReturnPath, peekReturnPath, rememberReturnPath } from './return-path';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('remember where to return after sign-in (rules: screens.md /sign_in, §4 "After login")', () => {
  it('remembers path, query and hash, and gives them back once', () => {
    const storage = memoryStorage();
    expect(rememberReturnPath('/product/kopi', '?variant=1%2F0', '#reviews', storage)).toBe(true);
    expect(storage.values.get(RETURN_PATH_KEY)).toBe('/product/kopi?variant=1%2F0#reviews');
    expect(consumeReturnPath(storage)).toBe('/product/kopi?variant=1%2F0#reviews');
    expect(consumeReturnPath(storage)).toBeNull();
  });

  it('peeking does not forget', () => {
    const storage = memoryStorage();
    rememberReturnPath('/cart', '', '', storage);
    expect(peekReturnPath(storage)).toBe('/cart');
    expect(peekReturnPath(storage)).toBe('/cart');
  });

  it('accepts the query as text with or without "?", or as parameters, and the hash with or without "#"', () => {
    expect(joinReturnPath('/search', 'q=tea', 'top')).toBe('/search?q=tea#top');
    expect(joinReturnPath('/search', new URLSearchParams({ q: 'green tea', page: '2' }))).toBe('/search?q=green+tea&page=2');
    expect(joinReturnPath('/search', { q: 'tea' }, '#')).toBe('/search?q=tea');
    expect(joinReturnPath('', '?', '')).toBe('/');
  });

  it('a later redirect replaces the remembered address', () => {
    const storage = memoryStorage();
    rememberReturnPath('/a', '', '', storage);
    rememberReturnPath('/b', '', '', storage);
    expect(consumeReturnPath(storage)).toBe('/b');
  });

  it('never remembers the sign-in page itself', () => {
    const storage = memoryStorage();
    expect(rememberReturnPath('/sign_in', '?x=1', '', storage)).toBe(false);
    expect(rememberReturnPath('/sg/sign_in', '', '', storage)).toBe(false);
    expect(consumeReturnPath(storage)).toBeNull();
  });

  it('never remembers the pages on the way to signing in (so signing in from one does not land on it again)', () => {
    const storage = memoryStorage();
    for (const path of [
      '/verify_email',
      '/register',
      '/forgot_password',
      '/reset_password',
      '/two_factor/verify',
      '/two_factor/reset',
      '/two_factor/cancel_reset',
      '/my/verify_email',
    ]) {
      expect(rememberReturnPath(path, '?email=a%40b.co', '', storage), path).toBe(false);
    }
    expect(consumeReturnPath(storage)).toBeNull();
    // Pages whose names only start alike are kept.
    expect(rememberReturnPath('/two_factor', '', '', storage)).toBe(true);
    expect(rememberReturnPath('/registered-shops', '', '', storage)).toBe(true);
  });

  it('only keeps paths of this site (no open redirect)', () => {
    const storage = memoryStorage();
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'cart']) {
      expect(isSafeReturnPath(path)).toBe(false);
      expect(rememberReturnPath(path, '', '', storage)).toBe(false);
    }
    storage.values.set(RETURN_PATH_KEY, '//evil.example');
    expect(consumeReturnPath(storage)).toBeNull();
    expect(isSafeReturnPath('/sg/product/x')).toBe(true);
  });

  it('works without storage (server, or storage disabled)', () => {
    expect(rememberReturnPath('/cart', '', '', null)).toBe(false);
    expect(consumeReturnPath(null)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberReturnPath('/cart', '', '', broken)).toBe(false);
    expect(consumeReturnPath(broken)).toBeNull();
  });
});
