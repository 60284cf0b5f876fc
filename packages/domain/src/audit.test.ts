import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import {
  auditChanges,
  auditFieldLabel,
  auditObjectPath,
  auditSentence,
  auditValueText,
  isAuditAction,
  type AuditShopFormat,
} from './audit';

const money = (amount: number, currency = 'SGD') => formatMoney(amount, currency);
const shop: AuditShopFormat = { currency: 'SGD', regionCurrencies: { SG: 'SGD', MY: 'MYR' }, timeZone: 'Asia/Singapore' };

describe('the audit catalogue', () => {
  it('says each action in plain words, the object named', () => {
    expect(auditSentence('order.cancelled', 'order', 'KD-123')).toEqual({ lead: 'Cancelled order ', name: 'KD-123', tail: '' });
    expect(auditSentence('order.shipped', 'order', 'KD-9')).toEqual({ lead: 'Marked order ', name: 'KD-9', tail: ' as shipped' });
    expect(auditSentence('product.stock', 'product', 'Blue Kettle').lead).toBe('Changed the stock of ');
    expect(auditSentence('settings.currency', 'settings', 'app_currency')).toEqual({
      lead: "Changed the shop's currency",
      name: '',
      tail: '',
    });
  });
  it('still reads an action it no longer knows', () => {
    expect(isAuditAction('product.rename')).toBe(false);
    expect(auditSentence('product.rename', 'product', 'Blue Kettle')).toEqual({
      lead: 'product.rename on product ',
      name: 'Blue Kettle',
      tail: '',
    });
  });
  it('links an object to its back-office page', () => {
    expect(auditObjectPath('order', 'o-1')).toBe('/orders/o-1');
    expect(auditObjectPath('dispute', 'd-1', 'o-1')).toBe('/orders/o-1');
    expect(auditObjectPath('dispute', 'd-1')).toBeNull();
    expect(auditObjectPath('voucher', 'v 1')).toBe('/vouchers/v%201');
    expect(auditObjectPath('image', 'x')).toBeNull();
  });
});

describe('what an entry changed', () => {
  it('writes money in the currency, per region in each region’s, not cents; a field the edit did not send is left out', () => {
    expect(auditChanges({ status: 'delivered' }, { refunded: 1250, currency: 'SGD', reason: 'Broken' }, shop)).toEqual([
      { field: 'Refunded', before: '—', after: money(1250) },
      { field: 'Reason', before: '—', after: 'Broken' },
    ]);
    expect(auditValueText('price', { SG: 1290, MY: 3500 }, shop)).toBe(`SG ${money(1290)}, MY ${money(3500, 'MYR')}`);
  });
  it('leaves out what did not change and bookkeeping fields', () => {
    expect(
      auditChanges(
        { name: 'Kettle', price: { SG: 1290 }, disabled: false, version: 3 },
        { name: 'Kettle', price: { SG: 1490 }, disabled: true },
        shop,
      ),
    ).toEqual([
      { field: 'Price', before: `SG ${money(1290)}`, after: `SG ${money(1490)}` },
      { field: 'Disabled', before: 'No', after: 'Yes' },
    ]);
  });
  it('writes times in the shop’s zone, statuses and roles by their labels, percentages', () => {
    expect(auditValueText('validUntil', '2026-01-31T16:00:00.000Z', shop)).toBe('01/02/2026, 00:00:00');
    expect(auditChanges({ role: 'staff' }, { role: 'owner' }, shop)).toEqual([{ field: 'Role', before: 'Staff', after: 'Owner' }]);
    expect(auditChanges({ status: 'pending' }, { status: 'succeeded', orderStatus: 'paid' }, shop)).toEqual([
      { field: 'Status', before: 'Pending', after: 'Succeeded' },
      { field: 'Order status', before: '—', after: 'Paid' },
    ]);
    expect(auditValueText('percentBp', 1250, shop)).toBe('12.5%');
    expect(auditChanges({ tfaEnabled: true }, { tfaEnabled: false }, shop)).toEqual([
      { field: 'Two-factor sign-in', before: 'Yes', after: 'No' },
    ]);
  });
  it('shows a setting that is not an object as one value', () => {
    expect(auditChanges('SGD', 'MYR', shop)).toEqual([{ field: 'Value', before: 'SGD', after: 'MYR' }]);
    expect(auditChanges(null, null, shop)).toEqual([]);
  });
  it('labels a field in words', () => {
    expect(auditFieldLabel('minSpend')).toBe('Min spend');
    expect(auditFieldLabel('legal_name')).toBe('Legal name');
  });
});
