'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { SIGN_IN_PATH } from './return-path';
import { FormAlert, Field } from '../../ui/Field';
import { emailProblem, requestPasswordReset } from './account-actions';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from './useFocusInvalid';

export type ForgotPasswordState = { kind: 'idle' } | { kind: 'sent'; email: string } | { kind: 'error'; message: string };

/**
 * `/forgot_password`: asks for a reset link. The answer is the same whether or not the address has
 * an account (the API's rule), so the page never says which; only a refused address, a rate limit
 * or no answer at all is shown as a problem. `initial` lets tests render a given state.
 */
export function ForgotPasswordForm({ initial = { kind: 'idle' } }: { initial?: ForgotPasswordState }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<ForgotPasswordState>(initial);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const alertId = `${id}-alert`;
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = emailProblem(email);
    setFieldError(problem);
    if (problem) return focusInvalid();
    setPending(true);
    setState({ kind: 'idle' });
    const outcome = await requestPasswordReset(email);
    setPending(false);
    if (outcome.ok) return setState({ kind: 'sent', email: email.trim() });
    if (outcome.status === 400) {
      // A refused address belongs beside its field.
      setFieldError(outcome.message);
      focusInvalid();
    } else setState({ kind: 'error', message: outcome.message });
  }

  if (state.kind === 'sent') {
    return (
      <FormAlert tone="success">
        <p>
          If an account exists for <strong>{state.email}</strong>, we&apos;ve sent it a link to choose a new password. The link works once
          and expires soon; check your spam folder if it does not arrive.
        </p>
        <p>
          <Link href={SIGN_IN_PATH}>Back to sign in</Link>
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
        id={`${id}-email`}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus
        hint="The address you signed up with."
        error={fieldError}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Sending…' : 'Send me a link'}
        </button>
        <Link href={SIGN_IN_PATH}>Back to sign in</Link>
      </div>
    </form>
  );
}
