'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../store/hooks';
import { FormAlert, Field } from '../../ui/Field';
import { PASSWORD_POLICY, changePassword, newPasswordProblems } from './account-actions';
import { FORGOT_PASSWORD_PATH, PROFILE_PATH } from './paths';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import { useFocusInvalid } from './useFocusInvalid';

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string };
export type ChangePasswordState = { kind: 'idle' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * `/profile/password`: current password, new one twice. The API signs out every other session of
 * the account (this one stays), which the success message says. `initial` lets tests render a state.
 */
export function ChangePasswordForm({ initial = { kind: 'idle' } }: { initial?: ChangePasswordState }) {
  const id = useId();
  const email = useAppSelector((state) => state.user.profile?.email ?? '');
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<ChangePasswordState>(initial);
  const [pending, setPending] = useState(false);
  const alertId = `${id}-alert`;
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  function set(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { password, confirm } = newPasswordProblems(values.newPassword, values.confirm);
    const found: Errors = {
      currentPassword: values.currentPassword ? undefined : 'Enter your current password',
      newPassword: password,
      confirm,
    };
    setErrors(found);
    if (found.currentPassword || found.newPassword || found.confirm) return focusInvalid();
    setPending(true);
    setState({ kind: 'idle' });
    const result = await changePassword(values.currentPassword, values.newPassword);
    setPending(false);
    if (result.kind === 'done') {
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
      setState({ kind: 'done' });
    } else if (result.kind === 'field') {
      setErrors({ [result.field]: result.message });
      focusInvalid();
    } else setState({ kind: 'error', message: result.message });
  }

  return (
    <>
      {state.kind === 'done' ? (
        <FormAlert tone="success">
          <p>Your password has been changed. Every other device signed in to your account has been signed out.</p>
          <p>
            <Link href={PROFILE_PATH}>Back to your profile</Link>
          </p>
        </FormAlert>
      ) : null}
      <form
        ref={formRef}
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={state.kind === 'error' ? alertId : undefined}
      >
        {state.kind === 'error' ? <FormAlert id={alertId}>{state.message}</FormAlert> : null}
        {/* Lets password managers file the new password under the right account. */}
        {email ? <input type="email" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
        <Field
          id={`${id}-current`}
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
          value={values.currentPassword}
          onChange={(event) => set('currentPassword', event.target.value)}
        />
        <Field
          id={`${id}-new`}
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          hint={PASSWORD_POLICY}
          error={errors.newPassword}
          value={values.newPassword}
          onChange={(event) => set('newPassword', event.target.value)}
        />
        <Field
          id={`${id}-confirm`}
          label="New password again"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={errors.confirm}
          value={values.confirm}
          onChange={(event) => set('confirm', event.target.value)}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Saving…' : 'Change password'}
          </button>
          <Link href={PROFILE_PATH}>Cancel</Link>
        </div>
        <p className={pageStyles.footer}>
          Forgot your current password? <Link href={FORGOT_PASSWORD_PATH}>Reset it by e-mail</Link>.
        </p>
      </form>
    </>
  );
}
