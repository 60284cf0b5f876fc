'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@kedai/contract';
import { Field, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from '../account/useFocusInvalid';
import { newAttemptKey } from '../checkout/checkout-view';
import { formatAmount } from '../checkout/costs';
import { offersSavedCard, type SavedCard, type SavedCardsLoad } from '../payments/saved-cards';
import { SaveCardField } from '../payments/SaveCardField';
import { SavedCardsPicker } from '../payments/SavedCardsPicker';
import paymentStyles from '../payments/payments.module.css';
import { useSavedCards } from '../payments/useSavedCards';
import {
  EMPTY_CARD,
  cardProblems,
  confirmPayment,
  payOrder,
  paymentToConfirm,
  type CardField,
  type CardForm,
  type CardPayResult,
  type CardProblems,
} from './payment';
import styles from './orders.module.css';

export interface PayFormProps {
  order: Order;
  /** The order as the gateway left it (paid, or waiting for the shopper's confirmation). */
  onChanged(order: Order): void;
  /** A declined card: the order's payments list the attempt, so the page reads the order again. */
  onDeclined(): void;
  /** What the card form opens with (tests). */
  initialCard?: CardForm;
  initialProblems?: CardProblems;
  initialMessage?: string | null;
  /** The saved cards it opens with (tests); by default they are read. */
  initialSavedCards?: SavedCardsLoad;
  initialSaveCard?: boolean;
  /** Whether the new card's form is open beside saved cards (tests). */
  initialNewCardOpen?: boolean;
}

type Busy = 'pay' | 'saved' | 'confirm' | null;

/**
 * The card section of an order awaiting payment on the built-in test gateway ("Test mode — no real
 * money"): the shopper's saved cards for a one-click payment, and the card form (name, number,
 * expiry date, security code, "Save this card for next time"), checked by the API's rules before
 * sending; "Pay <total>". With saved cards the form opens from "or pay with another card". A declined
 * card is said in the gateway's words (the order stays awaiting payment); a payment the bank asks to
 * confirm (3-D Secure) is confirmed here. Each submission is one attempt with its own
 * `Idempotency-Key`, reused only to retry a submission that got no answer.
 */
export function PayForm({
  order,
  onChanged,
  onDeclined,
  initialCard = EMPTY_CARD,
  initialProblems = {},
  initialMessage = null,
  initialSavedCards,
  initialSaveCard = false,
  initialNewCardOpen = false,
}: PayFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardForm>(initialCard);
  const [saveCard, setSaveCard] = useState(initialSaveCard);
  const [problems, setProblems] = useState<CardProblems>(initialProblems);
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState<Busy>(null);
  const [newCardOpen, setNewCardOpen] = useState(initialNewCardOpen);
  const saved = useSavedCards(initialSavedCards);
  const attempt = useRef<{ key: string; what: string } | null>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const messageRef = useRef<HTMLDivElement>(null);
  const waiting = paymentToConfirm(order);
  const total = formatAmount(order.total, order.currency);
  const confirmRef = useRef<HTMLDivElement>(null);
  const waitingId = waiting?.id ?? null;
  const field = (name: CardField) => `${id}-${name}`;
  const newCardId = `${id}-new-card`;

  // The bank's question takes focus when it comes, so the shopper meets it at once.
  useEffect(() => {
    if (waitingId) confirmRef.current?.focus();
  }, [waitingId]);

  function set(name: CardField, value: string) {
    setCard((now) => ({ ...now, [name]: value }));
    setProblems(({ [name]: _, ...rest }) => rest);
  }

  function say(text: string) {
    setMessage(text);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  /** The attempt's key: the same to retry what got no answer, a new one for anything else. */
  function attemptKey(what: string): string {
    const key = attempt.current?.what === what ? attempt.current.key : newAttemptKey();
    attempt.current = { key, what };
    return key;
  }

  /** The attempt's answer: the order handed on, or the refusal said (a decline re-reads the order); true when it went through. */
  function answered(result: CardPayResult): boolean {
    if (result.ok) {
      attempt.current = null;
      onChanged(result.order);
      return true;
    }
    if (!result.unanswered) attempt.current = null;
    say(result.message);
    if (result.declined) onDeclined();
    return false;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const found = cardProblems(card);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusInvalid();
    const key = attemptKey(JSON.stringify({ card, saveCard }));
    setBusy('pay');
    const result = await payOrder(order.id, { card, saveCard }, key);
    setBusy(null);
    if (answered(result)) setCard(EMPTY_CARD);
  }

  async function onPaySaved(chosen: SavedCard) {
    if (busy) return;
    setMessage(null);
    const key = attemptKey(`saved:${chosen.id}`);
    setBusy('saved');
    const result = await payOrder(order.id, { savedCardId: chosen.id }, key);
    setBusy(null);
    answered(result);
    // Refused for another reason than the bank's (the card removed meanwhile, say): the list is read again.
    if (!result.ok && !result.declined && !result.unanswered) void saved.read(true);
  }

  async function onConfirm(paymentId: string) {
    if (busy) return;
    setBusy('confirm');
    setMessage(null);
    const result = await confirmPayment(order.id, paymentId);
    setBusy(null);
    if (result.ok) return onChanged(result.order);
    say(result.message);
    if (result.declined) onDeclined();
  }

  function toggleNewCard() {
    const opening = !newCardOpen;
    setNewCardOpen(opening);
    if (opening) requestAnimationFrame(() => document.getElementById(field('name'))?.focus());
  }

  // The new card's form: at once without saved cards (or when they could not be read), else once asked for.
  const showForm = saved.load.status === 'error' || (saved.load.status === 'ready' && (!offersSavedCard(saved.load) || newCardOpen));

  return (
    <div className={formStyles.form}>
      <p className={styles.testMode}>
        <strong>Test mode — no real money.</strong> Pay with the test card 4242 4242 4242 4242, any future expiry date and any 3 digits as
        the security code.
      </p>
      <div ref={messageRef} tabIndex={-1} className={styles.message}>
        {message ? <FormAlert>{message}</FormAlert> : null}
      </div>
      {waiting ? (
        <div className={styles.question} ref={confirmRef} tabIndex={-1} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            Your bank asks you to confirm the payment of {formatAmount(waiting.amount, waiting.currency)}
            {waiting.methodSummary ? ` by ${waiting.methodSummary}` : ''}.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              aria-busy={busy === 'confirm' || undefined}
              onClick={() => void onConfirm(waiting.id)}
            >
              {busy === 'confirm' ? 'Confirming…' : 'Confirm payment'}
            </button>
          </div>
          <p className={formStyles.hint}>Or pay with another card below.</p>
        </div>
      ) : null}
      <SavedCardsPicker
        load={saved.load}
        onRetry={() => void saved.read()}
        total={total}
        busy={busy !== null}
        paying={busy === 'saved'}
        onPay={(chosen) => void onPaySaved(chosen)}
        anotherCard={{ open: newCardOpen, controls: newCardId, onToggle: toggleNewCard }}
      />
      <div id={newCardId} className={paymentStyles.newCard}>
        {showForm ? (
          <form ref={formRef} className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Pay by card">
            <Field
              id={field('name')}
              label="Name on card"
              name="cc-name"
              autoComplete="cc-name"
              maxLength={200}
              value={card.name}
              error={problems.name}
              onChange={(event) => set('name', event.target.value)}
            />
            <Field
              id={field('number')}
              label="Card number"
              name="cc-number"
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              value={card.number}
              error={problems.number}
              onChange={(event) => set('number', event.target.value)}
            />
            <div className={formStyles.row}>
              <Field
                id={field('expiry')}
                label="Expiry date (MM/YY)"
                name="cc-exp"
                autoComplete="cc-exp"
                inputMode="numeric"
                placeholder="MM/YY"
                maxLength={7}
                value={card.expiry}
                error={problems.expiry}
                onChange={(event) => set('expiry', event.target.value)}
              />
              <Field
                id={field('cvc')}
                label="Security code (CVC)"
                name="cc-csc"
                autoComplete="cc-csc"
                inputMode="numeric"
                maxLength={4}
                value={card.cvc}
                error={problems.cvc}
                onChange={(event) => set('cvc', event.target.value)}
              />
            </div>
            <SaveCardField id={`${id}-save`} checked={saveCard} disabled={busy !== null} onChange={setSaveCard} />
            <div className={formStyles.actions}>
              <button type="submit" className="button button--primary" disabled={busy !== null} aria-busy={busy === 'pay' || undefined}>
                {busy === 'pay' ? 'Paying…' : `Pay ${total}`}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  );
}
