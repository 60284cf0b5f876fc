import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TfaVerifyResponse } from '@kedai/contract';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { CodeForm, sessionOf } from './CodeForm';
import { RecoveryCodes } from './RecoveryCodes';
import { useSession, useSetSession, useSignOut } from './session';

/** "ABCD EFGH IJKL" however the API grouped it. */
const grouped = (key: string) => (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

/**
 * Staff always work with a second factor (rules: access.md "Staff"): an account without one is
 * walked through it here. `POST /tfa/setup` makes a secret (QR code and typed key); the first code
 * from it, sent to `POST /tfa/verify`, turns it on and passes it for this session. The answer's ten
 * recovery codes are shown once, and saved, before the back office opens.
 */
export function TwoFactorSetup() {
  const signOut = useSignOut();
  const setSession = useSetSession();
  const email = useSession().data?.profile?.email ?? null;
  const setup = useMutation({ mutationFn: () => api.post('/tfa/setup') });
  const secret = setup.data;
  const [turnedOn, setTurnedOn] = useState<TfaVerifyResponse | null>(null);

  if (turnedOn?.recoveryCodes?.length) {
    return (
      <main id="main" className="narrow">
        <PageHeading title="Two-factor authentication is on" />
        <RecoveryCodes codes={turnedOn.recoveryCodes} email={email} onDone={() => setSession(sessionOf(turnedOn))} />
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <PageHeading title="Set up two-factor authentication" />
      {!secret ? (
        <>
          <p>
            The back office needs two-factor authentication: besides your password, a code from an authenticator app on your phone (such as
            Google Authenticator, Microsoft Authenticator or 1Password).
          </p>
          {setup.isError ? <Alert tone="error">{errorText(setup.error)}</Alert> : null}
          <div className="actions">
            <button type="button" className="button" disabled={setup.isPending} onClick={() => setup.mutate()}>
              {setup.isPending ? 'Starting…' : 'Set it up now'}
            </button>
            <button type="button" className="linklike" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </>
      ) : (
        <ol className="panel">
          <li>
            <p>Scan this QR code with your authenticator app.</p>
            {/* An SVG data: URL made by the API. */}
            <img
              className="qr"
              src={secret.qrCodeDataUrl}
              alt="QR code that adds your Kedai account to an authenticator app"
              width={192}
              height={192}
            />
            <p>
              On this phone? <a href={secret.otpauthUri}>Open it in your authenticator app</a>.
            </p>
          </li>
          <li>
            <p>Can&apos;t scan it? Enter this key in the app instead:</p>
            <p className="key" data-testid="tfa-manual-key">
              {grouped(secret.manualKey)}
            </p>
          </li>
          <li>
            <CodeForm
              submitLabel="Turn on and continue"
              onVerified={(answer) => (answer.recoveryCodes?.length ? setTurnedOn(answer) : setSession(sessionOf(answer)))}
            />
          </li>
        </ol>
      )}
    </main>
  );
}
