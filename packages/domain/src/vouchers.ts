/**
 * Vouchers (issue 16 "Money rules"): a percentage or a fixed amount per currency off an order's
 * subtotal, with a minimum spend, a cap, dates, redemption limits, the orders and regions it is
 * for. One check answers both the checkout's estimate and order creation, so a shopper is never
 * shown a discount the order then refuses; the back office saves vouchers through one parser.
 */
import { formatDate, DEFAULT_TIME_ZONE } from './dates';
import type { ErrorCode } from './errors';
import { formatMoney } from './money';
import { BASIS_POINTS_WHOLE, basisPointsOf } from './tax';

export const VOUCHER_KINDS = ['percent', 'fixed'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** Which orders a voucher is for: from the cart, from quotation items, or either. */
export const VOUCHER_SCOPES = ['cart', 'quotation', 'both'] as const;
export type VoucherScope = (typeof VOUCHER_SCOPES)[number];

export const VOUCHER_CODE_MIN = 3;
export const VOUCHER_CODE_MAX = 32;

export interface Voucher {
  /** Upper case: A-Z, 0-9, '-' and '_'. */
  code: string;
  kind: VoucherKind;
  /** Percent kind: 1..10000 basis points off; null for the fixed kind. */
  percentBp: number | null;
  /** Fixed kind: currency -> minor units off. Only the currencies listed can use it. */
  amountOff: Record<string, number>;
  /** Currency -> least subtotal (minor units); an absent currency has no minimum. */
  minSpend: Record<string, number>;
  /** Percent kind: currency -> most it takes off; an absent currency has no cap. */
  maxDiscount: Record<string, number>;
  /** First and last instants it can be used, both included; null: no limit. */
  validFrom: Date | null;
  validUntil: Date | null;
  /** Most redemptions of all shoppers together, and of one shopper; null: no limit. */
  totalLimit: number | null;
  perUserLimit: number | null;
  scope: VoucherScope;
  /** Region keys it may be used in; empty: all regions. */
  regions: string[];
  /** Staff deactivate rather than delete, so past orders keep their voucher; inactive reads as unknown. */
  active: boolean;
}

/** The order a voucher is tried on, and how often it has been redeemed so far. */
export interface VoucherUse {
  now: Date;
  orderKind: 'cart' | 'quotation';
  region: string;
  currency: string;
  /** The goods' total, minor units of `currency`. */
  subtotal: number;
  /** Live redemptions by everyone, and by this shopper. */
  redeemed: number;
  redeemedByUser: number;
  /** The zone its dates are shown in (the shop's); UTC when absent. */
  timeZone?: string;
}

export type VoucherCheck = { ok: true; discount: number } | { ok: false; errorCode: ErrorCode; params?: unknown[] };

/** A record's own value: a JSON object's keys, never what an object inherits ('constructor'). */
function ownAmount(record: Record<string, number>, currency: string): number | undefined {
  return Object.hasOwn(record, currency) ? record[currency] : undefined;
}

const refuse = (errorCode: ErrorCode, params?: unknown[]): VoucherCheck =>
  params ? { ok: false, errorCode, params } : { ok: false, errorCode };

/**
 * Dates and limits, which say the voucher cannot be used at all right now whatever the order
 * (`POST /voucher/validate` asks only this); null when it can be.
 */
export function checkVoucherAvailability(
  voucher: Voucher,
  use: Pick<VoucherUse, 'now' | 'redeemed' | 'redeemedByUser' | 'timeZone'>,
): VoucherCheck | null {
  const timeZone = use.timeZone ?? DEFAULT_TIME_ZONE;
  if (!voucher.active) return refuse('voucher/not_found');
  if (voucher.validFrom && use.now < voucher.validFrom) return refuse('voucher/not_started', [formatDate(voucher.validFrom, timeZone)]);
  if (voucher.validUntil && use.now > voucher.validUntil) return refuse('voucher/expired', [formatDate(voucher.validUntil, timeZone)]);
  if (voucher.totalLimit !== null && use.redeemed >= voucher.totalLimit) return refuse('voucher/used_up');
  if (voucher.perUserLimit !== null && use.redeemedByUser >= voucher.perUserLimit) return refuse('voucher/already_used');
  return null;
}

/** Whether it is for this kind of order, this region and (a fixed amount) this currency. */
function appliesTo(voucher: Voucher, use: VoucherUse, currency: string): boolean {
  if (voucher.scope !== 'both' && voucher.scope !== use.orderKind) return false;
  if (voucher.regions.length > 0 && !voucher.regions.includes(use.region)) return false;
  if (voucher.kind === 'fixed') return ownAmount(voucher.amountOff, currency) !== undefined;
  return voucher.percentBp !== null;
}

/** What it takes off a subtotal that qualifies: never more than the subtotal. */
function discountOf(voucher: Voucher, subtotal: number, currency: string): number {
  if (voucher.kind === 'fixed') return Math.min(ownAmount(voucher.amountOff, currency) ?? 0, subtotal);
  const off = basisPointsOf(subtotal, voucher.percentBp ?? 0);
  return Math.min(off, ownAmount(voucher.maxDiscount, currency) ?? off, subtotal);
}

/**
 * Whether the voucher applies to an order and how much it takes off (never more than the
 * subtotal). Checked in this order, so the shopper hears the most basic problem first:
 * inactive -> `voucher/not_found` (an inactive code is not told apart from an unknown one);
 * before `validFrom` -> `not_started` [start date, DD/MM/YYYY]; after `validUntil` -> `expired`
 * [end date]; `totalLimit` reached -> `used_up`; `perUserLimit` reached -> `already_used`; another
 * order kind, region, or (fixed kind) a currency it has no amount in -> `not_applicable`; subtotal
 * below `minSpend[currency]` -> `min_spend` [the minimum, formatted]. Then the discount: percent =
 * subtotal × bp rounded half up (`basisPointsOf`), capped by `maxDiscount[currency]`; fixed =
 * min(amountOff[currency], subtotal).
 */
export function checkVoucher(voucher: Voucher, use: VoucherUse): VoucherCheck {
  const unavailable = checkVoucherAvailability(voucher, use);
  if (unavailable) return unavailable;
  const currency = use.currency.toUpperCase();
  if (!appliesTo(voucher, use, currency)) return refuse('voucher/not_applicable');
  const minSpend = ownAmount(voucher.minSpend, currency);
  if (minSpend !== undefined && use.subtotal < minSpend) return refuse('voucher/min_spend', [formatMoney(minSpend, currency)]);
  return { ok: true, discount: discountOf(voucher, use.subtotal, currency) };
}

const VOUCHER_CODE = new RegExp(`^[A-Za-z0-9_-]{${VOUCHER_CODE_MIN},${VOUCHER_CODE_MAX}}$`);

/**
 * A code as a shopper or staff typed it, in its one spelling: trimmed and upper-cased, 3..32 of
 * A-Z 0-9 - _; else null. The characters are checked before upper-casing, so 'ﬀ' or a dotless ı
 * never turns into a code that someone else's voucher has.
 */
export function normaliseVoucherCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim();
  return VOUCHER_CODE.test(code) ? code.toUpperCase() : null;
}

export type VoucherField = keyof Voucher;

export type VoucherInputResult = { ok: true; value: Voucher } | { ok: false; field: VoucherField };

/** A field's value, or `bad` when it is wrong. */
const bad = Symbol('bad');
type Parsed<T> = T | typeof bad;

const isWhole = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
const isAbsent = (value: unknown) => value === undefined || value === null;
const isCurrencyCode = (key: string) => /^[A-Z]{3}$/.test(key);

/** Currency -> whole amount of at least `min`; absent is {}. */
function parseAmounts(input: unknown, min: number): Parsed<Record<string, number>> {
  if (isAbsent(input)) return {};
  if (typeof input !== 'object' || Array.isArray(input)) return bad;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.some(([currency, amount]) => !isCurrencyCode(currency) || !isWhole(amount, min))) return bad;
  return Object.fromEntries(entries) as Record<string, number>;
}

/** Amounts the voucher's kind needs (at least one when `required`), or none at all for the other kind. */
function parseKindAmounts(input: unknown, forThisKind: boolean, required: boolean): Parsed<Record<string, number>> {
  const amounts = parseAmounts(input, 1);
  if (amounts === bad) return bad;
  const count = Object.keys(amounts).length;
  if (!forThisKind) return count === 0 ? amounts : bad;
  return required && count === 0 ? bad : amounts;
}

function parsePercentBp(input: unknown, kind: VoucherKind): Parsed<number | null> {
  if (kind === 'fixed') return isAbsent(input) ? null : bad;
  return isWhole(input, 1) && input <= BASIS_POINTS_WHOLE ? input : bad;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * An instant as ISO 8601 with a time and a zone ('2026-12-01T00:00:00+08:00', '…Z'), or null.
 * A date alone is refused: which midnight it means would depend on the server's zone. Impossible
 * days (31 April) are refused rather than rolled over as `Date` does.
 */
function parseInstant(input: unknown): Parsed<Date | null> {
  if (isAbsent(input)) return null;
  if (typeof input !== 'string') return bad;
  const match = ISO_INSTANT.exec(input.trim());
  if (!match) return bad;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return bad;
  const date = new Date(input.trim());
  return Number.isNaN(date.getTime()) ? bad : date;
}

const parseLimit = (input: unknown): Parsed<number | null> => (isAbsent(input) ? null : isWhole(input, 1) ? input : bad);

function parseOneOf<T extends string>(input: unknown, values: readonly T[], fallback: T): Parsed<T> {
  if (input === undefined) return fallback;
  return values.includes(input as T) ? (input as T) : bad;
}

/** Region keys the shop has, each once; absent is [] (every region). */
function parseRegions(input: unknown, regionKeys: readonly string[]): Parsed<string[]> {
  if (input === undefined) return [];
  if (!Array.isArray(input) || input.some((key) => typeof key !== 'string' || !regionKeys.includes(key))) return bad;
  return [...new Set(input as string[])];
}

/**
 * A voucher as the back office sends it, every field checked, answering the first bad field's name
 * (in the order of `Voucher`). The kind's own fields are required (`percentBp` 1..10000, or
 * `amountOff` with at least one currency) and the other kind's must be empty, so what is saved is
 * what applies. Currencies are 3 upper-case letters; amounts whole minor units above 0, `minSpend`
 * 0 or more. Dates are ISO instants with a zone, or null, `validFrom` before `validUntil`. Limits
 * are whole from 1, or null. Absent optional fields take what a new voucher has: no dates, no
 * limits, {} amounts, scope 'both', every region, active.
 */
export function parseVoucherInput(input: unknown, regionKeys: readonly string[]): VoucherInputResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, field: 'code' };
  const raw = input as Record<string, unknown>;
  const code = normaliseVoucherCode(raw.code) ?? bad;
  const kind = VOUCHER_KINDS.includes(raw.kind as VoucherKind) ? (raw.kind as VoucherKind) : bad;
  const percent = kind === 'percent';
  const parsed: { [K in VoucherField]: Parsed<Voucher[K]> } = {
    code,
    kind,
    percentBp: kind === bad ? bad : parsePercentBp(raw.percentBp, kind),
    amountOff: kind === bad ? bad : parseKindAmounts(raw.amountOff, !percent, true),
    minSpend: parseAmounts(raw.minSpend, 0),
    maxDiscount: kind === bad ? bad : parseKindAmounts(raw.maxDiscount, percent, false),
    validFrom: parseInstant(raw.validFrom),
    validUntil: parseInstant(raw.validUntil),
    totalLimit: parseLimit(raw.totalLimit),
    perUserLimit: parseLimit(raw.perUserLimit),
    scope: parseOneOf(raw.scope, VOUCHER_SCOPES, 'both'),
    regions: parseRegions(raw.regions, regionKeys),
    active: raw.active === undefined ? true : typeof raw.active === 'boolean' ? raw.active : bad,
  };
  const { validFrom, validUntil } = parsed;
  if (validFrom instanceof Date && validUntil instanceof Date && validFrom >= validUntil) parsed.validUntil = bad;
  const field = (Object.keys(parsed) as VoucherField[]).find((key) => parsed[key] === bad);
  return field ? { ok: false, field } : { ok: true, value: parsed as Voucher };
}
