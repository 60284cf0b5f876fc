/**
 * A country's tax (owners' settings, issue 16) as the Taxes section edits it, and the API's
 * `AdminTaxRateInput`: the name receipts give it, the rate typed as a percentage ("9", "8.25") and
 * sent in basis points (900), and whether the shop's prices there already include it. The rule is
 * the domain's `parseTaxRule`, which the API saves by.
 */
import type { Endpoints } from '@kedai/contract';
import { TAX_NAME_MAX, parseTaxRule } from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';
import { parsePercent, percentText } from '../../lib/percent-input';

export type TaxRate = Endpoints['GET /admin/tax_rate']['response']['taxRates'][number];
export type TaxInput = Omit<TaxRate, 'countryCode'>;

export interface TaxForm {
  /** The country chosen (adding), or the one edited. */
  countryCode: string;
  name: string;
  /** The rate as typed, in per cent. */
  rate: string;
  inclusive: boolean;
}

export type TaxErrors = Partial<Record<'countryCode' | 'name' | 'rate', string>>;

export const newTaxForm = (): TaxForm => ({ countryCode: '', name: '', rate: '', inclusive: false });

export const taxToForm = (rate: TaxRate): TaxForm => ({
  countryCode: rate.countryCode,
  name: rate.name,
  rate: percentText(rate.rateBp),
  inclusive: rate.inclusive,
});

/** "9 %", "8.25 %". */
export const taxRateText = (rateBp: number): string => `${percentText(rateBp)} %`;

/** The form as the country and the API's body, or what is wrong with it. */
export function taxInputOf(form: TaxForm): { ok: true; countryCode: string; input: TaxInput } | { ok: false; errors: TaxErrors } {
  const errors: TaxErrors = {};
  if (!/^[A-Z]{2}$/.test(form.countryCode)) errors.countryCode = 'Choose a country';
  const name = form.name.normalize('NFC').trim();
  if (name === '') errors.name = 'Enter the name of the tax, such as GST';
  else if ([...name].length > TAX_NAME_MAX) errors.name = `The name must be at most ${TAX_NAME_MAX} characters`;
  // eslint-disable-next-line no-control-regex -- a tax name is one short line on a receipt
  else if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) errors.name = 'The name must be one line';
  const rate = parsePercent(form.rate, { required: true });
  if (!rate.ok) errors.rate = rate.error;
  if (Object.keys(errors).length > 0 || !rate.ok || rate.value === null) return { ok: false, errors };
  const input = { name, rateBp: rate.value, inclusive: form.inclusive };
  // The rule the API saves by, in case this form and it ever disagree.
  if (!parseTaxRule(input)) return { ok: false, errors: { rate: 'Enter a rate from 0 to 100 and a name of 1 to 20 characters' } };
  return { ok: true, countryCode: form.countryCode, input };
}

/** Why a save was refused, beside the field it is about when there is one. */
export function taxFailureOf(error: unknown): { errors: TaxErrors; message: string } {
  const message = errorText(error);
  switch (codeOf(error)) {
    case 'shipping/invalid_country':
      return { errors: { countryCode: 'Choose a country' }, message };
    case 'settings/invalid_tax':
      return { errors: { name: `Enter a name of 1 to ${TAX_NAME_MAX} characters`, rate: 'Enter a rate from 0 to 100' }, message };
    default:
      return { errors: {}, message };
  }
}
