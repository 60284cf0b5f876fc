import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { LIFTED_LIMITS, newEmail, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, type TestApp } from '../helpers';
import { placeOrder, sgShopper } from '../shop';
import { JobRunner, queueJob } from '../../src/platform/jobs';

/**
 * Every back-office write of the OpenAPI document records who did what, to which object, with the
 * values before and after, in `audit_log` (rules: access.md "Staff"). The table below holds one
 * valid call per write; a write the document has and the table lacks fails the first test, so a new
 * route comes with its case.
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

/** The row a write must leave: `before`/`after` are matched (`null` when there is no such side). */
interface Audited {
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

/** A call's answer, its JSON body parsed. */
interface Answer {
  status: number;
  body: any;
  response: { payload: string };
}

/**
 * Makes one call of the case's own operation (the method and path of its key, with `params` filled
 * in) as an owner with two-factor passed, and checks that it succeeded and wrote exactly the one
 * audit row `audited`. A case calls it once per action its operation records.
 */
type Perform = (params: Record<string, string>, body: unknown, audited: Audited, headers?: Record<string, string>) => Promise<Answer>;

const CARD = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Tan' } };
const unique = () => Math.random().toString(36).slice(2, 8);
const some = (value: Record<string, unknown>) => expect.objectContaining(value);

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `Audit Kit ${unique()}`,
    description: 'Audited.',
    categoryId: null,
    merchantId: null,
    sourceMarketPlace: null,
    sourceUrl: null,
    weight: 300,
    price: { SG: 1290 },
    variants: [],
    variantPaths: {},
    stock: 4,
    images: [],
    disabled: false,
    ...overrides,
  };
}

/** A call of setup that must succeed (its own audit row, if any, comes before the case's call). */
async function ok(answer: Promise<Answer>): Promise<any> {
  const done = await answer;
  expect(done.status, done.response.payload).toBeLessThan(300);
  return done.body;
}

async function paidOrder() {
  const shopper = await sgShopper(t.app);
  const order = await placeOrder(t.app, shopper);
  expect((await ok(shopper.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD }))).order.status).toBe('paid');
  return order;
}

/** A card-paid order staff delivered (a dispute may be opened about it), with its shopper. */
async function deliveredOrder() {
  const shopper = await sgShopper(t.app);
  const order = await placeOrder(t.app, shopper);
  await ok(shopper.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD }));
  for (const step of [{ to: 'processing' }, { to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR1' }, { to: 'delivered' }])
    await ok(owner.post(`/admin/order/${order.id}/status`, step));
  return { shopper, order };
}

/** A PayNow order whose transfer the shopper reported: its pending charge waits for staff. */
async function reportedTransfer() {
  const shopper = await sgShopper(t.app);
  const order = await placeOrder(t.app, shopper, { paymentMethod: 'paynow' });
  const reported = await ok(shopper.client.post(`/order/${order.id}/paynow_paid`, { reference: 'FT-AUDIT' }));
  return { shopper, order, paymentId: reported.payments[0].id as string };
}

async function pendingQuotation() {
  const shopper = await sgShopper(t.app);
  const productId = (await createProduct(t.app.db, { price: { SG: 1990 } })).id;
  const asked = await ok(shopper.client.post('/quotation_item/internal_product', { productId, quantity: 2, instructions: 'two' }));
  const id = asked.quotationItem.id as string;
  const { version } = await ok(owner.get(`/admin/quotation_item/${id}`));
  return { id, version: version as number };
}

const voucherDraft = () => ({ code: `AUD${unique()}`.toUpperCase(), kind: 'percent', percentBp: 1000, scope: 'cart', regions: ['SG'] });
/** A job that failed its one try: dead (made by the real runner with a kind of the test's own that always fails). */
async function deadJob(): Promise<number> {
  const id = (await queueJob(t.app.db, 'test.failing', {}, { maxAttempts: 1, runAt: t.clock.now() }))!;
  const runner = new JobRunner({
    db: t.app.db,
    log: t.app.log,
    clock: t.clock.now,
    recurring: [],
    kinds: [{ name: 'test.failing', run: () => Promise.reject(new Error('refused')) }],
  });
  await runner.runDue();
  return id;
}

const imageBlocks = [{ image: 'pages/about-kedai-1.svg', alt: 'Our merchants', link: '/search' }];

/** One valid call per back-office write, keyed as the OpenAPI document names it. */
const CASES: Record<string, (perform: Perform) => Promise<unknown>> = {
  // ——— Catalogue ———
  'POST /admin/product': async (perform) => {
    const input = productInput();
    const answer = await perform({}, input, {
      action: 'product.create',
      objectType: 'product',
      objectId: '(answer)',
      before: null,
      after: some({ name: input.name, stock: 4 }),
    });
    return answer.body.product.uuid;
  },
  'PUT /admin/product/{id}': async (perform) => {
    const input = productInput();
    const { product, version } = await ok(owner.post('/admin/product', input));
    await perform(
      { id: product.uuid },
      { ...input, name: 'Audit Kit Renamed', version },
      {
        action: 'product.update',
        objectType: 'product',
        objectId: product.uuid,
        before: some({ name: input.name, version: 1 }),
        after: some({ name: 'Audit Kit Renamed' }),
      },
    );
  },
  'POST /admin/product/{id}/stock': async (perform) => {
    const { product } = await ok(owner.post('/admin/product', productInput()));
    await perform(
      { id: product.uuid },
      { variantPath: '', delta: 3 },
      {
        action: 'product.stock',
        objectType: 'product',
        objectId: product.uuid,
        before: { variantPath: '', stock: 4 },
        after: { variantPath: '', stock: 7 },
      },
    );
  },
  'POST /admin/category': (perform) =>
    perform(
      {},
      { name: `Audit ${unique()}`, parentId: null },
      {
        action: 'category.create',
        objectType: 'category',
        objectId: '(answer)',
        before: null,
        after: some({ parentId: null }),
      },
    ),
  'PUT /admin/category/{id}': async (perform) => {
    const name = `Audit ${unique()}`;
    const { category } = await ok(owner.post('/admin/category', { name, parentId: null }));
    await perform(
      { id: category.id },
      { name: `${name} renamed`, parentId: null },
      {
        action: 'category.update',
        objectType: 'category',
        objectId: category.id,
        before: some({ name }),
        after: some({ name: `${name} renamed` }),
      },
    );
  },
  'DELETE /admin/category/{id}': async (perform) => {
    const name = `Audit ${unique()}`;
    const { category } = await ok(owner.post('/admin/category', { name, parentId: null }));
    await perform({ id: category.id }, undefined, {
      action: 'category.delete',
      objectType: 'category',
      objectId: category.id,
      before: some({ name }),
      after: null,
    });
  },
  'POST /admin/merchant': (perform) =>
    perform(
      {},
      { name: `Audit Merchant ${unique()}`, description: 'Sambal.', countryCode: 'MY' },
      {
        action: 'merchant.create',
        objectType: 'merchant',
        objectId: '(answer)',
        before: null,
        after: some({ countryCode: 'MY' }),
      },
    ),
  'PUT /admin/merchant/{id}': async (perform) => {
    const name = `Audit Merchant ${unique()}`;
    const { merchant } = await ok(owner.post('/admin/merchant', { name, countryCode: 'MY' }));
    await perform(
      { id: merchant.id },
      { name, slug: merchant.slug, countryCode: 'SG' },
      {
        action: 'merchant.update',
        objectType: 'merchant',
        objectId: merchant.id,
        before: some({ countryCode: 'MY' }),
        after: some({ countryCode: 'SG' }),
      },
    );
  },
  'POST /admin/image': async (perform) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    await perform(
      {},
      png,
      { action: 'image.upload', objectType: 'image', objectId: '(answer)', before: null, after: expect.anything() },
      { 'content-type': 'image/png' },
    );
  },

  // ——— Content ———
  'PUT /admin/text_page/{slug}': (perform) =>
    perform(
      { slug: 'returns' },
      { title: 'Returns', body: '# Returns\n\nWithin **30 days**.' },
      {
        action: 'text_page.update',
        objectType: 'text_page',
        objectId: 'returns',
        before: some({ slug: 'returns' }),
        after: { title: 'Returns', body: '# Returns\n\nWithin **30 days**.' },
      },
    ),
  'POST /admin/banner': (perform) =>
    perform(
      {},
      { title: 'Audit banner', image: 'banners/kitchen.svg', link: '/search' },
      {
        action: 'banner.create',
        objectType: 'banner',
        objectId: '(answer)',
        before: null,
        after: some({ title: 'Audit banner' }),
      },
    ),
  'PUT /admin/banner/{id}': async (perform) => {
    const { banner } = await ok(owner.post('/admin/banner', { title: 'Audit banner', image: 'banners/kitchen.svg' }));
    await perform(
      { id: banner.id },
      { title: 'Audit banner, edited', image: 'banners/kitchen.svg', enabled: false },
      {
        action: 'banner.update',
        objectType: 'banner',
        objectId: banner.id,
        before: some({ title: 'Audit banner', enabled: true }),
        after: some({ title: 'Audit banner, edited', enabled: false }),
      },
    );
  },
  'DELETE /admin/banner/{id}': async (perform) => {
    const { banner } = await ok(owner.post('/admin/banner', { title: 'Audit banner', image: 'banners/kitchen.svg' }));
    await perform({ id: banner.id }, undefined, {
      action: 'banner.delete',
      objectType: 'banner',
      objectId: banner.id,
      before: some({ title: 'Audit banner' }),
      after: null,
    });
  },
  'POST /admin/popup': (perform) =>
    perform(
      {},
      { name: 'Audit popup', link: '/help/shipping' },
      {
        action: 'popup.create',
        objectType: 'popup',
        objectId: '(answer)',
        before: null,
        after: some({ name: 'Audit popup' }),
      },
    ),
  'PUT /admin/popup/{id}': async (perform) => {
    const { popup } = await ok(owner.post('/admin/popup', { name: 'Audit popup' }));
    await perform(
      { id: popup.id },
      { name: 'Audit popup, edited' },
      {
        action: 'popup.update',
        objectType: 'popup',
        objectId: popup.id,
        before: some({ name: 'Audit popup' }),
        after: some({ name: 'Audit popup, edited' }),
      },
    );
  },
  'DELETE /admin/popup/{id}': async (perform) => {
    const { popup } = await ok(owner.post('/admin/popup', { name: 'Audit popup' }));
    await perform({ id: popup.id }, undefined, {
      action: 'popup.delete',
      objectType: 'popup',
      objectId: popup.id,
      before: some({ name: 'Audit popup' }),
      after: null,
    });
  },
  'POST /admin/home_product_group': async (perform) => {
    const productId = (await createProduct(t.app.db, { price: { SG: 990 } })).id;
    await perform(
      {},
      { name: 'Audit picks', productIds: [productId] },
      {
        action: 'home_product_group.create',
        objectType: 'home_product_group',
        objectId: '(answer)',
        before: null,
        after: some({ name: 'Audit picks' }),
      },
    );
  },
  'PUT /admin/home_product_group/{id}': async (perform) => {
    const productId = (await createProduct(t.app.db, { price: { SG: 990 } })).id;
    const { group } = await ok(owner.post('/admin/home_product_group', { name: 'Audit picks', productIds: [productId] }));
    await perform(
      { id: group.id },
      { name: 'Audit picks, edited', productIds: [productId] },
      {
        action: 'home_product_group.update',
        objectType: 'home_product_group',
        objectId: group.id,
        before: some({ name: 'Audit picks' }),
        after: some({ name: 'Audit picks, edited' }),
      },
    );
  },
  'DELETE /admin/home_product_group/{id}': async (perform) => {
    const productId = (await createProduct(t.app.db, { price: { SG: 990 } })).id;
    const { group } = await ok(owner.post('/admin/home_product_group', { name: 'Audit picks', productIds: [productId] }));
    await perform({ id: group.id }, undefined, {
      action: 'home_product_group.delete',
      objectType: 'home_product_group',
      objectId: group.id,
      before: some({ name: 'Audit picks' }),
      after: null,
    });
  },
  'POST /admin/image_page': (perform) => {
    const title = `Audit page ${unique()}`;
    return perform(
      {},
      { title, blocks: imageBlocks },
      {
        action: 'image_page.create',
        objectType: 'image_page',
        objectId: '(answer)',
        before: null,
        after: some({ title }),
      },
    );
  },
  'PUT /admin/image_page/{id}': async (perform) => {
    const title = `Audit page ${unique()}`;
    const { imagePage } = await ok(owner.post('/admin/image_page', { title, blocks: imageBlocks }));
    await perform(
      { id: imagePage.id },
      { title: `${title} edited`, slug: imagePage.slug, blocks: imageBlocks },
      {
        action: 'image_page.update',
        objectType: 'image_page',
        objectId: imagePage.id,
        before: some({ title }),
        after: some({ title: `${title} edited` }),
      },
    );
  },
  'DELETE /admin/image_page/{id}': async (perform) => {
    const title = `Audit page ${unique()}`;
    const { imagePage } = await ok(owner.post('/admin/image_page', { title, blocks: imageBlocks }));
    await perform({ id: imagePage.id }, undefined, {
      action: 'image_page.delete',
      objectType: 'image_page',
      objectId: imagePage.id,
      before: some({ title }),
      after: null,
    });
  },

  // ——— Quotations ———
  'POST /admin/quotation_item/{id}/resolve': async (perform) => {
    const { id, version } = await pendingQuotation();
    await perform(
      { id },
      { version, quotedPrice: { SG: 1800 } },
      {
        action: 'quotation.resolve',
        objectType: 'quotation_item',
        objectId: id,
        before: { status: 'p', version },
        after: some({ status: 'r', statusData: some({ quotedPrice: { SG: 1800 } }) }),
      },
    );
  },
  'POST /admin/quotation_item/{id}/decline': async (perform) => {
    const { id, version } = await pendingQuotation();
    await perform(
      { id },
      { version, reason: 'Out of production' },
      {
        action: 'quotation.decline',
        objectType: 'quotation_item',
        objectId: id,
        before: { status: 'p', version },
        after: some({ status: 'd', declineReason: 'Out of production' }),
      },
    );
  },

  // ——— Orders and payments ———
  'POST /admin/order/{id}/status': async (perform) => {
    // Every step staff take, each its own action: processing, shipped, delivered, and refunded after a dispute.
    const shopper = await sgShopper(t.app);
    const order = await placeOrder(t.app, shopper);
    await ok(shopper.client.post('/payment/stripe/card/pay', { orderId: order.id, ...CARD }));
    const step = (to: string, from: string, body: Record<string, unknown> = {}) =>
      perform(
        { id: order.id },
        { to, ...body },
        {
          action: `order.${to}`,
          objectType: 'order',
          objectId: order.id,
          before: { status: from },
          after: some({ status: to, ...body }),
        },
      );
    await step('processing', 'paid');
    await step('shipped', 'processing', { carrier: 'SingPost', trackingNumber: 'RR123456789SG' });
    await step('delivered', 'shipped');
    await ok(shopper.client.post(`/order/${order.id}/confirm_receipt`));
    await step('refunded', 'completed');
  },
  'POST /admin/order/{id}/cancel': async (perform) => {
    const order = await paidOrder();
    await perform(
      { id: order.id },
      { reason: 'Out of stock at the supplier' },
      {
        action: 'order.cancelled',
        objectType: 'order',
        objectId: order.id,
        before: { status: 'paid' },
        after: { status: 'cancelled', reason: 'Out of stock at the supplier' },
      },
    );
  },
  // ——— Order conversations (issue 29): staff messages, read marks and done marks ———
  'POST /admin/order/{id}/messages': async (perform) => {
    const order = await placeOrder(t.app, await sgShopper(t.app));
    await perform(
      { id: order.id },
      { message: 'Your parcel leaves today' },
      {
        action: 'chat.message',
        objectType: 'order',
        objectId: order.id,
        before: null,
        after: { messageId: expect.any(Number), kind: 'text' },
      },
    );
  },
  'POST /admin/order/{id}/messages/photo': async (perform) => {
    const order = await placeOrder(t.app, await sgShopper(t.app));
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .png()
      .toBuffer();
    await perform(
      { id: order.id },
      png,
      {
        action: 'chat.message',
        objectType: 'order',
        objectId: order.id,
        before: null,
        after: { messageId: expect.any(Number), kind: 'photo' },
      },
      { 'content-type': 'image/png' },
    );
  },
  'POST /admin/order/{id}/update_chat_status': async (perform) => {
    const shopper = await sgShopper(t.app);
    const order = await placeOrder(t.app, shopper);
    const said = await ok(shopper.client.post(`/order/${order.id}/messages`, { message: 'Is it shipped?' }));
    await perform(
      { id: order.id },
      { lastReadMessageId: said.message.id },
      { action: 'chat.read', objectType: 'order', objectId: order.id, before: { readUpTo: 0 }, after: { readUpTo: said.message.id } },
    );
  },
  'POST /admin/order/{id}/chat_done': async (perform) => {
    const order = await placeOrder(t.app, await sgShopper(t.app));
    await perform(
      { id: order.id },
      { done: true },
      { action: 'chat.done', objectType: 'order', objectId: order.id, before: { done: false }, after: { done: true } },
    );
  },
  'POST /admin/order/{id}/refund': async (perform) => {
    const order = await paidOrder();
    await perform(
      { id: order.id },
      { amount: 500, reason: 'One cup arrived broken' },
      {
        action: 'order.refund_part',
        objectType: 'order',
        objectId: order.id,
        before: { status: 'paid' },
        after: { refunded: 500, currency: 'SGD', reason: 'One cup arrived broken' },
      },
    );
  },
  'POST /admin/dispute/{id}/resolve': async (perform) => {
    const { shopper, order } = await deliveredOrder();
    const opened = await ok(
      shopper.client.post(`/order/${order.id}/disputes`, { reason: 'damaged', description: 'The lid arrived cracked.' }),
    );
    await perform(
      { id: opened.id },
      { outcome: 'refund', amount: 500, note: 'Sorry about the lid' },
      {
        action: 'dispute.refunded',
        objectType: 'dispute',
        objectId: opened.id,
        before: { status: 'open', orderId: order.id },
        after: { status: 'refunded', refundAmount: 500, currency: 'SGD', resolution: 'Sorry about the lid' },
      },
    );
  },
  'POST /admin/order/{id}/disputes/reopen': async (perform) => {
    const { shopper, order } = await deliveredOrder();
    await ok(shopper.client.post(`/order/${order.id}/confirm_receipt`));
    await perform({ id: order.id }, undefined, {
      action: 'dispute.reopened',
      objectType: 'order',
      objectId: order.id,
      before: { status: 'completed', latestDispute: null },
      after: { reopened: true },
    });
  },
  'POST /admin/payment/{id}/confirm': async (perform) => {
    const { order, paymentId } = await reportedTransfer();
    await perform(
      { id: paymentId },
      {},
      {
        action: 'payment.confirmed',
        objectType: 'order',
        objectId: order.id,
        before: { payment: paymentId, status: 'pending' },
        after: { status: 'succeeded', orderStatus: 'paid' },
      },
    );
  },
  'POST /admin/payment/{id}/reject': async (perform) => {
    const { order, paymentId } = await reportedTransfer();
    await perform(
      { id: paymentId },
      { reason: 'No transfer arrived' },
      {
        action: 'payment.rejected',
        objectType: 'order',
        objectId: order.id,
        before: { payment: paymentId, status: 'pending' },
        after: { status: 'failed', reason: 'No transfer arrived' },
      },
    );
  },
  'POST /admin/payment/{id}/release': async (perform) => {
    const { order, paymentId } = await reportedTransfer();
    await perform(
      { id: paymentId },
      { reason: 'No transfer arrived in 4 days' },
      {
        action: 'payment.released',
        objectType: 'order',
        objectId: order.id,
        before: { payment: paymentId, status: 'pending', orderStatus: 'awaiting_payment' },
        after: { status: 'failed', orderStatus: 'cancelled', reason: 'No transfer arrived in 4 days' },
      },
    );
  },
  'POST /admin/payment/{id}/refunded': async (perform) => {
    const { shopper, order, paymentId } = await reportedTransfer();
    await ok(owner.post(`/admin/payment/${paymentId}/confirm`));
    await ok(shopper.client.delete(`/order/${order.id}`));
    const [refund] = await t.app.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, order.id), eq(schema.payments.kind, 'refund')));
    await perform(
      { id: refund!.id },
      { reference: 'RF-AUDIT-1' },
      {
        action: 'payment.refunded',
        objectType: 'order',
        objectId: order.id,
        before: { payment: refund!.id, status: 'pending' },
        after: { status: 'succeeded', reference: 'RF-AUDIT-1' },
      },
    );
  },
  'POST /admin/voucher': (perform) => {
    const draft = voucherDraft();
    return perform({}, draft, {
      action: 'voucher.create',
      objectType: 'voucher',
      objectId: '(answer)',
      before: null,
      after: some({ code: draft.code, percentBp: 1000 }),
    });
  },
  'PUT /admin/voucher/{id}': async (perform) => {
    const draft = voucherDraft();
    const created = await ok(owner.post('/admin/voucher', draft));
    await perform(
      { id: created.id },
      { ...draft, active: false, version: 1 },
      {
        action: 'voucher.update',
        objectType: 'voucher',
        objectId: created.id,
        before: some({ code: draft.code, active: true, version: 1 }),
        after: some({ active: false }),
      },
    );
  },

  // ——— Jobs ———
  'POST /admin/jobs/{id}/retry': async (perform) => {
    const id = await deadJob();
    await perform({ id: String(id) }, undefined, {
      action: 'job.retry',
      objectType: 'job',
      objectId: String(id),
      before: some({ kind: 'test.failing', state: 'dead', attempts: 1, lastError: 'refused' }),
      after: { state: 'queued', attempts: 0 },
    });
  },

  // ——— The shop's settings (owners) ———
  'PUT /admin/settings/currency': async (perform) => {
    await perform(
      {},
      { appCurrency: 'myr' },
      {
        action: 'settings.currency',
        objectType: 'settings',
        objectId: 'app_currency',
        before: 'SGD',
        after: 'MYR',
      },
    );
    await ok(owner.put('/admin/settings/currency', { appCurrency: 'SGD' }));
  },
  'PUT /admin/settings/quotation_pricing': async (perform) => {
    const before = (await ok(owner.get('/admin/settings'))).quotationPricing;
    await perform(
      {},
      { feePercent: 10, exchangeRates: { USD: 1.35 } },
      {
        action: 'settings.quotation_pricing',
        objectType: 'settings',
        objectId: 'quotation_pricing',
        before,
        after: { feePercent: 10, exchangeRates: { USD: 1.35 } },
      },
    );
  },
  'PUT /admin/settings/paynow': async (perform) => {
    const before = (await ok(owner.get('/admin/settings'))).payNow;
    const details = { proxy: { kind: 'mobile', value: '+65 9123 4567' }, merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' };
    await perform({}, details, {
      action: 'settings.paynow',
      objectType: 'settings',
      objectId: 'paynow',
      before: some({ proxy: before.proxy }),
      after: some({ proxy: { kind: 'mobile', value: '+6591234567' } }),
    });
    await ok(owner.put('/admin/settings/paynow', before));
  },
  'PUT /admin/settings/legal': async (perform) => {
    const details = { legalName: 'Kedai Pte Ltd', legalAddress: '1 Raffles Place, Singapore 048616', taxRegistrationNumber: 'M90312345A' };
    await perform({}, details, {
      action: 'settings.legal',
      objectType: 'settings',
      objectId: 'legal',
      before: some({ taxRegistrationNumber: '' }),
      after: details,
    });
    await ok(owner.put('/admin/settings/legal', { legalName: '', legalAddress: '', taxRegistrationNumber: '' }));
  },
  'PUT /admin/settings/paynow_settle': async (perform) => {
    const before = (await ok(owner.get('/admin/settings'))).payNowSettleAfterDays;
    await perform(
      {},
      { days: 5 },
      {
        action: 'settings.paynow_settle',
        objectType: 'settings',
        objectId: 'paynow_settle_days',
        before: { days: before },
        after: { days: 5 },
      },
    );
    await ok(owner.put('/admin/settings/paynow_settle', { days: before }));
  },
  'PUT /admin/region/{key}': async (perform) => {
    await perform(
      { key: 'GB' },
      { enabled: false },
      {
        action: 'region.enabled',
        objectType: 'region',
        objectId: 'GB',
        before: { enabled: true },
        after: { enabled: false },
      },
    );
    await ok(owner.put('/admin/region/GB', { enabled: true }));
  },
  'PUT /admin/shipping_location/{countryCode}': (perform) =>
    perform(
      { countryCode: 'BN' },
      { enabled: true, rates: { SG: { fee: 1500, freeFrom: null } }, deliveryDays: { min: 4, max: 6 } },
      {
        action: 'shipping_location.save',
        objectType: 'shipping_location',
        objectId: 'BN',
        before: null,
        after: some({ countryCode: 'BN', enabled: true, deliveryDaysMin: 4, deliveryDaysMax: 6 }),
      },
    ),
  'PUT /admin/tax_rate/{countryCode}': (perform) =>
    perform(
      { countryCode: 'MY' },
      { name: 'SST', rateBp: 600, inclusive: false },
      {
        action: 'settings.tax',
        objectType: 'tax_rate',
        objectId: 'MY',
        before: null,
        after: { name: 'SST', rateBp: 600, inclusive: false },
      },
    ),
  'DELETE /admin/tax_rate/{countryCode}': async (perform) => {
    await ok(owner.put('/admin/tax_rate/ID', { name: 'PPN', rateBp: 1100, inclusive: true }));
    await perform({ countryCode: 'ID' }, undefined, {
      action: 'settings.tax',
      objectType: 'tax_rate',
      objectId: 'ID',
      before: some({ countryCode: 'ID', name: 'PPN', rateBp: 1100 }),
      after: null,
    });
  },

  // ——— Staff (owners) ———
  'POST /admin/staff': async (perform) => {
    // A new address: the account is made with its role (nothing before it).
    const email = newEmail('audit.staff');
    await perform(
      {},
      { email, role: 'staff' },
      {
        action: 'staff.role',
        objectType: 'user',
        objectId: '(answer)',
        before: null,
        after: { role: 'staff', email },
      },
    );
    // A shopper's account: the role it had before.
    const { user } = await staffClient(t.app, 'shopper', t.clock.now, 'none');
    await perform(
      {},
      { email: user.email, role: 'owner' },
      {
        action: 'staff.role',
        objectType: 'user',
        objectId: user.id,
        before: { role: 'shopper' },
        after: { role: 'owner' },
      },
    );
  },
  'PUT /admin/staff/{id}': async (perform) => {
    const { user } = await staffClient(t.app, 'staff', t.clock.now, 'none');
    await perform(
      { id: user.id },
      { role: 'owner' },
      {
        action: 'staff.role',
        objectType: 'user',
        objectId: user.id,
        before: { role: 'staff' },
        after: { role: 'owner' },
      },
    );
  },
  'POST /admin/staff/{id}/reset_tfa': async (perform) => {
    const { user } = await staffClient(t.app, 'staff', t.clock.now);
    await perform({ id: user.id }, undefined, {
      action: 'staff.reset_tfa',
      objectType: 'user',
      objectId: user.id,
      before: { tfaEnabled: true },
      after: { tfaEnabled: false },
    });
  },
};

/** Every write (not GET) under /admin in the OpenAPI document, as `METHOD /path`. */
function adminWrites(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/admin/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((operation) => !operation.startsWith('GET ') && !operation.startsWith('HEAD '))
    .sort();
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: schema.auditLog.id }).from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** The id a create answers: the new object's, under whichever name its answer gives it. */
function createdId(body: any): string {
  const object =
    body.product ?? body.category ?? body.merchant ?? body.banner ?? body.popup ?? body.group ?? body.imagePage ?? body.member ?? body;
  const id = object.uuid ?? object.id ?? object.image;
  expect(typeof id, JSON.stringify(body)).toBe('string');
  return id as string;
}

function performing(operation: string): { perform: Perform; calls: () => number } {
  const [method, template] = operation.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
  let calls = 0;
  const perform: Perform = async (params, body, audited, headers) => {
    calls += 1;
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      expect(params[name], `${operation}: no value for {${name}}`).toBeDefined();
      return encodeURIComponent(params[name]!);
    });
    const since = await lastAuditId();
    const answer = await owner.request(method, url, body, headers);
    expect(answer.status, `${operation}: ${answer.response.payload}`).toBeLessThan(300);
    const rows = await t.app.db.select().from(schema.auditLog).where(gt(schema.auditLog.id, since)).orderBy(schema.auditLog.id);
    const objectId = audited.objectId === '(answer)' ? createdId(answer.body) : audited.objectId;
    expect(rows, `${operation} writes one audit row`).toHaveLength(1);
    expect(rows[0], operation).toMatchObject({
      actorId: ownerId,
      action: audited.action,
      objectType: audited.objectType,
      objectId,
      before: audited.before,
      after: audited.after,
    });
    return answer;
  };
  return { perform, calls: () => calls };
}

describe('the audit log of the back office', () => {
  it('has a case for every write under /admin in the OpenAPI document, and none for a call it lacks', () => {
    const writes = adminWrites();
    expect(writes.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(CASES).sort()).toEqual(writes);
  });

  it.each(Object.keys(CASES).sort())('%s records who, what, before and after in its transaction', async (operation) => {
    const { perform, calls } = performing(operation);
    await CASES[operation]!(perform);
    expect(calls(), `${operation} makes its own call`).toBeGreaterThanOrEqual(1);
  });
});
