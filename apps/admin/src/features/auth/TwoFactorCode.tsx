import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TfaVerifyResponse } from '@kedai/contract';
import { Alert } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { CodeForm, sessionOf } from './CodeForm';
import { useSetSession, useSignOut } from './session';
import { FEW_RECOVERY_CODES, recoveryCodesCount } from './two-factor';

/**
 * The password was right; the session owes its second factor (decision 0008: within its first 15
 * minutes): a code from the authenticator app or a recovery code. Staff two-factor is never reset
 * by e-mail (decision 0021): without either, another owner resets it on the Staff screen.
 */
export function TwoFactorCode() {
  const signOut = useSignOut();
  const setSession = useSetSession();
  const [used, setUsed] = useState<TfaVerifyResponse | null>(null);

  if (used && used.recoveryCodesLeft !== undefined) {
    return <RecoveryCodeUsed left={used.recoveryCodesLeft} onContinue={() => setSession(sessionOf(used))} />;
  }

  return (
    <main id="main" className="narrow">
      <PageHeading title="Two-factor authentication" />
      <div className="panel">
        <CodeForm
          submitLabel="Continue"
          allowRecovery
          onVerified={(answer) => (answer.recoveryCodesLeft === undefined ? setSession(sessionOf(answer)) : setUsed(answer))}
        />
      </div>
      <h2>Lost your authenticator?</h2>
      <p className="hint">
        Sign in with one of the recovery codes you saved when you set it up (“Use a recovery code instead” above). Without them, ask an
        owner of the shop to reset your two-factor authentication on the Staff screen; you then set it up again here. For the shop&apos;s
        safety, back-office accounts cannot be reset by e-mail.
      </p>
      <div className="actions">
        <button type="button" className="linklike" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </main>
  );
}

/**
 * After a recovery code: how many remain, then on into the back office; when few, strongly, with
 * the way straight to making new ones on the account screen (`/account`).
 */
function RecoveryCodeUsed({ left, onContinue }: { left: number; onContinue: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  useEffect(() => ref.current?.focus(), []);
  const few = left <= FEW_RECOVERY_CODES;
  return (
    <main id="main" className="narrow">
      <PageHeading title="Signed in with a recovery code" />
      <Alert tone={few ? 'error' : 'info'} title={`You have ${recoveryCodesCount(left)} left.`}>
        <p>That code no longer works.</p>
        {few ? (
          <p>
            <strong>Make new ones now</strong> with your password and your authenticator app: “Make new recovery codes” on Your account
            (your name at the top of the back office). Without the app, an owner can reset your two-factor authentication on the Staff
            screen instead.
          </p>
        ) : null}
      </Alert>
      <div className="actions">
        {few ? (
          <button
            ref={ref}
            type="button"
            className="button"
            onClick={() => {
              // The gate opens on the address it is at: set it first, then pass the session.
              void navigate('/account');
              onContinue();
            }}
          >
            Make new recovery codes now
          </button>
        ) : null}
        <button ref={few ? undefined : ref} type="button" className={few ? 'button button--secondary' : 'button'} onClick={onContinue}>
          Continue to the back office
        </button>
      </div>
    </main>
  );
}
