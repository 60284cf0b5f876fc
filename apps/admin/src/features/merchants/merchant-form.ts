/**
 * The merchant editor's form and the API's `AdminMerchantInput`. The domain's rules
 * (`validateMerchantDraft`, applied by the API too) are checked before sending; errors are keyed by
 * the input's field names, as the API's 400 names them.
 */
import type { AdminMerchantInput, Merchant } from '@kedai/contract';
import { validateMerchantDraft } from '@kedai/domain';
import { codeOf, errorText, fieldErrorsOf } from '../../lib/errors';

export interface MerchantForm {
  name: string;
  /** URL name; blank: made from the name. */
  slug: string;
  description: string;
  /** Image name on the assets host; blank: none. */
  logo: string;
  countryCode: string;
}

export type FieldErrors = Record<string, string>;

export const emptyMerchantForm = (): MerchantForm => ({ name: '', slug: '', description: '', logo: '', countryCode: '' });

export const merchantToForm = (merchant: Merchant): MerchantForm => ({
  name: merchant.name,
  slug: merchant.slug,
  description: merchant.description,
  logo: merchant.logo ?? '',
  countryCode: merchant.countryCode,
});

/** The form as the API's input, or the problems found before sending it. */
export function formToMerchantInput(form: MerchantForm): { ok: true; input: AdminMerchantInput } | { ok: false; errors: FieldErrors } {
  const input: AdminMerchantInput = {
    name: form.name.trim(),
    description: form.description.trim(),
    logo: form.logo.trim() || null,
    countryCode: form.countryCode,
  };
  if (form.slug.trim() !== '') input.slug = form.slug.trim();
  const checked = validateMerchantDraft(input);
  if (!checked.ok) {
    const errors: FieldErrors = Object.fromEntries(checked.problems.map((problem) => [problem.field, problem.error]));
    // A URL name made from a missing name is not a problem of its own.
    if (errors.name && input.slug === undefined) delete errors.slug;
    return { ok: false, errors };
  }
  return { ok: true, input };
}

/** The field problems of a refused save: the 400's list, and a URL name another merchant has (409). */
export function merchantSaveErrors(error: unknown): FieldErrors {
  const errors = fieldErrorsOf(error);
  if (codeOf(error) === 'merchant/slug_taken') errors.slug ??= errorText(error);
  return errors;
}
