import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SessionState, TfaVerifyResponse } from '@kedai/contract';
import { isRecoveryCodeForm, normaliseRecoveryCode, RECOVERY_CODE_LENGTH } from '@kedai/domain';
import { api } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { useSetSession } from './session';
import { codeErrorText } from './two-factor';

/** The session part of `POST /tfa/verify`'s answer (without the recovery codes or their count). */
export function sessionOf(answer: TfaVerifyResponse): SessionState {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { recoveryCodes, recoveryCodesLeft, ...session } = answer;
  return session;
}

const CODE_ID = 'tfa-code';

/**
 * A code from the authenticator app or, with `allowRecovery` and switched to, a recovery code, sent
 * to `POST /tfa/verify` (which also turns a new set-up on). By default the answer's session is
 * stored, so the gate moves on; `onVerified` lets the caller show something first (the new
 * recovery codes, or how many are left).
 */
export function CodeForm({
  submitLabel,
  allowRecovery = false,
  onVerified,
}: {
  submitLabel: string;
  allowRecovery?: boolean;
  onVerified?: (answer: TfaVerifyResponse) => void;
}) {
  const setSession = useSetSession();
  const [token, setToken] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (sent: string) => api.post('/tfa/verify', { body: { token: sent } }),
    onSuccess: (answer) => (onVerified ? onVerified(answer) : setSession(sessionOf(answer))),
    onError: () => {
      if (!recovery) setToken('');
      document.getElementById(CODE_ID)?.focus();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    if (recovery && !isRecoveryCodeForm(token)) {
      setProblem(
        normaliseRecoveryCode(token) === ''
          ? 'Enter one of your recovery codes.'
          : `A recovery code has ${RECOVERY_CODE_LENGTH} letters and numbers, like abcd-efgh-jkmn-pqrs.`,
      );
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setProblem(null);
    verify.mutate(recovery ? normaliseRecoveryCode(token) : token.replace(/[\s-]+/g, ''));
  }

  function switchMode() {
    setRecovery((was) => !was);
    setToken('');
    setProblem(null);
    verify.reset();
    // The new field is where the user goes next.
    setTimeout(() => document.getElementById(CODE_ID)?.focus(), 0);
  }

  return (
    <form onSubmit={submit} noValidate>
      {verify.isError ? <Alert tone="error">{codeErrorText(verify.error)}</Alert> : null}
      {recovery ? (
        <TextField
          key="recovery"
          id={CODE_ID}
          label="Recovery code"
          hint="One of the codes you saved when you set up two-factor authentication, like abcd-efgh-jkmn-pqrs. Each code works once."
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={24}
          className="key"
          error={problem ?? undefined}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      ) : (
        <TextField
          key="app"
          id={CODE_ID}
          label="Code from your authenticator app"
          hint="The 6-digit code the app shows for Kedai now."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={verify.isPending}>
          {verify.isPending ? 'Checking…' : submitLabel}
        </button>
        {allowRecovery ? (
          <button type="button" className="linklike" onClick={switchMode} disabled={verify.isPending}>
            {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
