import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, outbox, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { sgShopper, type ShopShopper } from '../shop';
import { nextReceiptNumber } from '../../src/modules/orders/receipt';

/**
 * Order mails, receipts and tax invoices (issue 30, decision 0026). The seeded shop delivers to
 * Singapore for SGD 4.00 (free from SGD 60.00) and adds 9 % GST there.
 */

let t: TestApp;
let staff: TestClient;
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
  owner = (await staffClient(t.app, 'owner', t.clock.now)).client;
}, 120_000);
afterAll(() => t?.close());

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan Ah Kow' };

/** 2 × a red, size M T-shirt at SGD 15.00 and a voucher of 10 %, to be paid as `paymentMethod`. */
async function placeShirts(s: ShopShopper, paymentMethod: 'card' | 'paynow', voucher?: string) {
  const shirt = await createProduct(t.app.db, {
    name: 'Kedai T-shirt',
    price: { SG: 1500 },
    variants: [
      { name: 'Colour', options: ['Red', 'Blue'] },
      { name: 'Size', options: ['S', 'M'] },
    ],
  });
  const path = shirt.paths[1]!; // Red, M
  const line = await s.client.post('/cart', { productId: shirt.id, variantPath: path, quantity: 2 });
  expect(line.status, line.response.payload).toBe(201);
  const key = (await s.client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
  const placed = await s.client.post('/checkout/create_order', {
    checkoutSessionKey: key,
    paymentMethod,
    shippingAddressId: s.addressId,
    ...(voucher ? { voucherCode: voucher } : {}),
  });
  expect(placed.status, placed.response.payload).toBe(201);
  return placed.body as { id: string; orderRef: string; total: number };
}

async function payByCard(s: ShopShopper, orderId: string) {
  const paid = await s.client.post('/payment/stripe/card/pay', { orderId, card: CARD });
  expect(paid.status, paid.response.payload).toBe(200);
}

async function payByPayNow(s: ShopShopper, orderId: string) {
  const reported = await s.client.post(`/order/${orderId}/paynow_paid`, {});
  expect(reported.status, reported.response.payload).toBe(200);
  const confirmed = await staff.post(`/admin/payment/${reported.body.payments[0].id}/confirm`);
  expect(confirmed.status, confirmed.response.payload).toBe(200);
}

async function mailsOf(s: ShopShopper, orderRef: string) {
  await t.app.jobs.runDue();
  // Amounts are written with a no-break space ("SGD 1.00"); read as plain spaces here.
  const mails = (await outbox(t.app, s.email)).map((mail) => ({ ...mail, text: mail.text.replace(/\u00a0/g, ' ') }));
  const find = (subject: string) => mails.find((mail) => mail.subject === subject);
  return { placed: find(`Order ${orderRef} placed`), paid: find(`Order ${orderRef} paid`) };
}

describe('order mails', () => {
  it('a card order paid before the mail job ran: both mails list the order, and "placed" asks for no payment', async () => {
    await t.app.db.insert(schema.vouchers).values({ code: 'TENOFF', kind: 'percent', percentBp: 1000 });
    const s = await sgShopper(t.app);
    const order = await placeShirts(s, 'card', 'TENOFF');
    await payByCard(s, order.id);
    const { placed, paid } = await mailsOf(s, order.orderRef);
    for (const mail of [placed!, paid!]) {
      // 2 × 15.00 = 30.00, −3.00, delivery 4.00: 31.00 + 9 % GST 2.79 = 33.79
      expect(mail.text).toContain('2 × Kedai T-shirt (Colour: Red, Size: M) at SGD 15.00: SGD 30.00');
      expect(mail.text).toContain('  Subtotal: SGD 30.00');
      expect(mail.text).toContain('  Discount (TENOFF): −SGD 3.00');
      expect(mail.text).toContain('  Delivery: SGD 4.00');
      expect(mail.text).toContain('  GST 9%: SGD 2.79');
      expect(mail.text).toContain('  Total: SGD 33.79');
      expect(mail.text).toContain('1 Raffles Place');
      expect(mail.text).toMatch(/Payment\n {2}Card/);
      expect(mail.html).toContain('<table');
      expect(mail.html).toContain('Kedai T-shirt (Colour: Red, Size: M)');
      expect(mail.text).not.toContain('GMT');
    }
    expect(placed!.text).not.toMatch(/pay for it|pay .* by|cancelled/i);
    expect(placed!.text).toContain('Your payment is received too');
    const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row!.receiptNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(paid!.text).toContain(`receipt ${row!.receiptNumber}`);
    expect(paid!.text).toContain(`/orders/${order.id}/receipt`);
    expect(paid!.text).toContain('Next: Kedai packs your order');
  });

  it('a PayNow order: "placed" asks for the transfer by a time in the shop\'s zone, "paid" follows staff\'s confirmation', async () => {
    const s = await sgShopper(t.app);
    const order = await placeShirts(s, 'paynow');
    await t.app.jobs.runDue();
    const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    // The pages' format (DD/MM/YYYY, HH:mm:ss), in Singapore time (UTC+8).
    const sgt = new Date(row!.payBy!.getTime() + 8 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const payBy = `${pad(sgt.getUTCDate())}/${pad(sgt.getUTCMonth() + 1)}/${sgt.getUTCFullYear()}, ${pad(sgt.getUTCHours())}:${pad(sgt.getUTCMinutes())}:${pad(sgt.getUTCSeconds())}`;
    await payByPayNow(s, order.id);
    const { placed, paid } = await mailsOf(s, order.orderRef);
    expect(placed!.text).toContain(`pay SGD 37.06 by PayNow from the order's page by ${payBy}`);
    expect(placed!.text).toContain('Payment\n  PayNow');
    expect(placed!.text).not.toContain('GMT');
    expect(paid!.text).toContain('  Total: SGD 37.06');
    expect(paid!.text).toContain('Payment\n  PayNow');
    expect(paid!.text).toContain('receipt INV-');
  });
});

describe('receipt numbers', () => {
  it('are given when an order is paid, one after another; an unpaid order has none', async () => {
    const s = await sgShopper(t.app);
    const first = await placeShirts(s, 'card');
    const unpaid = await placeShirts(s, 'card');
    const second = await placeShirts(s, 'paynow');
    await payByCard(s, first.id);
    // A paying transaction that rolls back gives its number back: the next order paid takes it.
    await expect(
      t.app.db.transaction(async (tx) => {
        await nextReceiptNumber(tx, new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await payByPayNow(s, second.id);
    const numberOf = async (id: string) => (await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!.receiptNumber;
    const a = await numberOf(first.id);
    const b = await numberOf(second.id);
    expect(await numberOf(unpaid.id)).toBeNull();
    expect(Number(b!.slice(-6))).toBe(Number(a!.slice(-6)) + 1);
  });

  race('many orders paid at once get distinct, consecutive numbers with no gaps', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => sgShopper(t.app)));
    const orders = [];
    for (const s of shoppers) orders.push({ s, order: await placeShirts(s, 'card') });
    const [counter] = await t.app.db.select().from(schema.receiptCounters);
    const before = counter?.lastNumber ?? 0;
    await Promise.all(orders.map(({ s, order }) => payByCard(s, order.id)));
    const numbers = [];
    for (const { order } of orders) {
      const [row] = await t.app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
      numbers.push(Number(row!.receiptNumber!.slice(-6)));
    }
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    const [after] = await t.app.db.select().from(schema.receiptCounters);
    expect(after!.lastNumber).toBe(before + 8);
  });
});

const LEGAL = { legalName: 'Kedai Pte Ltd', legalAddress: '1 Raffles Place\nSingapore 048616', taxRegistrationNumber: 'M9-0312345-a' };
const NO_LEGAL = { legalName: '', legalAddress: '', taxRegistrationNumber: '' };

/** The PDF's bytes as the shopper's client downloads them. */
async function download(client: TestClient, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: client.cookieHeader() } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json: () => response.json() };
}

describe("the shop's legal details (owners' Settings)", () => {
  it('owners set the legal name, address and a checked GST number; staff may not; a wrong number is refused', async () => {
    expectError(await staff.put('/admin/settings/legal', LEGAL), 403, 'auth/not_authorized');
    expectError(
      await owner.put('/admin/settings/legal', { ...LEGAL, taxRegistrationNumber: '12345' }),
      400,
      'settings/invalid_legal_details',
    );
    expectError(await owner.put('/admin/settings/legal', { ...LEGAL, legalName: 'x'.repeat(201) }), 400, 'settings/invalid_legal_details');
    const saved = await owner.put('/admin/settings/legal', LEGAL);
    expect(saved.status, saved.response.payload).toBe(200);
    expect(saved.body.legal).toEqual({ ...LEGAL, taxRegistrationNumber: 'M90312345A' });
    expect((await owner.get('/admin/settings')).body.legal.taxRegistrationNumber).toBe('M90312345A');
    await owner.put('/admin/settings/legal', NO_LEGAL);
  });
});

describe("the shopper's receipt", () => {
  it('a paid order with GST and a registered shop is a tax invoice: seller, number, date, tax per rate; as JSON and as a PDF', async () => {
    expect((await owner.put('/admin/settings/legal', LEGAL)).status).toBe(200);
    try {
      const s = await sgShopper(t.app);
      const order = await placeShirts(s, 'card');
      await payByCard(s, order.id);
      const answer = await s.client.get(`/order/${order.id}/receipt`);
      expect(answer.status, answer.response.payload).toBe(200);
      const receipt = answer.body;
      expect(receipt).toMatchObject({
        title: 'Tax invoice',
        orderRef: order.orderRef,
        issuedOn: '01/03/2031',
        seller: { legalName: 'Kedai Pte Ltd', address: '1 Raffles Place\nSingapore 048616', taxRegistrationNumber: 'M90312345A' },
        taxes: [{ label: 'GST 9%', rateBp: 900, taxable: 3400, tax: 306, inclusive: false }],
        total: 3706,
      });
      expect(receipt.number).toMatch(/^INV-2031-\d{6}$/);
      expect(receipt.summary.lines[0]).toMatchObject({ name: 'Kedai T-shirt', variant: 'Colour: Red, Size: M', quantity: 2 });
      const pdf = await download(s.client, `/order/${order.id}/receipt.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${receipt.number}.pdf"`);
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The document's title names it and its number (PDF metadata is written as plain text).
      expect(pdf.bytes.toString('latin1')).toContain(`Tax invoice ${receipt.number}`);
      // Staff open the same from the back office.
      expect((await staff.get(`/admin/order/${order.id}/receipt`)).body).toEqual(receipt);
      const staffPdf = await download(staff, `/admin/order/${order.id}/receipt.pdf`);
      expect(staffPdf.status).toBe(200);
      expect(staffPdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await owner.put('/admin/settings/legal', NO_LEGAL);
    }
  });

  it('without a registration number it is a receipt; another shopper gets 404; an unpaid order 409', async () => {
    const s = await sgShopper(t.app);
    const order = await placeShirts(s, 'card');
    expectError(await s.client.get(`/order/${order.id}/receipt`), 409, 'order/receipt_not_ready');
    expectError(await s.client.get(`/order/${order.id}/receipt.pdf`), 409, 'order/receipt_not_ready');
    expectError(await staff.get(`/admin/order/${order.id}/receipt`), 409, 'order/receipt_not_ready');
    await payByCard(s, order.id);
    const answer = await s.client.get(`/order/${order.id}/receipt`);
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body).toMatchObject({ title: 'Receipt', seller: { legalName: 'Kedai', taxRegistrationNumber: null } });
    const other = await sgShopper(t.app);
    expectError(await other.client.get(`/order/${order.id}/receipt`), 404, 'order/not_found');
    const stolen = await download(other.client, `/order/${order.id}/receipt.pdf`);
    expect(stolen.status).toBe(404);
    expect(stolen.json()).toMatchObject({ errorCode: 'order/not_found' });
    expectError(await s.client.get('/order/not-an-id/receipt'), 404, 'order/not_found');
  });
});
