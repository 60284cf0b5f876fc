import { describe, expect, it } from 'vitest';
import { checkVoucher, normaliseVoucherCode, parseVoucherInput, type Voucher, type VoucherUse } from './vouchers';

const percent: Voucher = {
  code: 'SAVE10',
  kind: 'percent',
  percentBp: 1000,
  amountOff: {},
  minSpend: {},
  maxDiscount: {},
  validFrom: null,
  validUntil: null,
  totalLimit: null,
  perUserLimit: null,
  scope: 'both',
  regions: [],
  active: true,
};
const fixed: Voucher = { ...percent, code: 'FIVEOFF', kind: 'fixed', percentBp: null, amountOff: { SGD: 500, JPY: 500 } };

const use: VoucherUse = {
  now: new Date('2026-11-25T04:00:00Z'),
  orderKind: 'cart',
  region: 'sg',
  currency: 'SGD',
  subtotal: 10_000,
  redeemed: 0,
  redeemedByUser: 0,
};

describe('checkVoucher: the discount', () => {
  it.each([
    ['10 % of SGD 100.00', percent, use, 1000],
    ['10 % of SGD 10.05 rounds half up', percent, { ...use, subtotal: 1005 }, 101],
    ['10 % of SGD 10.04 rounds down', percent, { ...use, subtotal: 1004 }, 100],
    ['10 % of 1005 yen', percent, { ...use, currency: 'JPY', subtotal: 1005 }, 101],
    ['10 % capped in SGD', { ...percent, maxDiscount: { SGD: 800 } }, use, 800],
    ['10 % under the cap', { ...percent, maxDiscount: { SGD: 5000 } }, use, 1000],
    ['10 % with a cap in another currency only', { ...percent, maxDiscount: { JPY: 100 } }, use, 1000],
    ['100 % takes the whole subtotal', { ...percent, percentBp: 10_000 }, use, 10_000],
    ['0.01 % of SGD 1.00 is nothing', { ...percent, percentBp: 1 }, { ...use, subtotal: 100 }, 0],
    ['10 % of nothing', percent, { ...use, subtotal: 0 }, 0],
    ['SGD 5.00 off', fixed, use, 500],
    ['500 yen off', fixed, { ...use, currency: 'JPY', subtotal: 3000 }, 500],
    ['SGD 5.00 off SGD 3.00 takes SGD 3.00', fixed, { ...use, subtotal: 300 }, 300],
    ['a lower-case currency', fixed, { ...use, currency: 'sgd' }, 500],
    ['exactly the minimum spend', { ...fixed, minSpend: { SGD: 10_000 } }, use, 500],
    ['a minimum in another currency only', { ...fixed, minSpend: { JPY: 1_000_000 } }, use, 500],
    ['on its first instant', { ...percent, validFrom: use.now }, use, 1000],
    ['on its last instant', { ...percent, validUntil: use.now }, use, 1000],
    ['one redemption left', { ...percent, totalLimit: 5, perUserLimit: 2 }, { ...use, redeemed: 4, redeemedByUser: 1 }, 1000],
    ['a cart voucher on a cart order', { ...percent, scope: 'cart' }, use, 1000],
    ['a quotation voucher on a quotation order', { ...percent, scope: 'quotation' }, { ...use, orderKind: 'quotation' }, 1000],
    ['in one of its regions', { ...percent, regions: ['my', 'sg'] }, use, 1000],
  ] as const)('%s', (_, voucher, useCase, discount) => {
    expect(checkVoucher(voucher as Voucher, useCase as VoucherUse)).toEqual({ ok: true, discount });
  });
});

describe('checkVoucher: refusals, in order', () => {
  const later = new Date('2026-12-01T00:00:00Z');
  const earlier = new Date('2026-11-01T00:00:00Z');
  it.each([
    ['inactive reads as unknown', { ...percent, active: false }, use, 'voucher/not_found', undefined],
    ['inactive before anything else', { ...percent, active: false, validFrom: later, totalLimit: 0 }, use, 'voucher/not_found', undefined],
    ['not started', { ...percent, validFrom: later }, use, 'voucher/not_started', ['01/12/2026']],
    [
      'not started, before the limits',
      { ...percent, validFrom: later, totalLimit: 1 },
      { ...use, redeemed: 1 },
      'voucher/not_started',
      ['01/12/2026'],
    ],
    ['expired', { ...percent, validUntil: earlier }, use, 'voucher/expired', ['01/11/2026']],
    ['expired a millisecond ago', { ...percent, validUntil: new Date(use.now.getTime() - 1) }, use, 'voucher/expired', ['25/11/2026']],
    ['used up', { ...percent, totalLimit: 3 }, { ...use, redeemed: 3 }, 'voucher/used_up', undefined],
    [
      'used up before used by you',
      { ...percent, totalLimit: 3, perUserLimit: 1 },
      { ...use, redeemed: 3, redeemedByUser: 1 },
      'voucher/used_up',
      undefined,
    ],
    ['already used by you', { ...percent, perUserLimit: 1 }, { ...use, redeemed: 1, redeemedByUser: 1 }, 'voucher/already_used', undefined],
    [
      'already used, before the scope',
      { ...percent, perUserLimit: 1, scope: 'quotation' },
      { ...use, redeemedByUser: 1 },
      'voucher/already_used',
      undefined,
    ],
    [
      'a cart voucher on a quotation order',
      { ...percent, scope: 'cart' },
      { ...use, orderKind: 'quotation' },
      'voucher/not_applicable',
      undefined,
    ],
    ['a quotation voucher on a cart order', { ...percent, scope: 'quotation' }, use, 'voucher/not_applicable', undefined],
    ['another region', { ...percent, regions: ['jp'] }, use, 'voucher/not_applicable', undefined],
    ['a fixed amount without this currency', fixed, { ...use, currency: 'USD' }, 'voucher/not_applicable', undefined],
    ['a currency named like an inherited key', fixed, { ...use, currency: 'constructor' }, 'voucher/not_applicable', undefined],
    ['a percent voucher without its percentage', { ...percent, percentBp: null }, use, 'voucher/not_applicable', undefined],
    [
      'not applicable before the minimum spend',
      { ...fixed, minSpend: { USD: 99_999 } },
      { ...use, currency: 'USD' },
      'voucher/not_applicable',
      undefined,
    ],
    ['below the minimum spend', { ...fixed, minSpend: { SGD: 10_001 } }, use, 'voucher/min_spend', ['SGD\u00a0100.01']],
    [
      'below a minimum in yen',
      { ...percent, minSpend: { JPY: 5000 } },
      { ...use, currency: 'JPY', subtotal: 4999 },
      'voucher/min_spend',
      ['JP¥5,000'],
    ],
  ] as const)('%s', (_, voucher, useCase, errorCode, params) => {
    const expected = params ? { ok: false, errorCode, params } : { ok: false, errorCode };
    expect(checkVoucher(voucher as Voucher, useCase as VoucherUse)).toEqual(expected);
  });

  it('shows dates in the shop’s time zone when given', () => {
    const validFrom = new Date('2026-11-30T16:00:00Z'); // midnight, 1 December, in Singapore
    expect(checkVoucher({ ...percent, validFrom }, use)).toMatchObject({ params: ['30/11/2026'] });
    expect(checkVoucher({ ...percent, validFrom }, { ...use, timeZone: 'Asia/Singapore' })).toMatchObject({ params: ['01/12/2026'] });
  });
});

describe('normaliseVoucherCode', () => {
  it.each([
    ['SAVE10', 'SAVE10'],
    ['  save10 ', 'SAVE10'],
    ['black-friday_2026', 'BLACK-FRIDAY_2026'],
    ['abc', 'ABC'],
    ['A'.repeat(32), 'A'.repeat(32)],
  ])('%j -> %j', (input, code) => {
    expect(normaliseVoucherCode(input)).toBe(code);
  });

  it.each([['ab'], ['A'.repeat(33)], ['SAVE 10'], ['SAVE10!'], ['ÉTÉ2026'], ['ﬀoff'], ['fıx'], [''], [null], [10], [undefined]])(
    'refuses %j',
    (input) => {
      expect(normaliseVoucherCode(input)).toBeNull();
    },
  );
});

describe('parseVoucherInput', () => {
  const regionKeys = ['sg', 'my', 'jp'];
  const percentInput = { code: ' save10 ', kind: 'percent', percentBp: 1000, maxDiscount: { SGD: 2000 }, scope: 'cart' };
  const fixedInput = {
    code: 'FIVEOFF',
    kind: 'fixed',
    percentBp: null,
    amountOff: { SGD: 500, JPY: 500 },
    minSpend: { SGD: 0, JPY: 3000 },
    maxDiscount: {},
    validFrom: '2026-12-01T00:00:00+08:00',
    validUntil: '2026-12-31T23:59:59.999+08:00',
    totalLimit: 100,
    perUserLimit: 1,
    scope: 'both',
    regions: ['sg', 'jp', 'sg'],
    active: false,
  };

  it('fills what a new voucher has for absent optional fields', () => {
    expect(parseVoucherInput(percentInput, regionKeys)).toEqual({
      ok: true,
      value: { ...percent, maxDiscount: { SGD: 2000 }, scope: 'cart' },
    });
  });

  it('reads every field of a full voucher', () => {
    expect(parseVoucherInput(fixedInput, regionKeys)).toEqual({
      ok: true,
      value: {
        ...fixed,
        minSpend: { SGD: 0, JPY: 3000 },
        validFrom: new Date('2026-11-30T16:00:00Z'),
        validUntil: new Date('2026-12-31T15:59:59.999Z'),
        totalLimit: 100,
        perUserLimit: 1,
        regions: ['sg', 'jp'],
        active: false,
      },
    });
  });

  it.each([
    ['not an object', null, 'code'],
    ['a bad code', { ...percentInput, code: 'S!' }, 'code'],
    ['no code, before a bad kind', { ...percentInput, code: undefined, kind: 'bogo' }, 'code'],
    ['an unknown kind', { ...percentInput, kind: 'bogo' }, 'kind'],
    ['percent without a percentage', { ...percentInput, percentBp: null }, 'percentBp'],
    ['percent of 0', { ...percentInput, percentBp: 0 }, 'percentBp'],
    ['percent above 100 %', { ...percentInput, percentBp: 10_001 }, 'percentBp'],
    ['a fractional percentage', { ...percentInput, percentBp: 12.5 }, 'percentBp'],
    ['percent with an amount off', { ...percentInput, amountOff: { SGD: 500 } }, 'amountOff'],
    ['fixed with a percentage', { ...fixedInput, percentBp: 1000 }, 'percentBp'],
    ['fixed without amounts', { ...fixedInput, amountOff: {} }, 'amountOff'],
    ['fixed with amountOff absent', { ...fixedInput, amountOff: undefined }, 'amountOff'],
    ['fixed with 0 off', { ...fixedInput, amountOff: { SGD: 0 } }, 'amountOff'],
    ['fixed with a fractional amount', { ...fixedInput, amountOff: { SGD: 4.5 } }, 'amountOff'],
    ['a lower-case currency', { ...fixedInput, amountOff: { sgd: 500 } }, 'amountOff'],
    ['amounts as a list', { ...fixedInput, amountOff: [500] }, 'amountOff'],
    ['fixed with a cap', { ...fixedInput, maxDiscount: { SGD: 500 } }, 'maxDiscount'],
    ['a negative minimum spend', { ...percentInput, minSpend: { SGD: -1 } }, 'minSpend'],
    ['a minimum spend as a string', { ...percentInput, minSpend: { SGD: '100' } }, 'minSpend'],
    ['a cap of 0', { ...percentInput, maxDiscount: { SGD: 0 } }, 'maxDiscount'],
    ['a date without a zone', { ...fixedInput, validFrom: '2026-12-01T00:00:00' }, 'validFrom'],
    ['a date alone', { ...fixedInput, validFrom: '2026-12-01' }, 'validFrom'],
    ['an impossible day', { ...fixedInput, validFrom: '2026-04-31T00:00:00Z' }, 'validFrom'],
    ['a date as unix seconds', { ...fixedInput, validFrom: 1_790_000_000 }, 'validFrom'],
    ['a bad end date', { ...fixedInput, validUntil: 'soon' }, 'validUntil'],
    ['an end before the start', { ...fixedInput, validUntil: '2026-11-30T00:00:00Z' }, 'validUntil'],
    ['an end equal to the start', { ...fixedInput, validUntil: '2026-11-30T16:00:00Z' }, 'validUntil'],
    ['a total limit of 0', { ...fixedInput, totalLimit: 0 }, 'totalLimit'],
    ['a fractional per-user limit', { ...fixedInput, perUserLimit: 1.5 }, 'perUserLimit'],
    ['an unknown scope', { ...fixedInput, scope: 'all' }, 'scope'],
    ['a null scope', { ...fixedInput, scope: null }, 'scope'],
    ['a region the shop lacks', { ...fixedInput, regions: ['sg', 'us'] }, 'regions'],
    ['regions as a string', { ...fixedInput, regions: 'sg' }, 'regions'],
    ['active as a string', { ...fixedInput, active: 'yes' }, 'active'],
  ])('reports %s', (_, input, field) => {
    expect(parseVoucherInput(input, regionKeys)).toEqual({ ok: false, field });
  });
});
