'use client';

import { useEffect, useState } from 'react';
import { CART_QUANTITY_MAX, parseCartQuantity } from '@kedai/domain';
import styles from './cart.module.css';

export interface QuantityStepperProps {
  /** Accessible name of the number field, e.g. "Quantity" or "Quantity of Frying Pan". */
  label: string;
  /** Visible label; the field is labelled by `label` only when this is false. */
  showLabel?: boolean;
  id: string;
  value: number;
  /** A new whole number from 1 to `max` (typed, or stepped with the buttons). */
  onChange: (value: number) => void;
  max?: number;
  disabled?: boolean;
  /** A change is being saved: the controls ignore input but keep focus (disabling them would drop it). */
  busy?: boolean;
  /** Id of a hint about the quantity (e.g. how many are left), read with the field. */
  describedBy?: string;
  /** A typed number above `max`: the field goes back to `value` and this is told what was asked. */
  onAboveMax?: (asked: number) => void;
  /** A typed 0: the field goes back to `value` and this is called (e.g. to ask whether to remove). */
  onZero?: () => void;
}

/**
 * A quantity field with − and + buttons. Typing commits on Enter or when the field loses focus;
 * something that is not a whole number from 1 to `max` puts the last value back (and a number
 * above `max`, or 0, is passed to `onAboveMax` / `onZero` so the page can say what to do instead).
 */
export function QuantityStepper({
  label,
  showLabel = false,
  id,
  value,
  onChange,
  max = CART_QUANTITY_MAX,
  disabled = false,
  busy = false,
  describedBy,
  onAboveMax,
  onZero,
}: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  // The buttons are never disabled for a bound or while busy, only aria-disabled: a disabled button
  // that has focus drops it to the page.
  // The field shows the value held: when it changes, and again when a change being saved (the field
  // disabled meanwhile) ends, so a refused change does not leave the typed number on show.
  useEffect(() => setText(String(value)), [value, disabled, busy]);

  function commit() {
    if (busy) return;
    const typed = text.trim();
    const parsed = parseCartQuantity(typed);
    if (parsed === null || parsed > max) {
      setText(String(value));
      if (/^0+$/.test(typed)) onZero?.();
      else if (parsed !== null || /^\d+$/.test(typed)) onAboveMax?.(Number(typed));
      return;
    }
    if (parsed !== value) onChange(parsed);
  }

  return (
    <div className={styles.field}>
      {showLabel ? (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      ) : null}
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepperButton}
          aria-label={`Decrease ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={disabled}
          aria-disabled={busy || value <= 1 || undefined}
          onClick={() => busy || value <= 1 || onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className={styles.stepperInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          aria-label={showLabel ? undefined : label}
          aria-describedby={describedBy}
          disabled={disabled}
          readOnly={busy}
          aria-busy={busy || undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className={styles.stepperButton}
          aria-label={`Increase ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={disabled}
          aria-disabled={busy || value >= max || undefined}
          onClick={() => busy || value >= max || onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
