import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { LEGAL_ADDRESS_MAX, LEGAL_NAME_MAX, parseTaxRegistrationNumber } from '@kedai/domain';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';

/**
 * The shop's legal details (issue 30): the name, address and GST registration number its tax
 * invoices show. A receipt of an order charged GST is a "Tax invoice" once the number is set.
 */
export function LegalSection({ settings, onSaved }: { settings: AdminSettings; onSaved: (answer: AdminSettings) => void }) {
  const legal = settings.legal ?? { legalName: '', legalAddress: '', taxRegistrationNumber: '' };
  const [form, setForm] = useState(legal);
  const [numberError, setNumberError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string; n: number } | null>(null);
  const tell = (tone: 'error' | 'success', said: string) => setMessage((old) => ({ tone, text: said, n: (old?.n ?? 0) + 1 }));
  const save = useMutation({
    mutationFn: (body: typeof form) => api.put('/admin/settings/legal', { body }),
    onSuccess: (answer) => {
      onSaved(answer);
      if (answer.legal) setForm(answer.legal);
      tell(
        'success',
        answer.legal?.taxRegistrationNumber
          ? 'Saved. Receipts of orders charged GST are now tax invoices showing these details.'
          : 'Saved. Without a GST registration number, receipts are not tax invoices.',
      );
    },
    onError: (failed) => tell('error', `Not saved: ${errorText(failed)}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setMessage(null);
    if (parseTaxRegistrationNumber(form.taxRegistrationNumber, 'SG') === null) {
      setNumberError('Give a Singapore GST registration number, e.g. M90312345A or 200312345A, or leave it empty.');
      return;
    }
    setNumberError(undefined);
    save.mutate(form);
  }

  return (
    <section className="panel" aria-labelledby="legal-heading">
      <h2 id="legal-heading">Receipts and tax invoices</h2>
      <p className="hint">
        What every receipt shows as the seller. With a GST registration number, receipts of orders charged GST are tax invoices.
      </p>
      <form onSubmit={submit} noValidate>
        {message ? (
          <Alert key={message.n} tone={message.tone} focusOnShow>
            <p>{message.text}</p>
          </Alert>
        ) : null}
        <TextField
          id="legal-name"
          label="Legal name"
          hint={`As registered, up to ${LEGAL_NAME_MAX} characters; the shop's name when empty.`}
          maxLength={LEGAL_NAME_MAX}
          value={form.legalName}
          onChange={(e) => setForm({ ...form, legalName: e.target.value })}
        />
        <TextArea
          id="legal-address"
          label="Registered address"
          hint={`Up to ${LEGAL_ADDRESS_MAX} characters.`}
          maxLength={LEGAL_ADDRESS_MAX}
          rows={3}
          value={form.legalAddress}
          onChange={(e) => setForm({ ...form, legalAddress: e.target.value })}
        />
        <TextField
          id="legal-gst"
          label="GST registration number"
          hint="e.g. M90312345A or 200312345A; leave empty if the shop is not registered."
          value={form.taxRegistrationNumber}
          error={numberError}
          onChange={(e) => {
            setForm({ ...form, taxRegistrationNumber: e.target.value });
            setNumberError(undefined);
          }}
        />
        <div className="actions">
          <button type="submit" className="button" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save legal details'}
          </button>
        </div>
      </form>
    </section>
  );
}
