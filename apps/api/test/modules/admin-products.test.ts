import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient, type TestUser } from '../accounts';
import { createTestApp, expectError, get, race, type TestApp } from '../helpers';
import { DEMO_OWNER, ensureDemoOwner, makeStaff } from '../../src/modules/staff/service';

/** The back office's products and its guard (issue 14), through the real app on a seeded database. */

let t: TestApp;
let staff: TestClient;
let staffUser: TestUser;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  ({ client: staff, user: staffUser } = await staffClient(t.app, 'staff', t.clock.now));
  ({ client: owner } = await staffClient(t.app, 'owner', t.clock.now));
});
afterAll(() => t?.close());

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Teh Tarik Kit',
    description: 'Pull your own teh at home.',
    categoryId: null,
    merchantId: null,
    sourceMarketPlace: null,
    sourceUrl: null,
    weight: 800,
    price: { SG: 2490, MY: 7900 },
    variants: [
      { name: 'Size', options: ['Small', 'Large'] },
      { name: 'Colour', options: ['Red', 'Gold'] },
    ],
    variantPaths: {
      '0/0': { price: { SG: 2490, MY: 7900 }, stock: 5 },
      '0/1': { price: { SG: 2590, MY: 8200 }, stock: 0 },
      '1/0': { price: { SG: 3290, MY: 9900 }, stock: 8 },
      '1/1': { price: { SG: 3390, MY: 9990 }, stock: 2 },
    },
    images: ['products/teh-tarik-kit-1.svg'],
    disabled: false,
    ...overrides,
  };
}

describe('roles', () => {
  it('says the role on /auth/me', async () => {
    expect((await staff.get('/auth/me')).body.profile.role).toBe('staff');
    expect((await owner.get('/auth/me')).body.profile.role).toBe('owner');
  });
});

describe('products in the back office', () => {
  it('creates a product with variants, region prices and stock that the storefront then finds and shows', async () => {
    const created = await staff.post('/admin/product', productInput());
    expect(created.status).toBe(201);
    const { product, version } = created.body;
    expect(version).toBe(1);
    expect(product).toMatchObject({ paramName: 'teh-tarik-kit', inStock: true, priceRange: { SG: { min: 2490, max: 3390 } } });

    const page = await get(t.app, `/product/one/${product.paramName}`);
    expect(page.body.variantPaths['1/0']).toEqual({ price: { SG: 3290, MY: 9900 }, stock: 8 });
    const found = await get(t.app, '/product/search?q=teh%20tarik%20kit');
    expect(found.body.products.map((p: { uuid: string }) => p.uuid)).toContain(product.uuid);

    // Listed for staff, searched by name and by URL name.
    const listed = await staff.get('/admin/product?q=tarik&sort=name');
    expect(listed.body.products).toContainEqual(expect.objectContaining({ id: product.uuid, stock: 15, variantCount: 4, disabled: false }));

    // Disabling it takes it out of search; its page says it can no longer be bought.
    const disabled = await staff.put(`/admin/product/${product.uuid}`, productInput({ disabled: true, version }));
    expect(disabled.status).toBe(200);
    expect(disabled.body.version).toBe(2);
    const after = await get(t.app, '/product/search?q=teh%20tarik%20kit');
    expect(after.body.products.map((p: { uuid: string }) => p.uuid)).not.toContain(product.uuid);
    expect((await staff.get(`/admin/product?q=${product.uuid}&disabled=true`)).body.products).toHaveLength(1);
  });

  it('refuses a product with an invalid variant without writing anything, saying every problem', async () => {
    const countProducts = async () => (await t.app.db.select({ id: schema.products.id }).from(schema.products)).length;
    const before = await countProducts();
    const answer = await staff.post(
      '/admin/product',
      productInput({ name: 'Bad Variants', variantPaths: { '0/0': { price: { SG: 100 } } }, weight: -5 }),
    );
    expectError(answer, 400, 'product/invalid_weight');
    expect(answer.body.params.map((p: { field: string }) => p.field)).toEqual(['weight', 'variantPaths']);
    expect(await countProducts()).toBe(before);
  });

  it('refuses a URL name another product has, an unknown category and an edit from an old version', async () => {
    const first = (await staff.post('/admin/product', productInput({ name: 'Kaya Jar', variants: [], variantPaths: {}, stock: 3 }))).body;
    expectError(
      await staff.post('/admin/product', productInput({ name: 'Other', paramName: 'kaya-jar', variants: [], variantPaths: {} })),
      409,
      'product/param_name_taken',
    );
    expectError(
      await staff.post(
        '/admin/product',
        productInput({ name: 'Lost', categoryId: '00000000-0000-4000-8000-000000000000', variants: [], variantPaths: {} }),
      ),
      400,
      'product/unknown_category',
    );
    const id = first.product.uuid;
    const edit = (name: string, version: number) =>
      staff.put(`/admin/product/${id}`, productInput({ name, variants: [], variantPaths: {}, version }));
    expect((await edit('Kaya Jar (Pandan)', 1)).status).toBe(200);
    // A second member of staff who opened version 1 does not overwrite the first's change.
    expectError(await edit('Kaya Jar (Coconut)', 1), 409, 'product/version_conflict');
    expect((await get(t.app, `/product/one/${id}`)).body.name).toBe('Kaya Jar (Pandan)');
    // An edit keeps the stock as it is now.
    expect((await get(t.app, `/product/one/${id}`)).body.stock).toBe(3);
  });

  race('changes stock by a delta without losing concurrent changes, and refuses a stale value with the stock now', async () => {
    const { product } = (await staff.post('/admin/product', productInput({ name: 'Milo Tin', variants: [], variantPaths: {}, stock: 10 })))
      .body;
    const url = `/admin/product/${product.uuid}/stock`;
    // Twelve staff take one each at once: ten succeed, two are refused, nothing goes below zero.
    const answers = await Promise.all(Array.from({ length: 12 }, () => staff.post(url, { variantPath: '', delta: -1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 400, 'product/invalid_stock');
    // Each of the ten saw its own unit go: 9 down to 0, each once.
    expect(
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.body.stock as number)
        .sort((x, y) => x - y),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await get(t.app, `/product/one/${product.uuid}`)).body).toMatchObject({ stock: 0, inStock: false });

    // Someone saw 0 and sets 7; meanwhile another added 4: the stale setting is refused and the 4 survive.
    expect((await staff.post(url, { variantPath: '', delta: 4 })).body).toEqual({ variantPath: '', stock: 4, inStock: true });
    const stale = await staff.post(url, { variantPath: '', stock: 7, expected: 0 });
    expectError(stale, 409, 'product/stock_changed');
    expect(stale.body.params).toEqual([4]);
    expect((await get(t.app, `/product/one/${product.uuid}`)).body.stock).toBe(4);
    expect((await staff.post(url, { variantPath: '', stock: 7, expected: 4 })).body.stock).toBe(7);
    expectError(await staff.post(url, { variantPath: '0/0', delta: 1 }), 400, 'cart/invalid_variant_path');
    // Values past the column's range are refused like any other impossible change (found by the fuzz test: a 500 before).
    expectError(await staff.post(url, { variantPath: '', delta: -9007199254740970 }), 400, 'product/invalid_stock');
    expectError(await staff.post(url, { variantPath: '', delta: 9007199254740970 }), 400, 'product/invalid_stock');
    const farOff = await staff.post(url, { variantPath: '', stock: 1, expected: 9007199254740970 });
    expectError(farOff, 409, 'product/stock_changed');
    expect(farOff.body.params).toEqual([7]);
  });

  it('keeps each variant path’s stock through an edit of its prices, and starts new paths at their given stock', async () => {
    const { product, version } = (await staff.post('/admin/product', productInput({ name: 'Batik Scarf' }))).body;
    await staff.post(`/admin/product/${product.uuid}/stock`, { variantPath: '1/1', delta: 3 });
    const base = productInput({ name: 'Batik Scarf', version });
    const input = {
      ...base,
      variants: [base.variants[0]!, { name: 'Colour', options: ['Red', 'Gold', 'Jade'] }],
      variantPaths: {
        ...base.variantPaths,
        '0/0': { price: { SG: 2000, MY: 7000 }, stock: 99 },
        '0/2': { price: { SG: 2600, MY: 8300 }, stock: 6 },
        '1/2': { price: { SG: 3400, MY: 9999 } },
      },
    };
    const saved = await staff.put(`/admin/product/${product.uuid}`, input);
    expect(saved.status).toBe(200);
    const paths = saved.body.product.variantPaths;
    expect(paths['0/0']).toEqual({ price: { SG: 2000, MY: 7000 }, stock: 5 }); // kept, not the 99 sent
    expect(paths['1/1'].stock).toBe(5);
    expect(paths['0/2'].stock).toBe(6);
    expect(paths['1/2'].stock).toBe(0);
  });
});

describe('the audit log', () => {
  it('records who changed what, with the values before and after, for owners only', async () => {
    const { product } = (
      await staff.post('/admin/product', productInput({ name: 'Pandan Cake', variants: [], variantPaths: {}, stock: 2 }))
    ).body;
    await staff.post(`/admin/product/${product.uuid}/stock`, { variantPath: '', delta: 5 });
    const log = await owner.get(`/admin/audit?objectType=product&objectId=${product.uuid}`);
    expect(log.status).toBe(200);
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(['product.stock', 'product.create']);
    expect(log.body.entries[0]).toMatchObject({
      actor: { id: staffUser.id, email: staffUser.email },
      before: { variantPath: '', stock: 2 },
      after: { variantPath: '', stock: 7 },
    });
    expect((await owner.get(`/admin/audit?actorId=${staffUser.id}`)).body.total).toBeGreaterThanOrEqual(2);
  });
});

describe('npm run admin:create', () => {
  it('makes an owner of a new address, with a one-time link to choose a password', async () => {
    const deps = { db: t.app.db, config: t.config, mailer: t.app.mailer, log: t.app.log };
    const result = await makeStaff(deps, { email: 'Founder@Kedai.example', role: 'owner' });
    expect(result.created).toBe(true);
    expect(result.link).toMatch(/\/reset_password\?uid=[0-9a-f-]{36}&token=/);
    const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, result.userId));
    expect(row).toMatchObject({ email: 'founder@kedai.example', role: 'owner' });
    expect(row!.emailVerifiedAt).not.toBeNull();
    // Again for an existing account: its role changes, nothing else is made.
    const again = await makeStaff(deps, { email: 'founder@kedai.example', role: 'staff' });
    expect(again).toMatchObject({ userId: result.userId, created: false });
  });
});

describe('the demo owner', () => {
  it('is added once, signs in with the documented password, and must set up two-factor before any back-office call', async () => {
    expect(await ensureDemoOwner({ db: t.app.db })).toBe(true);
    expect(await ensureDemoOwner({ db: t.app.db })).toBe(false);
    const client = new TestClient(t.app);
    const signedIn = await client.post('/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.profile.role).toBe('owner');
    expectError(await client.get('/admin/product'), 403, 'auth/tfa_not_verified');
  });
});
