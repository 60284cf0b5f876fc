'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { FormAlert } from '../../ui/Field';
import { tfaCancelReset } from './account-actions';
import { CHANGE_PASSWORD_PATH, FORGOT_PASSWORD_PATH } from './paths';
import formStyles from '../../ui/form.module.css';

export type TwoFactorCancelState =
  | { kind: 'idle' }
  | { kind: 'cancelled' }
  /** `final`: the link cannot cancel anything any more (used, ended, or unknown), so no button to try again. */
  | { kind: 'error'; message: string; final?: boolean };

/**
 * `/two_factor/cancel_reset?token=…`: one button, "This was not me — keep two-factor on", sends
 * `POST /tfa/cancel_reset {cancelToken}`; then a confirmation and the advice to change the password
 * (whoever asked for the reset likely has it), or the refusal in words. Nothing happens on arrival,
 * so a mail scanner that opens the link cannot use it. `initial` lets tests render a given state.
 */
export function TwoFactorCancelReset({ token, initial }: { token: string; initial?: TwoFactorCancelState }) {
  const signedIn = useAppSelector((state) => state.user.signedIn);
  const [state, setState] = useState<TwoFactorCancelState>(initial ?? { kind: 'idle' });
  const [pending, setPending] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  // The result replaces the button: focus follows it, so keyboard users are not left on nothing.
  useEffect(() => {
    if (state.kind !== 'idle') resultRef.current?.focus();
  }, [state.kind]);

  async function cancel() {
    if (pending) return;
    setPending(true);
    const outcome = await tfaCancelReset(token);
    setPending(false);
    setState(
      outcome.ok
        ? { kind: 'cancelled' }
        : { kind: 'error', message: outcome.message, final: outcome.errorCode === 'auth/tfa_reset_cancel_invalid' },
    );
  }

  if (state.kind === 'cancelled') {
    return (
      <div ref={resultRef} tabIndex={-1}>
        <FormAlert tone="success">
          <p>
            <strong>Cancelled. Two-factor authentication stays on for your account.</strong>
          </p>
          <p>
            Whoever asked for the reset may know your password: change it now, and check that your e-mail account is safe too.{' '}
            {signedIn ? (
              <Link href={CHANGE_PASSWORD_PATH}>Change your password</Link>
            ) : (
              <Link href={FORGOT_PASSWORD_PATH}>Choose a new password</Link>
            )}
          </p>
        </FormAlert>
      </div>
    );
  }
  return (
    <>
      {state.kind === 'error' ? (
        <div ref={resultRef} tabIndex={-1}>
          <FormAlert>
            <p>{state.message}</p>
            <p>If two-factor authentication was already turned off, sign in and set it up again, then change your password.</p>
          </FormAlert>
        </div>
      ) : null}
      {state.kind === 'error' && state.final ? null : token ? (
        <div className={formStyles.actions}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void cancel()}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? 'Cancelling…' : 'This was not me — keep two-factor on'}
          </button>
        </div>
      ) : (
        <FormAlert>
          <p>This link is not complete. Open the link in the e-mail again, or copy the whole address from it.</p>
        </FormAlert>
      )}
    </>
  );
}
