/**
 * The shop's PayNow details (owners' settings, issue 17) as the PayNow section edits them, and the
 * body of `PUT /admin/settings/paynow`: who PayNow codes pay (a UEN, or a Singapore mobile number)
 * and the name and city banking apps show. The rule is the domain's `parsePayNowSettings`, which the
 * API saves by: each part is judged by it alone (beside the demo's valid others), so staff read
 * which field is wrong; this file only words why.
 */
import type { AdminSettings } from '@kedai/contract';
import {
  DEMO_PAYNOW_SETTINGS,
  PAYNOW_SETTLE_AFTER_DAYS_MAX,
  parsePayNowSettings,
  parsePayNowSettleDays,
  type PayNowSettings,
} from '@kedai/domain';

type PayNow = AdminSettings['payNow'];
export type PayeeKind = PayNow['proxy']['kind'];

/** The EMVCo limits the domain builds a payload within, for the hints and the messages. */
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;

export const PAYEE_KIND_LABELS: Record<PayeeKind, string> = {
  uen: 'UEN',
  mobile: 'Singapore mobile number',
};

export interface PayNowForm {
  kind: PayeeKind;
  /** Each kind keeps what was typed for it, so switching back and forth loses nothing. */
  uen: string;
  mobile: string;
  merchantName: string;
  merchantCity: string;
}

export type PayNowErrors = Partial<Record<'uen' | 'mobile' | 'merchantName' | 'merchantCity', string>>;

export function payNowToForm(settings: PayNow): PayNowForm {
  return {
    kind: settings.proxy.kind,
    uen: settings.proxy.kind === 'uen' ? settings.proxy.value : '',
    mobile: settings.proxy.kind === 'mobile' ? settings.proxy.value : '',
    merchantName: settings.merchantName,
    merchantCity: settings.merchantCity,
  };
}

/** The published SGQR example's UEN, which no business holds: codes made with it pay no one. */
export const paysNoOne = (settings: PayNow): boolean =>
  settings.proxy.kind === DEMO_PAYNOW_SETTINGS.proxy.kind && settings.proxy.value === DEMO_PAYNOW_SETTINGS.proxy.value;

/** Whether the domain takes this one part, the others being the demo's (which it takes). */
const accepts = (part: Partial<PayNowSettings>): boolean => parsePayNowSettings({ ...DEMO_PAYNOW_SETTINGS, ...part }) !== null;

/** Banking apps read the code as plain ASCII: no accents, no curly quotes. */
const PLAIN = /^[\x20-\x7E]*$/;

function textError(what: string, value: string, max: number): string {
  const text = value.trim();
  if (text === '') return `Enter the ${what}`;
  if (text.length > max) return `The ${what} must be at most ${max} characters`;
  if (!PLAIN.test(text)) return `Use only letters without accents, digits, spaces and plain punctuation in the ${what}`;
  return `Check the ${what}`;
}

/** The form as the body to save (trimmed, a UEN upper-cased, a mobile number without spaces), or what is wrong with it. */
export function payNowInputOf(form: PayNowForm): { ok: true; input: PayNowSettings } | { ok: false; errors: PayNowErrors } {
  const errors: PayNowErrors = {};
  const value = form[form.kind];
  if (!accepts({ proxy: { kind: form.kind, value } })) {
    if (form.kind === 'uen')
      errors.uen = value.trim() === '' ? "Enter the shop's UEN" : 'Enter a UEN of 9 to 13 letters and digits, such as 201912345K';
    else
      errors.mobile = value.trim() === '' ? 'Enter the mobile number' : 'Enter +65 and the 8 digits of the number, such as +65 9123 4567';
  }
  if (!accepts({ merchantName: form.merchantName.trim() }))
    errors.merchantName = textError('name shown to payers', form.merchantName, MERCHANT_NAME_MAX);
  if (!accepts({ merchantCity: form.merchantCity.trim() })) errors.merchantCity = textError('city', form.merchantCity, MERCHANT_CITY_MAX);
  const input = parsePayNowSettings({
    proxy: { kind: form.kind, value },
    merchantName: form.merchantName,
    merchantCity: form.merchantCity,
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // Each part alone passed; should the whole ever not, the payee is what to check.
  if (!input) return { ok: false, errors: { [form.kind]: 'Check the PayNow details' } };
  return { ok: true, input };
}

/** "UEN 201912345K" or "mobile number +6591234567": the payee the saved details name. */
export const payeeText = (settings: PayNow): string =>
  settings.proxy.kind === 'uen' ? `UEN ${settings.proxy.value}` : `mobile number ${settings.proxy.value}`;

/**
 * Owners' days before a reported transfer no one confirmed is stale (issue 27), as typed: the body
 * of `PUT /admin/settings/paynow_settle`, by the domain's rule (`parsePayNowSettleDays`), or why not.
 */
export function settleDaysOf(text: string): { ok: true; days: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  const days = /^\d{1,3}$/.test(trimmed) ? parsePayNowSettleDays(Number(trimmed)) : null;
  if (days === null) return { ok: false, error: `Give a whole number of days from 1 to ${PAYNOW_SETTLE_AFTER_DAYS_MAX}` };
  return { ok: true, days };
}
