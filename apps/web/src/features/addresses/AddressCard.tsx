import type { Ref } from 'react';
import { addressLines, type Address } from './address-book';
import styles from './addresses.module.css';

export interface AddressCardProps {
  address: Address;
  /** Id of the card's (visually hidden) title, which names every action of the card. */
  titleId: string;
  deleteButtonId: string;
  /** "Delete this address?" is being asked. */
  confirming: boolean;
  /** An action of this card is in flight. */
  busy: boolean;
  /** Gets "Keep it", focused when the question opens so Enter pressed twice cannot delete. */
  keepRef: Ref<HTMLButtonElement>;
  onEdit(): void;
  onMakeMain(): void;
  onAskDelete(): void;
  onDelete(): void;
  onKeep(): void;
}

/** One saved address in the book: its lines as its country writes them, and its actions. */
export function AddressCard({ address, titleId, deleteButtonId, confirming, busy, keepRef, ...on }: AddressCardProps) {
  return (
    <li className={address.main ? styles.cardMain : styles.card} data-testid="address-card">
      <h3 id={titleId} className="visually-hidden">
        {address.main ? 'Main address: ' : 'Address: '}
        {address.fullName}
      </h3>
      {address.main ? <p className={styles.badge}>Main address</p> : null}
      <p className={styles.lines} data-testid="address-lines">
        {addressLines(address).map((line, index) => (
          <span key={index} className={styles.line}>
            {line}
          </span>
        ))}
      </p>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${titleId}-confirm`}>
          <p id={`${titleId}-confirm`} className={styles.confirmText}>
            Delete this address?
          </p>
          <div className={styles.actions}>
            <button type="button" className={`button ${styles.danger}`} disabled={busy} aria-busy={busy || undefined} onClick={on.onDelete}>
              {busy ? 'Deleting…' : 'Yes, delete'}
            </button>
            <button ref={keepRef} type="button" className="button button--secondary" onClick={on.onKeep}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={on.onEdit} aria-describedby={titleId}>
            Edit
          </button>
          {!address.main ? (
            <button type="button" className={styles.action} disabled={busy} onClick={on.onMakeMain} aria-describedby={titleId}>
              Make main
            </button>
          ) : null}
          <button type="button" className={styles.action} id={deleteButtonId} onClick={on.onAskDelete} aria-describedby={titleId}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
