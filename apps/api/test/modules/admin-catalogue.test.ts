import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { createTestApp, expectError, get, type TestApp } from '../helpers';

/** Categories and merchants in the back office (issue 14), through the real app on a seeded database. */

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  ({ client: staff } = await staffClient(t.app, 'staff', t.clock.now));
});
afterAll(() => t?.close());

const categoryPaths = async () =>
  (await get(t.app, '/product/categories')).body.categories.map((c: { path: string }) => c.path) as string[];

describe('categories', () => {
  it('adds, renames and moves a category with its subtree, and the storefront follows at once', async () => {
    const drinks = (await staff.post('/admin/category', { name: 'Drinks', parentId: null })).body.category;
    expect(drinks).toMatchObject({ key: 'drinks', path: 'drinks', parent: null });
    const tea = (await staff.post('/admin/category', { name: 'Tea', parentId: drinks.id })).body.category;
    const green = (await staff.post('/admin/category', { name: 'Green Tea', parentId: tea.id })).body.category;
    expect(green.path).toBe('drinks.tea.green-tea');

    // A product in the deepest one is found in each ancestor's listing.
    const product = await staff.post('/admin/product', {
      name: 'Sencha Leaves',
      description: '',
      categoryId: green.id,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 100,
      price: { SG: 990 },
      variants: [],
      variantPaths: {},
      stock: 4,
      images: [],
      disabled: false,
    });
    expect(product.status).toBe(201);

    // Move Tea under a new top-level category, renamed: the subtree's paths follow.
    const pantry = (await staff.post('/admin/category', { name: 'Pantry', parentId: null })).body.category;
    const moved = await staff.put(`/admin/category/${tea.id}`, { name: 'Teas', key: 'teas', parentId: pantry.id });
    expect(moved.status).toBe(200);
    expect(moved.body.category).toMatchObject({ name: 'Teas', path: 'pantry.teas' });
    const paths = await categoryPaths();
    expect(paths).toEqual(expect.arrayContaining(['pantry.teas', 'pantry.teas.green-tea']));
    expect(paths).not.toContain('drinks.tea');
    const listed = await get(t.app, '/product/search?category=pantry');
    expect(listed.body.products.map((p: { name: string }) => p.name)).toContain('Sencha Leaves');
  });

  it('never moves a category under itself or its own subcategory, nor beside a sibling with its key', async () => {
    const a = (await staff.post('/admin/category', { name: 'Snacks', parentId: null })).body.category;
    const b = (await staff.post('/admin/category', { name: 'Chips', parentId: a.id })).body.category;
    expectError(await staff.put(`/admin/category/${a.id}`, { name: 'Snacks', parentId: b.id }), 400, 'category/invalid_parent');
    expectError(await staff.put(`/admin/category/${a.id}`, { name: 'Snacks', parentId: a.id }), 400, 'category/invalid_parent');
    expectError(await staff.post('/admin/category', { name: 'Chips', parentId: a.id }), 409, 'category/key_taken');
    const problems = await staff.post('/admin/category', { name: '', key: 'Bad Key', parentId: null });
    expectError(problems, 400, 'category/invalid_name');
    expect(problems.body.params.map((p: { field: string }) => p.field)).toEqual(['name', 'key']);
  });

  it('deletes only an empty category', async () => {
    const parent = (await staff.post('/admin/category', { name: 'Seasonal', parentId: null })).body.category;
    const child = (await staff.post('/admin/category', { name: 'Hari Raya', parentId: parent.id })).body.category;
    expectError(await staff.delete(`/admin/category/${parent.id}`), 409, 'category/not_empty');
    expect((await staff.delete(`/admin/category/${child.id}`)).status).toBe(204);
    expect((await staff.delete(`/admin/category/${parent.id}`)).status).toBe(204);
    expect(await categoryPaths()).not.toContain('seasonal');
    expectError(await staff.delete(`/admin/category/${parent.id}`), 404, 'category/not_found');
  });
});

describe('merchants', () => {
  it('adds and edits a merchant that the storefront then shows, refusing a URL name in use', async () => {
    const created = await staff.post('/admin/merchant', { name: 'Kampong Kitchen', description: 'Home-made sambal.', countryCode: 'my' });
    expect(created.status).toBe(201);
    expect(created.body.merchant).toMatchObject({ slug: 'kampong-kitchen', countryCode: 'MY', productCount: 0 });
    const id = created.body.merchant.id;
    expect((await get(t.app, '/merchant/kampong-kitchen')).body.merchant.name).toBe('Kampong Kitchen');

    const edited = await staff.put(`/admin/merchant/${id}`, { name: 'Kampong Kitchen Co', slug: 'kampong-kitchen', countryCode: 'SG' });
    expect(edited.body.merchant).toMatchObject({ name: 'Kampong Kitchen Co', countryCode: 'SG' });
    expect((await get(t.app, '/merchant/kampong-kitchen')).body.merchant.name).toBe('Kampong Kitchen Co');

    expectError(
      await staff.post('/admin/merchant', { name: 'Other', slug: 'kampong-kitchen', countryCode: 'SG' }),
      409,
      'merchant/slug_taken',
    );
    expectError(await staff.post('/admin/merchant', { name: 'Nowhere', countryCode: 'ZZ' }), 400, 'merchant/invalid_country');
    expectError(
      await staff.put('/admin/merchant/00000000-0000-4000-8000-000000000000', { name: 'X', countryCode: 'SG' }),
      404,
      'merchant/not_found',
    );
  });
});

describe('the audit log', () => {
  it('has the category and merchant changes', async () => {
    const { client: owner } = await staffClient(t.app, 'owner', t.clock.now);
    const actions = (await owner.get('/admin/audit?limit=100')).body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['category.create', 'category.update', 'category.delete', 'merchant.create', 'merchant.update']),
    );
  });
});
