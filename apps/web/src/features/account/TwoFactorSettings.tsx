'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TfaSetupResponse } from '@kedai/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fetchCurrentUser } from './user-slice';
import { CodeField } from './CodeField';
import { Field, FormAlert } from '../../ui/Field';
import {
  compactKey,
  groupKey,
  tfaCodeProblem,
  tfaDisable,
  tfaDisableProblems,
  tfaIsEnabled,
  tfaRequestReset,
  tfaSetup,
  tfaSkipSetup,
  tfaVerify,
  type Outcome,
} from './account-actions';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import styles from './account-pages.module.css';
import { useFocusInvalid } from './useFocusInvalid';

export type TwoFactorView =
  | { kind: 'loading' }
  | { kind: 'loadError'; message: string }
  | { kind: 'off' }
  | { kind: 'setup'; setup: TfaSetupResponse }
  | { kind: 'on' }
  /** On, and asking for a code to turn it off. */
  | { kind: 'disabling' };

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * `/two_factor` (inside RequireSignIn): whether two-factor authentication is on
 * (`GET /tfa/is_enabled`), and the steps of rules: state.md: set up (QR code and typed key, then a code
 * from the app confirms it), skip, turn off with a code, or have a reset link e-mailed when the
 * authenticator is lost. After a change the current user is fetched again, so the rest of the
 * app knows. `initial` lets tests render a given step.
 */
export function TwoFactorSettings({ initial }: { initial?: { view: TwoFactorView; notice?: Notice } }) {
  const dispatch = useAppDispatch();
  const skipped = useAppSelector((state) => state.user.tfaSetupSkipped);
  const [view, setView] = useState<TwoFactorView>(initial?.view ?? { kind: 'loading' });
  const [notice, setNotice] = useState<Notice>(initial?.notice ?? null);
  const [busy, setBusy] = useState(false);

  async function load() {
    setView({ kind: 'loading' });
    const result = await tfaIsEnabled();
    setView(result.ok ? { kind: result.value ? 'on' : 'off' } : { kind: 'loadError', message: result.message });
  }

  useEffect(() => {
    if (!initial) void load();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Runs one step with the buttons disabled; a failure becomes the notice. */
  async function step<T extends { ok: boolean }>(run: () => Promise<T>, done: (result: T) => void) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    const result = await run();
    setBusy(false);
    if (result.ok) done(result);
    else setNotice({ tone: 'error', text: (result as unknown as { message: string }).message });
  }

  const startSetup = () =>
    step(tfaSetup, (result) => {
      if (result.ok) setView({ kind: 'setup', setup: result.value });
    });

  const skip = () =>
    step(tfaSkipSetup, () => {
      setNotice({ tone: 'success', text: "OK, we won't ask you again. You can set up two-factor authentication here at any time." });
      void dispatch(fetchCurrentUser());
    });

  const requestReset = () =>
    step(tfaRequestReset, () =>
      setNotice({
        tone: 'success',
        text: "We've e-mailed you a link that turns off two-factor authentication. It works once and expires soon.",
      }),
    );

  const turnedOn = () => {
    setView({ kind: 'on' });
    setNotice({ tone: 'success', text: 'All set. Next time you sign in, we will ask for a code from your app.' });
    void dispatch(fetchCurrentUser());
  };

  const turnedOff = () => {
    setView({ kind: 'off' });
    setNotice({ tone: 'success', text: 'Turned off. Signing in now needs only your e-mail and password.' });
    void dispatch(fetchCurrentUser());
  };

  /** A new step: the last result no longer applies. */
  const go = (next: TwoFactorView) => {
    setNotice(null);
    setView(next);
  };

  const noticeBlock = notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null;

  switch (view.kind) {
    case 'loading':
      return (
        <p className={pageStyles.loading} role="status">
          Checking your two-factor settings…
        </p>
      );
    case 'loadError':
      return (
        <FormAlert>
          <p>We could not check your two-factor settings: {view.message}</p>
          <p>
            <button type="button" className="button button--secondary" onClick={() => void load()}>
              Try again
            </button>
          </p>
        </FormAlert>
      );
    case 'off':
      return (
        <div className={styles.section}>
          {noticeBlock}
          <p className={styles.status}>Two-factor authentication is off.</p>
          <p>
            With it on, signing in also asks for a 6-digit code from an authenticator app on your phone (such as Google Authenticator,
            Microsoft Authenticator or 1Password), so your password alone is not enough.
          </p>
          <div className={formStyles.actions}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void startSetup()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? 'One moment…' : 'Set up'}
            </button>
            {skipped ? null : (
              <button type="button" className="button button--secondary" onClick={() => void skip()} disabled={busy}>
                Not now
              </button>
            )}
          </div>
        </div>
      );
    case 'setup':
      return <SetupStep setup={view.setup} notice={noticeBlock} onDone={turnedOn} onCancel={() => go({ kind: 'off' })} />;
    case 'on':
    case 'disabling':
      return (
        <div className={styles.section}>
          {noticeBlock}
          <p className={styles.statusOn}>Two-factor authentication is on.</p>
          {view.kind === 'disabling' ? (
            <DisableForm onDone={turnedOff} onCancel={() => go({ kind: 'on' })} />
          ) : (
            <div className={formStyles.actions}>
              <button type="button" className="button button--secondary" onClick={() => go({ kind: 'disabling' })} disabled={busy}>
                Turn off
              </button>
            </div>
          )}
          <p className={pageStyles.footer}>
            <button type="button" className={formStyles.linkButton} onClick={() => void requestReset()} disabled={busy}>
              {busy ? 'Sending…' : 'Lost your authenticator?'}
            </button>{' '}
            We can e-mail you a link that turns two-factor authentication off.
          </p>
        </div>
      );
  }
}

/** Step two of the set-up: the QR code and the key to type, then a code from the app turns it on. */
function SetupStep({
  setup,
  notice,
  onDone,
  onCancel,
}: {
  setup: TfaSetupResponse;
  notice: ReactNode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string>('');

  // Keyboard and screen-reader users are taken to the new step.
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(compactKey(setup.manualKey));
      setCopied('Key copied.');
    } catch {
      setCopied('Could not copy: select the key and copy it yourself.');
    }
  }

  return (
    <div className={styles.section}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Set up your authenticator app
      </h2>
      {notice}
      <ol className={styles.steps}>
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          {/* An SVG data: URL made by the API; next/image adds nothing for it. */}
          <img
            className={styles.qr}
            src={setup.qrCodeDataUrl}
            alt="QR code to add your Kedai account to an authenticator app"
            width={192}
            height={192}
          />
          <p>
            On this phone? <a href={setup.otpauthUri}>Open it in your authenticator app</a>.
          </p>
        </li>
        <li>
          <p>Can&apos;t scan it? Enter this key in the app instead:</p>
          <div className={styles.keyRow}>
            <code className={styles.key} data-testid="tfa-manual-key">
              {groupKey(setup.manualKey).join(' ')}
            </code>
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              Copy key
            </button>
          </div>
          <p className={formStyles.hint} role="status" aria-live="polite">
            {copied}
          </p>
        </li>
        <li>
          <CodeForm
            label="Code from your authenticator app"
            hint="Enter the 6-digit code the app now shows for Kedai."
            submitLabel="Turn on"
            pendingLabel="Checking…"
            send={tfaVerify}
            onDone={onDone}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}

/**
 * Turning two-factor off: the account's password and a current code (either alone — a stolen
 * unlocked phone, a session left open — is not enough). The API's refusal is shown at its field.
 */
function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const email = useAppSelector((state) => state.user.profile?.email ?? '');
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [pending, setPending] = useState(false);

  function set(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problems = tfaDisableProblems(values.password, values.code);
    setErrors(problems);
    if (problems.password || problems.code) return focusInvalid();
    setPending(true);
    const outcome = await tfaDisable(values.password, values.code);
    setPending(false);
    if (outcome.ok) return onDone();
    if (outcome.errorCode === 'auth/wrong_password') setErrors({ password: outcome.message });
    else {
      setErrors({ code: outcome.message });
      setValues((current) => ({ ...current, code: '' }));
    }
    focusInvalid();
  }

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p>To turn two-factor authentication off, confirm it is you: your password and the code your app shows now.</p>
      {email ? <input type="email" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        autoFocus
        error={errors.password}
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
      />
      <CodeField
        id={`${id}-code`}
        label="Code from your authenticator app"
        hint="The 6-digit code your app shows now."
        name="token"
        required
        error={errors.code}
        value={values.code}
        onChange={(event) => set('code', event.target.value)}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Turning off…' : 'Turn off'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A six-digit code and a submit button; the API's refusal is shown beside the field. */
function CodeForm({
  label,
  hint,
  submitLabel,
  pendingLabel,
  send,
  onDone,
  onCancel,
  autoFocus = false,
}: {
  autoFocus?: boolean;
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  send: (code: string) => Promise<Outcome>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = tfaCodeProblem(code);
    setError(problem);
    if (problem) return focusInvalid();
    setPending(true);
    const outcome = await send(code);
    setPending(false);
    if (outcome.ok) return onDone();
    setError(outcome.message);
    setCode('');
    focusInvalid();
  }

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
      <CodeField
        id={`${id}-code`}
        label={label}
        hint={hint}
        name="token"
        required
        autoFocus={autoFocus}
        error={error}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
