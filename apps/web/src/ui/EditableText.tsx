'use client';

import { useState, type ReactNode } from 'react';
import styles from './list.module.css';

export interface EditableTextProps {
  /** The textarea's id; its hint's is `${id}-hint`. */
  id: string;
  /** The saved text ('' when there is none). */
  value: string;
  /** Shown in bold before the saved text ("Note:"). */
  valueLabel: string;
  /** The textarea's label ("Note to the seller"). */
  label: string;
  /** The words of the button that opens the editor while there is no text ("Add a note to the seller"). */
  addLabel: string;
  /** The words of that button once there is a text ("Edit note"). */
  editLabel: string;
  /** What the text belongs to: the button's name ends with it ("Edit note for Frying Pan"), as a list has one per row. */
  itemName: string;
  maxLength: number;
  /** Help under the textarea, read with it. */
  hint?: ReactNode;
  /** The words of the save button ("Save note"); it says "Saving…" while the text is saved. */
  saveLabel: string;
  /** Something in the row is under way: opening the editor and saving wait for it. */
  busy: boolean;
  /** This text is being saved. */
  saving: boolean;
  /** Saves the text, trimmed. Resolves true once saved, which closes the editor; false keeps it open to try again. */
  onSave: (text: string) => Promise<boolean>;
  /** The row's other actions, beside the add or edit button; hidden with it while the text is edited. */
  otherActions?: ReactNode;
  /** Added to the class of the line of actions (the cart line spreads them across the line). */
  actionsClassName?: string;
  /** The state to start in (the tests render the editor open). */
  initial?: { editing?: boolean };
}

/**
 * A short text a shopper may leave on a row (the cart line's note to the seller, a quotation's
 * instructions): the text as saved with an "Add…" or "Edit…" link button, which opens an editor
 * in its place with Save and Cancel. One component, so every row's text reads, edits and waits alike.
 * The text is saved trimmed; an empty one means there is none.
 */
export function EditableText({
  id,
  value,
  valueLabel,
  label,
  addLabel,
  editLabel,
  itemName,
  maxLength,
  hint,
  saveLabel,
  busy,
  saving,
  onSave,
  otherActions,
  actionsClassName,
  initial = {},
}: EditableTextProps) {
  const [editing, setEditing] = useState(initial.editing ?? false);
  const [draft, setDraft] = useState(value);
  const hintId = hint ? `${id}-hint` : undefined;

  async function save() {
    if (await onSave(draft.trim())) setEditing(false);
  }

  if (editing) {
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          maxLength={maxLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={hintId}
          autoFocus
        />
        {hint ? (
          <p className={styles.hint} id={hintId}>
            {hint}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
            {saving ? 'Saving…' : saveLabel}
          </button>
          <button type="button" className="button button--secondary" disabled={saving} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      {value ? (
        <p className={styles.text}>
          <strong>{valueLabel}</strong> {value}
        </p>
      ) : null}
      <div className={actionsClassName ? `${styles.controls} ${actionsClassName}` : styles.controls}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy}
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
        >
          {value ? editLabel : addLabel}
          <span className="visually-hidden"> for {itemName}</span>
        </button>
        {otherActions}
      </div>
    </>
  );
}
