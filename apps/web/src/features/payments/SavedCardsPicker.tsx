'use client';

import { useId, useState, type FormEvent } from 'react';
import formStyles from '../../ui/form.module.css';
import { LoadStatus } from '../../ui/LoadStatus';
import checkoutStyles from '../checkout/checkout.module.css';
import { firstUsableCard, isExpired, savedCardLabel, type SavedCard, type SavedCardsLoad } from './saved-cards';
import styles from './payments.module.css';

export interface SavedCardsPickerProps {
  load: SavedCardsLoad;
  onRetry(): void;
  /** The order's total as shown ("SGD 38.72"). */
  total: string;
  /** Something on the page is under way: nothing new starts. */
  busy: boolean;
  /** This picker's payment is under way. */
  paying: boolean;
  onPay(card: SavedCard): void;
  /** "or pay with another card": whether the new card's form is open, and the element it shows. */
  anotherCard: { open: boolean; controls: string; onToggle(): void };
  /** The date expiry is judged by (tests). */
  now?: Date;
}

/**
 * The shopper's saved cards above the order's card form (issue 17): while they load, why they could
 * not (the card form stays usable), or a radio list ("visa •••• 4242, expires 12/34"; an expired card
 * shown but not choosable) with "Pay <total> with this card" — one click, the card's `savedCardId` —
 * and "or pay with another card", which opens the form for a new card. Nothing without saved cards.
 */
export function SavedCardsPicker({ load, onRetry, total, busy, paying, onPay, anotherCard, now }: SavedCardsPickerProps) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);

  if (load.status !== 'ready') {
    return (
      <LoadStatus
        loading="Loading your saved cards…"
        failure={
          load.status === 'error' ? `We could not load your saved cards: ${load.message} You can still pay with a card below.` : null
        }
        onRetry={onRetry}
      />
    );
  }
  const { cards } = load;
  if (cards.length === 0) return null;

  const today = now ?? new Date();
  const usable = cards.filter((card) => !isExpired(card, today));
  const chosen = usable.find((card) => card.id === picked) ?? firstUsableCard(cards, today);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy && chosen) onPay(chosen);
  }

  return (
    <div className={styles.saved}>
      <form className={styles.savedForm} aria-label="Pay with a saved card" onSubmit={onSubmit}>
        <fieldset className={formStyles.fieldset} disabled={busy}>
          <legend>Your saved cards</legend>
          <ul className={checkoutStyles.choices} role="list">
            {cards.map((card) => {
              const inputId = `${id}-${card.id}`;
              const expired = isExpired(card, today);
              return (
                <li key={card.id}>
                  <label className={checkoutStyles.choice} htmlFor={inputId}>
                    <input
                      id={inputId}
                      type="radio"
                      name={`${id}-card`}
                      value={card.id}
                      checked={chosen?.id === card.id}
                      disabled={expired}
                      onChange={() => setPicked(card.id)}
                    />
                    <span className={`${checkoutStyles.choiceText} ${checkoutStyles.choiceName}`}>{savedCardLabel(card, today)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {chosen ? (
          <div className={formStyles.actions}>
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={paying || undefined}>
              {paying ? 'Paying…' : `Pay ${total} with this card`}
            </button>
          </div>
        ) : (
          <p className={formStyles.hint}>Your saved cards have expired. Pay with another card below.</p>
        )}
      </form>
      {usable.length > 0 ? (
        <p className={styles.another}>
          <button
            type="button"
            className={formStyles.linkButton}
            aria-expanded={anotherCard.open}
            aria-controls={anotherCard.controls}
            onClick={anotherCard.onToggle}
          >
            or pay with another card
          </button>
        </p>
      ) : null}
    </div>
  );
}
