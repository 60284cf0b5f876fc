'use client';

import { useId, useState, type FormEvent } from 'react';
import type { Order } from '@kedai/contract';
import { Field } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from '../account/useFocusInvalid';
import { BANK_REFERENCE_MAX } from '@kedai/domain';
import { bankReferenceProblem, reportTransfer } from './paynow';

export interface PayNowPaidFormProps {
  orderId: string;
  /** The order as the report left it: still awaiting payment, with the transfer for the shop to check. */
  onReported(order: Order): void;
  /** The API refused the report: what to tell the shopper, and whether the page is out of date. */
  onRefused(refusal: { message: string; outdated: boolean }): void;
  /** What the form opens with (tests). */
  initialReference?: string;
  initialProblem?: string;
}

/**
 * "I have paid": the shopper reports their PayNow transfer, with the bank's reference when they have
 * one (checked by the API's rule before sending). The shop then checks its account.
 */
export function PayNowPaidForm({ orderId, onReported, onRefused, initialReference = '', initialProblem }: PayNowPaidFormProps) {
  const id = useId();
  const [reference, setReference] = useState(initialReference);
  const [problem, setProblem] = useState<string | undefined>(initialProblem);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = bankReferenceProblem(reference);
    setProblem(found);
    if (found) return focusInvalid();
    setBusy(true);
    const result = await reportTransfer(orderId, reference);
    setBusy(false);
    if (result.ok) return onReported(result.order);
    onRefused(result);
  }

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Tell the shop you have paid"
    >
      <Field
        id={`${id}-reference`}
        label="Bank reference (optional)"
        name="bank-reference"
        autoComplete="off"
        maxLength={BANK_REFERENCE_MAX}
        hint="If your banking app gives the transfer a reference, it helps the shop find your payment."
        value={reference}
        error={problem}
        onChange={(event) => {
          setReference(event.target.value);
          setProblem(undefined);
        }}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : 'I have paid'}
        </button>
      </div>
    </form>
  );
}
