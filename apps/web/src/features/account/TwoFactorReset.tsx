'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH } from './return-path';
import { FormAlert } from '../../ui/Field';
import { tfaReset } from './account-actions';
import { TWO_FACTOR_PATH } from './paths';
import { momentInWords } from './two-factor';
import formStyles from '../../ui/form.module.css';

export type TwoFactorResetState =
  | { kind: 'idle' }
  /** Scheduled: two-factor turns off at `effectiveAt` unless the account's owner stops it. */
  | { kind: 'scheduled'; effectiveAt: string }
  /** `staff`: a staff or owner account, which is never reset by e-mail. */
  | { kind: 'error'; message: string; staff?: boolean };

/**
 * `/two_factor/reset?token=…` (the e-mailed link for a lost authenticator): one button asks for
 * two-factor authentication to be turned off (`POST /tfa/reset`). It is not turned off at once
 * (decision 0021): the answer says when, and the account is e-mailed a notice with a "this was not
 * me" link meanwhile. Works signed out. Nothing happens on arrival, so a mail scanner that opens
 * the link cannot use it. `initial` (and `timeZone`) let tests render a given state.
 */
export function TwoFactorReset({ token, initial, timeZone }: { token: string; initial?: TwoFactorResetState; timeZone?: string }) {
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
    setState(
      outcome.ok
        ? { kind: 'scheduled', effectiveAt: outcome.value.effectiveAt }
        : { kind: 'error', message: outcome.message, staff: outcome.errorCode === 'auth/tfa_reset_staff' },
    );
  }

  if (state.kind === 'scheduled') {
    return (
      <FormAlert tone="success">
        <p>
          <strong>
            Your request is in. Two-factor authentication will be turned off on{' '}
            <time dateTime={state.effectiveAt}>{momentInWords(state.effectiveAt, timeZone)}</time>.
          </strong>
        </p>
        <p>
          For your safety it is not turned off at once: we have e-mailed the account a notice, so that if someone else got hold of your
          e-mail they can be stopped. Until then, signing in still asks for a code from your authenticator app or a recovery code.
        </p>
        <p>
          After that time you can sign in with your e-mail and password alone, and set two-factor authentication up again on your new
          device. {signedIn ? <Link href={TWO_FACTOR_PATH}>Your two-factor settings</Link> : <Link href={SIGN_IN_PATH}>Sign in</Link>}
        </p>
      </FormAlert>
    );
  }
  if (state.kind === 'error') {
    return (
      <FormAlert>
        <p>{state.message}</p>
        {state.staff ? null : (
          <p>
            {signedIn ? <Link href={TWO_FACTOR_PATH}>Go to your two-factor settings</Link> : <Link href={SIGN_IN_PATH}>Sign in</Link>} to
            ask for a new link.
          </p>
        )}
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
        {pending ? 'Sending…' : 'Turn off two-factor authentication'}
      </button>
    </div>
  );
}
