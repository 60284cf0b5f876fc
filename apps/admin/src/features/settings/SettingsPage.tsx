import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminShippingLocationInput } from '@kedai/contract';
import { SUPPORTED_CURRENCIES } from '@kedai/domain';
import { countryChoices, countryLabel } from '../../lib/countries';
import { api } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/errors';
import { amountPlaceholder } from '../../lib/money-input';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { sessionAllows } from '../auth/gate';
import { LegalSection } from './LegalSection';
import { PayNowSection } from './PayNowSection';
import { PaymentsSection } from './PaymentsSection';
import { QuotationPricingSection } from './QuotationPricingSection';
import { TaxRatesSection } from './TaxRatesSection';
import { useSession } from '../auth/session';
import {
  addableCountries,
  formToLocationInput,
  locationToForm,
  newLocationForm,
  type Currencies,
  type FieldErrors,
  type LocationForm,
} from './shipping-form';

const SETTINGS_KEY = ['settings'] as const;
type Region = AdminSettings['regions'][number];
type Location = AdminSettings['shippingLocations'][number];

/** `/settings` (owners): the display currency, the regions that are on, where the shop delivers at what rate, the taxes per country, who PayNow pays and the quotation pricing. */
export function SettingsPage() {
  const { data: session } = useSession();
  const owner = sessionAllows(session, 'owner');
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get('/admin/settings', { signal }),
    enabled: owner,
    staleTime: Infinity, // rows keep what is typed; each save answers the new state
  });
  const saved = useSettingsSaved();
  if (!owner) {
    return (
      <>
        <PageHeading title="Settings" />
        <p>Only the shop&apos;s owners can change its settings.</p>
      </>
    );
  }
  const data = settings.data;
  return (
    <>
      <PageHeading title="Settings" />
      {settings.isPending ? <Loading what="Loading the settings…" /> : null}
      {settings.isError ? <LoadError message={errorText(settings.error)} onRetry={() => void settings.refetch()} /> : null}
      {data ? (
        <>
          <PaymentsSection payments={data.payments} />
          <CurrencySection appCurrency={data.appCurrency} />
          <RegionsSection regions={data.regions} />
          <ShippingSection regions={data.regions} locations={data.shippingLocations} />
          <TaxRatesSection />
          <PayNowSection settings={data} onSaved={saved} />
          <LegalSection settings={data} onSaved={saved} />
          <QuotationPricingSection settings={data} onSaved={saved} />
        </>
      ) : null}
    </>
  );
}

/** What changed in the settings shows in the storefront at once; the back office's own lists follow. */
function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (answer: AdminSettings) => {
    queryClient.setQueryData(SETTINGS_KEY, answer);
    void queryClient.invalidateQueries({ queryKey: ['regions'] });
    void queryClient.invalidateQueries({ queryKey: ['config'] });
  };
}

function CurrencySection({ appCurrency }: { appCurrency: string }) {
  const saved = useSettingsSaved();
  const [currency, setCurrency] = useState(appCurrency);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: () => api.put('/admin/settings/currency', { body: { appCurrency: currency } }),
    onSuccess: (answer) => {
      saved(answer);
      setMessage({ tone: 'success', text: `The shop's display currency is now ${answer.appCurrency}.` });
    },
    onError: (error) => setMessage({ tone: 'error', text: errorText(error) }),
  });
  return (
    <section className="panel" aria-labelledby="currency-heading">
      <h2 id="currency-heading">Display currency</h2>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          save.mutate();
        }}
      >
        <SelectField
          id="app-currency"
          label="Currency"
          hint="The shop's own currency (app_currency); prices are kept per region, in each region's currency."
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
        >
          {SUPPORTED_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button" disabled={save.isPending || currency === appCurrency}>
          Save currency
        </button>
      </form>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}

function RegionsSection({ regions }: { regions: Region[] }) {
  const saved = useSettingsSaved();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string; n: number } | null>(null);
  const toggle = useMutation({
    mutationFn: (region: Region) => api.put('/admin/region/:key', { params: { key: region.key }, body: { enabled: !region.enabled } }),
    onSuccess: (answer, region) => {
      saved(answer);
      setMessage((old) => ({ tone: 'success', text: `${region.name} is now ${region.enabled ? 'off' : 'on'}.`, n: (old?.n ?? 0) + 1 }));
    },
    onError: (error, region) =>
      setMessage((old) => ({ tone: 'error', text: `${region.name} was not changed: ${errorText(error)}`, n: (old?.n ?? 0) + 1 })),
  });
  const on = regions.filter((region) => region.enabled).length;
  return (
    <section className="panel" aria-labelledby="regions-heading">
      <h2 id="regions-heading">Regions</h2>
      <p className="hint">Shoppers choose among the regions that are on; each has its currency and prices. One region always stays on.</p>
      {message ? (
        <Alert key={message.n} tone={message.tone}>
          {message.text}
        </Alert>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="regions-caption" tabIndex={0}>
        <table>
          <caption id="regions-caption">Regions</caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Currency</th>
              <th scope="col">Countries</th>
              <th scope="col">Status</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {regions.map((region) => (
              <tr key={region.key}>
                <th scope="row" id={`region-${region.key}`}>
                  {region.name} ({region.key})
                </th>
                <td>{region.currency}</td>
                <td>{region.countries.map(countryLabel).join(', ') || '—'}</td>
                <td>
                  <span className={`badge ${region.enabled ? 'badge--on' : 'badge--off'}`}>{region.enabled ? 'On' : 'Off'}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-describedby={`region-${region.key}`}
                    disabled={toggle.isPending || (region.enabled && on === 1)}
                    onClick={() => {
                      setMessage(null);
                      toggle.mutate(region);
                    }}
                  >
                    {region.enabled ? 'Turn off' : 'Turn on'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ShippingSection({ regions, locations }: { regions: Region[]; locations: Location[] }) {
  const currencies: Currencies = Object.fromEntries(regions.map((region) => [region.key, region.currency]));
  const [added, setAdded] = useState<string[]>([]);
  const [choice, setChoice] = useState('');
  const focusNext = useRef<string | null>(null);
  const listed = [
    ...locations,
    ...added.filter((code) => !locations.some((l) => l.countryCode === code)).map((code) => ({ countryCode: code })),
  ];
  const choices = addableCountries(countryChoices(), listed);

  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [added]);

  return (
    <section className="panel" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Where the shop delivers</h2>
      <p className="hint">
        Each country&apos;s delivery fee and the order amount from which delivery is free, in each region&apos;s currency. Leave both empty
        where the shop quotes delivery at checkout. Delivery days are working days from dispatch. Save each country on its own.
      </p>
      <div className="table-scroll" role="region" aria-labelledby="shipping-caption" tabIndex={0}>
        <table>
          <caption id="shipping-caption">Shipping locations</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col" id="col-enabled">
                Delivers
              </th>
              <th scope="col" id="col-days">
                Delivery days
              </th>
              {regions.map((region) => (
                <th scope="col" key={region.key} id={`col-rate-${region.key}`}>
                  {region.name} ({region.currency})
                </th>
              ))}
              <th scope="col">Save</th>
            </tr>
          </thead>
          <tbody>
            {locations.map((location) => (
              <LocationRow
                key={location.countryCode}
                countryCode={location.countryCode}
                saved={location}
                regions={regions}
                currencies={currencies}
              />
            ))}
            {added
              .filter((code) => !locations.some((l) => l.countryCode === code))
              .map((code) => (
                <LocationRow key={code} countryCode={code} saved={null} regions={regions} currencies={currencies} />
              ))}
          </tbody>
        </table>
      </div>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === '') return;
          focusNext.current = `ship-${choice}-enabled`;
          setAdded((codes) => [...codes, choice]);
          setChoice('');
        }}
      >
        <SelectField id="add-country" label="Add a country" value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a country</option>
          {choices.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button button--secondary" disabled={choice === ''}>
          Add the country
        </button>
      </form>
    </section>
  );
}

interface RowProps {
  countryCode: string;
  saved: Location | null;
  regions: Region[];
  currencies: Currencies;
}

function LocationRow({ countryCode, saved, regions, currencies }: RowProps) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LocationForm>(() => (saved ? locationToForm(saved, currencies) : newLocationForm(currencies)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const name = saved?.name ?? countryLabel(countryCode);
  const rowId = `ship-${countryCode}`;

  const save = useMutation({
    mutationFn: (input: AdminShippingLocationInput) =>
      api.put('/admin/shipping_location/:countryCode', { params: { countryCode }, body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData<AdminSettings>(SETTINGS_KEY, (old) =>
        old
          ? {
              ...old,
              shippingLocations: old.shippingLocations.some((l) => l.countryCode === answer.countryCode)
                ? old.shippingLocations.map((l) => (l.countryCode === answer.countryCode ? answer : l))
                : [...old.shippingLocations, answer],
            }
          : old,
      );
      setForm(locationToForm(answer, currencies));
      setMessage({ tone: 'success', text: `Saved ${name}.` });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setMessage({ tone: 'error', text: `${name} was not saved: ${errorText(error)}` });
    },
  });

  function submit() {
    setMessage(null);
    const result = formToLocationInput(form, currencies);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage({ tone: 'error', text: `${name} was not saved: ${Object.values(result.errors)[0]}` });
      return;
    }
    setErrors({});
    save.mutate(result.input);
  }

  const setRate = (region: string, key: 'fee' | 'freeFrom', value: string) =>
    setForm((f) => ({ ...f, rates: { ...f.rates, [region]: { ...(f.rates[region] ?? { fee: '', freeFrom: '' }), [key]: value } } }));
  const input = (
    id: string,
    labelIds: string,
    error: string | undefined,
    props: { value: string; placeholder?: string; onChange: (v: string) => void },
  ) => (
    <>
      <input
        id={id}
        className="amount"
        inputMode="decimal"
        aria-labelledby={labelIds}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );

  return (
    <tr>
      <th scope="row" id={rowId}>
        {name}
        {saved ? null : <span className="hint"> (new, not saved yet)</span>}
      </th>
      <td>
        <input
          id={`${rowId}-enabled`}
          type="checkbox"
          className="check"
          aria-labelledby={`${rowId} col-enabled`}
          checked={form.enabled}
          onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
        />
      </td>
      <td>
        <div className="pair">
          <span className="small-label" id={`${rowId}-min-label`}>
            Fewest
          </span>
          {input(`${rowId}-min`, `${rowId} col-days ${rowId}-min-label`, undefined, {
            value: form.daysMin,
            onChange: (v) => setForm((f) => ({ ...f, daysMin: v })),
          })}
          <span className="small-label" id={`${rowId}-max-label`}>
            Most
          </span>
          {input(`${rowId}-max`, `${rowId} col-days ${rowId}-max-label`, undefined, {
            value: form.daysMax,
            onChange: (v) => setForm((f) => ({ ...f, daysMax: v })),
          })}
        </div>
        {errors.deliveryDays ? <p className="field-error">{errors.deliveryDays}</p> : null}
      </td>
      {regions.map((region) => {
        const rate = form.rates[region.key] ?? { fee: '', freeFrom: '' };
        const cell = `${rowId}-${region.key}`;
        return (
          <td key={region.key}>
            <div className="pair">
              <span className="small-label" id={`${cell}-fee-label`}>
                Fee
              </span>
              {input(`${cell}-fee`, `${rowId} col-rate-${region.key} ${cell}-fee-label`, errors[`rates.${region.key}.fee`], {
                value: rate.fee,
                placeholder: amountPlaceholder(region.currency),
                onChange: (v) => setRate(region.key, 'fee', v),
              })}
              <span className="small-label" id={`${cell}-free-label`}>
                Free from
              </span>
              {input(`${cell}-free`, `${rowId} col-rate-${region.key} ${cell}-free-label`, errors[`rates.${region.key}.freeFrom`], {
                value: rate.freeFrom,
                onChange: (v) => setRate(region.key, 'freeFrom', v),
              })}
            </div>
          </td>
        );
      })}
      <td>
        <button type="button" className="button button--secondary" aria-describedby={rowId} disabled={save.isPending} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className={message?.tone === 'error' ? 'field-error' : 'hint'}>
          {message?.text ?? ''}
        </p>
        {errors.rates && !message ? <p className="field-error">{errors.rates}</p> : null}
      </td>
    </tr>
  );
}
