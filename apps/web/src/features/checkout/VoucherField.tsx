'use client';

import { useId, useState, type FormEvent } from 'react';
import type { CostEstimate } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import formStyles from '../../ui/form.module.css';
import { checkVoucher } from './checkout-slice';
import { formatAmount } from './costs';
import styles from './checkout.module.css';

export interface VoucherFieldProps {
  /** The code applied (sent with the estimate), or null. */
  applied: string | null;
  /** The latest estimate: whether the applied voucher applies to these items, and its discount. */
  estimate: CostEstimate | null;
  /** The estimate for the applied code is on its way. */
  estimating: boolean;
  onApply(code: string): void;
  onRemove(): void;
  disabled?: boolean;
}

/**
 * The voucher: a code and Apply, which asks the shop whether the code can be used at all
 * (`POST /voucher/validate`); a usable code is applied (the estimate then shows its discount, or why
 * it does not apply to these items), an unusable one is said beside the field. An applied voucher
 * can be removed.
 */
export function VoucherField({ applied, estimate, estimating, onApply, onRemove, disabled = false }: VoucherFieldProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${id}-code`;
  const errorId = `${id}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (checking) return;
    if (!typed) {
      setError('Type a voucher code first.');
      return;
    }
    setChecking(true);
    setError(null);
    const result = await dispatch(checkVoucher(typed));
    setChecking(false);
    if (checkVoucher.fulfilled.match(result)) {
      setCode('');
      onApply(result.payload.code);
    } else {
      setError(result.payload ?? 'Unknown error');
    }
  }

  const applies = applied && estimate?.voucher?.code.toUpperCase() === applied.toUpperCase() ? estimate.voucher : null;
  const refused = applied && !estimating && estimate?.voucherError ? voucherErrorText(estimate.voucherError) : null;
  const off = applies && estimate ? formatAmount(applies.discount, estimate.currency) : '';
  const said =
    !applied || estimating
      ? ''
      : refused
        ? `Voucher ${applied} cannot be used: ${refused}`
        : applies
          ? `Voucher ${applied} applied: ${off} off.`
          : '';

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 className={styles.sectionTitle} id={`${id}-title`}>
        Voucher
      </h2>
      {/* Always in the page, so what happens to the voucher is read out when it changes. */}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {said}
      </p>
      {applied ? (
        <div className={refused ? styles.alert : styles.voucherApplied}>
          <p>
            Voucher <strong>{applied}</strong>{' '}
            {refused ? `cannot be used: ${refused}` : applies ? `applied: ${off} off.` : estimating ? 'is being applied…' : 'applied.'}
          </p>
          <button type="button" className={styles.linkButton} onClick={onRemove} disabled={disabled}>
            Remove voucher<span className="visually-hidden"> {applied}</span>
          </button>
        </div>
      ) : null}
      {applied ? null : (
        <form className={formStyles.field} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
          <label htmlFor={inputId} className={formStyles.label}>
            Voucher code
          </label>
          <div className={styles.voucherRow}>
            <input
              id={inputId}
              name="voucherCode"
              className={formStyles.input}
              value={code}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
            />
            <button type="submit" className="button button--secondary" disabled={disabled || checking} aria-busy={checking || undefined}>
              {checking ? 'Checking…' : 'Apply'}
            </button>
          </div>
          {error ? (
            <p className={formStyles.fieldError} id={errorId} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}

/** Codes whose text from the estimate names the amount or the date (the estimate sends no `params`). */
const SAID_WITH_DETAILS = new Set(['voucher/min_spend', 'voucher/not_started', 'voucher/expired']);

/**
 * Why an applied voucher does not apply, in words: the estimate's own text where it carries the
 * minimum spend or the date ("Spend at least SGD 50.00 to use this voucher."), else the shopper's
 * sentence for the code.
 */
function voucherErrorText(error: { errorCode: string; error: string }): string {
  if (SAID_WITH_DETAILS.has(error.errorCode) && error.error.trim() !== '') return error.error.trim().replace(/\.?$/, '.');
  return errorMessageFor(error);
}
