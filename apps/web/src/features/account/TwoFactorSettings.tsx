'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TfaPendingReset, TfaSetupResponse, TfaVerifyResponse } from '@kedai/contract';
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
  tfaRenewRecoveryCodes,
  tfaRequestReset,
  tfaSetup,
  tfaSkipSetup,
  tfaStatus,
  tfaVerify,
  type TfaResult,
} from './account-actions';
import { PendingResetNotice } from './PendingResetNotice';
import { RecoveryCodes } from './RecoveryCodes';
import { FEW_RECOVERY_CODES, recoveryCodesCount } from './two-factor';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import styles from './account-pages.module.css';
import { useFocusInvalid } from './useFocusInvalid';
import { RECOVERY_CODES_ANCHOR } from './paths';

/** What `GET /tfa/is_enabled` says of an account with two-factor on. */
interface TwoFactorStatus {
  recoveryCodesLeft: number;
  pendingReset: TfaPendingReset | null;
}

export type TwoFactorView =
  | { kind: 'loading' }
  | { kind: 'loadError'; message: string }
  | { kind: 'off' }
  | { kind: 'setup'; setup: TfaSetupResponse }
  /** The recovery codes, shown once (just turned on, or new ones made); `turnedOn` words the news after. */
  | { kind: 'codes'; codes: string[]; turnedOn: boolean }
  | { kind: 'on'; status: TwoFactorStatus }
  /** On, and asking for the password and a code to turn it off. */
  | { kind: 'disabling'; status: TwoFactorStatus }
  /** On, and asking for the password and a code to make new recovery codes. */
  | { kind: 'renewing'; status: TwoFactorStatus };

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * `/two_factor` (inside RequireSignIn), the profile's two-factor section: whether two-factor
 * authentication is on (`GET /tfa/is_enabled`), and the steps of rules: state.md: set up (QR code
 * and typed key, then a code from the app turns it on and shows the recovery codes once), skip,
 * turn off with the password and a code, make new recovery codes, or have a reset link e-mailed
 * when the authenticator is lost; a reset by e-mail that is waiting to take effect is said at the
 * top. After a change the current user is fetched again, so the rest of the app knows. `initial`
 * lets tests render a given step.
 */
export function TwoFactorSettings({ initial }: { initial?: { view: TwoFactorView; notice?: Notice } }) {
  const dispatch = useAppDispatch();
  const skipped = useAppSelector((state) => state.user.tfaSetupSkipped);
  const [view, setView] = useState<TwoFactorView>(initial?.view ?? { kind: 'loading' });
  const [notice, setNotice] = useState<Notice>(initial?.notice ?? null);
  const [busy, setBusy] = useState(false);

  /** Reads the settings again; `then` is the notice to show once they are in. */
  async function load(then: Notice = null) {
    setView({ kind: 'loading' });
    const result = await tfaStatus();
    if (!result.ok) return setView({ kind: 'loadError', message: result.message });
    const { enabled, recoveryCodesLeft, pendingReset } = result.value;
    setView(enabled ? { kind: 'on', status: { recoveryCodesLeft, pendingReset } } : { kind: 'off' });
    setNotice(then);
  }

  useEffect(() => {
    if (!initial) void load();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Arriving at `/two_factor#recovery-codes` (from the code page, after a recovery code): that part
  // is only drawn once the settings are in, after the browser looked for it, so it is shown then.
  const scrolled = useRef(false);
  useEffect(() => {
    if (view.kind !== 'on' || scrolled.current) return;
    scrolled.current = true;
    if (window.location.hash === `#${RECOVERY_CODES_ANCHOR}`) document.getElementById(RECOVERY_CODES_ANCHOR)?.scrollIntoView();
  }, [view.kind]);

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
        text: "We've e-mailed you a link to turn off two-factor authentication. For your safety it takes effect only some days after you open it, and we e-mail you again when you do.",
      }),
    );

  /** A code turned it on: the recovery codes come first (the answer holds them), then the settings. */
  const turnedOn = (answer: TfaVerifyResponse) => {
    void dispatch(fetchCurrentUser());
    setNotice(null);
    if (answer.recoveryCodes?.length) setView({ kind: 'codes', codes: answer.recoveryCodes, turnedOn: true });
    else void load({ tone: 'success', text: ALL_SET });
  };

  const codesSaved = (turnedOnNow: boolean) =>
    void load({
      tone: 'success',
      text: turnedOnNow ? ALL_SET : 'Your new recovery codes are ready. The old ones no longer work.',
    });

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
    case 'codes':
      return (
        <div className={styles.section}>
          {view.turnedOn ? <p className={styles.statusOn}>Two-factor authentication is on.</p> : null}
          <RecoveryCodes codes={view.codes} onDone={() => codesSaved(view.turnedOn)} />
        </div>
      );
    case 'on':
    case 'disabling':
    case 'renewing': {
      const { status } = view;
      return (
        <div className={styles.section}>
          {status.pendingReset ? <PendingResetNotice effectiveAt={status.pendingReset.effectiveAt} /> : null}
          {noticeBlock}
          <p className={styles.statusOn}>Two-factor authentication is on.</p>
          {view.kind === 'disabling' ? (
            <PasswordAndCodeForm
              intro="To turn two-factor authentication off, confirm it is you: your password and the code your app shows now."
              submitLabel="Turn off"
              pendingLabel="Turning off…"
              send={tfaDisable}
              onDone={turnedOff}
              onCancel={() => go({ kind: 'on', status })}
            />
          ) : (
            <div className={formStyles.actions}>
              <button type="button" className="button button--secondary" onClick={() => go({ kind: 'disabling', status })} disabled={busy}>
                Turn off
              </button>
            </div>
          )}
          <section className={styles.section} id={RECOVERY_CODES_ANCHOR} aria-labelledby={`${RECOVERY_CODES_ANCHOR}-title`}>
            <h2 id={`${RECOVERY_CODES_ANCHOR}-title`}>Recovery codes</h2>
            <RecoveryCodesLeft count={status.recoveryCodesLeft} />
            {view.kind === 'renewing' ? (
              <PasswordAndCodeForm
                intro="New codes replace all your old ones. To make them, confirm it is you: your password and the code your app shows now."
                submitLabel="Make new codes"
                pendingLabel="Making codes…"
                send={async (password, code) => {
                  const result = await tfaRenewRecoveryCodes(password, code);
                  if (result.ok) setView({ kind: 'codes', codes: result.value, turnedOn: false });
                  return result;
                }}
                onDone={() => {}}
                onCancel={() => go({ kind: 'on', status })}
              />
            ) : (
              <div className={formStyles.actions}>
                <button type="button" className="button button--secondary" onClick={() => go({ kind: 'renewing', status })} disabled={busy}>
                  Make new recovery codes
                </button>
              </div>
            )}
          </section>
          <p className={pageStyles.footer}>
            <button type="button" className={formStyles.linkButton} onClick={() => void requestReset()} disabled={busy}>
              {busy ? 'Sending…' : 'Lost your authenticator?'}
            </button>{' '}
            Sign in with a recovery code, or we can e-mail you a link that turns two-factor authentication off after a waiting time.
          </p>
        </div>
      );
    }
  }
}

const ALL_SET = 'All set. Next time you sign in, we will ask for a code from your app.';

/** How many recovery codes remain; when few do, a strong word to make new ones. */
function RecoveryCodesLeft({ count }: { count: number }) {
  const text = `You have ${recoveryCodesCount(count)} left.`;
  if (count > FEW_RECOVERY_CODES) {
    return (
      <p className={styles.recoveryLeft} data-testid="recovery-codes-left">
        {text} Each one lets you sign in once without your authenticator app.
      </p>
    );
  }
  return (
    <div className={styles.warning} data-testid="recovery-codes-left">
      <p>
        <strong>{text}</strong>
      </p>
      <p>Make new ones now, so you can still sign in if you lose your phone.</p>
    </div>
  );
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
  onDone: (answer: TfaVerifyResponse) => void;
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
            send={(code) => tfaVerify(code)}
            onDone={onDone}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}

/**
 * The account's password and a current code, for turning two-factor off or making new recovery
 * codes (either alone — a stolen unlocked phone, a session left open — is not enough). The API's
 * refusal is shown at its field.
 */
function PasswordAndCodeForm({
  intro,
  submitLabel,
  pendingLabel,
  send,
  onDone,
  onCancel,
}: {
  intro: string;
  submitLabel: string;
  pendingLabel: string;
  send: (password: string, code: string) => Promise<{ ok: true } | { ok: false; message: string; errorCode: string }>;
  onDone: () => void;
  onCancel: () => void;
}) {
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
    const outcome = await send(values.password, values.code);
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
      <p>{intro}</p>
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
          {pending ? pendingLabel : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A six-digit code and a submit button; the API's refusal (a wait after wrong codes among them) is shown beside the field. */
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
  send: (code: string) => Promise<TfaResult<TfaVerifyResponse>>;
  onDone: (answer: TfaVerifyResponse) => void;
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
    if (outcome.ok) return onDone(outcome.value);
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
