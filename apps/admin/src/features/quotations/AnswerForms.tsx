import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminQuotationItem, Region } from '@kedai/contract';
import { DECLINE_REASON_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { amountPlaceholder } from '../../lib/money-input';
import { Alert } from '../../ui/Alert';
import { TextField, fieldId } from '../../ui/Field';
import { Confirm, useConfirm } from '../../ui/Confirm';
import { FormProblem } from '../../ui/FormProblem';
import { ReasonForm } from '../../ui/ReasonForm';
import { useOneFieldForm } from '../../ui/useOneFieldForm';
import {
  baseTotalText,
  declineBodyOf,
  handleAnswerError,
  initialResolveDraft,
  reasonCount,
  resolveBodyOf,
  suggestedPrices,
  totalText,
  type AnswerFailure,
  type DeclineBody,
  type FieldErrors,
  type ResolveBody,
  type ResolveDraft,
} from './answer-form';
import { regionLabel } from './quotation-view';

interface Props {
  item: AdminQuotationItem;
  regions: Region[];
  /** The answer was saved: the item as it is now. */
  onAnswered: (item: AdminQuotationItem, what: 'resolved' | 'declined') => void;
  /** The item changed since it was read, or is gone: the page says so and reads it again (`reload`). */
  onInterrupted: (failure: AnswerFailure) => void;
  /** An answer is being sent: the page's earlier news no longer applies. */
  onStart: () => void;
  reload: () => Promise<unknown>;
}

/** The answers to a pending item: a quote (unless the shop's product is gone) or a decline. */
export function AnswerForms(props: Props) {
  const { item } = props;
  const quotable = item.productSource === 'e' || item.product !== null;
  return (
    <>
      {quotable ? <ResolveForm {...props} /> : null}
      <DeclineForm {...props} />
    </>
  );
}

const RESOLVE_HEADING = 'quote-heading';
const DECLINE_HEADING = 'decline-heading';
const REASON_ID = 'decline-reason';
const DECLINE_BUTTON_ID = 'decline-button';

/** The quote: for a marketplace product its price there, and the price per unit in each region quoted. */
function ResolveForm({ item, regions, onAnswered, onInterrupted, onStart, reload }: Props) {
  const [draft, setDraft] = useState<ResolveDraft>(() => initialResolveDraft(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const external = item.productSource === 'e' ? item.externalProduct : null;

  const resolve = useMutation({
    mutationFn: (body: ResolveBody) => api.post('/admin/quotation_item/:id/resolve', { params: { id: item.id }, body }),
    onSuccess: (answer) => onAnswered(answer, 'resolved'),
    onError: (error) =>
      handleAnswerError(error, {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => {
          setErrors(failure.kind === 'refused' ? failure.errors : {});
          setProblem(failure.message);
          setAttempt((n) => n + 1);
        },
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (resolve.isPending) return;
    onStart();
    setProblem(null);
    const checked = resolveBodyOf(draft, { item, regions });
    if (!checked.ok) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    resolve.mutate(checked.body);
  }

  function labelOf(key: string): string {
    if (key === 'basePrice') return 'Marketplace price per unit';
    if (key === 'basePriceCurrency') return 'Marketplace currency';
    if (key === 'quotedPrice') return 'Quoted price per unit';
    if (key.startsWith('quotedPrice.')) return `Quoted price per unit in ${regionLabel(regions, key.slice('quotedPrice.'.length))}`;
    return key;
  }

  const setPrice = (key: string, value: string) => setDraft((d) => ({ ...d, prices: { ...d.prices, [key]: value } }));
  const suggested = suggestedPrices(item, regions);
  const hasSuggestion = Object.keys(suggested).length > 0;
  const errorKeys = Object.keys(errors);
  const baseTotal = external ? baseTotalText(draft, item.quantity) : null;
  return (
    <section className="panel" aria-labelledby={RESOLVE_HEADING}>
      <h2 id={RESOLVE_HEADING}>Quote a price</h2>
      <form onSubmit={submit} noValidate aria-labelledby={RESOLVE_HEADING}>
        {problem || errorKeys.length > 0 ? (
          <Alert key={attempt} tone="error" title="The quote was not sent" focusOnShow>
            {problem ? <p>{problem}</p> : null}
            {errorKeys.length > 0 ? (
              <ul>
                {errorKeys.map((key) => (
                  <li key={key}>
                    <a href={`#${fieldId(key)}`}>
                      {labelOf(key)}: {errors[key]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}

        {item.productSource === 'e' ? (
          <fieldset>
            <legend>Price on the marketplace</legend>
            <p className="hint">
              The base price of one unit as {external?.sourceMarketPlace ?? 'the marketplace'} sells it, in its own currency; filled in from
              its page where it could be read. The shopper does not see it.
            </p>
            <div className="row">
              <TextField
                id={fieldId('basePrice')}
                label="Marketplace price per unit"
                required
                inputMode="decimal"
                autoComplete="off"
                placeholder={amountPlaceholder(draft.basePriceCurrency || 'USD')}
                value={draft.basePrice}
                error={errors.basePrice}
                onChange={(e) => setDraft((d) => ({ ...d, basePrice: e.target.value }))}
              />
              <TextField
                id={fieldId('basePriceCurrency')}
                className="field--short"
                label="Marketplace currency"
                required
                hint="A three-letter code, e.g. USD."
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={3}
                value={draft.basePriceCurrency}
                error={errors.basePriceCurrency}
                onChange={(e) => setDraft((d) => ({ ...d, basePriceCurrency: e.target.value.toUpperCase() }))}
              />
            </div>
            {baseTotal ? <p className="hint">{baseTotal}</p> : null}
          </fieldset>
        ) : null}

        <fieldset
          id={fieldId('quotedPrice')}
          tabIndex={-1}
          aria-describedby={errors.quotedPrice ? `quoted-price-hint ${fieldId('quotedPrice')}-error` : 'quoted-price-hint'}
        >
          <legend>Quoted price per unit</legend>
          <p className="hint" id="quoted-price-hint">
            What the shopper pays for one unit in each region, in its currency. Leave a region empty not to quote it there; quote at least
            one.
          </p>
          {errors.quotedPrice ? (
            <p className="field-error" id={`${fieldId('quotedPrice')}-error`}>
              {errors.quotedPrice}
            </p>
          ) : null}
          {hasSuggestion ? (
            <p className="hint">
              Suggested from the price on the page with the shop&apos;s exchange rates and fee, which owners set in Settings.{' '}
              <button
                type="button"
                className="linklike"
                onClick={() => {
                  setDraft((d) => ({ ...d, prices: { ...d.prices, ...suggested } }));
                  document.getElementById(fieldId(`quotedPrice.${Object.keys(suggested)[0]!}`))?.focus();
                }}
              >
                Use the suggested prices
              </button>
            </p>
          ) : null}
          <div className="row">
            {regions.map((region) => (
              <TextField
                key={region.key}
                id={fieldId(`quotedPrice.${region.key}`)}
                label={`Quoted price per unit in ${region.name} (${region.currency})`}
                hint={suggested[region.key] ? `Suggested: ${region.currency} ${suggested[region.key]}` : undefined}
                inputMode="decimal"
                autoComplete="off"
                placeholder={amountPlaceholder(region.currency)}
                value={draft.prices[region.key] ?? ''}
                error={errors[`quotedPrice.${region.key}`]}
                onChange={(e) => setPrice(region.key, e.target.value)}
              />
            ))}
          </div>
          <p>
            <output htmlFor={regions.map((region) => fieldId(`quotedPrice.${region.key}`)).join(' ')} aria-live="polite">
              {totalText(draft, regions, item.quantity)}
            </output>
          </p>
        </fieldset>

        <div className="actions">
          <button type="submit" className="button" aria-busy={resolve.isPending || undefined}>
            {resolve.isPending ? 'Sending…' : 'Send the quote'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The decline, with the reason the shopper reads. */
function DeclineForm({ item, onAnswered, onInterrupted, onStart, reload }: Props) {
  const reason = useOneFieldForm({ fieldId: REASON_ID, check: (text) => declineBodyOf(text, item.version), onStart });
  const count = reasonCount(reason.text);
  // A checked reason waits for staff to confirm the decline (issue 30).
  const confirm = useConfirm<DeclineBody>(DECLINE_BUTTON_ID);
  const asked = confirm.asked;

  const decline = useMutation({
    mutationFn: (body: DeclineBody) => api.post('/admin/quotation_item/:id/decline', { params: { id: item.id }, body }),
    onSettled: confirm.close,
    onSuccess: (answer) => onAnswered(answer, 'declined'),
    onError: (failed) =>
      handleAnswerError(failed, {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => reason.refuse(failure.kind === 'refused' ? failure.errors.reason : undefined, failure.message),
      }),
  });

  return (
    <section className="panel" aria-labelledby={DECLINE_HEADING}>
      <h2 id={DECLINE_HEADING}>Decline</h2>
      <ReasonForm
        form={reason}
        aria-labelledby={DECLINE_HEADING}
        label="Reason for declining"
        hint={
          <>
            The shopper reads it in their quotation list and in an e-mail; 1 to {DECLINE_REASON_MAX} characters.{' '}
            <span className={count.fits || count.used === 0 ? undefined : 'field-error'}>{count.text}.</span>
          </>
        }
        rows={4}
        busy={decline.isPending}
        send={confirm.ask}
        submitLabel="Decline the quotation"
        busyLabel="Declining…"
        submitId={DECLINE_BUTTON_ID}
        confirmation={
          asked ? (
            <Confirm
              question={`Decline the quotation for ${item.quantity} × ${item.name} from ${item.shopper.email}?`}
              detail="The shopper reads your reason and cannot buy it at a quoted price."
              confirmLabel="Decline the quotation"
              busyLabel="Declining…"
              keepLabel="Don't decline"
              busy={decline.isPending}
              onConfirm={() => decline.mutate(asked.value)}
              onKeep={confirm.keep}
            />
          ) : null
        }
        afterField={
          // Said once the reason is too long, not at every key.
          <p className="visually-hidden" aria-live="polite">
            {count.used > DECLINE_REASON_MAX ? `The reason is ${count.text}.` : ''}
          </p>
        }
      >
        <FormProblem problem={reason.problem} title="The quotation was not declined" />
      </ReasonForm>
    </section>
  );
}
