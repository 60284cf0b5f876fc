import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { formatMoney } from '@kedai/domain';
import { createVerifiedUser, LIFTED_LIMITS, signedInClient, staffClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, type TestApp } from '../helpers';
import { placeOrder, sgShopper } from '../shop';
import { recordAudit } from '../../src/platform/audit';

/**
 * The audit log as owners read it (issue 30): each entry says what was done in words, names its
 * object as people call it and links its page, shows what changed in the shop's format, and is
 * found by day, person, action and object. Sign-ins to the back office and two-factor changes are
 * in it too.
 */

let t: TestApp;
let owner: TestClient;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  const member = await staffClient(t.app, 'owner', t.clock.now);
  owner = member.client;
  ownerId = member.user.id;
}, 120_000);
afterAll(() => t?.close());

interface Entry {
  action: string;
  actor: { id: string; email: string; name: string } | null;
  objectId: string;
  object: { name: string; path: string | null };
  summary: { lead: string; name: string; tail: string };
  changes: Array<{ field: string; before: string; after: string }>;
}

async function read(query: string): Promise<{ entries: Entry[]; total: number }> {
  const answer = await owner.get(`/admin/audit?${query}`);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body;
}

const sentence = (entry: Entry) => `${entry.summary.lead}${entry.summary.name}${entry.summary.tail}`;
const totp = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: t.clock.now().getTime() });

describe('reading the audit log', () => {
  it('names the objects as people call them, links them, and writes what changed in the shop’s format', async () => {
    const name = `Blue Kettle ${Date.now()}`;
    const product = await createProduct(t.app.db, { name, price: { SG: 1290 } });
    const shopper = await sgShopper(t.app);
    const order = await placeOrder(t.app, shopper);
    await recordAudit(t.app.db, {
      actorId: ownerId,
      action: 'product.update',
      objectType: 'product',
      objectId: product.id,
      before: { name: name, price: { SG: 1290 }, disabled: false },
      after: { name: name, price: { SG: 1490 }, disabled: true },
    });
    await recordAudit(t.app.db, {
      actorId: ownerId,
      action: 'order.refund_part',
      objectType: 'order',
      objectId: order.id,
      before: { status: 'paid' },
      after: { refunded: 500, currency: 'SGD', reason: 'Dented' },
    });

    const [kettle] = (await read(`objectType=product&objectId=${product.id}`)).entries;
    expect(sentence(kettle!)).toBe(`Changed product ${name}`);
    expect(kettle!.object).toEqual({ name: name, path: `/products/${product.id}` });
    expect(kettle!.actor).toEqual(expect.objectContaining({ id: ownerId }));
    expect(kettle!.changes).toEqual([
      { field: 'Price', before: `SG ${formatMoney(1290, 'SGD')}`, after: `SG ${formatMoney(1490, 'SGD')}` },
      { field: 'Disabled', before: 'No', after: 'Yes' },
    ]);

    // By the order's reference, as a shopper quotes it.
    const [refund] = (await read(`object=${order.orderRef.toLowerCase()}`)).entries;
    expect(sentence(refund!)).toBe(`Refunded part of order ${order.orderRef}`);
    expect(refund!.object.path).toBe(`/orders/${order.id}`);
    expect(refund!.changes).toEqual([
      { field: 'Reason', before: '—', after: 'Dented' },
      { field: 'Refunded', before: '—', after: formatMoney(500, 'SGD') },
    ]);
  });

  it('filters by action, person and day in the shop’s time zone', async () => {
    const objectId = `day-test-${Date.now()}`;
    // 23:59:59 on 14 June in Singapore, then midnight of the 15th.
    await t.app.db.insert(schema.auditLog).values([
      { actorId: ownerId, action: 'job.retry', objectType: 'job', objectId, createdAt: new Date('2030-06-14T15:59:59Z') },
      { actorId: null, action: 'job.retry', objectType: 'job', objectId, createdAt: new Date('2030-06-15T16:00:00Z') },
      { actorId: ownerId, action: 'job.retry', objectType: 'job', objectId, createdAt: new Date('2030-06-15T16:00:00Z') },
    ]);
    expect((await read(`objectId=${objectId}&from=2030-06-15`)).total).toBe(2);
    expect((await read(`objectId=${objectId}&to=2030-06-14`)).total).toBe(1);
    expect((await read(`objectId=${objectId}&from=2030-06-16&to=2030-06-16`)).total).toBe(2);
    expect((await read(`objectId=${objectId}&from=2030-06-15&to=2030-06-15`)).total).toBe(0);
    expect((await read(`objectId=${objectId}&actorId=${ownerId}`)).total).toBe(2);
    expect((await read(`objectId=${objectId}&action=job.retry&objectType=job`)).total).toBe(3);
    expect((await read(`objectId=${objectId}&action=product.update`)).total).toBe(0);
  });

  it('refuses a filter it cannot read, saying why', async () => {
    for (const query of [
      'action=product.rename',
      'objectType=spaceship',
      'from=2030-13-01',
      'to=yesterday',
      'from=2030-06-15&to=2030-06-14',
      'actorId=nobody',
    ]) {
      const answer = await owner.get(`/admin/audit?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errorCode, query).toBe('general/argument_error');
    }
  });
});

describe('security events in the audit log', () => {
  it('records back-office sign-ins, a wrong password for one, and its two-factor set-up; not a shopper’s sign-in', async () => {
    const { user } = await staffClient(t.app, 'staff', t.clock.now);
    const wrong = await new TestClient(t.app).post('/auth/login', { email: user.email, password: 'not-the-password-1A!' });
    expect(wrong.status).toBe(400);
    const mine = (await read(`object=${encodeURIComponent(user.email)}`)).entries;
    expect(mine.map((entry) => [entry.action, sentence(entry), entry.actor?.id ?? null])).toEqual([
      ['auth.sign_in_failed', `Failed to sign in to the back office as ${user.email}`, null],
      ['tfa.enabled', `Turned on two-factor sign-in for ${user.email}`, user.id],
      ['auth.sign_in', `Signed in to the back office as ${user.email}`, user.id],
    ]);
    expect(mine[1]!.changes).toEqual([{ field: 'Two-factor sign-in', before: 'No', after: 'Yes' }]);

    const shopper = await createVerifiedUser(t.app);
    await signedInClient(t.app, shopper);
    expect((await read(`object=${encodeURIComponent(shopper.email)}`)).total).toBe(0);
  });

  it('records a shopper turning two-factor on and off', async () => {
    const shopper = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, shopper);
    const secret = ((await client.post('/tfa/setup')).body.manualKey as string).replace(/ /g, '');
    const verified = await client.post('/tfa/verify', { token: totp(secret) });
    expect(verified.status).toBe(200);
    const off = await client.post('/tfa/disable_tfa', { password: shopper.password, token: verified.body.recoveryCodes[0] });
    expect(off.status, off.response.payload).toBe(200);
    const entries = (await read(`object=${encodeURIComponent(shopper.email)}`)).entries;
    expect(entries.map((entry) => [sentence(entry), entry.actor?.email])).toEqual([
      [`Turned off two-factor sign-in for ${shopper.email}`, shopper.email],
      [`Turned on two-factor sign-in for ${shopper.email}`, shopper.email],
    ]);
  });

  it('records an owner changing a role and resetting a member’s two-factor', async () => {
    const { user } = await staffClient(t.app, 'staff', t.clock.now);
    expect((await owner.put(`/admin/staff/${user.id}`, { role: 'owner' })).status).toBe(200);
    expect((await owner.post(`/admin/staff/${user.id}/reset_tfa`)).status).toBe(200);
    const entries = (await read(`object=${encodeURIComponent(user.email)}&actorId=${ownerId}`)).entries;
    expect(entries.map((entry) => [sentence(entry), entry.changes])).toEqual([
      [`Reset two-factor sign-in for ${user.email}`, [{ field: 'Two-factor sign-in', before: 'Yes', after: 'No' }]],
      [`Changed the role of ${user.email}`, [{ field: 'Role', before: 'Staff', after: 'Owner' }]],
    ]);
    expect(entries[0]!.object.path).toBe('/staff');
    expect((await read(`action=staff.role&objectId=${user.id}`)).total).toBe(1);
  });
});
