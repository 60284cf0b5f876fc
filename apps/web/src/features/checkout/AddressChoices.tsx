import { addressLines, type Address } from '../addresses/address-book';
import styles from './checkout.module.css';

/** The choice that opens the address form instead of one of the book. */
export const NEW_ADDRESS = 'new';

export interface AddressChoicesProps {
  /** The radio group's name (one per fieldset). */
  name: string;
  addresses: readonly Address[];
  /** The id chosen, NEW_ADDRESS, or null. */
  chosen: string | null;
  onChoose(choice: string): void;
  /** Why an address cannot be chosen ("We do not deliver to Japan."), or null when it can. */
  unavailable?: (address: Address) => string | null;
  /** Offer "Add a new address" last. */
  offerNew?: boolean;
  disabled?: boolean;
}

/**
 * Addresses of the book as radio buttons (the main one first, as the book keeps them), each with its
 * lines as its country writes them; one that cannot be chosen is disabled with the reason read with it.
 */
export function AddressChoices({
  name,
  addresses,
  chosen,
  onChoose,
  unavailable,
  offerNew = false,
  disabled = false,
}: AddressChoicesProps) {
  return (
    <ul className={styles.choices} role="list">
      {addresses.map((address) => {
        const id = `${name}-${address.id}`;
        const why = unavailable?.(address) ?? null;
        return (
          <li key={address.id}>
            <label className={styles.choice} htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={name}
                value={address.id}
                checked={chosen === address.id}
                disabled={disabled || why !== null}
                aria-describedby={why ? `${id}-why` : undefined}
                onChange={() => onChoose(address.id)}
              />
              <span className={styles.choiceText}>
                {address.main ? <span className={styles.badge}>Main address</span> : null}
                {addressLines(address).map((text, index) => (
                  <span key={index}>{text}</span>
                ))}
                {why ? (
                  <span className={styles.choiceNote} id={`${id}-why`}>
                    {why}
                  </span>
                ) : null}
              </span>
            </label>
          </li>
        );
      })}
      {offerNew ? (
        <li>
          <label className={styles.choice} htmlFor={`${name}-new`}>
            <input
              id={`${name}-new`}
              type="radio"
              name={name}
              value={NEW_ADDRESS}
              checked={chosen === NEW_ADDRESS}
              disabled={disabled}
              onChange={() => onChoose(NEW_ADDRESS)}
            />
            <span className={styles.choiceText}>Add a new address</span>
          </label>
        </li>
      ) : null}
    </ul>
  );
}
