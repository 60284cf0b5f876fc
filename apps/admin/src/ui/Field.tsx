/**
 * A labelled field with its hint and error, tied together for assistive technology: the label
 * names the control, `aria-describedby` reads the hint and the error, `aria-invalid` marks it.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Common {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** The id of a field's element for an error key (`variantPaths.0/1.price.SG` -> `f-variantPaths-0-1-price-SG`). */
export const fieldId = (key: string): string => `f-${key.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

function described(id: string, hint: unknown, error: unknown) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

function Parts({ id, label, hint, error, className, children }: Common & { children: ReactNode }) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ id, label, hint, error, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Parts id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} type="text" {...described(id, hint, error)} {...input} />
    </Parts>
  );
}

export function TextArea({ id, label, hint, error, className, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Parts id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} {...described(id, hint, error)} {...input} />
    </Parts>
  );
}

export function SelectField({ id, label, hint, error, className, children, ...input }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Parts id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} {...described(id, hint, error)} {...input}>
        {children}
      </select>
    </Parts>
  );
}
