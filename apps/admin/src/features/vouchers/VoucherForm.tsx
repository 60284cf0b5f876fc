import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVoucher, Region } from '@kedai/contract';
import { VOUCHER_SCOPES } from '@kedai/domain';
import { api } from '../../lib/api';
import { amountPlaceholder } from '../../lib/money-input';
import { Alert } from '../../ui/Alert';
import { TextField, fieldId } from '../../ui/Field';
import { useFocusAfterRender } from '../../ui/useFocusAfterRender';
import { VOUCHERS_KEY } from './queries';
import {
  STALE_VOUCHER_MESSAGE,
  emptyVoucherDraft,
  firstErrorKey,
  savedVoucherBody,
  voucherBodyOf,
  voucherCurrencies,
  voucherFailureOf,
  voucherFieldLabel,
  voucherToDraft,
  type AmountField,
  type FieldErrors,
  type VoucherBody,
  type VoucherDraft,
} from './voucher-form';
import { SCOPE_LABELS } from './voucher-view';

interface Props {
  /** The voucher as read (its `version` is sent with a save), or null for a new one. */
  saved: AdminVoucher | null;
  regions: Region[];
  onReload: () => Promise<void>;
}

const DEACTIVATED = 'The voucher was deactivated: shoppers can no longer use it.';

/** The browser's time zone, which the dates are typed in. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';

/** The editor of one voucher (new, or saved at `saved.version`). */
export function VoucherForm({ saved, regions, onReload }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(saved);
  const [draft, setDraft] = useState<VoucherDraft>(() => (saved ? voucherToDraft(saved) : emptyVoucherDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [stale, setStale] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const focus = useFocusAfterRender();

  const currencies = voucherCurrencies(regions, base);
  const regionKeys = [...new Set([...regions.map((region) => region.key), ...(base?.regions ?? [])])];

  function refuse(next: FieldErrors) {
    setErrors(next);
    setAttempt((n) => n + 1);
    const first = firstErrorKey(next);
    if (first) focus(fieldId(first));
  }

  const save = useMutation({
    mutationFn: ({ body }: { body: VoucherBody; deactivating: boolean }) =>
      base ? api.put('/admin/voucher/:id', { params: { id: base.id }, body }) : api.post('/admin/voucher', { body }),
    onSuccess: (answer, { deactivating }) => {
      queryClient.setQueryData<{ vouchers: AdminVoucher[] }>(VOUCHERS_KEY, (old) =>
        old
          ? {
              vouchers: old.vouchers.some((v) => v.id === answer.id)
                ? old.vouchers.map((v) => (v.id === answer.id ? answer : v))
                : [answer, ...old.vouchers],
            }
          : old,
      );
      if (!base) {
        void navigate(`/vouchers/${answer.id}`, { state: { created: true } });
        return;
      }
      setBase(answer);
      setDraft(voucherToDraft(answer));
      setNotice(deactivating ? DEACTIVATED : 'Your changes were saved.');
    },
    onError: (error) => {
      const failure = voucherFailureOf(error);
      if (failure.kind === 'stale') setStale(true);
      else if (failure.kind === 'fields') refuse(failure.errors);
      else {
        setErrors({});
        setProblem(failure.message);
        setAttempt((n) => n + 1);
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setNotice(null);
    setProblem(null);
    const checked = voucherBodyOf(draft, { currencies, regionKeys, version: base?.version, saved: base });
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    setErrors({});
    save.mutate({ body: checked.body, deactivating: false });
  }

  function deactivate() {
    if (!base || save.isPending) return;
    setNotice(null);
    setProblem(null);
    setErrors({});
    save.mutate({ body: savedVoucherBody(base, { active: false }), deactivating: true });
  }

  const set = <K extends keyof VoucherDraft>(key: K, value: VoucherDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setAmount = (field: AmountField, currency: string, value: string) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [currency]: value } }));
  const creating = base === null;
  const errorKeys = Object.keys(errors);
  const percent = draft.kind === 'percent';

  const amountFields = (field: AmountField, label: string, hint: string) => (
    <fieldset
      id={fieldId(field)}
      tabIndex={-1}
      aria-describedby={[`${fieldId(field)}-hint`, errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend>{label}</legend>
      <p className="hint" id={`${fieldId(field)}-hint`}>
        {hint}
      </p>
      <GroupError field={field} errors={errors} />
      <div className="row">
        {currencies.map((currency) => {
          const key = `${field}.${currency}`;
          return (
            <TextField
              key={currency}
              id={fieldId(key)}
              label={`${voucherFieldLabel(field)} in ${currency}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder(currency)}
              value={draft[field][currency] ?? ''}
              error={errors[key]}
              onChange={(e) => setAmount(field, currency, e.target.value)}
            />
          );
        })}
      </div>
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'New voucher' : `Edit voucher ${base.code}`}>
      {stale ? (
        <Alert tone="error" title="Not saved" focusOnShow>
          <p>{STALE_VOUCHER_MESSAGE}</p>
          <p className="hint">Reloading discards the changes you made here.</p>
          <button type="button" className="button button--secondary" onClick={() => void onReload()}>
            Reload the voucher
          </button>
        </Alert>
      ) : null}
      {!stale && problem ? (
        <Alert key={attempt} tone="error" title="The voucher was not saved" focusOnShow>
          <p>{problem}</p>
        </Alert>
      ) : null}
      {!stale && errorKeys.length > 0 ? (
        <Alert key={attempt} tone="error" title="The voucher was not saved">
          <ul>
            {errorKeys.map((key) => (
              <li key={key}>
                <a href={`#${fieldId(key)}`}>
                  {voucherFieldLabel(key)}: {errors[key]}
                </a>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}

      <fieldset>
        <legend>Code and discount</legend>
        <TextField
          id={fieldId('code')}
          label="Code"
          required
          hint="What shoppers type at checkout: 3 to 32 letters, digits, - or _. It is saved in capitals."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={draft.code}
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <fieldset id={fieldId('kind')} tabIndex={-1} aria-describedby={errors.kind ? `${fieldId('kind')}-error` : undefined}>
          <legend>Kind of discount</legend>
          <GroupError field="kind" errors={errors} />
          <label className="choice">
            <input type="radio" name="kind" checked={percent} onChange={() => set('kind', 'percent')} />A percentage off
          </label>
          <label className="choice">
            <input type="radio" name="kind" checked={!percent} onChange={() => set('kind', 'fixed')} />A fixed amount off
          </label>
        </fieldset>
        {percent ? (
          <>
            <TextField
              id={fieldId('percentBp')}
              className="field--short"
              label="Percentage off (%)"
              required
              hint="From 0.01 to 100, such as 10 or 12.5."
              inputMode="decimal"
              autoComplete="off"
              value={draft.percent}
              error={errors.percentBp}
              onChange={(e) => set('percent', e.target.value)}
            />
            {amountFields(
              'maxDiscount',
              'Maximum discount (optional)',
              'The most it takes off one order, per currency. Leave a currency empty for no cap.',
            )}
          </>
        ) : (
          amountFields('amountOff', 'Amount off', 'Per currency: only orders in a currency given here can use it. Give at least one.')
        )}
        {amountFields(
          'minSpend',
          'Minimum spend (optional)',
          'The least the items of an order must cost, per currency. Leave a currency empty for no minimum.',
        )}
      </fieldset>

      <fieldset>
        <legend>When and how often</legend>
        <p className="hint" id="voucher-dates-hint">
          Dates and times are in your time zone ({browserZone()}). Leave them empty for no limit.
        </p>
        <div className="row">
          <TextField
            id={fieldId('validFrom')}
            type="datetime-local"
            label="Valid from"
            aria-describedby={['voucher-dates-hint', errors.validFrom ? `${fieldId('validFrom')}-error` : ''].filter(Boolean).join(' ')}
            value={draft.validFrom}
            error={errors.validFrom}
            onChange={(e) => set('validFrom', e.target.value)}
          />
          <TextField
            id={fieldId('validUntil')}
            type="datetime-local"
            label="Valid until"
            aria-describedby={['voucher-dates-hint', errors.validUntil ? `${fieldId('validUntil')}-error` : ''].filter(Boolean).join(' ')}
            value={draft.validUntil}
            error={errors.validUntil}
            onChange={(e) => set('validUntil', e.target.value)}
          />
        </div>
        <div className="row">
          <TextField
            id={fieldId('totalLimit')}
            label="Uses in all"
            hint="How many orders may use it, all shoppers together. Empty: no limit."
            inputMode="numeric"
            autoComplete="off"
            value={draft.totalLimit}
            error={errors.totalLimit}
            onChange={(e) => set('totalLimit', e.target.value)}
          />
          <TextField
            id={fieldId('perUserLimit')}
            label="Uses per shopper"
            hint="How many orders of one shopper may use it. Empty: no limit."
            inputMode="numeric"
            autoComplete="off"
            value={draft.perUserLimit}
            error={errors.perUserLimit}
            onChange={(e) => set('perUserLimit', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Where it applies</legend>
        <fieldset id={fieldId('scope')} tabIndex={-1} aria-describedby={errors.scope ? `${fieldId('scope')}-error` : undefined}>
          <legend>Orders it is for</legend>
          <GroupError field="scope" errors={errors} />
          {VOUCHER_SCOPES.map((scope) => (
            <label className="choice" key={scope}>
              <input type="radio" name="scope" checked={draft.scope === scope} onChange={() => set('scope', scope)} />
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <fieldset
          id={fieldId('regions')}
          tabIndex={-1}
          aria-describedby={['voucher-regions-hint', errors.regions ? `${fieldId('regions')}-error` : ''].filter(Boolean).join(' ')}
        >
          <legend>Regions</legend>
          <p className="hint" id="voucher-regions-hint">
            Tick the regions where it can be used; none ticked: every region.
          </p>
          <GroupError field="regions" errors={errors} />
          {regionChoices(regions, draft.regions).map((region) => (
            <label className="choice" key={region.key}>
              <input
                type="checkbox"
                checked={draft.regions.includes(region.key)}
                onChange={(e) =>
                  set('regions', e.target.checked ? [...draft.regions, region.key] : draft.regions.filter((key) => key !== region.key))
                }
              />
              {region.label}
            </label>
          ))}
        </fieldset>
      </fieldset>

      <fieldset id={fieldId('active')} tabIndex={-1}>
        <legend>Status</legend>
        <GroupError field="active" errors={errors} />
        <label className="choice">
          <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
          Active: shoppers can use it
        </label>
      </fieldset>

      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : creating ? 'Create voucher' : 'Save changes'}
        </button>
        {base?.active ? (
          <button
            type="button"
            className="button button--danger"
            aria-describedby="deactivate-hint"
            disabled={save.isPending}
            onClick={deactivate}
          >
            Deactivate
          </button>
        ) : null}
        <Link to="/vouchers">Back to the vouchers</Link>
      </div>
      {base?.active ? (
        <p className="hint" id="deactivate-hint">
          Deactivating saves only that the voucher is inactive: other changes typed here are not saved. Orders that used it keep it.
        </p>
      ) : null}
    </form>
  );
}

/** The shop's regions, then any the voucher names that the shop no longer offers. */
function regionChoices(regions: Region[], chosen: string[]): { key: string; label: string }[] {
  const known = regions.map((region) => ({ key: region.key, label: `${region.name} (${region.currency})` }));
  const others = chosen
    .filter((key) => !regions.some((region) => region.key === key))
    .map((key) => ({ key, label: `${key} (not offered now)` }));
  return [...known, ...others];
}

/** A problem with a whole group of the form (the kind, the amounts, the regions). */
function GroupError({ field, errors }: { field: string; errors: FieldErrors }) {
  return errors[field] ? (
    <p className="field-error" id={`${fieldId(field)}-error`}>
      {errors[field]}
    </p>
  ) : null;
}
