'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@kedai/contract';
import { Field, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { useFocusInvalid } from '../account/useFocusInvalid';
import { newAttemptKey } from '../checkout/checkout-view';
import { formatAmount } from '../checkout/costs';
import {
  EMPTY_CARD,
  cardProblems,
  confirmPayment,
  payOrder,
  paymentToConfirm,
  type CardField,
  type CardForm,
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
}

/**
 * The card form of an order awaiting payment: name, number, expiry date and security code, checked
 * by the API's rules before sending; "Pay <total>". A declined card is said in the gateway's words
 * (the order stays awaiting payment); a payment the bank asks to confirm (3-D Secure) is confirmed
 * here. Each submission is one attempt with its own `Idempotency-Key`, reused only to retry a
 * submission that got no answer. "Test mode — no real money": the built-in test gateway.
 */
export function PayForm({
  order,
  onChanged,
  onDeclined,
  initialCard = EMPTY_CARD,
  initialProblems = {},
  initialMessage = null,
}: PayFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardForm>(initialCard);
  const [problems, setProblems] = useState<CardProblems>(initialProblems);
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState<'pay' | 'confirm' | null>(null);
  const attempt = useRef<{ key: string; card: CardForm } | null>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const messageRef = useRef<HTMLDivElement>(null);
  const waiting = paymentToConfirm(order);
  const total = formatAmount(order.total, order.currency);
  const confirmRef = useRef<HTMLDivElement>(null);
  const waitingId = waiting?.id ?? null;

  // The bank's question takes focus when it comes, so the shopper meets it at once.
  useEffect(() => {
    if (waitingId) confirmRef.current?.focus();
  }, [waitingId]);

  function set(field: CardField, value: string) {
    setCard((now) => ({ ...now, [field]: value }));
    setProblems(({ [field]: _, ...rest }) => rest);
  }

  function say(text: string) {
    setMessage(text);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const found = cardProblems(card);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusInvalid();
    // A retry of the same card after no answer is the same attempt; anything else is a new one.
    const same = attempt.current && JSON.stringify(attempt.current.card) === JSON.stringify(card);
    const key = same ? attempt.current!.key : newAttemptKey();
    attempt.current = { key, card };
    setBusy('pay');
    const result = await payOrder(order.id, card, key);
    setBusy(null);
    if (result.ok) {
      attempt.current = null;
      setCard(EMPTY_CARD);
      return onChanged(result.order);
    }
    if (!result.unanswered) attempt.current = null;
    say(result.message);
    if (result.declined) onDeclined();
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

  const field = (name: CardField) => `${id}-${name}`;

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
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" disabled={busy !== null} aria-busy={busy === 'pay' || undefined}>
            {busy === 'pay' ? 'Paying…' : `Pay ${total}`}
          </button>
        </div>
      </form>
    </div>
  );
}
