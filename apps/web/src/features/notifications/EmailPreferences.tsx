'use client';

import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { NotificationPreferences } from '@kedai/contract';
import { FormAlert } from '../../ui/Field';
import { LoadStatus } from '../../ui/LoadStatus';
import { OPTIONAL_EMAIL_KINDS, OPTIONAL_EMAIL_LABELS, loadEmailPreferences, saveEmailPreferences } from './notifications';
import styles from './notifications.module.css';

type Email = NotificationPreferences['email'];
type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };
type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The profile's "E-mails" section (issue 29): the optional e-mails as checkboxes (`GET/PUT
 * /notification/preferences`). E-mails about orders, payments and the account are always sent.
 */
export function EmailPreferences({ className }: { className?: string | undefined }) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // Every optional e-mail is on until the shopper turns it off.
  const [email, setEmail] = useState<Email>(() => Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((kind) => [kind, true])) as Email);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const read = useCallback(async () => {
    setLoad({ status: 'loading' });
    const result = await loadEmailPreferences();
    if (!result.ok) return setLoad({ status: 'error', message: result.message });
    setEmail(result.value.email);
    setLoad({ status: 'ready' });
  }, []);

  useEffect(() => {
    void read();
  }, [read]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setNotice(null);
    const result = await saveEmailPreferences(email);
    setSaving(false);
    if (result.ok) {
      setEmail(result.value.email);
      setNotice({ tone: 'success', text: 'Your e-mail choices have been saved.' });
    } else {
      setNotice({ tone: 'error', text: `Your choices were not saved: ${result.message}` });
    }
  }

  const titleId = `${id}-title`;
  return (
    <section className={className} aria-labelledby={titleId} data-email-preferences="">
      <h2 id={titleId}>E-mails</h2>
      {load.status !== 'ready' ? (
        <LoadStatus
          loading="Loading your e-mail choices…"
          failure={load.status === 'error' ? `We could not load your e-mail choices: ${load.message}` : null}
          onRetry={() => void read()}
        />
      ) : (
        <form className={styles.emailForm} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.choices}>
            <legend>Send me these e-mails. Those about your orders, payments and account are always sent.</legend>
            {OPTIONAL_EMAIL_KINDS.map((kind) => {
              const inputId = `${id}-${kind}`;
              const words = OPTIONAL_EMAIL_LABELS[kind];
              return (
                <div key={kind} className={styles.choice}>
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={email[kind]}
                    aria-describedby={`${inputId}-hint`}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setEmail((now) => ({ ...now, [kind]: checked }));
                      setNotice(null);
                    }}
                  />
                  <label htmlFor={inputId}>{words.label}</label>
                  <p id={`${inputId}-hint`} className={styles.choiceHint}>
                    {words.hint}
                  </p>
                </div>
              );
            })}
          </fieldset>
          {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save e-mail choices'}
          </button>
        </form>
      )}
    </section>
  );
}
