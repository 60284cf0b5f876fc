import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { createTestApp, expectError, get, race, type TestApp } from '../helpers';

/** The shop's settings (owners) and text pages (staff) in the back office (issue 14). */

let t: TestApp;
let owner: TestClient;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  ({ client: owner } = await staffClient(t.app, 'owner', t.clock.now));
  ({ client: staff } = await staffClient(t.app, 'staff', t.clock.now));
});
afterAll(() => t?.close());

describe('shop settings', () => {
  it('are for owners only', async () => {
    expectError(await staff.get('/admin/settings'), 403, 'auth/not_authorized');
    const settings = await owner.get('/admin/settings');
    expect(settings.body.appCurrency).toBe('SGD');
    expect(settings.body.regions.map((r: { key: string }) => r.key)).toContain('SG');
    expect(settings.body.shippingLocations[0]).toMatchObject({ countryCode: 'SG', enabled: true, deliveryDays: { min: 1, max: 3 } });
  });

  it('set where the shop delivers, its rates and days, and the storefront quotes them at once', async () => {
    const saved = await owner.put('/admin/shipping_location/bn', {
      enabled: true,
      rates: { SG: { fee: 1500, freeFrom: null } },
      deliveryDays: { min: 4, max: 6 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ countryCode: 'BN', name: 'Brunei', rates: { SG: { fee: 1500, freeFrom: null } } });
    const listed = (await get(t.app, '/shipping_location/enabled')).body.shippingLocations;
    expect(listed).toContainEqual(expect.objectContaining({ countryCode: 'BN', deliveryDays: { min: 4, max: 6 } }));

    await owner.put('/admin/shipping_location/BN', { enabled: false, rates: {}, deliveryDays: null });
    const after = (await get(t.app, '/shipping_location/enabled')).body.shippingLocations;
    expect(after.map((l: { countryCode: string }) => l.countryCode)).not.toContain('BN');

    expectError(
      await owner.put('/admin/shipping_location/ZZ', { enabled: true, rates: {}, deliveryDays: null }),
      400,
      'shipping/invalid_country',
    );
    expectError(
      await owner.put('/admin/shipping_location/SG', { enabled: true, rates: { XX: { fee: 1, freeFrom: null } }, deliveryDays: null }),
      400,
      'shipping/invalid_rates',
    );
    expectError(
      await owner.put('/admin/shipping_location/SG', { enabled: true, rates: {}, deliveryDays: { min: 5, max: 2 } }),
      400,
      'shipping/invalid_days',
    );
  });

  it('turn regions on and off, never the last one, and set the display currency', async () => {
    const off = await owner.put('/admin/region/GB', { enabled: false });
    expect(off.body.regions.find((r: { key: string }) => r.key === 'GB').enabled).toBe(false);
    expect((await get(t.app, '/region/enabled')).body.regions.map((r: { key: string }) => r.key)).not.toContain('GB');
    await owner.put('/admin/region/GB', { enabled: true });
    expectError(await owner.put('/admin/region/XX', { enabled: false }), 404, 'region/not_found');

    expect((await owner.put('/admin/settings/currency', { appCurrency: 'myr' })).body.appCurrency).toBe('MYR');
    expect((await get(t.app, '/config')).body.app_currency).toBe('MYR');
    expectError(await owner.put('/admin/settings/currency', { appCurrency: 'XYZ' }), 400, 'settings/invalid_currency');
    await owner.put('/admin/settings/currency', { appCurrency: 'SGD' });
  });
});

describe('text pages', () => {
  it('staff change a page and the storefront shows it with its new date', async () => {
    const before = (await get(t.app, '/text_page/returns')).body.textPage;
    const saved = await staff.put('/admin/text_page/returns', { title: 'Returns and refunds', body: '# Returns\n\nWithin **30 days**.' });
    expect(saved.status).toBe(200);
    const page = (await get(t.app, '/text_page/returns')).body.textPage;
    expect(page).toMatchObject({ title: 'Returns and refunds', body: '# Returns\n\nWithin **30 days**.' });
    expect(page.updatedAt).toBeGreaterThanOrEqual(before.updatedAt);
    expectError(await staff.put('/admin/text_page/returns', { title: '', body: 'x' }), 400, 'text_page/invalid_title');
    expectError(await staff.put('/admin/text_page/no-such-page', { title: 'T', body: 'x' }), 404, 'general/not_found');
  });
});

describe('staff accounts', () => {
  it('owners add staff by e-mail, change roles and take the back office away, never leaving the shop without an owner', async () => {
    const added = await owner.post('/admin/staff', { email: 'Rina.Staff@Kedai.example', role: 'staff' });
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ email: 'rina.staff@kedai.example', role: 'staff', tfaEnabled: false });
    const id = added.body.member.id;
    expect((await owner.get('/admin/staff')).body.staff.map((m: { email: string }) => m.email)).toContain('rina.staff@kedai.example');
    expectError(await staff.get('/admin/staff'), 403, 'auth/not_authorized');

    expect((await owner.put(`/admin/staff/${id}`, { role: 'owner' })).body.member.role).toBe('owner');
    expect((await owner.put(`/admin/staff/${id}`, { role: 'shopper' })).body.member).toBeNull();
    expect((await owner.get('/admin/staff')).body.staff.map((m: { id: string }) => m.id)).not.toContain(id);
    expectError(await owner.put('/admin/staff/00000000-0000-4000-8000-000000000000', { role: 'staff' }), 404, 'user/not_found');
  });

  race('keeps the last owner: two owners demoting each other at once leave one', async () => {
    const t2 = await createTestApp({ env: LIFTED_LIMITS, seed: false });
    try {
      const a = await staffClient(t2.app, 'owner', t2.clock.now);
      const b = await staffClient(t2.app, 'owner', t2.clock.now);
      const answers = await Promise.all([
        a.client.put(`/admin/staff/${b.user.id}`, { role: 'staff' }),
        b.client.put(`/admin/staff/${a.user.id}`, { role: 'staff' }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // The second demotion is refused, or answered 403 because its maker is no longer an owner.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = answers.find((answer) => answer.status !== 200)!;
      expect(refused.body.errorCode).toBe(refused.status === 409 ? 'staff/last_owner' : 'auth/not_authorized');
      const owners = await t2.app.db.select().from(schema.users).where(eq(schema.users.role, 'owner'));
      expect(owners).toHaveLength(1);
      // The last owner cannot step down.
      const last = answers[0]?.status === 200 ? a : b;
      expectError(await last.client.put(`/admin/staff/${last.user.id}`, { role: 'staff' }), 409, 'staff/last_owner');
    } finally {
      await t2.close();
    }
  });
});
