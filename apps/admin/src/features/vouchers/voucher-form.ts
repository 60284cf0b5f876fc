/**
 * The voucher editor's form and the API's body (`POST /admin/voucher`, `PUT /admin/voucher/{id}`
 * with the `version` read), checked first by the domain's own `parseVoucherInput`, the rule the API
 * saves by. What staff type and what is sent differ: a percentage ("10", "12.5") is sent in basis
 * points, amounts in major units per currency ("5.00") are sent in minor units (lib/money-input),
 * dates and times of the browser's `datetime-local` inputs are sent as ISO instants (the browser's
 * zone decides which instant "1 Dec, 09:00" is), and what is left empty is left out (no limit).
 * A refusal names its first bad field (`voucher/invalid`, `params[0]`), which the form marks.
 */
import type { AdminVoucher, Region } from '@kedai/contract';
import {
  VOUCHER_CODE_MAX,
  VOUCHER_CODE_MIN,
  normaliseVoucherCode,
  parseVoucherInput,
  type VoucherField,
  type VoucherKind,
  type VoucherScope,
} from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';
import { amountText, parseAmount } from '../../lib/money-input';
import { parsePercent, percentText } from '../../lib/percent-input';

/** The kinds of amounts kept per currency. */
export type AmountField = 'amountOff' | 'minSpend' | 'maxDiscount';

export interface VoucherDraft {
  code: string;
  kind: VoucherKind;
  /** Percentage off as typed ("10", "12.5"). */
  percent: string;
  /** Currency -> amount as typed, in major units. */
  amountOff: Record<string, string>;
  minSpend: Record<string, string>;
  maxDiscount: Record<string, string>;
  /** `datetime-local` values ("2026-12-01T09:00"), in the browser's zone; '' for none. */
  validFrom: string;
  validUntil: string;
  totalLimit: string;
  perUserLimit: string;
  scope: VoucherScope;
  /** Region keys; none: every region. */
  regions: string[];
  active: boolean;
}

/** What the API takes; fields with no value (no limit, no date) are left out, which it reads as none. */
export interface VoucherBody {
  code: string;
  kind: VoucherKind;
  percentBp?: number;
  amountOff: Record<string, number>;
  minSpend: Record<string, number>;
  maxDiscount: Record<string, number>;
  validFrom?: string;
  validUntil?: string;
  totalLimit?: number;
  perUserLimit?: number;
  scope: VoucherScope;
  regions: string[];
  active: boolean;
  version?: number;
}

/** Field (or `amountOff.SGD`) -> message. */
export type FieldErrors = Record<string, string>;

const VOUCHER_FIELD_LABELS: Record<VoucherField, string> = {
  code: 'Code',
  kind: 'Kind of discount',
  percentBp: 'Percentage off',
  amountOff: 'Amount off',
  minSpend: 'Minimum spend',
  maxDiscount: 'Maximum discount',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  totalLimit: 'Uses in all',
  perUserLimit: 'Uses per shopper',
  scope: 'Orders it is for',
  regions: 'Regions',
  active: 'Status',
};

const LIMIT_MESSAGE = 'Enter a whole number from 1, or leave it empty for no limit';

/** What is wrong with a field the API refused (`voucher/invalid`), in the words of the form. */
const VOUCHER_FIELD_MESSAGES: Record<VoucherField, string> = {
  code: `Enter a code of ${VOUCHER_CODE_MIN} to ${VOUCHER_CODE_MAX} letters, digits, - or _`,
  kind: 'Choose a percentage or a fixed amount',
  percentBp: 'Enter a percentage from 0.01 to 100',
  amountOff: 'Enter the amount off in at least one currency, above 0',
  minSpend: 'Each minimum spend must be an amount of 0 or more',
  maxDiscount: 'Each maximum discount must be an amount above 0',
  validFrom: 'Enter the date and time it starts, or leave it empty',
  validUntil: 'The end must be a date and time after the start, or empty',
  totalLimit: LIMIT_MESSAGE,
  perUserLimit: LIMIT_MESSAGE,
  scope: 'Choose the orders it is for',
  regions: "Choose among the shop's regions, or none for every region",
  active: 'Choose whether it is active',
};

const isVoucherField = (value: unknown): value is VoucherField => typeof value === 'string' && Object.hasOwn(VOUCHER_FIELD_MESSAGES, value);

/** "Amount off in SGD" for `amountOff.SGD`, "Code" for `code`. */
export function voucherFieldLabel(key: string): string {
  const [field, currency] = key.split('.');
  const label = isVoucherField(field) ? VOUCHER_FIELD_LABELS[field] : key;
  return currency ? `${label} in ${currency}` : label;
}

/**
 * The currencies the form offers amounts in: each of the shop's regions' currencies once, in the
 * regions' order, then any other the voucher already has (so saving never drops one).
 */
export function voucherCurrencies(
  regions: readonly Pick<Region, 'currency'>[],
  voucher?: Pick<AdminVoucher, AmountField> | null,
): string[] {
  const fromRegions = [...new Set(regions.map((region) => region.currency.toUpperCase()))];
  const kept = voucher ? [voucher.amountOff, voucher.minSpend, voucher.maxDiscount].flatMap((amounts) => Object.keys(amounts)) : [];
  const others = [...new Set(kept)].filter((currency) => !fromRegions.includes(currency)).sort();
  return [...fromRegions, ...others];
}

export const emptyVoucherDraft = (): VoucherDraft => ({
  code: '',
  kind: 'percent',
  percent: '',
  amountOff: {},
  minSpend: {},
  maxDiscount: {},
  validFrom: '',
  validUntil: '',
  totalLimit: '',
  perUserLimit: '',
  scope: 'both',
  regions: [],
  active: true,
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's zone; '' for none. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value as the ISO instant it names in the browser's zone; null for blank; an error for what is not a date and time. */
export function instantOf(local: string): { ok: true; value: string | null } | { ok: false } {
  const text = local.trim();
  if (text === '') return { ok: true, value: null };
  const match = LOCAL_INPUT.exec(text);
  if (!match) return { ok: false };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month - 1 || date.getDate() !== day || hour > 23 || minute > 59)
    return { ok: false };
  return { ok: true, value: date.toISOString() };
}

const amountsToDraft = (amounts: Record<string, number>): Record<string, string> =>
  Object.fromEntries(Object.entries(amounts).map(([currency, minor]) => [currency, amountText(minor, currency)]));

export function voucherToDraft(voucher: AdminVoucher): VoucherDraft {
  return {
    code: voucher.code,
    kind: voucher.kind,
    percent: voucher.percentBp === null ? '' : percentText(voucher.percentBp),
    amountOff: amountsToDraft(voucher.amountOff),
    minSpend: amountsToDraft(voucher.minSpend),
    maxDiscount: amountsToDraft(voucher.maxDiscount),
    validFrom: localInputOf(voucher.validFrom),
    validUntil: localInputOf(voucher.validUntil),
    totalLimit: voucher.totalLimit === null ? '' : String(voucher.totalLimit),
    perUserLimit: voucher.perUserLimit === null ? '' : String(voucher.perUserLimit),
    scope: voucher.scope,
    regions: [...voucher.regions],
    active: voucher.active,
  };
}

/** A saved voucher as it would be sent again, with `changes` (deactivating sends `active: false`). */
export function savedVoucherBody(voucher: AdminVoucher, changes: Partial<VoucherBody> = {}): VoucherBody {
  const body: VoucherBody = {
    code: voucher.code,
    kind: voucher.kind,
    amountOff: voucher.amountOff,
    minSpend: voucher.minSpend,
    maxDiscount: voucher.maxDiscount,
    scope: voucher.scope,
    regions: voucher.regions,
    active: voucher.active,
    version: voucher.version,
  };
  if (voucher.percentBp !== null) body.percentBp = voucher.percentBp;
  if (voucher.validFrom) body.validFrom = voucher.validFrom;
  if (voucher.validUntil) body.validUntil = voucher.validUntil;
  if (voucher.totalLimit !== null) body.totalLimit = voucher.totalLimit;
  if (voucher.perUserLimit !== null) body.perUserLimit = voucher.perUserLimit;
  return { ...body, ...changes };
}

const WHOLE = /^\d{1,9}$/;

function parseLimit(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!WHOLE.test(trimmed) || Number(trimmed) < 1) return { ok: false };
  return { ok: true, value: Number(trimmed) };
}

export type VoucherCheck = { ok: true; body: VoucherBody } | { ok: false; errors: FieldErrors };

interface Context {
  /** The currencies offered (`voucherCurrencies`). */
  currencies: readonly string[];
  /** Every region key the voucher may name (the shop's, and those it already has). */
  regionKeys: readonly string[];
  /** The version read, when saving a voucher. */
  version?: number;
  /** The voucher as read: a date left as it was shown is sent back as the very instant it was (seconds included). */
  saved?: Pick<AdminVoucher, 'validFrom' | 'validUntil'> | null;
}

/** The form as the API's body, or what is wrong with it, keyed by field (`amountOff.SGD` for one currency's amount). */
export function voucherBodyOf(draft: VoucherDraft, { currencies, regionKeys, version, saved }: Context): VoucherCheck {
  const errors: FieldErrors = {};
  const percent = draft.kind === 'percent';

  const amounts = (field: AmountField, min: number): Record<string, number> => {
    const result: Record<string, number> = {};
    for (const currency of currencies) {
      const parsed = parseAmount(draft[field][currency] ?? '', currency, { min });
      if (!parsed.ok) errors[`${field}.${currency}`] = parsed.error;
      else if (parsed.value !== null) result[currency] = parsed.value;
    }
    return result;
  };

  const code = normaliseVoucherCode(draft.code);
  if (code === null) errors.code = VOUCHER_FIELD_MESSAGES.code;

  const body: VoucherBody = {
    code: code ?? draft.code.trim(),
    kind: draft.kind,
    amountOff: percent ? {} : amounts('amountOff', 1),
    minSpend: amounts('minSpend', 0),
    maxDiscount: percent ? amounts('maxDiscount', 1) : {},
    scope: draft.scope,
    regions: draft.regions.filter((key) => regionKeys.includes(key)),
    active: draft.active,
  };
  if (percent) {
    const parsed = parsePercent(draft.percent, { required: true, min: 1 });
    if (!parsed.ok) errors.percentBp = parsed.error;
    else if (parsed.value !== null) body.percentBp = parsed.value;
  } else if (Object.keys(body.amountOff).length === 0 && !Object.keys(errors).some((key) => key.startsWith('amountOff.'))) {
    errors.amountOff = 'Enter the amount off in at least one currency';
  }

  const instant = (field: 'validFrom' | 'validUntil') => {
    const before = saved?.[field] ?? null;
    return before && draft[field] === localInputOf(before) ? ({ ok: true, value: before } as const) : instantOf(draft[field]);
  };
  const from = instant('validFrom');
  const until = instant('validUntil');
  if (!from.ok) errors.validFrom = 'Enter a date and time, or leave it empty';
  else if (from.value) body.validFrom = from.value;
  if (!until.ok) errors.validUntil = 'Enter a date and time, or leave it empty';
  else if (until.value) body.validUntil = until.value;
  if (body.validFrom && body.validUntil && Date.parse(body.validFrom) >= Date.parse(body.validUntil)) {
    errors.validUntil = 'The end must be after the start';
  }

  for (const field of ['totalLimit', 'perUserLimit'] as const) {
    const parsed = parseLimit(draft[field]);
    if (!parsed.ok) errors[field] = LIMIT_MESSAGE;
    else if (parsed.value !== null) body[field] = parsed.value;
  }
  if (version !== undefined) body.version = version;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // The rule the API saves by, in case this form and it ever disagree.
  const checked = parseVoucherInput(body, regionKeys);
  if (!checked.ok) return { ok: false, errors: { [checked.field]: VOUCHER_FIELD_MESSAGES[checked.field] } };
  return { ok: true, body };
}

export const STALE_VOUCHER_MESSAGE =
  'Someone else changed this voucher after you opened it, so your changes were not saved. Reload it to see theirs, then make yours again.';
export const CODE_TAKEN_MESSAGE = 'Another voucher already uses this code. Choose another one.';
const VOUCHER_GONE_MESSAGE = 'This voucher no longer exists.';

/** Why a save was refused: fields to mark (the first bad field, or a code taken), a stale version, or anything else. */
export type VoucherFailure =
  { kind: 'fields'; errors: FieldErrors } | { kind: 'stale'; message: string } | { kind: 'other'; message: string };

export function voucherFailureOf(error: unknown): VoucherFailure {
  switch (codeOf(error)) {
    case 'voucher/invalid': {
      const params = (error as { params?: unknown }).params;
      const field = Array.isArray(params) ? params[0] : undefined;
      return isVoucherField(field)
        ? { kind: 'fields', errors: { [field]: VOUCHER_FIELD_MESSAGES[field] } }
        : { kind: 'other', message: errorText(error) };
    }
    case 'voucher/code_taken':
      return { kind: 'fields', errors: { code: CODE_TAKEN_MESSAGE } };
    case 'voucher/version_conflict':
      return { kind: 'stale', message: STALE_VOUCHER_MESSAGE };
    case 'voucher/not_found':
      return { kind: 'other', message: VOUCHER_GONE_MESSAGE };
    default:
      return { kind: 'other', message: errorText(error) };
  }
}

/** The order in which the form shows its fields, for the first error to focus. */
const FIELD_ORDER: readonly string[] = Object.keys(VOUCHER_FIELD_LABELS);

/** The first of the errors in the form's order (`amountOff.SGD` counts as `amountOff`). */
export function firstErrorKey(errors: FieldErrors): string | null {
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  const rank = (key: string) => {
    const index = FIELD_ORDER.indexOf(key.split('.')[0]!);
    return index < 0 ? FIELD_ORDER.length : index;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || keys.indexOf(a) - keys.indexOf(b))[0]!;
}
