import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, schema } from '@kedai/db';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { createTestApp, expectError, get, type TestApp } from '../helpers';

/** The home page's content in the back office (issue 14), through the real app on a seeded database. */

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  ({ client: staff } = await staffClient(t.app, 'staff', t.clock.now));
});
afterAll(() => t?.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

/** How many rows each content table and the audit log hold: a refused write changes none of them. */
async function counts() {
  const db = t.handle.db;
  const n = async (table: typeof schema.banners | typeof schema.popups | typeof schema.homeProductGroups | typeof schema.imagePages) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    banners: await n(schema.banners),
    popups: await n(schema.popups),
    groups: await n(schema.homeProductGroups),
    pages: await n(schema.imagePages),
    audit: (await db.select({ n: count() }).from(schema.auditLog))[0]!.n,
  };
}

const publicBanners = async () => (await get(t.app, '/banner')).body.banners as { id: string; title: string; link: string | null }[];
const publicPopups = async () => (await get(t.app, '/popup')).body.popups as { id: string; name: string }[];
const publicGroups = async () =>
  (await get(t.app, '/home_product_group')).body.groups as { id: string; name: string; products: { uuid: string }[] }[];

describe('banners', () => {
  it('adds one last, edits, reorders, disables and deletes it, and the storefront follows at once', async () => {
    const before = await publicBanners();
    const created = await staff.post('/admin/banner', { title: ' Raya sale ', image: 'banners/kitchen.svg', link: '/search?q=raya' });
    expect(created.status).toBe(201);
    const banner = created.body.banner;
    expect(banner).toMatchObject({ title: 'Raya sale', image: 'banners/kitchen.svg', link: '/search?q=raya', enabled: true });
    let shown = await publicBanners();
    expect(shown.map((b) => b.id)).toEqual([...before.map((b) => b.id), banner.id]);
    expect(shown.at(-1)).toEqual({ id: banner.id, title: 'Raya sale', image: 'banners/kitchen.svg', link: '/search?q=raya' });

    // First in the list, with a new title and an outside link.
    const edited = await staff.put(`/admin/banner/${banner.id}`, {
      title: 'Raya sale, last days',
      image: 'banners/kitchen.svg',
      link: 'https://example.com/raya',
      sortOrder: -1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.banner).toMatchObject({ sortOrder: -1, enabled: true, link: 'https://example.com/raya' });
    shown = await publicBanners();
    expect(shown[0]).toMatchObject({ id: banner.id, title: 'Raya sale, last days' });

    // Disabled: staff still see it, shoppers do not; an edit that does not say keeps it disabled.
    await staff.put(`/admin/banner/${banner.id}`, { title: 'Raya sale, last days', image: 'banners/kitchen.svg', enabled: false });
    expect((await publicBanners()).map((b) => b.id)).not.toContain(banner.id);
    const kept = await staff.put(`/admin/banner/${banner.id}`, { title: 'Raya', image: 'banners/kitchen.svg' });
    expect(kept.body.banner).toMatchObject({ enabled: false, sortOrder: -1, link: null });
    const listed = (await staff.get('/admin/banner')).body.banners as { id: string; enabled: boolean }[];
    expect(listed.find((b) => b.id === banner.id)).toMatchObject({ enabled: false });

    expect((await staff.delete(`/admin/banner/${banner.id}`)).status).toBe(204);
    expect((await staff.get('/admin/banner')).body.banners.map((b: { id: string }) => b.id)).not.toContain(banner.id);
    expectError(await staff.delete(`/admin/banner/${banner.id}`), 404, 'banner/not_found');
    expectError(await staff.put(`/admin/banner/${MISSING}`, { title: 'X', image: 'banners/kitchen.svg' }), 404, 'banner/not_found');
  });

  it('refuses a script link, a bad image and an empty title, writing nothing', async () => {
    const before = await counts();
    const script = await staff.post('/admin/banner', { title: 'Click me', image: 'banners/kitchen.svg', link: 'javascript:alert(1)' });
    expectError(script, 400, 'content/invalid_link');
    expect(script.body.params).toEqual([expect.objectContaining({ field: 'link', errorCode: 'content/invalid_link' })]);
    const many = await staff.post('/admin/banner', { title: '', image: '../etc/passwd', link: '//evil.example' });
    expectError(many, 400, 'banner/invalid_title');
    expect(many.body.params.map((p: { field: string }) => p.field)).toEqual(['title', 'image', 'link']);
    const existing = (await staff.get('/admin/banner')).body.banners[0];
    expectError(
      await staff.put(`/admin/banner/${existing.id}`, { title: existing.title, image: existing.image, link: 'javascript:alert(1)' }),
      400,
      'content/invalid_link',
    );
    expectError(
      await staff.post('/admin/banner', { title: 'X', image: 'banners/a.svg', sortOrder: 10_000_000 }),
      400,
      'content/invalid_sort_order',
    );
    expect(await counts()).toEqual(before);
    expect((await staff.get('/admin/banner')).body.banners[0]).toEqual(existing);
  });
});

describe('popups', () => {
  it('adds, edits, disables and deletes one, and the storefront follows at once', async () => {
    const created = await staff.post('/admin/popup', { name: 'Free delivery this week', link: '/help/shipping' });
    expect(created.status).toBe(201);
    const popup = created.body.popup;
    expect(popup).toMatchObject({ name: 'Free delivery this week', image: null, link: '/help/shipping', enabled: true });
    expect((await publicPopups()).map((p) => p.id)).toContain(popup.id);

    const edited = await staff.put(`/admin/popup/${popup.id}`, { name: 'Free delivery', image: 'popups/welcome.svg', link: null });
    expect(edited.body.popup).toMatchObject({ name: 'Free delivery', image: 'popups/welcome.svg', link: null });
    expect((await publicPopups()).find((p) => p.id === popup.id)).toEqual({
      id: popup.id,
      name: 'Free delivery',
      image: 'popups/welcome.svg',
      link: null,
    });

    await staff.put(`/admin/popup/${popup.id}`, { name: 'Free delivery', enabled: false });
    expect((await publicPopups()).map((p) => p.id)).not.toContain(popup.id);

    expect((await staff.delete(`/admin/popup/${popup.id}`)).status).toBe(204);
    expectError(await staff.delete(`/admin/popup/${popup.id}`), 404, 'popup/not_found');
  });

  it('refuses a script link and a bad image, writing nothing', async () => {
    const before = await counts();
    expectError(await staff.post('/admin/popup', { name: 'Hi', link: 'javascript:alert(1)' }), 400, 'content/invalid_link');
    expectError(await staff.post('/admin/popup', { name: 'Hi', image: 'popups/x.html' }), 400, 'popup/invalid_image');
    expectError(await staff.post('/admin/popup', { name: ' ' }), 400, 'popup/invalid_name');
    expect(await counts()).toEqual(before);
  });
});

describe('home product groups', () => {
  it('adds a hand-picked group and a category group, edits, disables and deletes them, and the storefront follows', async () => {
    const found = (await get(t.app, '/product/search?limit=3')).body.products as { uuid: string }[];
    const picked = found.slice(0, 2).map((p) => p.uuid);
    expect(picked).toHaveLength(2);
    const byHand = await staff.post('/admin/home_product_group', { name: 'Staff picks', productIds: [picked[1], picked[0]] });
    expect(byHand.status).toBe(201);
    const group = byHand.body.group;
    expect(group).toMatchObject({
      name: 'Staff picks',
      categoryId: null,
      productIds: [picked[1], picked[0]],
      productLimit: 2,
      enabled: true,
    });
    let shown = (await publicGroups()).find((g) => g.id === group.id);
    expect(shown?.products.map((p) => p.uuid)).toEqual([picked[1], picked[0]]); // in the order chosen

    const category = (await get(t.app, '/product/categories')).body.categories[0] as { id: string; name: string };
    const byCategory = await staff.post('/admin/home_product_group', { name: category.name, categoryId: category.id, productLimit: 4 });
    expect(byCategory.status).toBe(201);
    expect(byCategory.body.group).toMatchObject({ categoryId: category.id, productIds: [], productLimit: 4 });
    const groups = await publicGroups();
    expect(groups.at(-1)?.id).toBe(byCategory.body.group.id);
    expect(groups.at(-1)!.products.length).toBeLessThanOrEqual(4);

    // The hand-picked group now follows the category instead, shown first.
    const edited = await staff.put(`/admin/home_product_group/${group.id}`, { name: 'Picks', categoryId: category.id, sortOrder: -5 });
    expect(edited.body.group).toMatchObject({ name: 'Picks', categoryId: category.id, productIds: [], productLimit: 12, sortOrder: -5 });
    shown = (await publicGroups())[0];
    expect(shown).toMatchObject({ id: group.id, name: 'Picks' });

    await staff.put(`/admin/home_product_group/${group.id}`, { name: 'Picks', categoryId: category.id, enabled: false });
    expect((await publicGroups()).map((g) => g.id)).not.toContain(group.id);

    expect((await staff.delete(`/admin/home_product_group/${group.id}`)).status).toBe(204);
    expect((await staff.delete(`/admin/home_product_group/${byCategory.body.group.id}`)).status).toBe(204);
    expect((await staff.get('/admin/home_product_group')).body.groups.map((g: { id: string }) => g.id)).not.toContain(group.id);
    expectError(await staff.delete(`/admin/home_product_group/${group.id}`), 404, 'home_group/not_found');
  });

  it('refuses both sources or none, an unknown category or product, writing nothing', async () => {
    const before = await counts();
    const category = (await get(t.app, '/product/categories')).body.categories[0] as { id: string };
    const product = (await get(t.app, '/product/search?limit=1')).body.products[0] as { uuid: string };
    const both = await staff.post('/admin/home_product_group', { name: 'X', categoryId: category.id, productIds: [product.uuid] });
    expectError(both, 400, 'home_group/invalid_source');
    expectError(await staff.post('/admin/home_product_group', { name: 'X' }), 400, 'home_group/invalid_source');
    expectError(await staff.post('/admin/home_product_group', { name: 'X', categoryId: MISSING }), 400, 'home_group/unknown_category');
    const unknown = await staff.post('/admin/home_product_group', { name: 'X', productIds: [product.uuid, MISSING] });
    expectError(unknown, 400, 'home_group/unknown_products');
    expect(unknown.body.params).toEqual([{ field: 'productIds', errorCode: 'home_group/unknown_products' }]);
    expectError(
      await staff.post('/admin/home_product_group', { name: 'X', categoryId: category.id, productLimit: 0 }),
      400,
      'home_group/invalid_limit',
    );
    expectError(
      await staff.put(`/admin/home_product_group/${MISSING}`, { name: 'X', categoryId: category.id }),
      404,
      'home_group/not_found',
    );
    expect(await counts()).toEqual(before);
  });

  it('keeps a category that a group shows from being deleted', async () => {
    const category = (await staff.post('/admin/category', { name: 'Raya picks', parentId: null })).body.category;
    const group = (await staff.post('/admin/home_product_group', { name: 'Raya', categoryId: category.id })).body.group;
    expectError(await staff.delete(`/admin/category/${category.id}`), 409, 'category/in_home_group');
    expect((await staff.delete(`/admin/home_product_group/${group.id}`)).status).toBe(204);
    expect((await staff.delete(`/admin/category/${category.id}`)).status).toBe(204);
  });
});

describe('image pages', () => {
  const blocks = [
    { image: 'pages/about-kedai-1.svg', alt: 'Our merchants', link: '/search' },
    { image: 'pages/about-kedai-2.svg', alt: 'Our couriers' },
  ];

  it('adds, edits, disables and deletes one, shown by id and by URL name', async () => {
    const created = await staff.post('/admin/image_page', { title: 'Hari Raya lookbook', blocks });
    expect(created.status).toBe(201);
    const page = created.body.imagePage;
    expect(page).toMatchObject({ slug: 'hari-raya-lookbook', enabled: true });
    expect(page.blocks[1]).toEqual({ image: 'pages/about-kedai-2.svg', alt: 'Our couriers', link: null });
    expect((await get(t.app, '/image_page/hari-raya-lookbook')).body.imagePage).toEqual({
      id: page.id,
      slug: 'hari-raya-lookbook',
      title: 'Hari Raya lookbook',
      blocks: [
        { image: 'pages/about-kedai-1.svg', alt: 'Our merchants', link: '/search' },
        { image: 'pages/about-kedai-2.svg', alt: 'Our couriers', link: null },
      ],
    });

    const edited = await staff.put(`/admin/image_page/${page.id}`, {
      title: 'Raya lookbook',
      slug: 'raya',
      blocks: [{ image: 'pages/gift-guide-1.svg', alt: 'Songs for Raya', link: 'https://example.com/raya' }],
    });
    expect(edited.status).toBe(200);
    expect((await get(t.app, `/image_page/${page.id}`)).body.imagePage).toMatchObject({ slug: 'raya', title: 'Raya lookbook' });
    expectError(await get(t.app, '/image_page/hari-raya-lookbook'), 404, 'image_page/not_found');

    await staff.put(`/admin/image_page/${page.id}`, { title: 'Raya lookbook', slug: 'raya', blocks, enabled: false });
    expectError(await get(t.app, '/image_page/raya'), 404, 'image_page/not_found');
    const listed = (await staff.get('/admin/image_page')).body.imagePages as { id: string; enabled: boolean }[];
    expect(listed.find((p) => p.id === page.id)).toMatchObject({ enabled: false });

    expect((await staff.delete(`/admin/image_page/${page.id}`)).status).toBe(204);
    expectError(await staff.delete(`/admin/image_page/${page.id}`), 404, 'image_page/not_found');
  });

  it("refuses a URL name in use, a picture's script link or missing text alternative, and no pictures, writing nothing", async () => {
    const before = await counts();
    expectError(await staff.post('/admin/image_page', { title: 'About', slug: 'about-kedai', blocks }), 409, 'image_page/slug_taken');
    const script = await staff.post('/admin/image_page', {
      title: 'Trap',
      blocks: [blocks[0], { image: 'pages/x.svg', alt: '', link: 'javascript:alert(1)' }],
    });
    expectError(script, 400, 'image_page/invalid_alt');
    expect(script.body.params.map((p: { field: string; errorCode: string }) => [p.field, p.errorCode])).toEqual([
      ['blocks.1.alt', 'image_page/invalid_alt'],
      ['blocks.1.link', 'content/invalid_link'],
    ]);
    expectError(await staff.post('/admin/image_page', { title: 'Empty', blocks: [] }), 400, 'image_page/invalid_blocks');
    expectError(await staff.post('/admin/image_page', { title: 'Bad', slug: 'Not OK', blocks }), 400, 'image_page/invalid_slug');
    const other = (await staff.get('/admin/image_page')).body.imagePages[0];
    expectError(
      await staff.put(`/admin/image_page/${other.id}`, {
        title: other.title,
        slug: other.slug === 'gift-guide' ? 'about-kedai' : 'gift-guide',
        blocks,
      }),
      409,
      'image_page/slug_taken',
    );
    expect(await counts()).toEqual(before);
  });
});

describe('the audit log', () => {
  it('has every kind of content write', async () => {
    const { client: owner } = await staffClient(t.app, 'owner', t.clock.now);
    const actions = (await owner.get('/admin/audit?limit=100')).body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'banner.create',
        'banner.update',
        'banner.delete',
        'popup.create',
        'popup.update',
        'popup.delete',
        'home_product_group.create',
        'home_product_group.update',
        'home_product_group.delete',
        'image_page.create',
        'image_page.update',
        'image_page.delete',
      ]),
    );
  });
});
