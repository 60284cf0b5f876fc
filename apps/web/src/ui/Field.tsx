import type { InputHTMLAttributes, ReactNode } from 'react';
import formStyles from './form.module.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Help shown under the input, linked with aria-describedby. */
  hint?: ReactNode;
  /** The field's problem; marks the input invalid and is linked with aria-describedby. */
  error?: string | undefined;
  inputClassName?: string;
}

/** A labelled input whose hint and error are announced with it (aria-describedby). */
export function Field({ id, label, hint, error, inputClassName, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className={inputClassName ?? formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={formStyles.fieldError}>
      {error}
    </p>
  );
}

/** A form-level problem or result, announced when it appears. */
export function FormAlert({ id, children, tone = 'error' }: { id?: string; children: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <div id={id} className={tone === 'error' ? formStyles.alert : formStyles.success} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
