'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { normaliseVerificationCode, VERIFY_CODE_LENGTH } from '@kedai/domain';
import { apiErrorMessage, browserApi, isApiError } from '../../lib/browser-api';
import { FormAlert, Field } from '../../ui/Field';
import { ResendCodeButton } from './ResendCodeButton';
import { signInHref } from './paths';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';

/**
 * `/verify_email`: the six-digit code from the e-mail (`POST /auth/verifyEmail {code, email}`),
 * with the address pre-filled from `?email=`, and a new code on request (rate limited).
 */
export function VerifyEmailForm({ initialEmail = '' }: { initialEmail?: string }) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [verified, setVerified] = useState<'now' | 'already' | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const normalised = normaliseVerificationCode(code);
    if (!normalised) {
      setCodeError(`Enter the ${VERIFY_CODE_LENGTH}-digit code from the e-mail`);
      return;
    }
    setCodeError(undefined);
    setPending(true);
    try {
      await browserApi.post('/auth/verifyEmail', { body: { code: normalised, ...(email.trim() ? { email: email.trim() } : {}) } });
      setVerified('now');
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'auth/email_verified') setVerified('already');
      else if (isApiError(error) && error.errorCode === 'auth/invalid_email_verification_code') setCodeError(apiErrorMessage(error));
      else setFormError(apiErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (verified) {
    return (
      <FormAlert tone="success">
        <p>{verified === 'now' ? 'Thank you — your e-mail address is verified.' : 'This e-mail address is already verified.'}</p>
        <p>
          <Link href={signInHref(email)} className="button button--primary">
            Sign in
          </Link>
        </p>
      </FormAlert>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Field
        id={`${id}-email`}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id={`${id}-code`}
        label="Verification code"
        hint={`The ${VERIFY_CODE_LENGTH}-digit code in the e-mail we sent you.`}
        error={codeError}
        inputClassName={formStyles.code}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFY_CODE_LENGTH + 4}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Checking…' : 'Verify e-mail'}
        </button>
      </div>
      <p className={pageStyles.footer}>
        No code, or has it expired? <ResendCodeButton email={email.trim()} />
      </p>
    </form>
  );
}
