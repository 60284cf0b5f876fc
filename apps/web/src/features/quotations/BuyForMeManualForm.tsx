'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { QuotationItem } from '@kedai/contract';
import { LINK_MAX, QUOTATION_INSTRUCTIONS_MAX, QUOTATION_NAME_MAX, QUOTATION_QUANTITY_MAX } from '@kedai/domain';
import { useAppDispatch } from '../../store/hooks';
import { Field, FieldError, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from '../account/useFocusInvalid';
import { manualFormErrors, manualRequestOf, type ManualErrors, type ManualForm } from './buy-for-me';
import { requestQuotation } from './quotation-slice';
import styles from './quotations.module.css';

export interface BuyForMeManualFormProps {
  /** The link the shopper pasted, prefilled. */
  link: string;
  onSent: (item: QuotationItem) => void;
  /** Opened by the shopper (not shown after a failed reading): its heading takes focus. */
  focusOnShow?: boolean;
  /** For tests: the form as typed and its problems. */
  initial?: { form?: Partial<ManualForm>; errors?: ManualErrors; failure?: string };
}

/**
 * The quotation asked for by hand (`POST /quotation/request` from 'r'), for a page that could not be
 * read: the product's link (prefilled), its name, the quantity, instructions and an optional picture
 * link. Each problem is shown under its field and linked to it (aria-describedby); the first invalid
 * field takes focus after a submit. When the shopper opened it, its heading takes focus.
 */
export function BuyForMeManualForm({ link, onSent, focusOnShow = false, initial = {} }: BuyForMeManualFormProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<ManualForm>({
    productUrl: link,
    productName: '',
    quantity: '1',
    instructions: '',
    imageUrl: '',
    ...initial.form,
  });
  const [errors, setErrors] = useState<ManualErrors>(initial.errors ?? {});
  const [failure, setFailure] = useState<string | null>(initial.failure ?? null);
  const [sending, setSending] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureId = `${id}-failure`;

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);

  const set = (field: keyof ManualForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A problem goes once the field is edited; it is checked again on the next submit.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems = manualFormErrors(form);
    setErrors(problems);
    setFailure(null);
    if (Object.values(problems).some(Boolean)) return focusInvalid();
    setSending(true);
    const result = await dispatch(requestQuotation(manualRequestOf(form)));
    setSending(false);
    if (requestQuotation.fulfilled.match(result)) onSent(result.payload.quotationItem);
    else setFailure(result.payload ?? 'Unknown error');
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Ask for a quotation by hand
      </h2>
      <p className={styles.lead}>Tell us what to buy: the shop looks at the page itself and quotes you a price.</p>
      <form
        ref={formRef}
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={failure ? failureId : undefined}
        aria-label="Ask for a quotation by hand"
      >
        {failure ? (
          <FormAlert id={failureId}>
            <p>Your request could not be sent: {failure}</p>
          </FormAlert>
        ) : null}
        <Field
          id={`${id}-url`}
          label="Product link"
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          maxLength={LINK_MAX}
          error={errors.productUrl}
          value={form.productUrl}
          onChange={(event) => set('productUrl')(event.target.value)}
        />
        <Field
          id={`${id}-name`}
          label="Product name"
          required
          maxLength={QUOTATION_NAME_MAX}
          hint="As the marketplace names it, so the shop finds the right one."
          error={errors.productName}
          value={form.productName}
          onChange={(event) => set('productName')(event.target.value)}
        />
        <Field
          id={`${id}-quantity`}
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={QUOTATION_QUANTITY_MAX}
          step={1}
          required
          inputClassName={`${formStyles.input} ${styles.quantityInput}`}
          error={errors.quantity}
          value={form.quantity}
          onChange={(event) => set('quantity')(event.target.value)}
        />
        <InstructionsField id={`${id}-instructions`} value={form.instructions} error={errors.instructions} onChange={set('instructions')} />
        <Field
          id={`${id}-image`}
          label="Picture link (optional)"
          type="url"
          inputMode="url"
          maxLength={LINK_MAX}
          hint="The address of a picture of the product, if you have one."
          error={errors.imageUrl}
          value={form.imageUrl}
          onChange={(event) => set('imageUrl')(event.target.value)}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : 'Send the request'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The instructions for the shop: optional, as long as the cart's note. */
export function InstructionsField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        Instructions for the shop (optional)
      </label>
      <p id={hintId} className={formStyles.hint}>
        For example the size, colour or seller. Up to {QUOTATION_INSTRUCTIONS_MAX} characters.
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        maxLength={QUOTATION_INSTRUCTIONS_MAX}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
