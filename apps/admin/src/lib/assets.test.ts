import { describe, expect, it } from 'vitest';
import { assetsBase, imageSrc, storefrontBase, storefrontPage } from './assets';

describe('assetsBase', () => {
  it('reaches the default, relative assets host through the back office’s /api forwarding', () => {
    expect(assetsBase('/assets')).toBe('/api/assets');
    expect(assetsBase('/assets/')).toBe('/api/assets');
    expect(assetsBase('assets')).toBe('/api/assets');
  });
  it('keeps an absolute assets host', () => {
    expect(assetsBase('https://cdn.shop.example/assets/')).toBe('https://cdn.shop.example/assets');
  });
});

describe('imageSrc', () => {
  it('names the thumbnail with _thumb before the extension by default', () => {
    expect(imageSrc('/assets', 'products/abc.webp')).toBe('/api/assets/products/abc_thumb.webp');
    expect(imageSrc('https://cdn.example', 'products/abc.webp', 'full')).toBe('https://cdn.example/products/abc.webp');
  });
});

describe('storefrontBase', () => {
  it('reads an absolute storefront address from the configuration, else none', () => {
    expect(storefrontBase({ storefront_url: 'https://shop.example/' })).toBe('https://shop.example');
    expect(storefrontBase({ public_web_url: 'http://localhost:3000' })).toBe('http://localhost:3000');
    expect(storefrontBase({ storefront_url: '/relative' })).toBeNull();
    expect(storefrontBase({})).toBeNull();
    expect(storefrontBase(undefined)).toBeNull();
  });
  it('gives a page its full address only when the base is known', () => {
    expect(storefrontPage('https://shop.example', '/help/returns')).toEqual({
      href: 'https://shop.example/help/returns',
      path: '/help/returns',
    });
    expect(storefrontPage(null, '/help/returns')).toEqual({ href: null, path: '/help/returns' });
  });
});
