import { describe, expect, it } from 'vitest';
import { DEMO_PAYNOW_SETTINGS } from '@kedai/domain';
import { payNowInputOf, payNowToForm, payeeText, paysNoOne, settleDaysOf, type PayNowForm } from './paynow-form';

const SHOP: PayNowForm = { kind: 'uen', uen: '201912345K', mobile: '', merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' };

describe('the PayNow form', () => {
  it('shows the saved details, each payee kind keeping its own value', () => {
    expect(payNowToForm(DEMO_PAYNOW_SETTINGS)).toEqual({
      kind: 'uen',
      uen: 'S99345678ABCD',
      mobile: '',
      merchantName: 'Kedai Demo Shop',
      merchantCity: 'Singapore',
    });
    expect(
      payNowToForm({ proxy: { kind: 'mobile', value: '+6591234567' }, merchantName: 'Siti', merchantCity: 'Singapore' }),
    ).toMatchObject({
      kind: 'mobile',
      uen: '',
      mobile: '+6591234567',
    });
  });

  it('sends the details as the domain keeps them: trimmed, a UEN in capitals, a mobile number without spaces', () => {
    expect(payNowInputOf({ ...SHOP, uen: ' 201912345k ', merchantName: ' Kedai Pte Ltd ', merchantCity: 'Singapore ' })).toEqual({
      ok: true,
      input: { proxy: { kind: 'uen', value: '201912345K' }, merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' },
    });
    expect(payNowInputOf({ ...SHOP, kind: 'mobile', mobile: '+65 9123 4567' })).toEqual({
      ok: true,
      input: { proxy: { kind: 'mobile', value: '+6591234567' }, merchantName: 'Kedai Pte Ltd', merchantCity: 'Singapore' },
    });
  });

  it('sends only the chosen kind of payee, whatever the other holds', () => {
    expect(payNowInputOf({ ...SHOP, mobile: 'not a number' })).toMatchObject({ ok: true });
  });

  it('says which payee is wrong, and how it should look', () => {
    expect(payNowInputOf({ ...SHOP, uen: '' })).toEqual({ ok: false, errors: { uen: "Enter the shop's UEN" } });
    expect(payNowInputOf({ ...SHOP, uen: '1234' })).toEqual({
      ok: false,
      errors: { uen: 'Enter a UEN of 9 to 13 letters and digits, such as 201912345K' },
    });
    expect(payNowInputOf({ ...SHOP, kind: 'mobile', mobile: ' ' })).toEqual({ ok: false, errors: { mobile: 'Enter the mobile number' } });
    expect(payNowInputOf({ ...SHOP, kind: 'mobile', mobile: '9123 4567' })).toEqual({
      ok: false,
      errors: { mobile: 'Enter +65 and the 8 digits of the number, such as +65 9123 4567' },
    });
  });

  it('keeps the name to 25 and the city to 15 plain characters, as banking apps read them', () => {
    expect(payNowInputOf({ ...SHOP, merchantName: 'n'.repeat(25), merchantCity: 'c'.repeat(15) }).ok).toBe(true);
    expect(payNowInputOf({ ...SHOP, merchantName: '', merchantCity: 'c'.repeat(16) })).toEqual({
      ok: false,
      errors: { merchantName: 'Enter the name shown to payers', merchantCity: 'The city must be at most 15 characters' },
    });
    expect(payNowInputOf({ ...SHOP, merchantName: 'n'.repeat(26) })).toEqual({
      ok: false,
      errors: { merchantName: 'The name shown to payers must be at most 25 characters' },
    });
    expect(payNowInputOf({ ...SHOP, merchantName: 'Kedai Café' })).toEqual({
      ok: false,
      errors: { merchantName: 'Use only letters without accents, digits, spaces and plain punctuation in the name shown to payers' },
    });
  });

  it("knows the demo's example UEN, which pays no one", () => {
    expect(paysNoOne(DEMO_PAYNOW_SETTINGS)).toBe(true);
    expect(paysNoOne({ ...DEMO_PAYNOW_SETTINGS, proxy: { kind: 'uen', value: '201912345K' } })).toBe(false);
    expect(payeeText(DEMO_PAYNOW_SETTINGS)).toBe('UEN S99345678ABCD');
    expect(payeeText({ ...DEMO_PAYNOW_SETTINGS, proxy: { kind: 'mobile', value: '+6591234567' } })).toBe('mobile number +6591234567');
  });
});

describe('the days before a report is stale', () => {
  it('takes a whole number from 1 to 60, as the domain does', () => {
    expect(settleDaysOf(' 3 ')).toEqual({ ok: true, days: 3 });
    expect(settleDaysOf('60')).toEqual({ ok: true, days: 60 });
    for (const text of ['0', '61', '1.5', '', 'three', '-2'])
      expect(settleDaysOf(text)).toEqual({ ok: false, error: 'Give a whole number of days from 1 to 60' });
  });
});
