import { describe, expect, it } from 'vitest';
import type { AdminBanner, AdminHomeGroup } from '@kedai/contract';
import {
  addId,
  bannerInput,
  bannerToForm,
  emptyBannerForm,
  emptyGroupForm,
  emptyImagePageForm,
  emptyPopupForm,
  formToBannerInput,
  formToGroupInput,
  formToImagePageInput,
  formToPopupInput,
  groupInput,
  groupToForm,
  imagePageToForm,
  moveId,
  newBlock,
  reorderPlan,
} from './home-content';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const banner = (id: string, sortOrder: number): AdminBanner => ({
  id,
  title: `Banner ${id.slice(-1)}`,
  image: 'banners/a.svg',
  link: null,
  sortOrder,
  enabled: true,
});

describe('the order of a list', () => {
  const list = [banner(A, 0), banner(B, 1), banner(C, 2)];

  it('swaps an item with its neighbour, saving only the places that change', () => {
    expect(reorderPlan(list, B, -1).map(({ item, sortOrder }) => [item.id, sortOrder])).toEqual([
      [B, 0],
      [A, 1],
    ]);
    expect(reorderPlan(list, B, 1).map(({ item, sortOrder }) => [item.id, sortOrder])).toEqual([
      [C, 1],
      [B, 2],
    ]);
  });

  it('renumbers a list whose places are not 0, 1, 2…', () => {
    const uneven = [banner(A, -5), banner(B, 7), banner(C, 7)];
    expect(reorderPlan(uneven, C, -1).map(({ item, sortOrder }) => [item.id, sortOrder])).toEqual([
      [A, 0],
      [C, 1],
      [B, 2],
    ]);
  });

  it('does nothing at an end or for an unknown item', () => {
    expect(reorderPlan(list, A, -1)).toEqual([]);
    expect(reorderPlan(list, C, 1)).toEqual([]);
    expect(reorderPlan(list, 'nope', 1)).toEqual([]);
  });

  it("sends an item's whole state with the change", () => {
    expect(bannerInput(banner(A, 3), { enabled: false })).toEqual({
      title: 'Banner a',
      image: 'banners/a.svg',
      link: null,
      sortOrder: 3,
      enabled: false,
    });
  });
});

describe('the banner and popup forms', () => {
  it('round-trip a banner, leaving its place alone', () => {
    const saved = { ...banner(A, 4), link: '/search?q=raya' };
    expect(formToBannerInput(bannerToForm(saved))).toEqual({
      ok: true,
      input: { title: 'Banner a', image: 'banners/a.svg', link: '/search?q=raya', enabled: true },
    });
  });

  it('refuses a script link and a missing image before sending', () => {
    const result = formToBannerInput({ ...emptyBannerForm(), title: 'Sale', link: 'javascript:alert(1)' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['image', 'link']);
    expect(result.errors.link).toMatch(/path on this shop|http/);
  });

  it('sends a popup without an image or a link as null', () => {
    expect(formToPopupInput({ ...emptyPopupForm(), name: ' Hello ' })).toEqual({
      ok: true,
      input: { name: 'Hello', image: null, link: null, enabled: true },
    });
  });
});

describe('the product group form', () => {
  const group: AdminHomeGroup = {
    id: A,
    name: 'Picks',
    categoryId: null,
    productIds: [B, C],
    productLimit: 2,
    sortOrder: 0,
    enabled: true,
  };

  it('round-trips a hand-picked group', () => {
    expect(formToGroupInput(groupToForm(group))).toEqual({
      ok: true,
      input: { name: 'Picks', categoryId: null, productIds: [B, C], productLimit: 2, enabled: true },
    });
    expect(groupInput(group, { sortOrder: 5 }).sortOrder).toBe(5);
  });

  it('sends only the chosen source: a category drops the products', () => {
    const form = { ...groupToForm(group), source: 'category' as const, categoryId: A, productLimit: '' };
    expect(formToGroupInput(form)).toEqual({ ok: true, input: { name: 'Picks', categoryId: A, productIds: [], enabled: true } });
  });

  it('names the missing source beside its own field', () => {
    const noCategory = formToGroupInput({ ...emptyGroupForm(), name: 'X' });
    expect(!noCategory.ok && Object.keys(noCategory.errors)).toEqual(['categoryId']);
    const noProducts = formToGroupInput({ ...emptyGroupForm(), name: 'X', source: 'products' });
    expect(!noProducts.ok && noProducts.errors).toEqual({ productIds: 'Add at least one product to the group' });
    const badLimit = formToGroupInput({ ...emptyGroupForm(), name: 'X', categoryId: A, productLimit: '3.5' });
    expect(!badLimit.ok && Object.keys(badLimit.errors)).toEqual(['productLimit']);
  });

  it('moves, adds once and keeps the products in order', () => {
    expect(moveId([A, B, C], 2, -1)).toEqual([A, C, B]);
    expect(moveId([A, B, C], 0, -1)).toEqual([A, B, C]);
    expect(addId([A], A)).toEqual([A]);
    expect(addId([A], B)).toEqual([A, B]);
  });
});

describe('the image page form', () => {
  it('leaves the URL name to the API when blank', () => {
    const form = { ...emptyImagePageForm(), title: 'Lookbook', blocks: [{ image: 'products/a.webp', alt: 'A shirt', link: '' }] };
    expect(formToImagePageInput(form)).toEqual({
      ok: true,
      input: { title: 'Lookbook', blocks: [{ image: 'products/a.webp', alt: 'A shirt', link: null }], enabled: true },
    });
  });

  it("round-trips a saved page without the pictures' keys, which stay apart", () => {
    const page = {
      id: A,
      slug: 'lookbook',
      title: 'Lookbook',
      blocks: [{ image: 'products/a.webp', alt: 'A shirt', link: '/search' }],
      enabled: false,
    };
    const form = imagePageToForm(page);
    expect(form.blocks[0]!.key).not.toBe(newBlock().key);
    expect(formToImagePageInput(form)).toEqual({
      ok: true,
      input: {
        title: 'Lookbook',
        slug: 'lookbook',
        blocks: [{ image: 'products/a.webp', alt: 'A shirt', link: '/search' }],
        enabled: false,
      },
    });
  });

  it("names each picture's problem, and not the URL name of a missing title", () => {
    const result = formToImagePageInput({
      ...emptyImagePageForm(),
      blocks: [{ image: 'products/a.webp', alt: '', link: 'javascript:alert(1)' }],
    });
    expect(!result.ok && Object.keys(result.errors)).toEqual(['title', 'blocks.0.alt', 'blocks.0.link']);
    const empty = formToImagePageInput({ ...emptyImagePageForm(), title: 'X' });
    expect(!empty.ok && Object.keys(empty.errors)).toEqual(['blocks']);
  });
});
