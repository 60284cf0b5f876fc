'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../lib/browser-api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH } from './return-path';
import { fetchCurrentUser, verifyTfa } from './user-slice';
import { CodeField } from './CodeField';
import { FormAlert } from '../../ui/Field';
import { TFA_CODE_LENGTH, tfaCodeProblem, tfaDigits, tfaRequestReset } from './account-actions';
import { owesSecondFactor, goAfterSignIn, pathAfterSignIn } from './paths';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';

/**
 * The two-factor prompt after sign-in (`/two_factor/verify`): the six-digit code of the
 * authenticator app (`POST /tfa/verify {token}`), then back to the remembered path. Someone who
 * lost their device can have a reset link e-mailed (`POST /tfa/requestReset`).
 */
export function TwoFactorVerifyForm() {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const [reset, setReset] = useState<{ pending: boolean; ok?: boolean; text?: string }>({ pending: false });

  useEffect(() => {
    void dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
  }, [dispatch]);

  // Nothing to verify: not signed in -> sign in; already passed -> on to the remembered path.
  useEffect(() => {
    if (leaving || !user.profileFetched || owesSecondFactor(user)) return;
    setLeaving(true);
    goAfterSignIn(router, user.signedIn ? pathAfterSignIn(user) : SIGN_IN_PATH);
  }, [leaving, user, router]);

  const error = submitted && !pending && user.tfaVerifyError ? apiErrorMessage(user.tfaVerifyError) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = tfaCodeProblem(code);
    setLocalError(problem);
    if (problem) return;
    setSubmitted(true);
    setPending(true);
    // On success the effect above sees tfaPassed and goes on to the remembered path.
    await dispatch(verifyTfa(tfaDigits(code)));
    setPending(false);
  }

  async function requestReset() {
    setReset({ pending: true });
    const outcome = await tfaRequestReset();
    setReset(
      outcome.ok
        ? {
            pending: false,
            ok: true,
            text: `We have e-mailed a link to turn off two-factor authentication to ${user.profile?.email ?? 'your address'}.`,
          }
        : { pending: false, ok: false, text: outcome.message },
    );
  }

  if (leaving || !user.profileFetched) {
    return (
      <p className={pageStyles.loading} role="status">
        {leaving ? 'One moment…' : 'Loading…'}
      </p>
    );
  }

  return (
    <>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <CodeField
          id={`${id}-code`}
          label="Authentication code"
          hint={`The ${TFA_CODE_LENGTH}-digit code shown in your authenticator app.`}
          error={localError ?? error}
          name="token"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Checking…' : 'Verify'}
          </button>
        </div>
      </form>
      <div className={pageStyles.footer}>
        <p>
          Lost your device?{' '}
          <button type="button" className={formStyles.linkButton} onClick={requestReset} disabled={reset.pending}>
            {reset.pending ? 'Sending…' : 'Reset two-factor authentication by e-mail'}
          </button>
        </p>
        {reset.text ? <FormAlert tone={reset.ok ? 'success' : 'error'}>{reset.text}</FormAlert> : null}
      </div>
    </>
  );
}
