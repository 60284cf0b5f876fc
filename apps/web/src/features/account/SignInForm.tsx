'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ReturnLink } from './ReturnLink';
import { signIn } from './user-slice';
import { FormAlert, Field } from '../../ui/Field';
import { ResendCodeButton } from './ResendCodeButton';
import { describeSignInError } from './errors';
import { FORGOT_PASSWORD_PATH, REGISTER_PATH, goAfterSignIn, pathAfterSignIn, verifyEmailHref } from './paths';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';

/**
 * The sign-in form of `/sign_in`: e-mail, password, remember me. A failure shows the catalogue
 * message; an unverified address is offered its code (enter it, or have a new one sent); a
 * blacklisted account sees the policy message with the contact address. After success the user
 * goes to the two-factor prompt when it is owed, else back to the remembered path.
 */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberme, setRememberme] = useState(false);
  const [pending, setPending] = useState(false);
  // The slot keeps the last failure; show it only for a submission made on this page.
  const [submitted, setSubmitted] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const problem = submitted && !pending && user.signInError ? describeSignInError(user.signInError) : null;
  const errorId = `${id}-error`;

  // Someone already signed in (another tab, or back to this page) is sent on.
  useEffect(() => {
    if (!leaving && user.profileFetched && user.signedIn && !submitted) {
      setLeaving(true);
      goAfterSignIn(router, pathAfterSignIn(user));
    }
  }, [leaving, user, submitted, router]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setSubmitted(true);
    const result = await dispatch(signIn({ email: email.trim(), password, rememberme }));
    setPending(false);
    if (signIn.fulfilled.match(result)) {
      setLeaving(true);
      goAfterSignIn(router, pathAfterSignIn(result.payload));
    }
  }

  if (leaving) {
    return (
      <p className={pageStyles.loading} role="status">
        Signing you in…
      </p>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-describedby={problem ? errorId : undefined}>
      {problem ? (
        <FormAlert id={errorId}>
          <p>{problem.message}</p>
          {problem.kind === 'unverified' ? (
            <p>
              <Link href={verifyEmailHref(email)}>Enter your verification code</Link> or{' '}
              <ResendCodeButton email={email.trim()} label="send me a new code" />.
            </p>
          ) : null}
          {problem.kind === 'blacklisted' && problem.contact ? (
            <p>
              <a href={`mailto:${problem.contact}`}>Write to {problem.contact}</a>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <Field
        id={`${id}-email`}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={formStyles.check}>
        <input
          id={`${id}-remember`}
          type="checkbox"
          name="rememberme"
          checked={rememberme}
          onChange={(event) => setRememberme(event.target.checked)}
        />
        <label htmlFor={`${id}-remember`}>Keep me signed in on this device</label>
      </div>
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
        <Link href={FORGOT_PASSWORD_PATH}>Forgot your password?</Link>
      </div>
      <p className={pageStyles.footer}>
        New here? <Link href={REGISTER_PATH}>Create an account</Link>. Or <ReturnLink />.
      </p>
    </form>
  );
}
