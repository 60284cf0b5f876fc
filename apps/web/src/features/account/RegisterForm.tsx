'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import type { RegistrationField } from '@kedai/domain';
import { apiErrorMessage, browserApi, isApiError } from '../../lib/browser-api';
import { PASSWORD_POLICY } from './account-actions';
import { FieldError, FormAlert, Field } from '../../ui/Field';
import { NameFields, PersonalDetailsFields } from './PersonalDetailsFields';
import { registerFieldErrors } from './errors';
import { signInHref, verifyEmailHref } from './paths';
import { TERMS_HREF } from '../content/help-pages';
import { clientFieldErrors, emptyRegisterForm, toRegistrationInput, type FieldErrors, type RegisterFormValues } from './register-form';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import { useFocusInvalid } from './useFocusInvalid';

/**
 * `/register`: every field of rules: entities.md "User". The domain rules run in the browser on submit; the
 * server's per-field problems (a 400's params) are shown the same way, beside their fields. A new
 * account then verifies its e-mail with the code that was sent.
 */
export interface RegisterFormProps {
  /**
   * The country choices (`countryOptions()`), made on the server and passed down: browsers name
   * some countries differently from the server's ICU, which would break hydration.
   */
  countries: { code: string; name: string }[];
  defaultCountry?: string;
  /** Latest birth date the date picker offers (YYYY-MM-DD; the server's today, same for both renders). */
  maxBirthDate?: string;
}

export function RegisterForm({ countries, defaultCountry = '', maxBirthDate }: RegisterFormProps) {
  const id = useId();
  const router = useRouter();
  const [values, setValues] = useState<RegisterFormValues>(() => emptyRegisterForm(defaultCountry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  const fieldId = (field: RegistrationField) => `${id}-${field}`;
  const errorId = (field: RegistrationField) => (errors[field] ? `${fieldId(field)}-error` : undefined);

  function set<K extends keyof RegisterFormValues>(field: K, value: RegisterFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the rest stay until the next submit.
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setEmailTaken(false);
    const found = clientFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid();
    setPending(true);
    try {
      await browserApi.post('/auth/register', { body: toRegistrationInput(values) });
      router.push(verifyEmailHref(values.email));
    } catch (error) {
      const fromServer = registerFieldErrors(error);
      setEmailTaken(isApiError(error) && error.errorCode === 'auth/email_taken');
      setErrors(fromServer);
      if (Object.keys(fromServer).length > 0) focusInvalid();
      else setFormError(apiErrorMessage(error));
      setPending(false);
    }
  }

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {emailTaken ? (
        <p className={formStyles.hint}>
          Already registered? <Link href={signInHref(values.email)}>Sign in</Link> or{' '}
          <Link href={verifyEmailHref(values.email)}>verify your e-mail</Link>.
        </p>
      ) : null}
      <NameFields values={values} errors={errors} onChange={set} fieldId={fieldId} />
      <Field
        id={fieldId('email')}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        hint="We send a code to this address to verify it."
        value={values.email}
        error={errors.email}
        onChange={(event) => set('email', event.target.value)}
      />
      <Field
        id={fieldId('password')}
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_POLICY}
        value={values.password}
        error={errors.password}
        onChange={(event) => set('password', event.target.value)}
      />
      <PersonalDetailsFields
        values={values}
        errors={errors}
        onChange={set}
        fieldId={fieldId}
        countries={countries}
        maxBirthDate={maxBirthDate}
      />
      <div className={formStyles.field}>
        <div className={formStyles.check}>
          <input
            id={fieldId('acceptTerms')}
            type="checkbox"
            name="acceptTerms"
            required
            checked={values.acceptTerms}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errorId('acceptTerms')}
            onChange={(event) => set('acceptTerms', event.target.checked)}
          />
          {/* The terms open in a new tab, so what is typed here is not lost; the link's name says so. */}
          <label htmlFor={fieldId('acceptTerms')}>
            I accept the{' '}
            <a href={TERMS_HREF} target="_blank" rel="noopener">
              terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          </label>
        </div>
        <FieldError id={errorId('acceptTerms')} error={errors.acceptTerms} />
      </div>
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Creating your account…' : 'Create account'}
        </button>
      </div>
      <p className={pageStyles.footer}>
        Already have an account? <Link href={signInHref(values.email)}>Sign in</Link>.
      </p>
    </form>
  );
}
