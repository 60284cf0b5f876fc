'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { recoveryCodesText } from '@kedai/domain';
import { useAppSelector } from '../../store/hooks';
import { FieldError } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import styles from './account-pages.module.css';

/**
 * The recovery codes, shown this once (after two-factor is turned on, or new codes are made): what
 * they are for, the list to copy, download or print, and a required "I have saved these codes"
 * before `onDone`. The heading takes focus so keyboard and screen-reader users start here.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'Continue',
}: {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const id = useId();
  const email = useAppSelector((state) => state.user.profile?.email ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checkRef = useRef<HTMLInputElement>(null);
  const [news, setNews] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => headingRef.current?.focus(), []);

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setNews('The codes are copied. Paste them somewhere safe, such as a password manager.');
    } catch {
      setNews('Could not copy: select the codes and copy them yourself.');
    }
  }

  function download() {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesText({ title: 'Kedai', codes, account: email })], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kedai-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the address is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setNews('The codes are downloaded as kedai-recovery-codes.txt.');
  }

  function finish() {
    if (!saved) {
      setError('Tick the box once you have saved the codes: we cannot show them again.');
      checkRef.current?.focus();
      return;
    }
    onDone();
  }

  return (
    <section className={styles.recovery} aria-labelledby={`${id}-title`} data-testid="recovery-codes-panel">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone or cannot use your authenticator app, you can sign in with one of these codes instead of the 6-digit code.
        Each code works once.
      </p>
      <p className={styles.recoveryWarning}>
        <strong>This is the only time we show them.</strong> Keep them somewhere safe that is not this phone: a password manager, or printed
        and put away. Anyone who has them and your password can sign in as you.
      </p>
      <ol className={styles.recoveryCodes} aria-label="Your recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={`${formStyles.actions} ${styles.noPrint}`}>
        <button type="button" className="button button--secondary" onClick={() => void copyAll()}>
          Copy all
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          Download as text
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p className={`${formStyles.hint} ${styles.noPrint}`} role="status" aria-live="polite">
        {news}
      </p>
      <div className={styles.noPrint}>
        <div className={formStyles.check}>
          <input
            ref={checkRef}
            id={`${id}-saved`}
            type="checkbox"
            checked={saved}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-saved-error` : undefined}
            onChange={(event) => {
              setSaved(event.target.checked);
              setError(undefined);
            }}
          />
          <label htmlFor={`${id}-saved`}>I have saved these codes somewhere safe</label>
        </div>
        <FieldError id={`${id}-saved-error`} error={error} />
      </div>
      <div className={`${formStyles.actions} ${styles.noPrint}`}>
        <button type="button" className="button button--primary" onClick={finish}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
