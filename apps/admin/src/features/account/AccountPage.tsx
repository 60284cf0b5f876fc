import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { codeOf, errorText } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { RecoveryCodes } from '../auth/RecoveryCodes';
import { useSession } from '../auth/session';
import { ROLE_LABELS } from '../staff/staff';
import { codeErrorText, FEW_RECOVERY_CODES, recoveryCodesCount } from '../auth/two-factor';

const TFA_STATUS_KEY = ['tfa-status'] as const;
const PASSWORD_ID = 'renew-password';
const CODE_ID = 'renew-code';

/**
 * `/account` (every member, from their name in the header): who is signed in, and their second
 * factor (decision 0021). Staff two-factor is never reset by e-mail, so the recovery codes are
 * their way back in: how many remain (`GET /tfa/is_enabled`, strongly at 2 or fewer), and new ones
 * with the password and a current authenticator code (`POST /tfa/recovery_codes`), shown once.
 */
export function AccountPage() {
  const queryClient = useQueryClient();
  const profile = useSession().data?.profile ?? null;
  const status = useQuery({ queryKey: TFA_STATUS_KEY, queryFn: ({ signal }) => api.get('/tfa/is_enabled', { signal }) });
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const role = profile && profile.role !== 'shopper' ? profile.role : null;

  function codesSaved() {
    setCodes(null);
    setRenewing(false);
    setSaved(true);
    void queryClient.invalidateQueries({ queryKey: TFA_STATUS_KEY });
  }

  return (
    <div className="narrow">
      <PageHeading title="Your account" />
      {codes ? (
        <>
          <Alert tone="info" title="Your new recovery codes are ready.">
            <p>All your older recovery codes no longer work: keep only these.</p>
          </Alert>
          <RecoveryCodes codes={codes} email={profile?.email ?? null} doneLabel="Done" onDone={codesSaved} />
        </>
      ) : (
        <>
          <section className="panel" aria-labelledby="account-who">
            <h2 id="account-who">Signed in as</h2>
            <dl className="facts">
              <dt>E-mail</dt>
              <dd>{profile?.email}</dd>
              <dt>Role</dt>
              <dd>{role ? ROLE_LABELS[role] : ''}</dd>
            </dl>
          </section>
          <section className="panel" aria-labelledby="account-tfa">
            <h2 id="account-tfa">Two-factor authentication</h2>
            {saved ? (
              <Alert tone="success" focusOnShow>
                <p>Your new recovery codes are saved. The older ones no longer work.</p>
              </Alert>
            ) : null}
            {status.isPending ? <Loading what="Checking your two-factor settings…" /> : null}
            {status.isError ? <LoadError message={errorText(status.error)} onRetry={() => void status.refetch()} /> : null}
            {status.data && !status.data.enabled ? (
              <p>Two-factor authentication is not on for your account. Sign out and in again to set it up.</p>
            ) : null}
            {status.data?.enabled ? (
              <>
                <p>On: the back office always asks for a code from your authenticator app after your password.</p>
                <h3>Recovery codes</h3>
                <CodesLeft left={status.data.recoveryCodesLeft} />
                {renewing ? (
                  <RenewForm
                    onRenewed={(fresh) => {
                      setSaved(false);
                      setCodes(fresh);
                    }}
                    onCancel={() => setRenewing(false)}
                  />
                ) : (
                  <div className="actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => {
                        setSaved(false);
                        setRenewing(true);
                      }}
                    >
                      Make new recovery codes
                    </button>
                  </div>
                )}
              </>
            ) : null}
          </section>
          <section className="panel" aria-labelledby="account-lost">
            <h2 id="account-lost">Lost your authenticator?</h2>
            <p>
              Sign in with one of your recovery codes instead of the 6-digit code. For the shop&apos;s safety, back-office accounts cannot
              reset two-factor authentication by e-mail.
            </p>
            {role === 'owner' ? (
              <p>
                Without your recovery codes, another owner can reset your two-factor authentication on the Staff screen, and you set it up
                again at your next sign-in. Owners cannot reset their own: if you are the only owner, keep your recovery codes especially
                safe.
              </p>
            ) : (
              <p>
                Without your recovery codes, ask an owner of the shop to reset your two-factor authentication on the Staff screen; you then
                set it up again at your next sign-in.
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** How many unused recovery codes remain: plainly, or as a warning at FEW_RECOVERY_CODES or fewer. */
function CodesLeft({ left }: { left: number }) {
  if (left > FEW_RECOVERY_CODES) return <p>You have {recoveryCodesCount(left)} left. Each code works once.</p>;
  return (
    <Alert tone="error" title={`You have only ${recoveryCodesCount(left)} left.`}>
      <p>
        Make new ones now. If you lose your phone with no recovery code left, you cannot sign in until an owner resets your two-factor
        authentication.
      </p>
    </Alert>
  );
}

/** The password and a current authenticator code, then `POST /tfa/recovery_codes`. */
function RenewForm({ onRenewed, onCancel }: { onRenewed: (codes: string[]) => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [problems, setProblems] = useState<{ password?: string; token?: string }>({});
  const renew = useMutation({
    mutationFn: (body: { password: string; token: string }) => api.post('/tfa/recovery_codes', { body }),
    onSuccess: (answer) => onRenewed(answer.recoveryCodes),
    onError: (error) => {
      // The field that was wrong is where the user goes next; a wrong code is not worth keeping.
      const code = codeOf(error);
      if (code === 'auth/wrong_password') {
        setProblems({ password: errorText(error) });
        document.getElementById(PASSWORD_ID)?.focus();
      } else if (code === 'auth/tfa_wrong_code') {
        setProblems({ token: errorText(error) });
        setToken('');
        document.getElementById(CODE_ID)?.focus();
      }
    },
  });
  const fieldProblem = codeOf(renew.error) === 'auth/wrong_password' || codeOf(renew.error) === 'auth/tfa_wrong_code';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (renew.isPending) return;
    const digits = token.replace(/[\s-]+/g, '');
    const found = {
      password: password === '' ? 'Enter your password.' : undefined,
      token: /^\d{6}$/.test(digits) ? undefined : 'Enter the 6-digit code your authenticator app shows now.',
    };
    setProblems(found);
    renew.reset();
    if (found.password || found.token) {
      document.getElementById(found.password ? PASSWORD_ID : CODE_ID)?.focus();
      return;
    }
    renew.mutate({ password, token: digits });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Make new recovery codes">
      <p>New codes replace all your older ones. To make them, confirm it is you: your password and the code your app shows now.</p>
      {renew.isError && !fieldProblem ? <Alert tone="error">{codeErrorText(renew.error)}</Alert> : null}
      <TextField
        id={PASSWORD_ID}
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={1024}
        error={problems.password}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        id={CODE_ID}
        label="Code from your authenticator app"
        hint="The 6-digit code the app shows for Kedai now."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        error={problems.token}
        value={token}
        onChange={(e) => setToken(e.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={renew.isPending}>
          {renew.isPending ? 'Making codes…' : 'Make new codes'}
        </button>
        <button type="button" className="linklike" onClick={onCancel} disabled={renew.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
