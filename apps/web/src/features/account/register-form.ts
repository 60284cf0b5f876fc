/**
 * The registration form's values and rules. The browser runs the same domain rules as the API
 * (`validateRegistration` of packages/domain), so most mistakes are shown before sending; the
 * server's answer is still the judge (its per-field problems are shown the same way).
 */
import {
  GENDERS,
  isCountryCode,
  sortCountryCodes,
  userFieldMessage,
  validateRegistration,
  type Gender,
  type RegistrationField,
} from '@kedai/domain';

export interface RegisterFormValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
  birthDate: string;
  gender: Gender | '';
  acceptTerms: boolean;
}

export type FieldErrors = Partial<Record<RegistrationField, string>>;

export function emptyRegisterForm(country = ''): RegisterFormValues {
  return {
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    country,
    birthDate: '',
    gender: '',
    acceptTerms: false,
  };
}

/** The body of `POST /auth/register` (rules: api.md). */
export function toRegistrationInput(values: RegisterFormValues) {
  return { ...values, gender: values.gender || undefined };
}

/** Every field's problem under the domain rules, as field -> the shopper's message (empty when all is well). */
export function clientFieldErrors(values: RegisterFormValues, now: Date = new Date()): FieldErrors {
  const result = validateRegistration(toRegistrationInput(values), now);
  if (result.ok) return {};
  return Object.fromEntries(
    result.problems.map((problem) => [problem.field, userFieldMessage(problem.field, problem.errorCode, values.country)]),
  );
}

const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unspecified: 'Prefer not to say',
};
export const GENDER_CHOICES = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

let countries: { code: string; name: string }[] | undefined;

/** Every country a person can live in, Singapore and Malaysia first, then by name (rules: entities.md). */
export function countryOptions(): { code: string; name: string }[] {
  if (!countries) {
    const codes: string[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (isCountryCode(code)) codes.push(code);
      }
    }
    countries = sortCountryCodes(codes);
  }
  return countries;
}
