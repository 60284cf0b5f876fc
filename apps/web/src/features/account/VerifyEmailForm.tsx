'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { normaliseVerificationCode, VERIFY_CODE_LENGTH } from '@kedai/domain';
import { apiErrorMessage, browserApi, isApiError } from '../../lib/browser-api';
import { FormAlert, Field } from '../../ui/Field';
import { ResendCodeButton } from './ResendCodeButton';
import { useAppDispatch } from '../../store/hooks';
import { goAfterSignIn, pathAfterSignIn, signInHref } from './paths';
import { fetchCurrentUser } from './user-slice';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';

/**
 * `/verify_email`: the six-digit code from the e-mail (`POST /auth/verifyEmail {code, email}`),
 * with the address pre-filled from `?email=`, and a new code on request (rate limited). The
 * browser that registered (or signed in before verifying) is signed in by it (decision 0011) and
 * goes straight on to where the shopper was going; anyone else is offered to sign in.
 */
export function VerifyEmailForm({ initialEmail = '' }: { initialEmail?: string }) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [verified, setVerified] = useState<'now' | 'already' | 'signed_in' | null>(null);

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
      const answer = await browserApi.post('/auth/verifyEmail', {
        body: { code: normalised, ...(email.trim() ? { email: email.trim() } : {}) },
      });
      if (answer.signedIn) {
        setVerified('signed_in');
        const session = await dispatch(fetchCurrentUser());
        if (fetchCurrentUser.fulfilled.match(session)) goAfterSignIn(router, pathAfterSignIn(session.payload));
        return; // stays on the message while the next page opens
      }
      setVerified('now');
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'auth/email_verified') setVerified('already');
      else if (isApiError(error) && error.errorCode === 'auth/invalid_email_verification_code') setCodeError(apiErrorMessage(error));
      else setFormError(apiErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (verified === 'signed_in') {
    return (
      <FormAlert tone="success">
        <p role="status">Thank you — your e-mail address is verified and you are signed in. Taking you on…</p>
      </FormAlert>
    );
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
