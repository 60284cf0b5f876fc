import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';
import { formToPricing, pricingToForm, type PricingForm } from './pricing-form';

/**
 * The fee and exchange rates the quotation queue suggests marketplace prices with (issue 15): a
 * marketplace's price is converted through the display currency and the fee added, for staff to
 * accept or change.
 */
export function QuotationPricingSection({ settings, onSaved }: { settings: AdminSettings; onSaved: (answer: AdminSettings) => void }) {
  const [form, setForm] = useState<PricingForm>(() => pricingToForm(settings.quotationPricing));
  const [fieldError, setFieldError] = useState<{ field: 'fee' | 'rates'; error: string } | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: AdminSettings['quotationPricing']) => api.put('/admin/settings/quotation_pricing', { body }),
    onSuccess: (answer) => {
      onSaved(answer);
      setForm(pricingToForm(answer.quotationPricing));
      setMessage({ tone: 'success', text: 'Quotation pricing saved. New suggestions use it at once.' });
    },
    onError: (error) => setMessage({ tone: 'error', text: errorText(error) }),
  });
  const currency = settings.appCurrency;
  return (
    <section className="panel" aria-labelledby="quotation-pricing-heading">
      <h2 id="quotation-pricing-heading">Quotation pricing</h2>
      <p className="hint">
        When a shopper asks for a quotation on a marketplace link, the queue suggests a price per region: the marketplace&apos;s price
        converted with these rates, plus the fee. Staff can always change it.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          const read = formToPricing(form);
          if (!read.ok) {
            setFieldError({ field: read.field, error: read.error });
            return;
          }
          setFieldError(null);
          save.mutate(read.value);
        }}
      >
        <TextField
          id="quotation-fee"
          label="Fee (%)"
          hint="Added to the converted price, 0 to 100."
          inputMode="decimal"
          value={form.fee}
          error={fieldError?.field === 'fee' ? fieldError.error : undefined}
          onChange={(e) => setForm({ ...form, fee: e.target.value })}
        />
        <TextArea
          id="quotation-rates"
          label={`Exchange rates (value of one unit in ${currency})`}
          hint={`One currency per line, e.g. "USD 1.35" when one US dollar is worth 1.35 ${currency}. Regions whose currency has no rate get no suggestion.`}
          rows={6}
          value={form.rates}
          error={fieldError?.field === 'rates' ? fieldError.error : undefined}
          onChange={(e) => setForm({ ...form, rates: e.target.value })}
        />
        <button type="submit" className="button" disabled={save.isPending}>
          Save quotation pricing
        </button>
      </form>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
