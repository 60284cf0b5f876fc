import formStyles from '../../ui/form.module.css';

export interface SaveCardFieldProps {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** "Save this card for next time": the attempt's `saveCard`, with what is kept and where to remove it. */
export function SaveCardField({ id, checked, disabled = false, onChange }: SaveCardFieldProps) {
  return (
    <div className={formStyles.field}>
      <div className={formStyles.check}>
        <input
          id={id}
          type="checkbox"
          name="save-card"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>Save this card for next time</label>
      </div>
      <p id={`${id}-hint`} className={formStyles.hint}>
        Pay in one click next time. We keep only the card’s brand, last four digits and expiry date; remove it any time under Saved cards in
        your account.
      </p>
    </div>
  );
}
