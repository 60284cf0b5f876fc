import { useEffect, useRef, useState } from 'react';
import { recoveryCodesText } from '@kedai/domain';

/**
 * The recovery codes, shown this once after two-factor is turned on: what they are for, the list
 * (or after new ones are made) to copy, download or print, and a required "I have saved these
 * codes" before `onDone` (its button says `doneLabel`). The heading takes focus so keyboard and
 * screen-reader users start here.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
  doneLabel = 'Continue to the back office',
}: {
  codes: readonly string[];
  email: string | null;
  onDone: () => void;
  doneLabel?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checkRef = useRef<HTMLInputElement>(null);
  const [news, setNews] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
      new Blob([recoveryCodesText({ title: 'Kedai back office', codes, account: email })], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kedai-back-office-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the address is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setNews('The codes are downloaded as kedai-back-office-recovery-codes.txt.');
  }

  function finish() {
    if (!saved) {
      setError('Tick the box once you have saved the codes: they cannot be shown again.');
      checkRef.current?.focus();
      return;
    }
    onDone();
  }

  return (
    <section className="panel recovery" aria-labelledby="recovery-title" data-testid="recovery-codes-panel">
      <h2 id="recovery-title" ref={headingRef} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone or cannot use your authenticator app, you can sign in with one of these codes instead of the 6-digit code.
        Each code works once.
      </p>
      <p>
        <strong>This is the only time they are shown.</strong> Keep them somewhere safe that is not this phone: a password manager, or
        printed and locked away. Anyone with them and your password can open the back office as you.
      </p>
      <ol className="recovery-codes" aria-label="Your recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions no-print">
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
      <p className="hint no-print" role="status" aria-live="polite">
        {news}
      </p>
      <div className="field no-print">
        <label className="choice" htmlFor="recovery-saved">
          <input
            ref={checkRef}
            id="recovery-saved"
            type="checkbox"
            checked={saved}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'recovery-saved-error' : undefined}
            onChange={(event) => {
              setSaved(event.target.checked);
              setError(null);
            }}
          />
          I have saved these codes somewhere safe
        </label>
        {error ? (
          <p className="field-error" id="recovery-saved-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="actions no-print">
        <button type="button" className="button" onClick={finish}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
