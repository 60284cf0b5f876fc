import { describe, expect, it } from 'vitest';
import { isInternalHref, safeContentHref } from './links';

describe('safeContentHref', () => {
  it('keeps site paths and http(s) addresses', () => {
    expect(safeContentHref('/search?category=toys')).toBe('/search?category=toys');
    expect(safeContentHref(' https://example.com/x ')).toBe('https://example.com/x');
    expect(safeContentHref('HTTP://example.com')).toBe('HTTP://example.com');
  });

  it('drops scripts, data, protocol-relative and empty links', () => {
    expect(safeContentHref('javascript:alert(1)')).toBeNull();
    expect(safeContentHref('data:text/html,x')).toBeNull();
    expect(safeContentHref('//evil.example')).toBeNull();
    expect(safeContentHref('/\\evil.example')).toBeNull();
    expect(safeContentHref('')).toBeNull();
    expect(safeContentHref(null)).toBeNull();
  });

  it('tells site paths from other sites', () => {
    expect(isInternalHref('/page/x')).toBe(true);
    expect(isInternalHref('https://example.com')).toBe(false);
  });
});
