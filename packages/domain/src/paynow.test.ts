import { describe, expect, it } from 'vitest';
import {
  DEMO_PAYNOW_SETTINGS,
  crc16CcittFalse,
  emvField,
  isTransferReported,
  orderStateLabel,
  parseBankReference,
  parsePayNowSettings,
  parsePaymentReason,
  payNowPayload,
  transferRejectedNote,
  transferReportedNote,
  type PayNowPayloadInput,
} from './paynow';

/** The published SGQR example: UEN S99345678ABCD, 12.34, editable, expiry 99991231, INV1234. */
const UEN_EXAMPLE: PayNowPayloadInput = {
  proxy: { kind: 'uen', value: 'S99345678ABCD' },
  amountCents: 1234,
  reference: 'INV1234',
  merchantName: 'ACME Pte Ltd',
  merchantCity: 'Singapore',
  editable: true,
  expiry: '99991231',
};
const UEN_VECTOR =
  '00020101021226520009SG.PAYNOW010120213S99345678ABCD03011040899991231520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV123463041E74';

/** The same payment to the mobile number +6590991234, merchant name NA. */
const MOBILE_EXAMPLE: PayNowPayloadInput = { ...UEN_EXAMPLE, proxy: { kind: 'mobile', value: '+6590991234' }, merchantName: 'NA' };
const MOBILE_VECTOR =
  '00020101021226500009SG.PAYNOW010100211+659099123403011040899991231520400005303702540512.345802SG5902NA6009Singapore62110107INV123463048AF5';

/** Splits a string of EMVCo fields into tag -> value, independently of the module's encoder. */
function fields(payload: string): Map<string, string> {
  const found = new Map<string, string>();
  for (let at = 0; at < payload.length;) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    found.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return found;
}

describe('crc16CcittFalse', () => {
  it('gives the standard check value 29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('gives the initial value for empty text and pads to 4 upper-case hex digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('315')).toBe('003B');
  });

  it('gives the checksums of the published vectors, "6304" included', () => {
    expect(crc16CcittFalse(UEN_VECTOR.slice(0, -4))).toBe('1E74');
    expect(crc16CcittFalse(MOBILE_VECTOR.slice(0, -4))).toBe('8AF5');
  });

  it('refuses text that is not ASCII', () => {
    expect(() => crc16CcittFalse('Café')).toThrow(RangeError);
  });
});

describe('emvField', () => {
  it('writes tag, 2-digit length and value', () => {
    expect(emvField('58', 'SG')).toBe('5802SG');
    expect(emvField('01', '')).toBe('0100');
    expect(emvField('62', 'x'.repeat(99))).toBe(`6299${'x'.repeat(99)}`);
  });

  it('refuses a value of more than 99 characters, a value that is not printable ASCII and a bad tag', () => {
    expect(() => emvField('62', 'x'.repeat(100))).toThrow(/at most 99 characters, got 100/);
    expect(() => emvField('59', 'Café')).toThrow(/printable ASCII/);
    expect(() => emvField('59', 'tab\there')).toThrow(/printable ASCII/);
    expect(() => emvField('5', 'SG')).toThrow(/tag is 2 digits/);
    expect(() => emvField('5A', 'SG')).toThrow(RangeError);
  });
});

describe('payNowPayload: the published vectors', () => {
  it('reproduces the UEN vector exactly', () => {
    expect(payNowPayload(UEN_EXAMPLE)).toBe(UEN_VECTOR);
  });

  it('reproduces the mobile vector exactly', () => {
    expect(payNowPayload(MOBILE_EXAMPLE)).toBe(MOBILE_VECTOR);
  });

  it('removes spaces from a mobile number', () => {
    expect(payNowPayload({ ...MOBILE_EXAMPLE, proxy: { kind: 'mobile', value: '+65 9099 1234' } })).toBe(MOBILE_VECTOR);
  });
});

describe('payNowPayload: fields', () => {
  it('leaves out sub-tag 04 when there is no expiry', () => {
    const payload = payNowPayload({ ...UEN_EXAMPLE, expiry: undefined });
    expect(payload).toBe(
      '00020101021226400009SG.PAYNOW010120213S99345678ABCD03011520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV123463048390',
    );
    expect(fields(fields(payload).get('26') ?? '').has('04')).toBe(false);
  });

  it('writes 03 "0" when the amount is not editable', () => {
    const payload = payNowPayload({ ...UEN_EXAMPLE, editable: false });
    expect(payload).toBe(
      '00020101021226520009SG.PAYNOW010120213S99345678ABCD03010040899991231520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV1234630435CE',
    );
    expect(fields(fields(payload).get('26') ?? '').get('03')).toBe('0');
  });

  it('takes a 10-character UEN and an order reference as the bill reference', () => {
    const payload = payNowPayload({
      proxy: { kind: 'uen', value: '201912345K' },
      amountCents: 100,
      reference: 'KD-261125-7Q4M9X',
      merchantName: 'Kedai',
      merchantCity: 'Singapore',
      editable: false,
    });
    expect(payload).toBe(
      '00020101021226370009SG.PAYNOW010120210201912345K0301052040000530370254041.005802SG5905Kedai6009Singapore62200116KD-261125-7Q4M9X63045EEB',
    );
    expect(fields(fields(payload).get('62') ?? '').get('01')).toBe('KD-261125-7Q4M9X');
  });

  it('ends with a CRC that checks out over everything before it', () => {
    const payload = payNowPayload({ ...MOBILE_EXAMPLE, amountCents: 5, expiry: undefined });
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it.each([
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [1234, '12.34'],
    [123456789, '1234567.89'],
    [999_999_999_999, '9999999999.99'],
  ])('writes %i cents as "%s"', (amountCents, amount) => {
    expect(fields(payNowPayload({ ...UEN_EXAMPLE, amountCents })).get('54')).toBe(amount);
  });

  it('accepts the longest merchant name, city and reference EMVCo allows', () => {
    const payload = payNowPayload({
      ...UEN_EXAMPLE,
      merchantName: 'N'.repeat(25),
      merchantCity: 'C'.repeat(15),
      reference: 'R'.repeat(25),
    });
    const found = fields(payload);
    expect(found.get('59')).toBe('N'.repeat(25));
    expect(found.get('60')).toBe('C'.repeat(15));
    expect(fields(found.get('62') ?? '').get('01')).toBe('R'.repeat(25));
  });

  it('accepts 29 February in a leap year', () => {
    expect(fields(fields(payNowPayload({ ...UEN_EXAMPLE, expiry: '20280229' })).get('26') ?? '').get('04')).toBe('20280229');
  });
});

describe('payNowPayload: refusals', () => {
  it.each([0, -1, 12.34, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses an amount of %s cents', (amountCents) => {
    expect(() => payNowPayload({ ...UEN_EXAMPLE, amountCents })).toThrow(/whole number of cents above zero/);
  });

  it('refuses an amount longer than 13 characters', () => {
    expect(() => payNowPayload({ ...UEN_EXAMPLE, amountCents: 1_000_000_000_000 })).toThrow(/at most 13 characters, got "10000000000.00"/);
  });

  it.each([
    ['a merchant name over 25 characters', { merchantName: 'N'.repeat(26) }, /merchant name must be 1 to 25 characters, got 26/],
    ['an empty merchant name', { merchantName: '' }, /merchant name must be 1 to 25 characters, got 0/],
    ['a merchant name that is not ASCII', { merchantName: 'Café Pte Ltd' }, /merchant name must be printable ASCII/],
    ['a merchant name with a control character', { merchantName: 'ACME\nPte Ltd' }, /merchant name must be printable ASCII/],
    ['a city over 15 characters', { merchantCity: 'C'.repeat(16) }, /merchant city must be 1 to 15 characters, got 16/],
    ['an empty city', { merchantCity: '' }, /merchant city must be 1 to 15 characters, got 0/],
    ['a city that is not ASCII', { merchantCity: '新加坡' }, /merchant city must be printable ASCII/],
    ['a reference over 25 characters', { reference: 'R'.repeat(26) }, /bill reference must be 1 to 25 characters, got 26/],
    ['an empty reference', { reference: '' }, /bill reference must be 1 to 25 characters, got 0/],
    ['a reference that is not ASCII', { reference: 'INV–1234' }, /bill reference must be printable ASCII/],
  ] satisfies [string, Partial<PayNowPayloadInput>, RegExp][])('refuses %s', (_name, change, message) => {
    expect(() => payNowPayload({ ...UEN_EXAMPLE, ...change })).toThrow(message);
    expect(() => payNowPayload({ ...UEN_EXAMPLE, ...change })).toThrow(RangeError);
  });

  it.each([
    ['too short', '+65909912'],
    ['too long', '+65909912345'],
    ['without +65', '90991234'],
    ['without the +', '6590991234'],
    ['another country', '+6090991234'],
    ['with a letter', '+659099123A'],
    ['with dashes', '+65-9099-1234'],
    ['empty', ''],
  ])('refuses a mobile number %s (%s)', (_name, value) => {
    expect(() => payNowPayload({ ...MOBILE_EXAMPLE, proxy: { kind: 'mobile', value } })).toThrow(
      /mobile number is \+65 and 8 digits \(spaces allowed\)/,
    );
  });

  it.each([
    ['too short', '12345678'],
    ['too long', 'S99345678ABCDE'],
    ['lower case', 's99345678abcd'],
    ['with a space', 'S99345678 ABC'],
    ['with a dash', '201912345-K'],
    ['empty', ''],
  ])('refuses a UEN %s (%s)', (_name, value) => {
    expect(() => payNowPayload({ ...UEN_EXAMPLE, proxy: { kind: 'uen', value } })).toThrow(/UEN is 9 to 13 upper-case letters and digits/);
  });

  it('refuses a proxy that is neither a UEN nor a mobile number', () => {
    const proxy = { kind: 'email', value: 'shop@example.com' } as unknown as PayNowPayloadInput['proxy'];
    expect(() => payNowPayload({ ...UEN_EXAMPLE, proxy })).toThrow(/'uen' or a 'mobile', got "email"/);
  });

  it.each([
    ['too short', '2026123'],
    ['with dashes', '2026-12-31'],
    ['month 13', '20261301'],
    ['month 0', '20260001'],
    ['day 0', '20261200'],
    ['31 April', '20260431'],
    ['30 February', '20260230'],
    ['29 February in a common year', '21000229'],
    ['empty', ''],
  ])('refuses an expiry %s (%s)', (_name, expiry) => {
    expect(() => payNowPayload({ ...UEN_EXAMPLE, expiry })).toThrow(/expiry is a date as YYYYMMDD/);
  });
});

describe('parsePayNowSettings', () => {
  it('tidies what staff typed and keeps it when it can make a payload', () => {
    expect(
      parsePayNowSettings({ proxy: { kind: 'uen', value: ' 201912345k ' }, merchantName: ' Kedai Pte Ltd ', merchantCity: 'Singapore' }),
    ).toEqual({
      proxy: { kind: 'uen', value: '201912345K' },
      merchantName: 'Kedai Pte Ltd',
      merchantCity: 'Singapore',
    });
    expect(
      parsePayNowSettings({ proxy: { kind: 'mobile', value: '+65 9123 4567' }, merchantName: 'Aisyah', merchantCity: 'Singapore' })?.proxy,
    ).toEqual({
      kind: 'mobile',
      value: '+6591234567',
    });
    expect(parsePayNowSettings(DEMO_PAYNOW_SETTINGS)).toEqual(DEMO_PAYNOW_SETTINGS);
  });

  it.each([
    ['nothing', undefined],
    ['an unknown kind', { proxy: { kind: 'nric', value: 'S1234567A' }, merchantName: 'A', merchantCity: 'B' }],
    ['a mobile number not in Singapore', { proxy: { kind: 'mobile', value: '+60123456789' }, merchantName: 'A', merchantCity: 'B' }],
    ['a name too long for the code', { proxy: { kind: 'uen', value: '201912345K' }, merchantName: 'A'.repeat(26), merchantCity: 'B' }],
    ['no city', { proxy: { kind: 'uen', value: '201912345K' }, merchantName: 'A', merchantCity: ' ' }],
  ])('refuses %s', (_, value) => {
    expect(parsePayNowSettings(value)).toBeNull();
  });
});

describe('a bank reference and a rejection reason', () => {
  it.each([
    [undefined, ''],
    ['  ', ''],
    [' FT2611 2500/01 ', 'FT2611 2500/01'],
    ['a.b-c', 'a.b-c'],
    ['A'.repeat(35), 'A'.repeat(35)],
    ['A'.repeat(36), null],
    ['DROP TABLE;', null],
    ['café', null],
    [42, null],
  ])('reference %j is %j', (value, expected) => {
    expect(parseBankReference(value)).toBe(expected);
  });

  it.each([
    ['No transfer arrived', 'No transfer arrived'],
    ['  ', null],
    [undefined, null],
    ['x'.repeat(500), 'x'.repeat(500)],
    ['x'.repeat(501), null],
  ])('reason %j is %j', (value, expected) => {
    expect(parsePaymentReason(value)).toBe(expected);
  });
});

describe('a reported transfer, as shoppers and staff see it', () => {
  const report = { provider: 'paynow', kind: 'charge', status: 'pending' };
  const awaiting = (payments: { provider: string; kind: string; status: string }[]) => ({ status: 'awaiting_payment', payments });

  it('is an order awaiting payment with a PayNow transfer the shop has not decided on', () => {
    expect(isTransferReported(awaiting([report]))).toBe(true);
    expect(isTransferReported(awaiting([{ ...report, status: 'failed' }, report]))).toBe(true);
  });

  it.each([
    ['no report', awaiting([])],
    ['a rejected report', awaiting([{ ...report, status: 'failed' }])],
    ['a card payment waiting', awaiting([{ ...report, provider: 'stripe' }])],
    ['a PayNow refund waiting', awaiting([{ ...report, kind: 'refund' }])],
    ['an order paid meanwhile', { status: 'paid', payments: [{ ...report, status: 'succeeded' }] }],
    ['an order cancelled with the report open', { status: 'cancelled', payments: [report] }],
  ])('is not %s', (_, order) => {
    expect(isTransferReported(order)).toBe(false);
  });

  it('reads as the shopper understands it, and as staff call it; other orders by their status', () => {
    expect(orderStateLabel(awaiting([report]), 'shopper')).toBe('Payment reported: the shop is checking it');
    expect(orderStateLabel(awaiting([report]), 'staff')).toBe('Transfer reported');
    expect(orderStateLabel(awaiting([]), 'shopper')).toBe('Awaiting payment');
    expect(orderStateLabel({ status: 'paid', payments: [] }, 'staff')).toBe('Paid');
    expect(orderStateLabel({ status: 'on_hold', payments: [] }, 'shopper')).toBe('on hold');
  });

  it("writes the history's lines with the shopper's reference and staff's reason", () => {
    expect(transferReportedNote('FT2611 2500/01')).toBe('Transfer reported, reference FT2611 2500/01');
    expect(transferReportedNote(null)).toBe('Transfer reported, no reference given');
    expect(transferRejectedNote('No transfer arrived')).toBe('Transfer not found: No transfer arrived');
  });
});
