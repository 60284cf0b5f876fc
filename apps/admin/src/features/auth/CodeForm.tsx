import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { useSetSession } from './session';

/** A code from the authenticator app, sent to `POST /tfa/verify` (which also turns a new setup on). */
export function CodeForm({ submitLabel }: { submitLabel: string }) {
  const setSession = useSetSession();
  const [token, setToken] = useState('');
  const verify = useMutation({
    mutationFn: () => api.post('/tfa/verify', { body: { token: token.replace(/\s+/g, '') } }),
    onSuccess: setSession,
    onError: () => setToken(''),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate();
  }

  return (
    <form onSubmit={submit} noValidate>
      {verify.isError ? <Alert tone="error">{errorText(verify.error)}</Alert> : null}
      <TextField
        id="tfa-code"
        label="Code from your authenticator app"
        hint="The 6-digit code the app shows for Kedai now."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={token}
        onChange={(e) => setToken(e.target.value)}
      />
      <button type="submit" className="button" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : submitLabel}
      </button>
    </form>
  );
}
