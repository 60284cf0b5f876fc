import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../store/testing';
import { order } from '../checkout/test-fixtures';
import {
  actorLabel,
  cancelOrder,
  captureHref,
  captureOptions,
  capturePicture,
  confirmReceipt,
  historyLine,
  linesSummary,
  loadOrder,
  loadOrders,
  orderAddressLines,
  orderTime,
  ordersPageHref,
  pageOf,
  paymentStatusLabel,
  sameAddress,
  statusLabel,
  unitCount,
} from './orders';

const withStatus = (status: number, errorCode: string, error: string) => Object.assign(envelope(errorCode, error), { status });
const placed = order();
const id = placed.id;

describe('the order calls', () => {
  it('the list asks for one page, newest first, ten at a time', async () => {
    const list = { orders: [placed], total: 1, page: 2, limit: 10, pages: 1 };
    const { api, get } = fakeApi({ '/order': [{ ok: list }] });
    expect(await loadOrders(2, api)).toEqual({ ok: true, value: list });
    expect(get).toHaveBeenCalledWith('/order', { page: 2, limit: 10 });
  });

  it('one order comes with its dispute information; without it when that cannot be read', async () => {
    const dispute = { canDispute: false, until: null, how: 'Nothing has been shipped yet: cancel the order instead.' };
    const { api } = fakeApi({
      [`/order/${id}`]: [{ ok: placed }],
      [`/order/${id}/dispute_info`]: [{ ok: dispute }, { fail: new Error('x') }],
    });
    expect(await loadOrder(id, api)).toEqual({ ok: true, value: { order: placed, dispute } });
    expect(await loadOrder(id, api)).toEqual({ ok: true, value: { order: placed, dispute: null } });
  });

  it('an order that is not the shopper’s is said in words', async () => {
    const { api } = fakeApi({
      [`/order/${id}`]: [{ fail: withStatus(404, 'order/not_found', 'This order could not be found') }],
      [`/order/${id}/dispute_info`]: [{ fail: withStatus(404, 'order/not_found', 'x') }],
    });
    expect(await loadOrder(id, api)).toEqual({ ok: false, message: 'We could not find this order.' });
  });

  it('cancel is DELETE /order/{id}, confirming receipt POST …/confirm_receipt; each answers the order', async () => {
    const cancelled = order({ status: 'cancelled', statusLabel: 'Cancelled', canCancel: false });
    const completed = order({ status: 'completed', statusLabel: 'Completed', canCancel: false });
    const {
      api,
      delete: del,
      post,
    } = fakeApi({
      [`DELETE /order/${id}`]: [{ ok: cancelled }, { fail: withStatus(409, 'order/invalid_transition', 'x') }],
      [`POST /order/${id}/confirm_receipt`]: [{ ok: completed }],
    });
    expect(await cancelOrder(id, api)).toEqual({ ok: true, value: cancelled });
    expect(del).toHaveBeenCalledWith(`/order/${id}`);
    expect(await cancelOrder(id, api)).toEqual({ ok: false, message: 'This order cannot be changed this way any more.' });
    expect(await confirmReceipt(id, api)).toEqual({ ok: true, value: completed });
    expect(post).toHaveBeenCalledWith(`/order/${id}/confirm_receipt`);
  });
});

describe('what the order pages show', () => {
  it('pages of the list: /orders, /orders?page=2; a bad page number is the first', () => {
    expect(ordersPageHref(1)).toBe('/orders');
    expect(ordersPageHref(3)).toBe('/orders?page=3');
    expect(pageOf('2')).toBe(2);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'x', '1e9']) expect(pageOf(bad)).toBe(1);
    expect(pageOf(['4', '5'])).toBe(4);
  });

  it('a line of history: a move reads as the status reached with its note; a line that is not a move, as its note', () => {
    const at = 1_800_000_000;
    expect(historyLine({ from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at })).toEqual({
      title: 'Awaiting payment',
      note: null,
    });
    expect(historyLine({ from: 'awaiting_payment', to: 'paid', actor: 'payment', note: 'PayNow transfer confirmed by staff', at })).toEqual(
      {
        title: 'Paid',
        note: 'PayNow transfer confirmed by staff',
      },
    );
    const report = { from: 'awaiting_payment', to: 'awaiting_payment', actor: 'shopper', note: 'Transfer reported, reference FT1', at };
    expect(historyLine(report)).toEqual({ title: 'Transfer reported, reference FT1', note: null });
    expect(historyLine({ ...report, note: ' ' })).toEqual({ title: 'Awaiting payment', note: null });
  });

  it('times as DD/MM/YYYY, HH:mm:ss in the zone given', () => {
    expect(orderTime(1_800_000_000, 'Asia/Singapore')).toBe('15/01/2027, 16:00:00');
    expect(orderTime(1_800_000_000, 'Asia/Tokyo')).toBe('15/01/2027, 17:00:00');
  });

  it('statuses and who moved the order, in words', () => {
    expect(statusLabel('awaiting_payment')).toBe('Awaiting payment');
    expect(statusLabel('cancelled')).toBe('Cancelled');
    expect(statusLabel('on_hold')).toBe('on hold');
    expect(['shopper', 'staff', 'payment', 'system', 'robot'].map(actorLabel)).toEqual([
      'You',
      'The shop',
      'Payment',
      'Automatically',
      'robot',
    ]);
    expect(paymentStatusLabel({ status: 'requires_action', provider: 'stripe', kind: 'charge' })).toBe('Waiting for your confirmation');
    expect(paymentStatusLabel({ status: 'pending', provider: 'stripe', kind: 'charge' })).toBe('Pending');
    expect(paymentStatusLabel({ status: 'pending', provider: 'paynow', kind: 'charge' })).toBe('Reported, the shop is checking it');
    expect(paymentStatusLabel({ status: 'pending', provider: 'paynow', kind: 'refund' })).toBe('Pending');
  });

  it('counts the units and names the first lines', () => {
    expect(unitCount(placed)).toBe(4);
    expect(linesSummary(placed)).toBe('Pixel 8a, Frying Pan');
    const many = order({ productCaptures: [...placed.productCaptures, ...placed.productCaptures] });
    expect(linesSummary(many)).toBe('Pixel 8a, Frying Pan and 2 more');
  });

  it('a line as bought: its options, its page, its picture (a marketplace’s for a quoted marketplace product)', () => {
    const [phoneCapture, panCapture] = placed.productCaptures;
    expect(captureOptions(phoneCapture!)).toBe('Storage: 1 TB, Colour: Mint');
    expect(captureOptions(panCapture!)).toBe('');
    expect(captureHref(phoneCapture!)).toBe('/product/pixel-8a-73?v=1/1');
    expect(captureHref(panCapture!)).toBe('/product/frying-pan-1');
    expect(capturePicture(phoneCapture!)).toEqual({ kind: 'asset', name: 'products/pixel-1.svg' });
    const market = {
      ...phoneCapture!,
      source: 'quotation' as const,
      productId: null,
      paramName: null,
      image: 'https://images.fixture-mall.example/headphones-1.jpg',
    };
    expect(capturePicture(market)).toEqual({ kind: 'external', src: 'https://images.fixture-mall.example/headphones-1.jpg' });
    expect(captureHref(market)).toBeNull();
  });

  it('addresses as their country writes them; billing the same as shipping is told', () => {
    expect(orderAddressLines(placed.shippingAddress)).toEqual([
      'Ana Lim',
      '1 Fusionopolis Way',
      '#10-01',
      'Singapore 138632',
      '+6591234567',
    ]);
    expect(sameAddress(placed.shippingAddress, placed.billingAddress)).toBe(true);
    expect(sameAddress(placed.shippingAddress, { ...placed.billingAddress, postalCode: '018956' })).toBe(false);
    const nowhere = { ...placed.shippingAddress, country: 'ZZ', city: 'Atlantis', state: '', postalCode: '1' };
    expect(orderAddressLines(nowhere)).toContain('Atlantis 1');
  });
});
