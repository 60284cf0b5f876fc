'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { SIGN_IN_PATH } from './return-path';
import { fetchCurrentUser } from './user-slice';
import { FormAlert, Field } from '../../ui/Field';
import { PASSWORD_POLICY, newPasswordProblems, resetPassword } from './account-actions';
import { FORGOT_PASSWORD_PATH } from './paths';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from './useFocusInvalid';

export type ResetPasswordState =
  | { kind: 'idle' }
  | { kind: 'done' }
  /** The link is expired or not valid. */
  | { kind: 'link'; message: string }
  | { kind: 'error'; message: string };

/**
 * `/reset_password?uid=…&token=…` (the e-mailed link): a new password, twice. The policy is checked
 * here with the API's rule. Success ends every session, so the page sends the user to sign in; an
 * expired or unknown link offers a new one. `initial` lets tests render a given state.
 */
export function ResetPasswordForm({ uid, token, initial }: { uid: string; token: string; initial?: ResetPasswordState }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [pending, setPending] = useState(false);
  // A link without its parts cannot work: say so at once.
  const [state, setState] = useState<ResetPasswordState>(
    initial ?? (uid && token ? { kind: 'idle' } : { kind: 'link', message: 'This password reset link is not complete.' }),
  );
  const alertId = `${id}-alert`;
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problems = newPasswordProblems(password, confirm);
    setErrors(problems);
    if (problems.password || problems.confirm) return focusInvalid();
    setPending(true);
    setState({ kind: 'idle' });
    const result = await resetPassword(uid, token, password);
    setPending(false);
    if (result.kind === 'done') {
      setState({ kind: 'done' });
      // Every session of the account has ended, this browser's too if it had one: let the header know.
      void dispatch(fetchCurrentUser());
    } else if (result.kind === 'password') {
      setErrors({ password: result.message });
      focusInvalid();
    } else setState({ kind: result.kind === 'link' ? 'link' : 'error', message: result.message });
  }

  if (state.kind === 'done') {
    return (
      <FormAlert tone="success">
        <p>Your password has been changed. For your safety we have signed you out on every device.</p>
        <p>
          <Link href={SIGN_IN_PATH}>Sign in with your new password</Link>
        </p>
      </FormAlert>
    );
  }
  if (state.kind === 'link') {
    return (
      <FormAlert>
        <p>{state.message}</p>
        <p>
          <Link href={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>
        </p>
      </FormAlert>
    );
  }

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={state.kind === 'error' ? alertId : undefined}
    >
      {state.kind === 'error' ? <FormAlert id={alertId}>{state.message}</FormAlert> : null}
      <Field
        id={`${id}-password`}
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        autoFocus
        hint={PASSWORD_POLICY}
        error={errors.password}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
      />
      <Field
        id={`${id}-confirm`}
        label="New password again"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={errors.confirm}
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          setErrors((current) => ({ ...current, confirm: undefined }));
        }}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : 'Set new password'}
        </button>
      </div>
    </form>
  );
}
