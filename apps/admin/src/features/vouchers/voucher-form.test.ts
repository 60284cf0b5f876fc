import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { parseVoucherInput } from '@kedai/domain';
import { REGIONS, fixedVoucher, percentVoucher } from './fixtures';
import {
  CODE_TAKEN_MESSAGE,
  STALE_VOUCHER_MESSAGE,
  emptyVoucherDraft,
  firstErrorKey,
  instantOf,
  localInputOf,
  savedVoucherBody,
  voucherBodyOf,
  voucherCurrencies,
  voucherFailureOf,
  voucherFieldLabel,
  voucherToDraft,
  type VoucherDraft,
} from './voucher-form';

const KEYS = REGIONS.map((region) => region.key);
const context = { currencies: ['SGD', 'MYR', 'JPY'], regionKeys: KEYS };
const apiError = (status: number, errorCode: string, params: unknown[] = []) =>
  new ApiError({ errorCode, error: '', params }, status, '/admin/voucher');

/** 1 Dec 2026, 09:00 in the zone the tests run in, as the browser's input gives it and as the instant it names. */
const NINE_AM = { local: '2026-12-01T09:00', iso: new Date(2026, 11, 1, 9, 0).toISOString() };

describe('the currencies offered', () => {
  it("are the regions' currencies once each, then those the voucher already has", () => {
    expect(voucherCurrencies(REGIONS)).toEqual(['SGD', 'MYR', 'JPY']);
    expect(voucherCurrencies([...REGIONS, { currency: 'sgd' }])).toEqual(['SGD', 'MYR', 'JPY']);
    expect(voucherCurrencies(REGIONS.slice(0, 1), fixedVoucher({ minSpend: { USD: 100 } }))).toEqual(['SGD', 'JPY', 'USD']);
  });
});

describe('dates and times', () => {
  it("turn the browser's date and time into the instant it names, and back", () => {
    expect(instantOf(NINE_AM.local)).toEqual({ ok: true, value: NINE_AM.iso });
    expect(localInputOf(NINE_AM.iso)).toBe(NINE_AM.local);
    expect(instantOf(' ')).toEqual({ ok: true, value: null });
    expect(localInputOf(null)).toBe('');
  });
  it('refuse what is not a day and a time', () => {
    expect(instantOf('2026-02-30T10:00').ok).toBe(false);
    expect(instantOf('2026-12-01').ok).toBe(false);
    expect(instantOf('tomorrow').ok).toBe(false);
  });
});

describe('a new percentage voucher', () => {
  const draft: VoucherDraft = {
    ...emptyVoucherDraft(),
    code: ' welcome10 ',
    percent: '12.5',
    maxDiscount: { SGD: '20', JPY: '' },
    minSpend: { SGD: '50.00', MYR: '0' },
    validFrom: NINE_AM.local,
    totalLimit: '100',
    perUserLimit: ' 1 ',
    scope: 'cart',
    regions: ['SG', 'MY'],
  };

  it('is sent in basis points and minor units, its dates as instants, empty fields left out', () => {
    const checked = voucherBodyOf(draft, context);
    expect(checked).toEqual({
      ok: true,
      body: {
        code: 'WELCOME10',
        kind: 'percent',
        percentBp: 1250,
        amountOff: {},
        minSpend: { SGD: 5000, MYR: 0 },
        maxDiscount: { SGD: 2000 },
        validFrom: NINE_AM.iso,
        totalLimit: 100,
        perUserLimit: 1,
        scope: 'cart',
        regions: ['SG', 'MY'],
        active: true,
      },
    });
    // What the API's own rule accepts.
    expect(checked.ok && parseVoucherInput(checked.body, KEYS).ok).toBe(true);
  });

  it('sends the version read when saving, and leaves out amounts of the other kind', () => {
    const checked = voucherBodyOf({ ...draft, amountOff: { SGD: '5' } }, { ...context, version: 7 });
    expect(checked.ok && checked.body).toMatchObject({ version: 7, amountOff: {} });
  });

  it('names each field that is wrong', () => {
    const checked = voucherBodyOf(
      {
        ...draft,
        code: 'no',
        percent: '0',
        maxDiscount: { SGD: '0' },
        minSpend: { JPY: '1.5' },
        validFrom: '2026-12-31T00:00',
        validUntil: '2026-12-01T00:00',
        totalLimit: '0',
        perUserLimit: '1.5',
      },
      context,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        code: 'Enter a code of 3 to 32 letters, digits, - or _',
        percentBp: 'The percentage must be at least 0.01',
        'maxDiscount.SGD': 'The amount must be at least 0.01',
        'minSpend.JPY': 'Enter an amount in JPY, such as 1500',
        validUntil: 'The end must be after the start',
        totalLimit: 'Enter a whole number from 1, or leave it empty for no limit',
        perUserLimit: 'Enter a whole number from 1, or leave it empty for no limit',
      },
    });
    expect(checked.ok ? null : firstErrorKey(checked.errors)).toBe('code');
  });
});

describe('a fixed amount voucher', () => {
  it('needs an amount in at least one currency', () => {
    const draft: VoucherDraft = { ...emptyVoucherDraft(), code: 'FIVEOFF', kind: 'fixed', percent: '10' };
    expect(voucherBodyOf(draft, context)).toEqual({ ok: false, errors: { amountOff: 'Enter the amount off in at least one currency' } });
    const checked = voucherBodyOf({ ...draft, amountOff: { SGD: '5', JPY: '500' }, maxDiscount: { SGD: '1' } }, context);
    expect(checked).toMatchObject({ ok: true, body: { kind: 'fixed', amountOff: { SGD: 500, JPY: 500 }, maxDiscount: {} } });
    expect(checked.ok && 'percentBp' in checked.body).toBe(false);
  });
});

describe('a saved voucher', () => {
  it('opens in the form as it was typed, and is sent back unchanged', () => {
    const voucher = percentVoucher({ validUntil: NINE_AM.iso });
    const draft = voucherToDraft(voucher);
    expect(draft).toMatchObject({
      code: 'WELCOME10',
      percent: '10',
      minSpend: { SGD: '50.00' },
      maxDiscount: { SGD: '20.00' },
      validFrom: '',
      validUntil: NINE_AM.local,
      totalLimit: '100',
      perUserLimit: '1',
    });
    const again = voucherBodyOf(draft, { ...context, version: voucher.version });
    expect(again).toEqual({ ok: true, body: savedVoucherBody(voucher) });
  });

  it('keeps the very instants of dates left as they were shown, and sends the new instant of a date changed', () => {
    const voucher = percentVoucher({ validFrom: '2026-12-01T01:00:30.000Z', validUntil: '2026-12-31T15:59:59.999Z' });
    const draft = voucherToDraft(voucher);
    const unchanged = voucherBodyOf(draft, { ...context, version: voucher.version, saved: voucher });
    expect(unchanged.ok && unchanged.body).toMatchObject({ validFrom: '2026-12-01T01:00:30.000Z', validUntil: '2026-12-31T15:59:59.999Z' });
    const moved = voucherBodyOf({ ...draft, validFrom: NINE_AM.local, validUntil: '' }, { ...context, saved: voucher });
    expect(moved.ok && moved.body.validFrom).toBe(NINE_AM.iso);
    expect(moved.ok && 'validUntil' in moved.body).toBe(false);
  });

  it('is deactivated from what was saved, with its version', () => {
    expect(savedVoucherBody(fixedVoucher(), { active: false })).toEqual({
      code: 'FIVEOFF',
      kind: 'fixed',
      amountOff: { SGD: 500, JPY: 500 },
      minSpend: {},
      maxDiscount: {},
      scope: 'both',
      regions: [],
      active: false,
      version: 1,
    });
  });
});

describe('a refused save', () => {
  it("marks the API's first bad field, and a code already taken", () => {
    expect(voucherFailureOf(apiError(400, 'voucher/invalid', ['percentBp']))).toEqual({
      kind: 'fields',
      errors: { percentBp: 'Enter a percentage from 0.01 to 100' },
    });
    expect(voucherFailureOf(apiError(409, 'voucher/code_taken'))).toEqual({ kind: 'fields', errors: { code: CODE_TAKEN_MESSAGE } });
    expect(voucherFailureOf(apiError(400, 'voucher/invalid', ['constructor']))).toMatchObject({ kind: 'other' });
  });

  it('tells a stale version apart from anything else', () => {
    expect(voucherFailureOf(apiError(409, 'voucher/version_conflict'))).toEqual({ kind: 'stale', message: STALE_VOUCHER_MESSAGE });
    expect(voucherFailureOf(new Error('Network down'))).toEqual({ kind: 'other', message: 'Network down' });
  });

  it('names fields for the summary', () => {
    expect(voucherFieldLabel('amountOff.SGD')).toBe('Amount off in SGD');
    expect(voucherFieldLabel('perUserLimit')).toBe('Uses per shopper');
    expect(firstErrorKey({ validUntil: 'x', 'amountOff.SGD': 'y' })).toBe('amountOff.SGD');
    expect(firstErrorKey({})).toBeNull();
  });
});
