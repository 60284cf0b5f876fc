/**
 * The question staff answer before a change they cannot take back (issue 30): cancelling a paid
 * order, a refund, deciding a PayNow transfer, declining a quotation or a dispute. It takes the place
 * of the button that asked, names the order and the amount, and takes focus so it is read at once;
 * Escape or the second button keeps things as they are and gives focus back to that button.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFocusAfterRender } from './useFocusAfterRender';

/** The question staff answer before a change that cannot be taken back, and the button that makes it. */
export interface Confirmation {
  /** The question, with the order and the amount ("Cancel KD-… and refund SGD 69.12 to the card?"). */
  question: string;
  /** The button that acts, naming the action and the amount ("Cancel and refund SGD 69.12"). */
  confirmLabel: string;
}

interface ConfirmProps extends Confirmation {
  /** What follows once confirmed, when the question does not say it all. */
  detail?: ReactNode;
  /** What that button says while the change is on its way ("Cancelling…"). */
  busyLabel: string;
  /** The button that leaves things as they are ("Keep the order"). */
  keepLabel: string;
  /** The change is on its way: a second press sends nothing. */
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

export function Confirm({ question, detail, confirmLabel, busyLabel, keepLabel, busy, onConfirm, onKeep }: ConfirmProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    // Escape gives up, as in any dialog (the WAI-ARIA dialog pattern); its buttons are the controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      className="confirm"
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={detail ? `${id}-detail` : undefined}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onKeep();
      }}
    >
      <p id={`${id}-question`} className="confirm__question">
        {question}
      </p>
      {detail ? (
        <p id={`${id}-detail`} className="hint">
          {detail}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button button--danger" aria-busy={busy || undefined} onClick={() => !busy && onConfirm()}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * Whether a question is open, and what it would send once confirmed (`value`): `ask` opens it,
 * `keep` closes it and gives focus back to the button that asked (`returnFocusTo`, its id, which
 * is on the page again once the question is gone), `close` closes it once answered.
 */
export function useConfirm<Value>(returnFocusTo: string) {
  const [asked, setAsked] = useState<{ value: Value } | null>(null);
  const focus = useFocusAfterRender();
  return {
    asked,
    ask: (value: Value) => setAsked({ value }),
    keep: () => {
      setAsked(null);
      focus(returnFocusTo);
    },
    close: () => setAsked(null),
  };
}
