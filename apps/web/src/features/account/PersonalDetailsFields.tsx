'use client';

import { BIRTH_DATE_MIN, NAME_MAX_LENGTH, phoneExample } from '@kedai/domain';
import { Field, FieldError } from '../../ui/Field';
import { GENDER_CHOICES } from './register-form';
import formStyles from '../../ui/form.module.css';

type NameField = 'firstName' | 'lastName';
export type PersonalDetailsField = 'country' | 'phoneNumber' | 'birthDate' | 'gender';

export interface NameFieldsProps {
  values: Record<NameField, string>;
  errors: Partial<Record<NameField, string>>;
  onChange(field: NameField, value: string): void;
  /** The id of a field's input (its error is `${id}-error`). */
  fieldId(field: NameField): string;
}

/** First and last name side by side: the other part of rules: entities.md "User" that registration and the profile share. */
export function NameFields({ values, errors, onChange, fieldId }: NameFieldsProps) {
  return (
    <div className={formStyles.row}>
      <Field
        id={fieldId('firstName')}
        label="First name"
        name="firstName"
        autoComplete="given-name"
        maxLength={NAME_MAX_LENGTH}
        required
        value={values.firstName}
        error={errors.firstName}
        onChange={(event) => onChange('firstName', event.target.value)}
      />
      <Field
        id={fieldId('lastName')}
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        maxLength={NAME_MAX_LENGTH}
        required
        value={values.lastName}
        error={errors.lastName}
        onChange={(event) => onChange('lastName', event.target.value)}
      />
    </div>
  );
}

export interface PersonalDetailsFieldsProps {
  values: Record<PersonalDetailsField, string>;
  errors: Partial<Record<PersonalDetailsField, string>>;
  onChange(field: PersonalDetailsField, value: string): void;
  /** The id of a field's input (its error is `${id}-error`). */
  fieldId(field: PersonalDetailsField): string;
  countries: { code: string; name: string }[];
  /** Latest birth date the date picker offers (YYYY-MM-DD). */
  maxBirthDate?: string | undefined;
}

/**
 * The phone field's hint for the chosen country, as the rule reads it (a number of that country,
 * written with or without its code): "A number of Singapore, for example 8123 4567 or +65 8123 4567."
 * The name comes from the server-made choices, so both renders say the same.
 */
function phoneHint(country: string, countries: readonly { code: string; name: string }[]): string {
  const name = countries.find((choice) => choice.code === country)?.name;
  const example = name ? phoneExample(country) : null;
  if (!name) return 'Choose your country first: the number must be one of that country.';
  if (!example) return `A number of ${name}, with its country code.`;
  return `A number of ${name}, for example ${example.national} or ${example.international}.`;
}

/** Country, mobile number, date of birth and gender: the part of rules: entities.md "User" that registration and the profile share. */
export function PersonalDetailsFields({ values, errors, onChange, fieldId, countries, maxBirthDate }: PersonalDetailsFieldsProps) {
  const errorId = (field: PersonalDetailsField) => (errors[field] ? `${fieldId(field)}-error` : undefined);
  return (
    <>
      <div className={formStyles.field}>
        <label htmlFor={fieldId('country')} className={formStyles.label}>
          Country
        </label>
        <select
          id={fieldId('country')}
          name="country"
          className={formStyles.input}
          autoComplete="country"
          required
          value={values.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errorId('country')}
          onChange={(event) => onChange('country', event.target.value)}
        >
          <option value="">Choose your country</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <FieldError id={errorId('country')} error={errors.country} />
      </div>
      <Field
        id={fieldId('phoneNumber')}
        label="Mobile phone number"
        type="tel"
        name="phoneNumber"
        autoComplete="tel"
        inputMode="tel"
        required
        hint={phoneHint(values.country, countries)}
        value={values.phoneNumber}
        error={errors.phoneNumber}
        onChange={(event) => onChange('phoneNumber', event.target.value)}
      />
      <Field
        id={fieldId('birthDate')}
        label="Date of birth"
        type="date"
        name="birthDate"
        autoComplete="bday"
        min={BIRTH_DATE_MIN}
        max={maxBirthDate}
        required
        value={values.birthDate}
        error={errors.birthDate}
        onChange={(event) => onChange('birthDate', event.target.value)}
      />
      <fieldset
        className={formStyles.fieldset}
        role="radiogroup"
        aria-invalid={errors.gender ? true : undefined}
        aria-describedby={errorId('gender')}
      >
        <legend>Gender</legend>
        <div className={formStyles.choices}>
          {GENDER_CHOICES.map((choice) => (
            <div key={choice.value} className={formStyles.check}>
              <input
                id={`${fieldId('gender')}-${choice.value}`}
                type="radio"
                name="gender"
                value={choice.value}
                checked={values.gender === choice.value}
                onChange={() => onChange('gender', choice.value)}
              />
              <label htmlFor={`${fieldId('gender')}-${choice.value}`}>{choice.label}</label>
            </div>
          ))}
        </div>
        <FieldError id={errorId('gender')} error={errors.gender} />
      </fieldset>
    </>
  );
}
