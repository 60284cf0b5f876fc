'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TfaPendingReset } from '@kedai/contract';
import { normaliseRecoveryCode } from '@kedai/domain';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH } from './return-path';
import { fetchCurrentUser, verifyTfa } from './user-slice';
import { CodeField } from './CodeField';
import { Field, FormAlert } from '../../ui/Field';
import { TFA_CODE_LENGTH, tfaCodeProblem, tfaDigits, tfaRequestReset, tfaStatus } from './account-actions';
import { tfaErrorMessage } from './errors';
import { owesSecondFactor, goAfterSignIn, pathAfterSignIn, RECOVERY_CODES_ANCHOR, TWO_FACTOR_PATH } from './paths';
import { PendingResetNotice } from './PendingResetNotice';
import { FEW_RECOVERY_CODES, recoveryCodeProblem, recoveryCodesCount } from './two-factor';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import styles from './account-pages.module.css';

/** The address of the recovery-codes part of the two-factor settings. */
const NEW_CODES_HREF = `${TWO_FACTOR_PATH}#${RECOVERY_CODES_ANCHOR}`;

/**
 * The two-factor prompt after sign-in (`/two_factor/verify`): the six-digit code of the
 * authenticator app or, switched to, a recovery code (`POST /tfa/verify {token}`), then back to
 * the remembered path. After a recovery code the page first says how many remain (and urges new
 * ones when few do). A reset by e-mail that is waiting to take effect is said at the top
 * (`GET /tfa/is_enabled`). Someone who lost their device can have a reset link e-mailed
 * (`POST /tfa/requestReset`). `initial` lets tests render a given state.
 */
export function TwoFactorVerifyForm({
  initial,
}: {
  initial?: { recovery?: boolean; pendingReset?: TfaPendingReset | null; recoveryCodesLeft?: number };
} = {}) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const [recovery, setRecovery] = useState(initial?.recovery ?? false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  /** While a code is being checked, and after a recovery code until the shopper moves on, the page stays. */
  const [holding, setHolding] = useState(initial?.recoveryCodesLeft !== undefined);
  const [codesLeft, setCodesLeft] = useState<number | undefined>(initial?.recoveryCodesLeft);
  const [pendingReset, setPendingReset] = useState<TfaPendingReset | null>(initial?.pendingReset ?? null);
  const [reset, setReset] = useState<{ pending: boolean; ok?: boolean; text?: string }>({ pending: false });
  const codeId = `${id}-code`;
  const focusCode = () => document.getElementById(codeId)?.focus();

  useEffect(() => {
    void dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
  }, [dispatch]);

  // A reset by e-mail waiting to take effect is told before the code is asked for.
  const owing = owesSecondFactor(user);
  useEffect(() => {
    if (!owing || initial) return;
    let current = true;
    void tfaStatus().then((result) => {
      if (current && result.ok) setPendingReset(result.value.pendingReset);
    });
    return () => {
      current = false;
    };
  }, [owing, initial]);

  // Nothing to verify: not signed in -> sign in; already passed -> on to the remembered path.
  useEffect(() => {
    if (leaving || holding || !user.profileFetched || owesSecondFactor(user)) return;
    setLeaving(true);
    goAfterSignIn(router, user.signedIn ? pathAfterSignIn(user) : SIGN_IN_PATH);
  }, [leaving, holding, user, router]);

  const error = submitted && !pending && user.tfaVerifyError ? tfaErrorMessage(user.tfaVerifyError) : undefined;

  function switchMode() {
    setRecovery((was) => !was);
    setCode('');
    setLocalError(undefined);
    setSubmitted(false);
    // The new field is where the shopper goes next.
    setTimeout(focusCode, 0);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = recovery ? recoveryCodeProblem(code) : tfaCodeProblem(code);
    setLocalError(problem);
    if (problem) return focusCode();
    setSubmitted(true);
    setPending(true);
    setHolding(true);
    // On success the effect above sees tfaPassed and goes on to the remembered path, unless a
    // recovery code was used: then the count of those left is shown first.
    const result = await dispatch(verifyTfa(recovery ? normaliseRecoveryCode(code) : tfaDigits(code)));
    setPending(false);
    const left = verifyTfa.fulfilled.match(result) ? result.payload.recoveryCodesLeft : undefined;
    if (left === undefined) {
      setHolding(false);
      if (!verifyTfa.fulfilled.match(result)) focusCode();
    } else setCodesLeft(left);
  }

  async function requestReset() {
    setReset({ pending: true });
    const outcome = await tfaRequestReset();
    setReset(
      outcome.ok
        ? {
            pending: false,
            ok: true,
            text: `We have e-mailed a link to turn off two-factor authentication to ${user.profile?.email ?? 'your address'}. For your safety it takes effect only some days after you open it.`,
          }
        : { pending: false, ok: false, text: outcome.message },
    );
  }

  if (codesLeft !== undefined) return <RecoveryCodeUsed left={codesLeft} onContinue={() => setHolding(false)} leaving={leaving} />;

  if (leaving || !user.profileFetched) {
    return (
      <p className={pageStyles.loading} role="status">
        {leaving ? 'One moment…' : 'Loading…'}
      </p>
    );
  }

  const fieldProps = {
    id: codeId,
    error: localError ?? error,
    name: 'token',
    required: true,
    autoFocus: true,
    value: code,
    onChange: (event: { target: { value: string } }) => setCode(event.target.value),
  };

  return (
    <>
      {pendingReset ? <PendingResetNotice effectiveAt={pendingReset.effectiveAt} where="sign-in" /> : null}
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        {recovery ? (
          <Field
            key="recovery"
            {...fieldProps}
            label="Recovery code"
            hint="One of the codes you saved when you turned on two-factor authentication, like abcd-efgh-jkmn-pqrs. Each code works once."
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={24}
            inputClassName={styles.recoveryInput}
          />
        ) : (
          <CodeField
            key="app"
            {...fieldProps}
            label="Authentication code"
            hint={`The ${TFA_CODE_LENGTH}-digit code shown in your authenticator app.`}
          />
        )}
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Checking…' : 'Verify'}
          </button>
          <button type="button" className={formStyles.linkButton} onClick={switchMode} disabled={pending}>
            {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
          </button>
        </div>
      </form>
      <div className={pageStyles.footer}>
        <p>
          Lost your device and your recovery codes?{' '}
          <button type="button" className={formStyles.linkButton} onClick={requestReset} disabled={reset.pending}>
            {reset.pending ? 'Sending…' : 'Reset two-factor authentication by e-mail'}
          </button>
        </p>
        {reset.text ? <FormAlert tone={reset.ok ? 'success' : 'error'}>{reset.text}</FormAlert> : null}
      </div>
    </>
  );
}

/** After signing in with a recovery code: how many remain, a strong word when few do, and on. */
function RecoveryCodeUsed({ left, onContinue, leaving }: { left: number; onContinue: () => void; leaving: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const few = left <= FEW_RECOVERY_CODES;
  return (
    <section className={styles.section} aria-labelledby="recovery-used-title">
      <h2 id="recovery-used-title" ref={headingRef} tabIndex={-1}>
        You are signed in with a recovery code
      </h2>
      <div className={few ? styles.warning : undefined} role="status" data-testid="recovery-codes-left">
        <p>
          That code no longer works. <strong>You have {recoveryCodesCount(left)} left.</strong>
        </p>
        {few ? (
          <p>
            <strong>Make new ones now</strong>, so you can still sign in if you cannot use your authenticator app. If you have lost your
            phone, also set up two-factor authentication again on your new one.
          </p>
        ) : null}
      </div>
      <div className={formStyles.actions}>
        <Link href={NEW_CODES_HREF} className={`button ${few ? 'button--primary' : 'button--secondary'}`}>
          Make new recovery codes
        </Link>
        <button
          type="button"
          className={`button ${few ? 'button--secondary' : 'button--primary'}`}
          onClick={onContinue}
          disabled={leaving}
          aria-busy={leaving || undefined}
        >
          {leaving ? 'One moment…' : 'Continue'}
        </button>
      </div>
    </section>
  );
}
