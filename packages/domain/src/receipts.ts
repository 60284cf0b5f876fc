/**
 * What an order says about itself on paper (issue 30): the one summary that the order e-mails, the
 * receipt page, its JSON and its PDF are all made from, the receipt's number (decision 0026) and the
 * shop's tax registration. Amounts stay minor units of the order's currency until written here.
 */
import { addressRule, formatAddress } from './addresses';
import { formatMoney } from './money';
import { BASIS_POINTS_WHOLE } from './tax';

/** What an order's row and lines hold that a summary shows (a plain copy, not the database row). */
export interface SummaryOrder {
  orderRef: string;
  currency: string;
  subtotal: number;
  shippingFee: number;
  discount: number;
  voucherCode: string | null;
  taxFee: number;
  taxInclusive: boolean;
  taxName: string | null;
  /** The rate charged, when the order recorded it (orders placed before issue 30 did not). */
  taxRateBp: number | null;
  total: number;
  paymentMethod: string;
  shippingAddress: {
    fullName: string;
    address: string;
    unitNumber: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    phoneNumber: string;
  };
  lines: readonly SummaryLineInput[];
}

export interface SummaryLineInput {
  name: string;
  options: readonly { name: string; option: string }[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface SummaryLine {
  name: string;
  /** "Colour: Red, Size: M"; '' without variants. */
  variant: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

/** One row of the totals: a label and its amount as written. */
export interface SummaryRow {
  label: string;
  amount: string;
}

export interface OrderSummary {
  lines: SummaryLine[];
  /** Subtotal, delivery, discount, tax and total, in that order (a row only where it applies). */
  totals: SummaryRow[];
  /** "GST 9% (included)": the tax's name and rate, or null where none was charged. */
  taxLabel: string | null;
  address: string[];
  paymentMethod: string;
}

/** 900 -> "9%", 825 -> "8.25%". */
export function formatRate(rateBp: number): string {
  return `${Number(((rateBp / BASIS_POINTS_WHOLE) * 100).toFixed(2))}%`;
}

/** How the shopper paid, in words; `methodSummary` is the card as the provider named it ("visa •••• 4242"). */
export function paymentMethodText(method: string, methodSummary?: string | null): string {
  if (method === 'paynow') return 'PayNow';
  if (method === 'card') return methodSummary ? `Card (${methodSummary})` : 'Card';
  return method;
}

function addressLines(address: SummaryOrder['shippingAddress']): string[] {
  const rule = addressRule(address.country);
  if (rule) return formatAddress(address, rule);
  return [address.fullName, address.address, address.unitNumber, `${address.city} ${address.postalCode}`.trim(), address.country].filter(
    Boolean,
  );
}

/** The order as its mails and receipt show it: lines, totals, tax, address and how it was paid. */
export function orderSummary(order: SummaryOrder, methodSummary?: string | null): OrderSummary {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const taxName = order.taxName ?? 'Tax';
  const taxLabel =
    order.taxFee > 0
      ? `${taxName}${order.taxRateBp !== null ? ` ${formatRate(order.taxRateBp)}` : ''}${order.taxInclusive ? ' (included)' : ''}`
      : null;
  const totals: SummaryRow[] = [
    { label: 'Subtotal', amount: money(order.subtotal) },
    ...(order.discount > 0
      ? [{ label: order.voucherCode ? `Discount (${order.voucherCode})` : 'Discount', amount: `−${money(order.discount)}` }]
      : []),
    { label: 'Delivery', amount: order.shippingFee > 0 ? money(order.shippingFee) : 'Free' },
    ...(taxLabel ? [{ label: taxLabel, amount: money(order.taxFee) }] : []),
    { label: 'Total', amount: money(order.total) },
  ];
  return {
    lines: order.lines.map((line) => ({
      name: line.name,
      variant: line.options.map((o) => `${o.name}: ${o.option}`).join(', '),
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      lineTotal: money(line.lineTotal),
    })),
    totals,
    taxLabel,
    address: addressLines(order.shippingAddress),
    paymentMethod: paymentMethodText(order.paymentMethod, methodSummary),
  };
}

/** The shop's zone when none is set (the shop is in Singapore). */
export const SHOP_TIME_ZONE_DEFAULT = 'Asia/Singapore';

/** An IANA time zone the runtime knows, or null. */
export function parseTimeZone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: input }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Receipt numbers (decision 0026)

/** The default prefix of receipt numbers: INV-2026-000123. */
export const RECEIPT_PREFIX_DEFAULT = 'INV';

/** `INV-2026-000123`: the prefix, the year it was paid in (the shop's zone) and the shop's running count. */
export function formatReceiptNumber(prefix: string, year: number, count: number): string {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`A receipt count is a whole number from 1, got ${count}`);
  return `${prefix}-${year}-${String(count).padStart(6, '0')}`;
}

/** The receipt's title: a tax invoice when the order was charged tax and the shop is registered for it. */
export function receiptTitle(order: { taxFee: number }, taxRegistrationNumber: string | null): 'Tax invoice' | 'Receipt' {
  return order.taxFee > 0 && taxRegistrationNumber ? 'Tax invoice' : 'Receipt';
}

// ---------------------------------------------------------------------------------------------
// The shop's legal details (owners' Settings)

export const LEGAL_NAME_MAX = 200;
export const LEGAL_ADDRESS_MAX = 500;
export const TAX_REGISTRATION_MAX = 40;

/**
 * Singapore's GST registration numbers: the IRAS form (M + 8 characters + a check letter,
 * M90312345A or MR8500053A) or the business's UEN (9 or 10 characters: 53312345D, 200312345A,
 * T08LL1234A). Spaces and hyphens people type are dropped and letters upper-cased.
 */
const SG_GST_NUMBER = /^(M[0-9A-Z]\d{7}[0-9A-Z]|\d{8}[A-Z]|\d{9}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z])$/;

// Control characters: each field is one short line on the invoice (the address may have line breaks).
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** The shop's tax registration number for `country` (the shop's home): Singapore's checked, others free text; '' clears it. */
export function parseTaxRegistrationNumber(input: unknown, country: string): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.normalize('NFC').trim();
  if (trimmed === '') return '';
  if (country === 'SG') {
    const compact = trimmed.replace(/[\s-]/g, '').toUpperCase();
    return SG_GST_NUMBER.test(compact) ? compact : null;
  }
  return trimmed.length <= TAX_REGISTRATION_MAX && !CONTROL.test(trimmed) ? trimmed : null;
}

export interface LegalDetails {
  legalName: string;
  legalAddress: string;
  taxRegistrationNumber: string;
}

/** Owners' legal details for the invoice; null when any field is wrong. Empty strings mean "not set". */
export function parseLegalDetails(input: unknown, country: string): LegalDetails | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { legalName, legalAddress, taxRegistrationNumber } = input as Record<string, unknown>;
  if (typeof legalName !== 'string' || typeof legalAddress !== 'string') return null;
  const name = legalName.normalize('NFC').trim();
  const address = legalAddress.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  const number = parseTaxRegistrationNumber(taxRegistrationNumber, country);
  if (name.length > LEGAL_NAME_MAX || CONTROL.test(name)) return null;
  if (address.length > LEGAL_ADDRESS_MAX || CONTROL.test(address.replace(/\n/g, ' '))) return null;
  if (number === null) return null;
  return { legalName: name, legalAddress: address, taxRegistrationNumber: number };
}
