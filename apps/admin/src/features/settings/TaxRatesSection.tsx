import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sortCountryCodes } from '@kedai/domain';
import { api } from '../../lib/api';
import { countryChoices, countryLabel } from '../../lib/countries';
import { errorText } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { useFocusAfterRender } from '../../ui/useFocusAfterRender';
import {
  newTaxForm,
  taxFailureOf,
  taxInputOf,
  taxRateText,
  taxToForm,
  type TaxErrors,
  type TaxForm,
  type TaxInput,
  type TaxRate,
} from './tax-form';

export const TAX_RATES_KEY = ['tax-rates'] as const;

interface Message {
  tone: 'error' | 'success';
  text: string;
  n: number;
}

const ids = { countryCode: 'tax-country', name: 'tax-name', rate: 'tax-rate', inclusive: 'tax-inclusive' } as const;

/**
 * The tax charged on orders per destination country (issue 16): its name, its rate and whether the
 * shop's prices there already include it. Owners add a country's tax, change it or remove it; a
 * country without one is charged none.
 */
export function TaxRatesSection() {
  const queryClient = useQueryClient();
  const rates = useQuery({ queryKey: TAX_RATES_KEY, queryFn: ({ signal }) => api.get('/admin/tax_rate', { signal }) });
  const [form, setForm] = useState<TaxForm>(newTaxForm);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [errors, setErrors] = useState<TaxErrors>({});
  const [message, setMessage] = useState<Message | null>(null);
  // Where focus goes once the page shows the change (the form opened, a field refused, a row removed).
  const focus = useFocusAfterRender();

  const tell = (tone: Message['tone'], text: string) => setMessage((old) => ({ tone, text, n: (old?.n ?? 0) + 1 }));
  const refuse = (next: TaxErrors) => {
    setErrors(next);
    const first = (['countryCode', 'name', 'rate'] as const).find((key) => next[key]);
    if (first) focus(ids[first]);
  };
  const stored = (answer: { taxRates: TaxRate[] }) => queryClient.setQueryData(TAX_RATES_KEY, answer);

  const save = useMutation({
    mutationFn: ({ countryCode, input }: { countryCode: string; input: TaxInput }) =>
      api.put('/admin/tax_rate/:countryCode', { params: { countryCode }, body: input }),
    onSuccess: (answer, { countryCode, input }) => {
      stored(answer);
      tell('success', `Saved: ${countryLabel(countryCode)} charges ${input.name} at ${taxRateText(input.rateBp)}.`);
      setForm(newTaxForm());
      setEditing(null);
      setErrors({});
    },
    onError: (error, { countryCode }) => {
      const failure = taxFailureOf(error);
      refuse(failure.errors);
      tell('error', `The tax of ${countryLabel(countryCode)} was not saved: ${failure.message}`);
    },
  });

  const remove = useMutation({
    mutationFn: (countryCode: string) => api.delete('/admin/tax_rate/:countryCode', { params: { countryCode } }),
    onSuccess: (answer, countryCode) => {
      stored(answer);
      setRemoving(null);
      if (editing === countryCode) {
        setEditing(null);
        setForm(newTaxForm());
      }
      tell('success', `${countryLabel(countryCode)} has no tax any more: its orders are charged none.`);
      focus('taxes-heading');
    },
    onError: (error, countryCode) => tell('error', `The tax of ${countryLabel(countryCode)} was not removed: ${errorText(error)}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setMessage(null);
    const checked = taxInputOf(form);
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    setErrors({});
    save.mutate({ countryCode: checked.countryCode, input: checked.input });
  }

  function edit(rate: TaxRate) {
    setEditing(rate.countryCode);
    setRemoving(null);
    setForm(taxToForm(rate));
    setErrors({});
    setMessage(null);
    focus(ids.name);
  }

  function stopEditing() {
    const code = editing;
    setEditing(null);
    setForm(newTaxForm());
    setErrors({});
    if (code) focus(`tax-edit-${code}`);
  }

  const list = rates.data ? sortCountryCodes(rates.data.taxRates.map((rate) => rate.countryCode)) : [];
  const byCode = new Map(rates.data?.taxRates.map((rate) => [rate.countryCode, rate]));
  const addable = countryChoices().filter((country) => !byCode.has(country.code));
  const set = <K extends keyof TaxForm>(key: K, value: TaxForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const editingName = editing ? countryLabel(editing) : null;

  return (
    <section className="panel" aria-labelledby="taxes-heading">
      <h2 id="taxes-heading" tabIndex={-1}>
        Taxes
      </h2>
      <p className="hint">
        The tax charged on orders delivered to each country, such as Singapore&apos;s 9 % GST. Where prices include it, the order shows the
        tax it holds and adds nothing; otherwise it is added to the total. A country not listed is charged no tax.
      </p>
      {message ? (
        <Alert key={message.n} tone={message.tone}>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      {rates.isPending ? <Loading what="Loading the taxes…" /> : null}
      {rates.isError ? <LoadError message={errorText(rates.error)} onRetry={() => void rates.refetch()} /> : null}
      {rates.data && list.length === 0 ? <p>No country has a tax yet: orders are charged none.</p> : null}
      {list.length > 0 ? (
        <div className="table-scroll" role="region" aria-labelledby="taxes-caption" tabIndex={0}>
          <table>
            <caption id="taxes-caption">Tax per country</caption>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Tax</th>
                <th scope="col" className="number">
                  Rate
                </th>
                <th scope="col">Prices include it</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {list.map(({ code, name }) => {
                const rate = byCode.get(code)!;
                return (
                  <tr key={code}>
                    <th scope="row" id={`tax-row-${code}`}>
                      {name}
                    </th>
                    <td>{rate.name}</td>
                    <td className="number">{taxRateText(rate.rateBp)}</td>
                    <td>{rate.inclusive ? 'Yes' : 'No'}</td>
                    <td>
                      {removing === code ? (
                        <div role="group" aria-label={`Remove the tax of ${name}?`} className="actions">
                          <span>
                            Remove {rate.name} from {name}?
                          </span>
                          <button
                            type="button"
                            className="button button--danger"
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(code)}
                          >
                            {remove.isPending ? 'Removing…' : 'Yes, remove'}
                          </button>
                          <button
                            type="button"
                            id={`tax-keep-${code}`}
                            className="button button--secondary"
                            onClick={() => {
                              setRemoving(null);
                              focus(`tax-remove-${code}`);
                            }}
                          >
                            Keep it
                          </button>
                        </div>
                      ) : (
                        <div className="actions">
                          <button
                            type="button"
                            id={`tax-edit-${code}`}
                            className="button button--secondary"
                            aria-describedby={`tax-row-${code}`}
                            onClick={() => edit(rate)}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            id={`tax-remove-${code}`}
                            className="button button--danger"
                            aria-describedby={`tax-row-${code}`}
                            onClick={() => {
                              setRemoving(code);
                              setMessage(null);
                              focus(`tax-keep-${code}`);
                            }}
                          >
                            Remove
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {rates.data ? (
        <form onSubmit={submit} noValidate aria-labelledby="tax-form-heading">
          <h3 id="tax-form-heading">{editingName ? `Edit the tax of ${editingName}` : "Add a country's tax"}</h3>
          <div className="row">
            {editing ? null : (
              <SelectField
                id={ids.countryCode}
                label="Country"
                required
                value={form.countryCode}
                error={errors.countryCode}
                onChange={(e) => set('countryCode', e.target.value)}
              >
                <option value="">Choose a country</option>
                {addable.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </SelectField>
            )}
            <TextField
              id={ids.name}
              label="Tax name"
              required
              hint="As receipts call it, such as GST or VAT; up to 20 characters."
              autoComplete="off"
              value={form.name}
              error={errors.name}
              onChange={(e) => set('name', e.target.value)}
            />
            <TextField
              id={ids.rate}
              className="field--short"
              label="Rate (%)"
              required
              hint="From 0 to 100, such as 9 or 8.25."
              inputMode="decimal"
              autoComplete="off"
              value={form.rate}
              error={errors.rate}
              onChange={(e) => set('rate', e.target.value)}
            />
          </div>
          <label className="choice">
            <input
              id={ids.inclusive}
              type="checkbox"
              checked={form.inclusive}
              aria-describedby="tax-inclusive-hint"
              onChange={(e) => set('inclusive', e.target.checked)}
            />
            Prices include it
          </label>
          <p className="hint" id="tax-inclusive-hint">
            Tick it where the shop&apos;s prices already hold the tax (Japan&apos;s consumption tax); leave it where the tax is added on top
            (Singapore&apos;s GST).
          </p>
          <div className="actions">
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : editing ? 'Save the tax' : 'Add the tax'}
            </button>
            {editing ? (
              <button type="button" className="button button--secondary" onClick={stopEditing}>
                Cancel
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
