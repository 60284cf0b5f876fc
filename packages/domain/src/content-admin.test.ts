import { describe, expect, it } from 'vitest';
import {
  parseContentLink,
  slugFromTitle,
  validateBannerDraft,
  validateHomeGroupDraft,
  validateImagePageDraft,
  validatePopupDraft,
} from './content-admin';

const fields = (result: { ok: boolean; problems?: { field: string; errorCode: string }[] }) =>
  result.ok ? [] : result.problems!.map((p) => [p.field, p.errorCode]);

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('a content link', () => {
  it('is a path on the shop or an http(s) address, or nothing', () => {
    for (const link of ['/search?category=toys', '/', 'https://example.com', 'http://shop.example/a?b=c#d', ' /page/about ']) {
      expect(parseContentLink(link), link).toEqual({ ok: true, value: link.trim() });
    }
    for (const empty of [undefined, null, '', '   ']) expect(parseContentLink(empty)).toEqual({ ok: true, value: null });
  });

  it('is never a script, data, a protocol-relative address or one with spaces', () => {
    for (const link of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'https://user@evil.example',
      'http://a b',
      'search',
      'ftp://x.example',
      '/a\nb',
      42,
    ]) {
      expect(parseContentLink(link), String(link)).toEqual({ ok: false, errorCode: 'content/invalid_link' });
    }
  });
});

describe('a banner as staff save it', () => {
  it('is normalised, enabled and first unless told', () => {
    expect(validateBannerDraft({ title: ' Raya sale ', image: 'products/raya.webp', link: '/search?q=raya' })).toEqual({
      ok: true,
      value: { title: 'Raya sale', image: 'products/raya.webp', link: '/search?q=raya', sortOrder: 0, enabled: true },
    });
  });

  it('says every problem: a title, an image, a link and an order', () => {
    expect(fields(validateBannerDraft({ title: '', image: '../x.png', link: 'javascript:alert(1)', sortOrder: 1.5 }))).toEqual([
      ['title', 'banner/invalid_title'],
      ['image', 'banner/invalid_image'],
      ['link', 'content/invalid_link'],
      ['sortOrder', 'content/invalid_sort_order'],
    ]);
  });
});

describe('a popup as staff save it', () => {
  it('may have no image and no link', () => {
    expect(validatePopupDraft({ name: 'Welcome', image: '', link: null, enabled: false, sortOrder: 3 })).toEqual({
      ok: true,
      value: { name: 'Welcome', image: null, link: null, sortOrder: 3, enabled: false },
    });
  });

  it('refuses a name too long and a link to a script', () => {
    expect(fields(validatePopupDraft({ name: 'x'.repeat(201), link: 'javascript:void(0)' }))).toEqual([
      ['name', 'popup/invalid_name'],
      ['link', 'content/invalid_link'],
    ]);
  });
});

describe('a home product group as staff save it', () => {
  it('follows a category, showing 12 unless told', () => {
    expect(validateHomeGroupDraft({ name: 'Laptops', categoryId: A.toUpperCase() })).toEqual({
      ok: true,
      value: { name: 'Laptops', categoryId: A, productIds: [], productLimit: 12, sortOrder: 0, enabled: true },
    });
  });

  it('or lists products, showing them all unless told', () => {
    expect(validateHomeGroupDraft({ name: 'Picks', categoryId: null, productIds: [B, A] })).toMatchObject({
      ok: true,
      value: { categoryId: null, productIds: [B, A], productLimit: 2 },
    });
  });

  it('has one source: never both, never none, never the same product twice', () => {
    expect(fields(validateHomeGroupDraft({ name: 'X', categoryId: A, productIds: [B] }))).toEqual([
      ['productIds', 'home_group/invalid_source'],
    ]);
    expect(fields(validateHomeGroupDraft({ name: 'X', categoryId: null, productIds: [] }))).toEqual([
      ['productIds', 'home_group/invalid_source'],
    ]);
    expect(fields(validateHomeGroupDraft({ name: 'X', productIds: [A, A] }))).toEqual([['productIds', 'home_group/invalid_source']]);
    expect(fields(validateHomeGroupDraft({ name: '', categoryId: 'nope', productLimit: 51 }))).toEqual([
      ['name', 'home_group/invalid_name'],
      ['categoryId', 'home_group/invalid_source'],
      ['productLimit', 'home_group/invalid_limit'],
    ]);
  });
});

describe('an image page as staff save it', () => {
  it('takes its URL name from its title and keeps its pictures in order', () => {
    expect(
      validateImagePageDraft({
        title: 'Gift guide: Hari Raya',
        blocks: [
          { image: 'pages/a.webp', alt: ' For the cook ', link: '/search?category=home.kitchen' },
          { image: 'pages/b.webp', alt: 'For the little ones' },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        title: 'Gift guide: Hari Raya',
        slug: 'gift-guide-hari-raya',
        enabled: true,
        blocks: [
          { image: 'pages/a.webp', alt: 'For the cook', link: '/search?category=home.kitchen' },
          { image: 'pages/b.webp', alt: 'For the little ones', link: null },
        ],
      },
    });
  });

  it("names each picture's problem, and refuses a page without pictures", () => {
    expect(
      fields(
        validateImagePageDraft({
          title: 'About',
          slug: 'Not OK',
          blocks: [
            { image: 'pages/a.webp', alt: 'A' },
            { image: 'x.exe', alt: '', link: 'javascript:alert(1)' },
          ],
        }),
      ),
    ).toEqual([
      ['slug', 'image_page/invalid_slug'],
      ['blocks.1.image', 'image_page/invalid_image'],
      ['blocks.1.alt', 'image_page/invalid_alt'],
      ['blocks.1.link', 'content/invalid_link'],
    ]);
    expect(fields(validateImagePageDraft({ title: 'About', blocks: [] }))).toEqual([['blocks', 'image_page/invalid_blocks']]);
  });

  it('makes a URL name of at most 80 characters', () => {
    expect(slugFromTitle('Ä '.repeat(60)).length).toBeLessThanOrEqual(80);
    expect(slugFromTitle('Kopi & Teh')).toBe('kopi-and-teh');
  });
});
