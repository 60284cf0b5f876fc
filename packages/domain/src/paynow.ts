/**
 * PayNow for SGD orders: the SGQR payload (an EMVCo merchant-presented QR) the order page draws as
 * a QR code, so a shopper's banking app fills in the payee, the amount and the order reference.
 * Pure: the caller draws the QR. Invalid input throws a RangeError, as in money.ts and orders.ts,
 * so a wrong payee or amount is never encoded into a code someone might pay.
 */
import { fromMinorUnits } from './money';
import { ORDER_STATUS_LABELS, isOrderStatus } from './orders';

/** Who is paid: a business by its UEN, or a person by their Singapore mobile number. */
export interface PayNowProxy {
  kind: 'uen' | 'mobile';
  /** UEN: upper-case letters and digits. Mobile: `+65` and 8 digits; spaces are allowed and removed. */
  value: string;
}

export interface PayNowPayloadInput {
  proxy: PayNowProxy;
  /** Integer cents (SGD), above zero. Never a float. */
  amountCents: number;
  /** The bill reference the bank shows and sends back with the payment: the order reference. */
  reference: string;
  merchantName: string;
  merchantCity: string;
  /** Whether the payer may change the amount in their banking app. */
  editable: boolean;
  /** Last day the code may be paid, YYYYMMDD; left out of the payload when absent. */
  expiry?: string;
}

/** EMVCo: a field's length is two decimal digits. */
const MAX_FIELD_LENGTH = 99;
/** EMVCo limits on the merchant-presented QR's fields. */
export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
const MAX_REFERENCE = 25;
const MAX_AMOUNT = 13;

/** Banking apps read the QR as ASCII; anything else might be read differently, or not at all. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** UENs are 9 or 10 characters; up to 13 so the published SGQR example (`S99345678ABCD`) passes. */
const UEN = /^[0-9A-Z]{9,13}$/;
const SINGAPORE_MOBILE = /^\+65\d{8}$/;
const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;

const PROXY_TYPES: Record<PayNowProxy['kind'], string> = { mobile: '0', uen: '2' };

/**
 * One EMVCo field: tag (2 characters) + length (2 digits) + value. Throws RangeError for a value
 * of more than 99 characters (the length would not fit) or one that is not printable ASCII.
 */
export function emvField(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new RangeError(`An EMVCo tag is 2 digits, got "${tag}"`);
  if (value.length > MAX_FIELD_LENGTH)
    throw new RangeError(`EMVCo field ${tag} must be at most ${MAX_FIELD_LENGTH} characters, got ${value.length}`);
  if (!PRINTABLE_ASCII.test(value)) throw new RangeError(`EMVCo field ${tag} must be printable ASCII, got "${value}"`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the text's
 * characters as bytes, as 4 upper-case hex digits: the checksum EMVCo puts in tag 63.
 * "123456789" gives "29B1". Throws RangeError for text that is not ASCII.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    const byte = text.charCodeAt(i);
    if (byte > 0x7f) throw new RangeError(`CRC-16 input must be ASCII, got "${text.charAt(i)}" at ${i}`);
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A required text field: 1 to `max` printable ASCII characters. */
function checkedText(what: string, value: string, max: number): string {
  if (value.length < 1 || value.length > max) throw new RangeError(`PayNow ${what} must be 1 to ${max} characters, got ${value.length}`);
  if (!PRINTABLE_ASCII.test(value)) throw new RangeError(`PayNow ${what} must be printable ASCII, got "${value}"`);
  return value;
}

/** The proxy value as the bank expects it: a mobile number without its spaces, a UEN as given. */
function checkedProxyValue(proxy: PayNowProxy): string {
  if (proxy.kind === 'mobile') {
    const mobile = proxy.value.replaceAll(' ', '');
    if (!SINGAPORE_MOBILE.test(mobile))
      throw new RangeError(`A PayNow mobile number is +65 and 8 digits (spaces allowed), got "${proxy.value}"`);
    return mobile;
  }
  if (proxy.kind === 'uen') {
    // Lower case is refused, not upper-cased: the payee is encoded exactly as configured, never guessed.
    if (!UEN.test(proxy.value)) throw new RangeError(`A PayNow UEN is 9 to 13 upper-case letters and digits, got "${proxy.value}"`);
    return proxy.value;
  }
  throw new RangeError(`A PayNow proxy is a 'uen' or a 'mobile', got "${String((proxy as { kind: unknown }).kind)}"`);
}

/** The amount as EMVCo writes it, "12.34", from cents by string arithmetic (no float error). */
function checkedAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A PayNow amount must be a whole number of cents above zero, got ${amountCents}`);
  const amount = fromMinorUnits(amountCents, 'SGD');
  if (amount.length > MAX_AMOUNT)
    throw new RangeError(`A PayNow amount must be at most ${MAX_AMOUNT} characters, got "${amount}" (${amount.length})`);
  return amount;
}

/** YYYYMMDD of a day that exists (20260230 is refused), so the banking app does not reject the code. */
function checkedExpiry(expiry: string): string {
  const match = YYYYMMDD.exec(expiry);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])))
    throw new RangeError(`A PayNow expiry is a date as YYYYMMDD, got "${expiry}"`);
  return expiry;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

/**
 * The SGQR payload for paying `amountCents` to the proxy with `reference` as the bill reference:
 * 00 format "01", 01 "12" (dynamic: one payment), 26 PayNow (SG.PAYNOW, proxy type, proxy,
 * editable, optional expiry), 52 "0000", 53 "702" (SGD), 54 amount, 58 "SG", 59 name, 60 city,
 * 62 (01 reference), then 63: the CRC-16/CCITT-FALSE of everything before it, "6304" included.
 * Every input is checked before anything is built; a wrong one throws a RangeError saying which.
 */
export function payNowPayload(input: PayNowPayloadInput): string {
  const proxyValue = checkedProxyValue(input.proxy);
  const amount = checkedAmount(input.amountCents);
  const reference = checkedText('bill reference', input.reference, MAX_REFERENCE);
  const merchantName = checkedText('merchant name', input.merchantName, MAX_MERCHANT_NAME);
  const merchantCity = checkedText('merchant city', input.merchantCity, MAX_MERCHANT_CITY);
  const expiry = input.expiry === undefined ? undefined : checkedExpiry(input.expiry);

  const merchantAccount = [
    emvField('00', 'SG.PAYNOW'),
    emvField('01', PROXY_TYPES[input.proxy.kind]),
    emvField('02', proxyValue),
    emvField('03', input.editable ? '1' : '0'),
    expiry === undefined ? '' : emvField('04', expiry),
  ].join('');

  const withoutCrc = [
    emvField('00', '01'),
    emvField('01', '12'),
    emvField('26', merchantAccount),
    emvField('52', '0000'),
    emvField('53', '702'),
    emvField('54', amount),
    emvField('58', 'SG'),
    emvField('59', merchantName),
    emvField('60', merchantCity),
    emvField('62', emvField('01', reference)),
    '6304',
  ].join('');
  return `${withoutCrc}${crc16CcittFalse(withoutCrc)}`;
}

/** The shop's PayNow details (back office settings): who is paid, and the name and city the code shows. */
export interface PayNowSettings {
  proxy: PayNowProxy;
  merchantName: string;
  merchantCity: string;
}

/**
 * The embedded demo's details: the UEN of the published SGQR example, which no business holds, so
 * a code made with them pays no one. A real shop sets its own in the back office.
 */
export const DEMO_PAYNOW_SETTINGS: PayNowSettings = {
  proxy: { kind: 'uen', value: 'S99345678ABCD' },
  merchantName: 'Kedai Demo Shop',
  merchantCity: 'Singapore',
};

/**
 * Settings as stored or typed, trimmed (a UEN upper-cased, a mobile number without spaces), or null
 * when any part could not make a payload: they are checked by building one for a cent.
 */
export function parsePayNowSettings(value: unknown): PayNowSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const input = value as Record<string, unknown>;
  const proxy = (typeof input.proxy === 'object' && input.proxy !== null ? input.proxy : {}) as Record<string, unknown>;
  if (proxy.kind !== 'uen' && proxy.kind !== 'mobile') return null;
  if (typeof proxy.value !== 'string' || typeof input.merchantName !== 'string' || typeof input.merchantCity !== 'string') return null;
  const settings: PayNowSettings = {
    proxy: {
      kind: proxy.kind,
      value: proxy.kind === 'uen' ? proxy.value.trim().toUpperCase() : proxy.value.replace(/\s/g, ''),
    },
    merchantName: input.merchantName.trim(),
    merchantCity: input.merchantCity.trim(),
  };
  try {
    payNowPayload({ ...settings, amountCents: 1, reference: 'CHECK', editable: false });
  } catch {
    return null;
  }
  return settings;
}

/** What banks carry as a transfer's reference: up to 35 letters, digits, spaces and - / . */
export const BANK_REFERENCE_MAX = 35;
const BANK_REFERENCE = /^[A-Za-z0-9 ./-]*$/;

/**
 * A bank reference as typed (a shopper's for a transfer, staff's for a refund sent): trimmed, ''
 * when blank, or null when it cannot be one. Whether blank is allowed is the caller's rule.
 */
export function parseBankReference(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length <= BANK_REFERENCE_MAX && BANK_REFERENCE.test(text) ? text : null;
}

/** Why staff rejected a reported transfer, which the shopper reads: 1 to 500 characters. */
export const PAYMENT_REASON_MAX = 500;

export function parsePaymentReason(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length > 0 && text.length <= PAYMENT_REASON_MAX ? text : null;
}

/**
 * Reports of a transfer hold the order's stock until staff decide (issue 27): a shopper may have at
 * most this many reported transfers waiting for the shop at once (`payment/too_many_reports`).
 */
export const PAYNOW_OPEN_REPORTS_MAX = 2;

/** After how many days a report the shop has not confirmed asks the shopper and staff to settle it, unless owners set another. */
export const PAYNOW_SETTLE_AFTER_DAYS_DEFAULT = 3;
export const PAYNOW_SETTLE_AFTER_DAYS_MAX = 60;

/** Owners' setting of days before a report is stale: a whole number from 1 to 60, else null. */
export function parsePayNowSettleDays(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= PAYNOW_SETTLE_AFTER_DAYS_MAX ? value : null;
}

/** Whether a report made at `reportedAt` has waited `settleAfterDays` or more at `now`: staff should settle it. */
export function isReportStale(reportedAt: Date, now: Date, settleAfterDays: number): boolean {
  return now.getTime() - reportedAt.getTime() >= settleAfterDays * 86_400_000;
}

// ——— A reported transfer, as shoppers and staff see it (issue 30, decision 0018) ———

/** The ledger's provider, and the order's payment method, for PayNow. */
export const PAYNOW_METHOD = 'paynow';

/** The part of a ledger entry that says whether it is a transfer waiting for staff. */
export interface LedgerLine {
  provider: string;
  kind: string;
  status: string;
}

/**
 * Whether the shopper reported a PayNow transfer the shop is still checking: the order awaits
 * payment with a pending PayNow charge in its ledger. A display state read from the payments, not an
 * order status (spec §4's machine does not grow): the order stays `awaiting_payment`, has no time to
 * pay left (the expiry job leaves it for staff), and staff confirm or reject the transfer.
 */
export function isTransferReported(order: { status: string; payments: readonly LedgerLine[] }): boolean {
  return (
    order.status === 'awaiting_payment' &&
    order.payments.some((p) => p.provider === PAYNOW_METHOD && p.kind === 'charge' && p.status === 'pending')
  );
}

/** What the shopper reads as the state of an order whose transfer the shop is checking. */
export const TRANSFER_REPORTED_SHOPPER_LABEL = 'Payment reported: the shop is checking it';
/** The same state in the back office's lists and pages. */
export const TRANSFER_REPORTED_STAFF_LABEL = 'Transfer reported';

/**
 * An order's state in words for `audience`: its status ("Awaiting payment", "Paid"…), or the
 * reported transfer's label while the shop checks it. A status the API may add later reads as itself.
 */
export function orderStateLabel(order: { status: string; payments: readonly LedgerLine[] }, audience: 'shopper' | 'staff'): string {
  if (isTransferReported(order)) return audience === 'shopper' ? TRANSFER_REPORTED_SHOPPER_LABEL : TRANSFER_REPORTED_STAFF_LABEL;
  return isOrderStatus(order.status) ? ORDER_STATUS_LABELS[order.status] : order.status.replace(/_/g, ' ');
}

/** The order history's line for a report: "Transfer reported, reference FT2611 2500/01". */
export function transferReportedNote(reference: string | null): string {
  return reference ? `Transfer reported, reference ${reference}` : 'Transfer reported, no reference given';
}

/** The order history's line for a report staff rejected: "Transfer not found: <reason>". */
export function transferRejectedNote(reason: string): string {
  return `Transfer not found: ${reason}`;
}
