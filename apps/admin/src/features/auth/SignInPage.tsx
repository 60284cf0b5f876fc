import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { useSetSession } from './session';

/** E-mail and password, through the storefront's own `POST /auth/login`. */
export function SignInPage() {
  const setSession = useSetSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => api.post('/auth/login', { body: { email: email.trim(), password } }),
    onSuccess: setSession,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate();
  }

  return (
    <main id="main" className="narrow">
      <PageHeading title="Sign in to the back office" />
      <p className="hint">For the shop&apos;s staff. Use the e-mail and password of your Kedai account.</p>
      {signIn.isError ? <Alert tone="error">{errorText(signIn.error)}</Alert> : null}
      <form className="panel" onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="button" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
