'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { FormAlert } from '../../ui/Field';
import { LoadStatus } from '../../ui/LoadStatus';
import { cardExpiry, cardName, isExpired, removeSavedCard, withoutCard, type SavedCard, type SavedCardsLoad } from './saved-cards';
import { useSavedCards } from './useSavedCards';
import styles from './payments.module.css';

type Notice = null | { tone: 'success' | 'error'; text: string };

export interface SavedCardsViewProps {
  /** What the page opens with (tests); by default the cards are read. */
  initial?: SavedCardsLoad;
  /** A removal being asked about, and a result (tests). */
  initialConfirming?: string | null;
  initialNotice?: Notice;
  /** The date expiry is judged by (tests). */
  now?: Date;
}

/**
 * `/profile/cards` (inside RequireSignIn): the cards the shopper saved when paying, on the payment
 * provider in use, newest first — brand and last four digits, the expiry date (an expired card said
 * so) — each with "Remove" after a confirmation ("Remove it" / "Keep it", focus on the question, back
 * on Remove when kept). The state is the page's own; nothing else shows these cards but the order page.
 */
export function SavedCardsView({ initial, initialConfirming = null, initialNotice = null, now }: SavedCardsViewProps) {
  const id = useId();
  const { load, read, setLoad } = useSavedCards(initial);
  const [confirming, setConfirming] = useState<string | null>(initialConfirming);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(initialNotice);
  const [focusNotice, setFocusNotice] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);

  // A finished removal is announced where focus goes (the card and its buttons are gone).
  useEffect(() => {
    if (focusNotice > 0) noticeRef.current?.focus();
  }, [focusNotice]);

  if (load.status !== 'ready') {
    return (
      <div className={styles.page}>
        <LoadStatus
          loading="Loading your saved cards…"
          failure={load.status === 'error' ? `We could not load your saved cards: ${load.message}` : null}
          onRetry={() => void read()}
        />
      </div>
    );
  }

  const { cards } = load;
  const today = now ?? new Date();

  function announce(next: Notice) {
    setNotice(next);
    setFocusNotice((n) => n + 1);
  }

  function ask(card: SavedCard) {
    setNotice(null);
    setConfirming(card.id);
    requestAnimationFrame(() => questionRef.current?.focus());
  }

  function keep(card: SavedCard) {
    setConfirming(null);
    requestAnimationFrame(() => document.getElementById(removeButtonId(card))?.focus());
  }

  async function remove(card: SavedCard) {
    setBusy(card.id);
    const result = await removeSavedCard(card.id);
    setBusy(null);
    setConfirming(null);
    if (result.ok || result.gone) {
      setLoad((current) => (current.status === 'ready' ? { status: 'ready', cards: withoutCard(current.cards, card.id) } : current));
      announce({ tone: 'success', text: result.ok ? `${cardName(card)} was removed.` : `${cardName(card)} was already removed.` });
    } else {
      announce({ tone: 'error', text: `${cardName(card)} could not be removed: ${result.message}` });
    }
  }

  const removeButtonId = (card: SavedCard) => `${id}-remove-${card.id}`;

  return (
    <div className={styles.page}>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      {cards.length === 0 ? (
        <p className={styles.empty}>No saved cards. Tick “Save this card” when you pay to pay in one click next time.</p>
      ) : (
        <ul className={styles.cards} role="list">
          {cards.map((card) => {
            const titleId = `${id}-${card.id}-title`;
            const expired = isExpired(card, today);
            return (
              <li key={card.id} className={styles.card}>
                <div className={styles.cardText}>
                  <h2 id={titleId} className={styles.cardName}>
                    {cardName(card)}
                  </h2>
                  {expired ? (
                    <p className={styles.expired}>Expired {cardExpiry(card)}: pay with another card and remove this one.</p>
                  ) : (
                    <p className={styles.cardMeta}>Expires {cardExpiry(card)}</p>
                  )}
                </div>
                {confirming === card.id ? (
                  <ConfirmGroup
                    ref={questionRef}
                    label={`Remove ${cardName(card)}?`}
                    confirm={{ label: busy === card.id ? 'Removing…' : 'Remove it', onClick: () => void remove(card) }}
                    cancel={{ label: 'Keep it', onClick: () => keep(card) }}
                    busy={busy !== null}
                  >
                    <p>Remove {cardName(card)}? You can save a card again the next time you pay.</p>
                  </ConfirmGroup>
                ) : (
                  <button
                    id={removeButtonId(card)}
                    type="button"
                    className={styles.remove}
                    disabled={busy !== null}
                    aria-describedby={titleId}
                    onClick={() => ask(card)}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
