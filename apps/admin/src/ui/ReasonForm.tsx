/**
 * A form of one reason the shopper reads (cancelling an order, rejecting a transfer, declining a
 * quotation): the reason's field with the domain's length rule in its hint, its error, and the
 * button that sends it, which says so while it is on its way. Its state is `useOneFieldForm`'s,
 * kept by the caller, whose mutation hands the API's refusals to `form.refuse`.
 */
import type { ReactNode } from 'react';
import { TextArea } from './Field';
import type { OneFieldForm } from './useOneFieldForm';

interface Props<Body> {
  form: OneFieldForm<Body>;
  /** The form's name: the id of the heading it sits under, or words of its own. */
  'aria-labelledby'?: string;
  'aria-label'?: string;
  label: string;
  hint: ReactNode;
  rows: number;
  /** The change is on its way: the button says `busyLabel`, and a second press sends nothing. */
  busy: boolean;
  send: (body: Body) => void;
  submitLabel: string;
  busyLabel: string;
  /** A second button that gives up, such as "Don't reject". */
  cancel?: { label: string; onCancel: () => void };
  /** What comes before the field: the form's problem, a hint of what follows. */
  children?: ReactNode;
  /** What comes after it, such as a counter said once the reason is too long. */
  afterField?: ReactNode;
  /** The submit button's id, for focus to come back to when a confirmation is given up. */
  submitId?: string;
  /** The question asked before sending (a `Confirm`): in place of the buttons, the reason kept as typed while it is open. */
  confirmation?: ReactNode;
}

export function ReasonForm<Body>({
  form,
  label,
  hint,
  rows,
  busy,
  send,
  submitLabel,
  busyLabel,
  cancel,
  children,
  afterField,
  submitId,
  confirmation,
  ...name
}: Props<Body>) {
  return (
    <form onSubmit={(event) => form.submit(event, { busy, send })} noValidate {...name}>
      {children}
      <TextArea
        id={form.fieldId}
        label={label}
        required
        hint={hint}
        rows={rows}
        value={form.text}
        readOnly={confirmation ? true : undefined}
        error={form.error}
        onChange={(e) => form.change(e.target.value)}
      />
      {afterField}
      {confirmation ?? (
        <div className="actions">
          {/* Each reason explains a refusal to the shopper (a cancelled order, a rejected transfer, a declined quotation). */}
          <button type="submit" id={submitId} className="button button--danger" aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
          {cancel ? (
            <button type="button" className="button button--secondary" onClick={cancel.onCancel}>
              {cancel.label}
            </button>
          ) : null}
        </div>
      )}
    </form>
  );
}
