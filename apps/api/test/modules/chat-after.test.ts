import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { placeOrder, sgShopper } from '../shop';

/**
 * `after` of a thread's page at the edges of time (issue 29): an instant before 1970 (year 0, which
 * the database cannot hold) is no point of a thread, on the shopper's route and the back office's.
 */

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
}, 120_000);
afterAll(() => t?.close());

describe('GET /order/{id}/messages?after= an instant out of range', () => {
  it('is 400 general/argument_error before 1970, for the shopper and for staff; 1970 on reads the thread', async () => {
    const shopper = await sgShopper(t.app);
    const order = await placeOrder(t.app, shopper);
    const said = await shopper.client.post(`/order/${order.id}/messages`, { message: 'Is it gift-wrapped?' });
    expect(said.status, said.response.payload).toBe(201);
    for (const after of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      const query = `after=${encodeURIComponent(after)}`;
      expectError(await shopper.client.get(`/order/${order.id}/messages?${query}`), 400, 'general/argument_error');
      expectError(await staff.get(`/admin/order/${order.id}/messages?${query}`), 400, 'general/argument_error');
    }
    for (const client of [shopper.client, staff]) {
      const prefix = client === staff ? '/admin' : '';
      const page = await client.get(`${prefix}/order/${order.id}/messages?after=1970-01-01T00:00:00Z`);
      expect(page.status, page.response.payload).toBe(200);
      expect(page.body.messages.map((message: { body: string }) => message.body)).toEqual(['Is it gift-wrapped?']);
    }
  });
});
