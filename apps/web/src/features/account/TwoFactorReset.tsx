'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH } from './return-path';
import { fetchCurrentUser } from './user-slice';
import { FormAlert } from '../../ui/Field';
import { tfaReset } from './account-actions';
import { TWO_FACTOR_PATH } from './paths';
import formStyles from '../../ui/form.module.css';

export type TwoFactorResetState = { kind: 'idle' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * `/two_factor/reset?token=…` (the e-mailed link for a lost authenticator): one button turns
 * two-factor authentication off (`POST /tfa/reset`). Works signed out; a signed-in user's state is
 * fetched again afterwards. Nothing happens on arrival, so a mail scanner that opens the link
 * cannot use it. `initial` lets tests render a given state.
 */
export function TwoFactorReset({ token, initial }: { token: string; initial?: TwoFactorResetState }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.user.signedIn);
  const [state, setState] = useState<TwoFactorResetState>(
    initial ?? (token ? { kind: 'idle' } : { kind: 'error', message: 'This two-factor reset link is not complete.' }),
  );
  const [pending, setPending] = useState(false);

  async function reset() {
    if (pending) return;
    setPending(true);
    const outcome = await tfaReset(token);
    setPending(false);
    if (outcome.ok) {
      setState({ kind: 'done' });
      void dispatch(fetchCurrentUser());
    } else setState({ kind: 'error', message: outcome.message });
  }

  if (state.kind === 'done') {
    return (
      <FormAlert tone="success">
        <p>Two-factor authentication is off. You can sign in with your e-mail and password alone.</p>
        <p>
          {signedIn ? <Link href={TWO_FACTOR_PATH}>Set it up again with your new device</Link> : <Link href={SIGN_IN_PATH}>Sign in</Link>}
        </p>
      </FormAlert>
    );
  }
  if (state.kind === 'error') {
    return (
      <FormAlert>
        <p>{state.message}</p>
        <p>
          {signedIn ? <Link href={TWO_FACTOR_PATH}>Go to your two-factor settings</Link> : <Link href={SIGN_IN_PATH}>Sign in</Link>} to ask
          for a new link.
        </p>
      </FormAlert>
    );
  }
  return (
    <div className={formStyles.actions}>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void reset()}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? 'Turning off…' : 'Turn off two-factor authentication'}
      </button>
    </div>
  );
}
