'use client';

import Form from 'next/form';
import { useEffect, useState, type ReactNode } from 'react';

export interface FilterFormProps {
  /** Path of the listing (`/search`, `/category/…`); the form's fields become its query. */
  action: string;
  className?: string;
  children: ReactNode;
  /** Text of the submit button, shown only until scripts run (then every change applies at once). */
  submitLabel?: string;
}

/**
 * A GET form over the listing's URL state. Without JavaScript it is a plain form with an Apply
 * button. Once hydrated, every change submits it at once, and `next/form` turns the submission
 * into a client-side navigation (a new history entry, so Back undoes the change).
 */
export function FilterForm({ action, className, children, submitLabel = 'Apply' }: FilterFormProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form action={action} className={className} onChange={(event) => event.currentTarget.requestSubmit()}>
      {children}
      <button type="submit" className="button button--secondary filter-form__apply" hidden={hydrated}>
        {submitLabel}
      </button>
    </Form>
  );
}
