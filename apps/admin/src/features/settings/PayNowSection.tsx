import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { DEMO_PAYNOW_SETTINGS, type PayNowSettings } from '@kedai/domain';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { useFocusAfterRender } from '../../ui/useFocusAfterRender';
import {
  MERCHANT_CITY_MAX,
  MERCHANT_NAME_MAX,
  PAYEE_KIND_LABELS,
  payNowInputOf,
  payNowToForm,
  payeeText,
  paysNoOne,
  type PayNowErrors,
  type PayNowForm,
  type PayeeKind,
} from './paynow-form';
import { PayNowSettleForm } from './PayNowSettleForm';

const ids = { uen: 'paynow-uen', mobile: 'paynow-mobile', merchantName: 'paynow-name', merchantCity: 'paynow-city' } as const;
const KINDS: PayeeKind[] = ['uen', 'mobile'];

interface Message {
  tone: 'error' | 'success';
  text: string;
  n: number;
}

/**
 * Who the shop's PayNow codes pay (issue 17): its UEN or a Singapore mobile number, and the name and
 * city banking apps show the payer. Shoppers paying in Singapore dollars may pay by PayNow; their
 * transfers then wait on the Payments page for staff to confirm.
 */
export function PayNowSection({ settings, onSaved }: { settings: AdminSettings; onSaved: (answer: AdminSettings) => void }) {
  const [form, setForm] = useState<PayNowForm>(() => payNowToForm(settings.payNow));
  const [errors, setErrors] = useState<PayNowErrors>({});
  const [message, setMessage] = useState<Message | null>(null);
  const focus = useFocusAfterRender();

  const tell = (tone: Message['tone'], text: string) => setMessage((old) => ({ tone, text, n: (old?.n ?? 0) + 1 }));
  const save = useMutation({
    mutationFn: (body: PayNowSettings) => api.put('/admin/settings/paynow', { body }),
    onSuccess: (answer) => {
      onSaved(answer);
      setForm(payNowToForm(answer.payNow));
      const { merchantName, merchantCity } = answer.payNow;
      tell('success', `PayNow details saved. New codes pay ${payeeText(answer.payNow)}, shown as “${merchantName}”, ${merchantCity}.`);
    },
    onError: (error) => tell('error', `The PayNow details were not saved: ${errorText(error)}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setMessage(null);
    const checked = payNowInputOf(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = ([form.kind, 'merchantName', 'merchantCity'] as const).find((key) => checked.errors[key]);
      if (first) focus(ids[first]);
      return;
    }
    setErrors({});
    save.mutate(checked.input);
  }

  const set = <K extends keyof PayNowForm>(key: K, value: PayNowForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <section className="panel" aria-labelledby="paynow-heading">
      <h2 id="paynow-heading">PayNow</h2>
      <p className="hint">
        Shoppers paying in Singapore dollars may pay by PayNow: their banking app reads the payee, the amount and the order reference from
        the code. Their transfers then wait on the Payments page for staff to confirm.
      </p>
      {paysNoOne(settings.payNow) ? (
        <Alert tone="info" title="PayNow pays no one yet">
          <p>
            These are the demo&apos;s details: its example UEN, {DEMO_PAYNOW_SETTINGS.proxy.value}, belongs to no business, so no bank can
            pay it. Replace it with the shop&apos;s own UEN or mobile number before taking real payments.
          </p>
        </Alert>
      ) : null}
      {message ? (
        <Alert key={message.n} tone={message.tone} focusOnShow>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-labelledby="paynow-heading">
        <fieldset>
          <legend>Who PayNow pays</legend>
          {KINDS.map((kind) => (
            <label key={kind} className="choice">
              <input type="radio" name="paynow-kind" value={kind} checked={form.kind === kind} onChange={() => set('kind', kind)} />
              {PAYEE_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        {form.kind === 'uen' ? (
          <TextField
            id={ids.uen}
            label="UEN"
            required
            hint="The shop's Unique Entity Number: 9 to 13 letters and digits, such as 201912345K."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={form.uen}
            error={errors.uen}
            onChange={(e) => set('uen', e.target.value)}
          />
        ) : (
          <TextField
            id={ids.mobile}
            label="Singapore mobile number"
            required
            type="tel"
            hint="+65 and the 8 digits, such as +65 9123 4567; the number must be registered for PayNow."
            autoComplete="off"
            value={form.mobile}
            error={errors.mobile}
            onChange={(e) => set('mobile', e.target.value)}
          />
        )}
        <div className="row">
          <TextField
            id={ids.merchantName}
            label="Name shown to payers"
            required
            hint={`Banking apps show it as the payee; up to ${MERCHANT_NAME_MAX} characters, letters without accents.`}
            autoComplete="off"
            value={form.merchantName}
            error={errors.merchantName}
            onChange={(e) => set('merchantName', e.target.value)}
          />
          <TextField
            id={ids.merchantCity}
            label="City"
            required
            hint={`Up to ${MERCHANT_CITY_MAX} characters, such as Singapore.`}
            autoComplete="off"
            value={form.merchantCity}
            error={errors.merchantCity}
            onChange={(e) => set('merchantCity', e.target.value)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save PayNow details'}
          </button>
        </div>
      </form>
      <PayNowSettleForm settings={settings} onSaved={onSaved} />
    </section>
  );
}
