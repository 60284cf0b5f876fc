'use client';

import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AddressForm as AddressFormValues } from '@kedai/domain';
import { FieldError, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from '../account/useFocusInvalid';
import {
  addressFormProblems,
  countryChoices,
  layoutFor,
  phoneProblem,
  postalCodeProblem,
  saveAddress,
  toAddressRequest,
  withCountry,
  writtenPostalCode,
  type Address,
  type AddressFormErrors,
  type AddressFormField,
} from './address-book';
import styles from './addresses.module.css';

export interface AddressFormProps {
  /** The address being edited; null for a new one. */
  address: Address | null;
  /** The values the form opens with. */
  initialValues: AddressFormValues;
  /** Countries the shop ships to (null: not known, every country is offered). */
  countries: string[] | null;
  onSaved(address: Address): void;
  onCancel(): void;
  /** The server said the address book is full (`user/max_addresses_reached`). */
  onLimit?(limit: number): void;
  /** The book is empty: this address becomes the main one whatever is chosen. */
  isFirst?: boolean;
  /** For tests and for re-showing a state: problems and message to open with. */
  initialErrors?: AddressFormErrors;
  initialMessage?: string | null;
  /** The form's title ("Add an address", "Edit address" by default) and its heading's level (2 by default). */
  title?: string;
  headingLevel?: 2 | 3;
  /** The add button's words ("Add address" by default). */
  submitLabel?: string;
  /** Whether opening the form takes focus to its heading (true); false where the page opens with it. */
  focusOnOpen?: boolean;
}

/**
 * Add or edit one address (rules: entities.md "Address form fields"). The form follows the chosen country
 * (`formLayout`: labels, required marks, the state list, which fields it has), checks the postal
 * code as it is typed once the field has been visited, runs the API's rules on submit, and shows
 * the server's per-field answer beside the same fields (focus goes to the first invalid field).
 */
export function AddressForm({
  address,
  initialValues,
  countries,
  onSaved,
  onCancel,
  onLimit,
  isFirst = false,
  initialErrors = {},
  initialMessage = null,
  title,
  headingLevel = 2,
  submitLabel,
  focusOnOpen = true,
}: AddressFormProps) {
  const id = useId();
  const [values, setValues] = useState<AddressFormValues>(initialValues);
  const [errors, setErrors] = useState<AddressFormErrors>(initialErrors);
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [zipTouched, setZipTouched] = useState(false);
  const [main, setMain] = useState(false);
  const [pending, setPending] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const layout = layoutFor(values.country);
  const choices = useMemo(() => countryChoices(countries, address?.country), [countries, address?.country]);
  const fieldId = (field: AddressFormField) => `${id}-${field}`;
  const errorId = (field: AddressFormField) => (errors[field] ? `${fieldId(field)}-error` : undefined);
  const messageId = `${id}-message`;
  const headingId = `${id}-heading`;
  const requiredNoteId = `${id}-required`;

  // Opening the form takes focus to its heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const shown = (field: AddressFormField) =>
    field === 'city' ? layout.city.shown : field === 'state' ? layout.state.shown : field === 'zip' ? layout.zip.shown : true;

  function set(field: AddressFormField, value: string) {
    const next = field === 'country' ? withCountry(values, value) : { ...values, [field]: value };
    setValues(next);
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      if (field === 'country') {
        delete rest.city;
        delete rest.state;
        delete rest.zip;
        // A number typed for the old country is checked against the new one at once.
        const phone = phoneProblem(next);
        if (phone) rest.phone = phone;
      }
      // Once visited, the postal code is checked as it is typed (and again when the country changes).
      const zip = zipTouched && (field === 'zip' || field === 'country') ? postalCodeProblem(next) : rest.zip;
      if (zip) rest.zip = zip;
      else delete rest.zip;
      return rest;
    });
  }

  function onZipBlur() {
    setZipTouched(true);
    // Shown in the country's written form once left (`nw16xe` -> `NW1 6XE`).
    const written = { ...values, zip: writtenPostalCode(values) };
    if (written.zip !== values.zip) setValues(written);
    const problem = written.zip.trim() === '' ? undefined : postalCodeProblem(written);
    setErrors(({ zip: _, ...rest }) => (problem ? { ...rest, zip: problem } : rest));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setMessage(null);
    setZipTouched(true);
    const found = addressFormProblems(values, countries ?? undefined);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid();
    setPending(true);
    const result = await saveAddress(address?.id ?? null, toAddressRequest(values, main), shown);
    setPending(false);
    if (result.ok) return onSaved(result.address);
    setErrors(result.fieldErrors);
    setMessage(result.message);
    if (result.limit !== null) onLimit?.(result.limit);
    if (Object.keys(result.fieldErrors).length > 0) focusInvalid();
  }

  const label = (field: AddressFormField, text: string, required: boolean) => (
    <label htmlFor={fieldId(field)} className={formStyles.label}>
      {text}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );

  const input = (
    field: AddressFormField,
    text: string,
    required: boolean,
    extra: { autoComplete: string; maxLength?: number; type?: string; inputMode?: 'tel' | 'text'; hint?: ReactNode; onBlur?: () => void },
  ) => {
    const hintId = extra.hint ? `${fieldId(field)}-hint` : undefined;
    return (
      <div className={formStyles.field}>
        {label(field, text, required)}
        {extra.hint ? (
          <p id={hintId} className={formStyles.hint}>
            {extra.hint}
          </p>
        ) : null}
        <input
          id={fieldId(field)}
          name={field}
          className={formStyles.input}
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete={extra.autoComplete}
          maxLength={extra.maxLength}
          required={required}
          value={values[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={[errorId(field), hintId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => set(field, event.target.value)}
          onBlur={extra.onBlur}
        />
        {field === 'zip' ? (
          // The postal code's message changes as it is typed: announce it politely.
          <div aria-live="polite">
            <FieldError id={errorId(field)} error={errors[field]} />
          </div>
        ) : (
          <FieldError id={errorId(field)} error={errors[field]} />
        )}
      </div>
    );
  };

  const stateOptions = layout.state.options;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <form
      ref={formRef}
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      aria-describedby={[message ? messageId : undefined, requiredNoteId].filter(Boolean).join(' ')}
    >
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {title ?? (address ? 'Edit address' : 'Add an address')}
      </Heading>
      <p id={requiredNoteId} className={formStyles.hint}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {message ? <FormAlert id={messageId}>{message}</FormAlert> : null}

      <div className={formStyles.field}>
        {label('country', 'Country', true)}
        <select
          id={fieldId('country')}
          name="country"
          className={formStyles.input}
          autoComplete="country"
          required
          value={values.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errorId('country')}
          onChange={(event) => set('country', event.target.value)}
        >
          {values.country === '' ? <option value="">Choose a country</option> : null}
          {choices.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <FieldError id={errorId('country')} error={errors.country} />
      </div>

      <div className={formStyles.row}>
        {input('firstName', 'First name', true, { autoComplete: 'given-name', maxLength: 100 })}
        {input('lastName', 'Last name', false, { autoComplete: 'family-name', maxLength: 100 })}
      </div>
      {input('address1', 'Street address', true, { autoComplete: 'address-line1', maxLength: 200 })}
      {input('address2', 'Unit, floor or building', false, { autoComplete: 'address-line2', maxLength: 30 })}

      {layout.city.shown || layout.state.shown ? (
        // Side by side on wide screens when the country has both; one alone takes the whole width.
        <div className={layout.city.shown && layout.state.shown ? formStyles.row : styles.single}>
          {layout.city.shown
            ? input('city', layout.city.label, layout.city.required, { autoComplete: 'address-level2', maxLength: 200 })
            : null}
          {layout.state.shown && stateOptions ? (
            <div className={formStyles.field}>
              {label('state', layout.state.label, layout.state.required)}
              <select
                id={fieldId('state')}
                name="state"
                className={formStyles.input}
                autoComplete="address-level1"
                required={layout.state.required}
                value={values.state}
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={errorId('state')}
                onChange={(event) => set('state', event.target.value)}
              >
                <option value="">{layout.state.required ? `Choose a ${layout.state.label.toLowerCase()}` : '(none)'}</option>
                {stateOptions.map((state) => (
                  <option key={state.value} value={state.value}>
                    {state.label}
                  </option>
                ))}
              </select>
              <FieldError id={errorId('state')} error={errors.state} />
            </div>
          ) : null}
          {layout.state.shown && !stateOptions
            ? input('state', layout.state.label, layout.state.required, { autoComplete: 'address-level1', maxLength: 200 })
            : null}
        </div>
      ) : null}

      {layout.zip.shown
        ? input('zip', layout.zip.label, layout.zip.required, {
            autoComplete: 'postal-code',
            maxLength: 16,
            hint: layout.zip.hint,
            onBlur: onZipBlur,
          })
        : null}
      {input('phone', 'Phone number', true, {
        autoComplete: 'tel',
        type: 'tel',
        inputMode: 'tel',
        hint: layout.phone.hint,
      })}

      {address?.main || isFirst ? (
        <p className={formStyles.hint}>{address?.main ? 'This is your main address.' : 'Your first address becomes your main address.'}</p>
      ) : (
        <div className={formStyles.check}>
          <input id={`${id}-main`} type="checkbox" name="main" checked={main} onChange={(event) => setMain(event.target.checked)} />
          <label htmlFor={`${id}-main`}>Make this my main address</label>
        </div>
      )}

      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : address ? 'Save address' : (submitLabel ?? 'Add address')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
