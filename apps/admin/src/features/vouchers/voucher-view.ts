/**
 * How the voucher list shows a voucher: its discount ("10 %", "SGD 5.00 off"), the conditions, when
 * it can be used (in the browser's zone, as staff typed it), its uses against its limit, and the
 * orders it is for.
 */
import type { AdminVoucher } from '@kedai/contract';
import type { VoucherScope } from '@kedai/domain';
import { priceText } from '../../lib/money-text';
import { percentText } from '../../lib/percent-input';

export const SCOPE_LABELS: Record<VoucherScope, string> = {
  cart: 'Cart orders',
  quotation: 'Quotation orders',
  both: 'Cart and quotation orders',
};

const amountsText = (amounts: Record<string, number>): string =>
  Object.entries(amounts)
    .map(([currency, minor]) => priceText(minor, currency))
    .join(' or ');

/** "10 %", or "SGD 5.00 off" (several currencies: "SGD 5.00 or MYR 15.00 off"). */
export function discountText(voucher: Pick<AdminVoucher, 'kind' | 'percentBp' | 'amountOff'>): string {
  if (voucher.kind === 'percent') return `${percentText(voucher.percentBp ?? 0)} %`;
  const amounts = amountsText(voucher.amountOff);
  return amounts ? `${amounts} off` : 'Nothing off';
}

/** The minimum spend and the cap, when it has them ("Minimum spend SGD 50.00 · At most SGD 20.00 off"). */
export function conditionsText(voucher: Pick<AdminVoucher, 'minSpend' | 'maxDiscount' | 'perUserLimit'>): string {
  const parts: string[] = [];
  if (Object.keys(voucher.minSpend).length > 0) parts.push(`Minimum spend ${amountsText(voucher.minSpend)}`);
  if (Object.keys(voucher.maxDiscount).length > 0) parts.push(`At most ${amountsText(voucher.maxDiscount)} off`);
  if (voucher.perUserLimit !== null)
    parts.push(voucher.perUserLimit === 1 ? 'Once per shopper' : `${voucher.perUserLimit} times per shopper`);
  return parts.join(' · ');
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const instantText = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** "Any time", "From 1 Dec 2026, 09:00", "Until …", or "1 Dec 2026, 09:00 to 31 Dec 2026, 23:59". */
export function validityText(voucher: Pick<AdminVoucher, 'validFrom' | 'validUntil'>): string {
  const { validFrom, validUntil } = voucher;
  if (validFrom && validUntil) return `${instantText(validFrom)} to ${instantText(validUntil)}`;
  if (validFrom) return `From ${instantText(validFrom)}`;
  if (validUntil) return `Until ${instantText(validUntil)}`;
  return 'Any time';
}

/** "3 of 100", or "3 (no limit)". */
export const usesText = (voucher: Pick<AdminVoucher, 'redeemed' | 'totalLimit'>): string =>
  voucher.totalLimit === null
    ? `${voucher.redeemed.toLocaleString('en-GB')} (no limit)`
    : `${voucher.redeemed.toLocaleString('en-GB')} of ${voucher.totalLimit.toLocaleString('en-GB')}`;
