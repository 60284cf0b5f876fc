import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { PAYNOW_OPEN_REPORTS_MAX, PAYNOW_SETTLE_AFTER_DAYS_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { settleDaysOf } from './paynow-form';

/**
 * After how many days a reported PayNow transfer no one has confirmed is stale (issue 27): a report
 * holds its order's stock with no proof, so the shopper is then asked once for proof, the Payments
 * page marks it, and staff may cancel the order to release its stock.
 */
export function PayNowSettleForm({ settings, onSaved }: { settings: AdminSettings; onSaved: (answer: AdminSettings) => void }) {
  const [text, setText] = useState(String(settings.payNowSettleAfterDays));
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string; n: number } | null>(null);
  const tell = (tone: 'error' | 'success', said: string) => setMessage((old) => ({ tone, text: said, n: (old?.n ?? 0) + 1 }));
  const save = useMutation({
    mutationFn: (days: number) => api.put('/admin/settings/paynow_settle', { body: { days } }),
    onSuccess: (answer) => {
      onSaved(answer);
      setText(String(answer.payNowSettleAfterDays));
      tell(
        'success',
        `Saved. Reports waiting ${answer.payNowSettleAfterDays} days or more are marked stale and the shopper is asked for proof.`,
      );
    },
    onError: (failed) => tell('error', `Not saved: ${errorText(failed)}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setMessage(null);
    const checked = settleDaysOf(text);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    save.mutate(checked.days);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="paynow-settle-heading">
      <h3 id="paynow-settle-heading">Reports left waiting</h3>
      <p className="hint">
        A shopper may have {PAYNOW_OPEN_REPORTS_MAX} reported transfers waiting at once, and each holds its order&apos;s stock until staff
        decide. After this many days, the shopper is e-mailed once for proof and the Payments page marks the report stale.
      </p>
      {message ? (
        <Alert key={message.n} tone={message.tone} focusOnShow>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      <TextField
        id="paynow-settle-days"
        label="Days before a report is stale"
        required
        inputMode="numeric"
        hint={`A whole number from 1 to ${PAYNOW_SETTLE_AFTER_DAYS_MAX}.`}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <div className="actions">
        <button type="submit" className="button" aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save days'}
        </button>
      </div>
    </form>
  );
}
