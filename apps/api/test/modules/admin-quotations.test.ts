import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, createVerifiedUser, outbox, signedInClient, staffClient, type TestUser } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';

/** The back office's quotation queue (issue 15): staff answer, shoppers see the answer. */

let t: TestApp;
let staff: TestClient;
let staffUser: TestUser;
let otherStaff: TestClient;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  ({ client: staff, user: staffUser } = await staffClient(t.app, 'staff', t.clock.now));
  ({ client: otherStaff } = await staffClient(t.app, 'owner', t.clock.now));
  productId = (await createProduct(t.app.db, { price: { SG: 1990, MY: 5900 } })).id;
});
afterAll(() => t?.close());

async function shopper() {
  const user = await createVerifiedUser(t.app);
  return { user, client: await signedInClient(t.app, user) };
}

async function askInternal(client: TestClient, id = productId) {
  const answer = await client.post('/quotation_item/internal_product', { productId: id, quantity: 2, instructions: 'two boxes' });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.quotationItem.id as string;
}

async function askExternal(client: TestClient) {
  const answer = await client.post('/quotation/request', {
    from: 'r',
    productUrl: 'https://www.lazada.sg/products/rice-cooker-i123.html',
    productName: 'Rice cooker 3L',
    productQuantity: 1,
  });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.quotationItem.id as string;
}

async function read(id: string) {
  const answer = await staff.get(`/admin/quotation_item/${id}`);
  expect(answer.status, answer.response.payload).toBe(200);
  return answer.body as { version: number; status: string; shopper: { email: string } };
}

async function shopperItem(client: TestClient, id: string) {
  const { body } = await client.get('/quotation_item');
  return (body.quotationItems as Array<Record<string, unknown>>).find((item) => item.id === id);
}

const externalQuote = { quotedPrice: { SG: 15900, MY: 49900 }, basePrice: 12990, basePriceCurrency: 'USD' };

describe('the queue', () => {
  it('lists items newest first with their shopper, filtered by status and source', async () => {
    const { user, client } = await shopper();
    const internal = await askInternal(client);
    const external = await askExternal(client);
    const answer = await staff.get('/admin/quotation_item?status=p');
    expect(answer.status, answer.response.payload).toBe(200);
    const ids = (answer.body.items as Array<{ id: string }>).map((item) => item.id);
    expect(ids.indexOf(external)).toBeLessThan(ids.indexOf(internal));
    const row = (answer.body.items as Array<Record<string, unknown>>).find((item) => item.id === external)!;
    expect(row).toMatchObject({
      shopper: { id: user.id, email: user.email },
      productSource: 'e',
      externalProduct: { link: 'https://www.lazada.sg/products/rice-cooker-i123.html', sourceMarketPlace: 'lazada.sg', origin: 'manual' },
      version: 1,
    });
    const onlyShop = (await staff.get('/admin/quotation_item?source=i')).body.items as Array<{ productSource: string }>;
    expect(onlyShop.length).toBeGreaterThan(0);
    expect(onlyShop.every((item) => item.productSource === 'i')).toBe(true);
    expectError(await staff.get('/admin/quotation_item?status=z'), 400, 'general/argument_error');
    expectError(await staff.get('/admin/quotation_item/00000000-0000-4000-8000-000000000000'), 404, 'quotation/not_found');
  });

  it('shoppers cannot reach it', async () => {
    const { client } = await shopper();
    expectError(await client.get('/admin/quotation_item'), 403, 'auth/not_authorized');
  });
});

describe('resolve', () => {
  it('a marketplace item gets its quote; the shopper sees it, can check it, and is e-mailed', async () => {
    const { user, client } = await shopper();
    const id = await askExternal(client);
    const { version } = await read(id);
    const answer = await staff.post(`/admin/quotation_item/${id}/resolve`, { version, ...externalQuote });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body).toMatchObject({ status: 'r', version: version + 1, answeredBy: { id: staffUser.id }, statusData: externalQuote });
    expect(await shopperItem(client, id)).toMatchObject({
      status: 'r',
      statusMessage: 'Your Quotation is here!',
      statusData: externalQuote,
      checkable: true,
      declineReason: null,
    });
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.subject).toBe('Your quotation is here: Rice cooker 3L');
    expect(mail!.text).toContain('/quotations');
    expect(mail!.text).toContain('Singapore: SGD\u00a0159.00 each');
    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, id), eq(schema.auditLog.action, 'quotation.resolve')));
    expect(audit).toMatchObject({ actorId: staffUser.id, objectType: 'quotation_item' });
  });

  it.each([
    [{ quotedPrice: { SG: 15900 } }, 'no marketplace price'],
    [{ quotedPrice: {}, basePrice: 100, basePriceCurrency: 'USD' }, 'no region quoted'],
    [{ quotedPrice: { XX: 100 }, basePrice: 100, basePriceCurrency: 'USD' }, 'an unknown region'],
    [{ quotedPrice: { SG: 0 }, basePrice: 100, basePriceCurrency: 'USD' }, 'a price of 0'],
    [{ quotedPrice: { SG: 10.5 }, basePrice: 100, basePriceCurrency: 'USD' }, 'a fraction of a minor unit'],
    [{ quotedPrice: { SG: 100 }, basePrice: 100, basePriceCurrency: 'dollars' }, 'a currency that is not a code'],
  ] as [Record<string, unknown>, string][])('%j (%s) is 400 quotation/invalid_quote and changes nothing', async (quote) => {
    const { client } = await shopper();
    const id = await askExternal(client);
    const { version } = await read(id);
    expectError(await staff.post(`/admin/quotation_item/${id}/resolve`, { version, ...quote }), 400, 'quotation/invalid_quote');
    expect(await read(id)).toMatchObject({ status: 'p', version });
  });

  it("a marketplace price on one of the shop's products is 409 quotation/wrong_kind", async () => {
    const { client } = await shopper();
    const id = await askInternal(client);
    const { version } = await read(id);
    expectError(await staff.post(`/admin/quotation_item/${id}/resolve`, { version, ...externalQuote }), 409, 'quotation/wrong_kind');
    const answer = await staff.post(`/admin/quotation_item/${id}/resolve`, { version, quotedPrice: { SG: 1500 } });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(await shopperItem(client, id)).toMatchObject({ status: 'r', checkable: true, statusData: { quotedPrice: { SG: 1500 } } });
  });

  it("an item whose product was deleted answers 'product is not found for quotation item'", async () => {
    const { client } = await shopper();
    const doomed = (await createProduct(t.app.db)).id;
    const id = await askInternal(client, doomed);
    await t.app.db.delete(schema.products).where(eq(schema.products.id, doomed));
    const { version } = await read(id);
    const answer = await staff.post(`/admin/quotation_item/${id}/resolve`, { version, quotedPrice: { SG: 1500 } });
    expectError(answer, 404, 'quotation/product_not_found');
    expect(answer.body.error).toBe('product is not found for quotation item');
  });
});

describe('decline', () => {
  it('the shopper sees the reason and cannot check the item', async () => {
    const { user, client } = await shopper();
    const id = await askExternal(client);
    const { version } = await read(id);
    expectError(
      await staff.post(`/admin/quotation_item/${id}/decline`, { version, reason: '   ' }),
      400,
      'quotation/invalid_decline_reason',
    );
    expectError(
      await staff.post(`/admin/quotation_item/${id}/decline`, { version, reason: 'x'.repeat(501) }),
      400,
      'quotation/invalid_decline_reason',
    );
    const answer = await staff.post(`/admin/quotation_item/${id}/decline`, { version, reason: 'The seller does not ship abroad.' });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(await shopperItem(client, id)).toMatchObject({
      status: 'd',
      statusMessage: 'Quotation is unsuccessful.',
      declineReason: 'The seller does not ship abroad.',
      statusData: null,
      checkable: false,
    });
    await t.app.jobs.runDue();
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.subject).toBe('Your quotation was unsuccessful: Rice cooker 3L');
    expect(mail!.text).toContain('The seller does not ship abroad.');
  });
});

describe('two answers, and the shopper changing the item', () => {
  race('two staff answering at once: one wins, the other gets 409 and the item holds the winner', async () => {
    const { client } = await shopper();
    const id = await askExternal(client);
    const { version } = await read(id);
    const answers = await Promise.all([
      staff.post(`/admin/quotation_item/${id}/resolve`, { version, ...externalQuote }),
      otherStaff.post(`/admin/quotation_item/${id}/decline`, { version, reason: 'Too late' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body as { status: string };
    expect((await read(id)).status).toBe(winner.status);
    const loser = answers.find((a) => a.status === 409)!;
    expect(['quotation/version_conflict', 'quotation/already_answered']).toContain(loser.body.errorCode);
  });

  it('an answered item is not answered again: 409 quotation/already_answered', async () => {
    const { client } = await shopper();
    const id = await askExternal(client);
    const { version } = await read(id);
    expect((await staff.post(`/admin/quotation_item/${id}/decline`, { version, reason: 'No stock' })).status).toBe(200);
    expectError(
      await staff.post(`/admin/quotation_item/${id}/resolve`, { version: version + 1, ...externalQuote }),
      409,
      'quotation/already_answered',
    );
  });

  it("the shopper's change sends a quoted item back to the shop; an answer read before it is a conflict", async () => {
    const { client } = await shopper();
    const id = await askInternal(client);
    const { version } = await read(id);
    expect((await staff.post(`/admin/quotation_item/${id}/resolve`, { version, quotedPrice: { SG: 1800 } })).status).toBe(200);
    const changed = await client.put(`/quotation_item/${id}`, { quantity: 5 });
    expect(changed.body.quotationItem).toMatchObject({ status: 'p', statusData: null, quantity: 5, checkable: false, answeredAt: null });
    expectError(
      await staff.post(`/admin/quotation_item/${id}/resolve`, { version: version + 1, quotedPrice: { SG: 1700 } }),
      409,
      'quotation/version_conflict',
    );
    const fresh = await read(id);
    expect(fresh).toMatchObject({ status: 'p', version: version + 2 });
    expect((await staff.post(`/admin/quotation_item/${id}/resolve`, { version: fresh.version, quotedPrice: { SG: 1700 } })).status).toBe(
      200,
    );
  });

  it('a change that changes nothing keeps the answer', async () => {
    const { client } = await shopper();
    const id = await askInternal(client);
    const { version } = await read(id);
    await staff.post(`/admin/quotation_item/${id}/resolve`, { version, quotedPrice: { SG: 1800 } });
    const same = await client.put(`/quotation_item/${id}`, { quantity: 2, instructions: 'two boxes' });
    expect(same.body.quotationItem).toMatchObject({ status: 'r', statusData: { quotedPrice: { SG: 1800 } } });
  });
});

describe('suggested prices', () => {
  it("owners set the fee and exchange rates; a marketplace item's page price becomes a suggestion per region", async () => {
    expectError(
      await otherStaff.put('/admin/settings/quotation_pricing', { feePercent: 150, exchangeRates: {} }),
      400,
      'settings/invalid_quotation_pricing',
    );
    expectError(
      await otherStaff.put('/admin/settings/quotation_pricing', { feePercent: 10, exchangeRates: { USD: -1 } }),
      400,
      'settings/invalid_quotation_pricing',
    );
    expectError(await staff.put('/admin/settings/quotation_pricing', { feePercent: 10, exchangeRates: {} }), 403, 'auth/not_authorized');
    const saved = await otherStaff.put('/admin/settings/quotation_pricing', { feePercent: 10, exchangeRates: { USD: 1.35, MYR: 0.3 } });
    expect(saved.status, saved.response.payload).toBe(200);
    expect(saved.body.quotationPricing).toEqual({ feePercent: 10, exchangeRates: { USD: 1.35, MYR: 0.3 } });

    const { client } = await shopper();
    const id = await askExternal(client);
    const [row] = await t.app.db.select().from(schema.quotationItems).where(eq(schema.quotationItems.id, id));
    expect((await staff.get(`/admin/quotation_item/${id}`)).body.suggestedQuotedPrice).toBeNull();
    // As if the page had shown USD 129.90.
    await t.app.db
      .update(schema.externalProducts)
      .set({ price: '129.90', currency: 'USD' })
      .where(eq(schema.externalProducts.id, row!.externalProductId!));
    const { body } = await staff.get(`/admin/quotation_item/${id}`);
    // SGD: 129.90 × 1.35 × 1.1 = 192.9015 -> 192.91; MYR: × 1.35 / 0.3 × 1.1 = 643.005 -> 643.01; USD: only the fee,
    // 142.89; JPY, IDR and GBP have no rate.
    expect(body.suggestedQuotedPrice).toEqual({ SG: 19291, MY: 64301, US: 14289 });
  });
});
