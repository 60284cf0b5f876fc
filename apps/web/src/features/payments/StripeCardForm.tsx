'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@kedai/contract';
import { FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { LoadStatus } from '../../ui/LoadStatus';
import { newAttemptKey } from '../checkout/checkout-view';
import { formatAmount } from '../checkout/costs';
import orderStyles from '../orders/orders.module.css';
import { offersSavedCard, type SavedCard, type SavedCardsLoad } from './saved-cards';
import { SaveCardField } from './SaveCardField';
import { SavedCardsPicker } from './SavedCardsPicker';
import {
  confirmReturnedPayment,
  elementsOptions,
  isStripeReturn,
  isStripeTestKey,
  orderPageUrl,
  payWithNewCard,
  payWithSavedCard,
  withoutStripeReturn,
  type StripePayOutcome,
} from './stripe-payment';
import { useSavedCards } from './useSavedCards';
import styles from './payments.module.css';

/** Stripe.js as the form holds it: loading, could not load (blocked, offline), or ready. */
export type StripeLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; stripe: Stripe };

export const CARD_FORM_FAILED = 'The card form could not load. Check your connection and reload the page.';
const NOT_CHARGEABLE = 'This order’s total cannot be charged by card. Please contact the shop.';

/** Stripe.js once per key and page; a load that failed is tried afresh by the next call (Try again). */
const stripeLoads = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = stripeLoads.get(publishableKey);
  if (known) return known;
  const load = loadStripe(publishableKey).then(
    (stripe) => {
      if (!stripe) stripeLoads.delete(publishableKey);
      return stripe;
    },
    (error: unknown) => {
      stripeLoads.delete(publishableKey);
      throw error;
    },
  );
  stripeLoads.set(publishableKey, load);
  return load;
}

export interface StripeCardFormProps {
  order: Order;
  /** `GET /config` `payments.stripePublishableKey`; without it the card form cannot load. */
  publishableKey: string | null;
  /** The order as the API answered it after asking Stripe (paid, or still waiting). */
  onChanged(order: Order): void;
  /** A declined card: the order's payments list the attempt, so the page reads the order again. */
  onDeclined(): void;
  /** What the form opens with (tests); by default Stripe.js and the saved cards are loaded. */
  initialStripe?: StripeLoad;
  initialSavedCards?: SavedCardsLoad;
  initialMessage?: string | null;
  initialSaveCard?: boolean;
  initialNewCardOpen?: boolean;
}

type Busy = 'new' | 'saved' | 'return' | null;

/**
 * The card section of an order awaiting payment when the shop takes cards with Stripe (issue 17;
 * decision 0019). Stripe.js is loaded here only (this module is imported lazily by the order page, so
 * no other page and the test gateway never load it), with a loading state and a plain failure. Then
 * the shopper's saved cards for one click, and Stripe's Payment Element ("deferred intent": the
 * PaymentIntent is made when the shopper pays) with "Save this card for next time". "Stripe test
 * mode" is said only for a test key. A payment that had to leave the page (a redirecting method) is
 * checked when Stripe brings the shopper back.
 */
export function StripeCardForm({
  order,
  publishableKey,
  onChanged,
  onDeclined,
  initialStripe,
  initialSavedCards,
  initialMessage = null,
  initialSaveCard = false,
  initialNewCardOpen = false,
}: StripeCardFormProps) {
  const id = useId();
  const [stripeLoad, setStripeLoad] = useState<StripeLoad>(initialStripe ?? { status: 'loading' });
  const [tries, setTries] = useState(0);
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState<Busy>(null);
  const [saveCard, setSaveCard] = useState(initialSaveCard);
  const [newCardOpen, setNewCardOpen] = useState(initialNewCardOpen);
  const saved = useSavedCards(initialSavedCards);
  const attempt = useRef<{ key: string; what: string } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const returnChecked = useRef(false);
  const total = formatAmount(order.total, order.currency);
  const newCardId = `${id}-new-card`;
  const options = useMemo(() => elementsOptions(order, saveCard), [order, saveCard]);

  useEffect(() => {
    if (initialStripe) return;
    if (!publishableKey) {
      setStripeLoad({ status: 'error' });
      return;
    }
    let live = true;
    setStripeLoad({ status: 'loading' });
    stripeFor(publishableKey).then(
      (stripe) => {
        if (live) setStripeLoad(stripe ? { status: 'ready', stripe } : { status: 'error' });
      },
      () => {
        if (live) setStripeLoad({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [initialStripe, publishableKey, tries]);

  const say = useCallback((text: string) => {
    setMessage(text);
    requestAnimationFrame(() => messageRef.current?.focus());
  }, []);

  const settle = useCallback(
    (outcome: StripePayOutcome) => {
      if (outcome.ok) {
        attempt.current = null;
        onChanged(outcome.order);
        if (outcome.message) say(outcome.message);
        return;
      }
      // Only an attempt our API did not answer is retried as the same attempt.
      if (!(outcome.stage === 'pay' && outcome.unanswered)) attempt.current = null;
      say(outcome.message);
      if (outcome.declined) onDeclined();
    },
    [onChanged, onDeclined, say],
  );

  // Back from a payment that left the page: Stripe's parameters are dropped from the address and the API asks Stripe.
  useEffect(() => {
    if (returnChecked.current || !isStripeReturn(window.location.search)) return;
    returnChecked.current = true;
    window.history.replaceState(window.history.state, '', withoutStripeReturn(window.location.href));
    setBusy('return');
    void confirmReturnedPayment(order).then((outcome) => {
      setBusy(null);
      if (outcome) settle(outcome);
    });
  }, [order, settle]);

  /** The attempt's key: the same to retry what got no answer, a new one for anything else. */
  function attemptKey(what: string): string {
    const key = attempt.current?.what === what ? attempt.current.key : newAttemptKey();
    attempt.current = { key, what };
    return key;
  }

  async function onPaySaved(card: SavedCard) {
    if (busy || stripeLoad.status !== 'ready') return;
    setMessage(null);
    const key = attemptKey(`saved:${card.id}`);
    setBusy('saved');
    const outcome = await payWithSavedCard({ stripe: stripeLoad.stripe, orderId: order.id, savedCardId: card.id, attemptKey: key });
    setBusy(null);
    settle(outcome);
    // Refused for another reason than the bank's (the card removed meanwhile, say): the list is read again.
    if (!outcome.ok && outcome.stage === 'pay' && !outcome.declined && !outcome.unanswered) void saved.read(true);
  }

  async function onPayNew(stripe: Stripe, elements: StripeElements) {
    if (busy) return;
    setMessage(null);
    // The intent keeps whether the card is saved, so a changed choice is a new attempt.
    const key = attemptKey(`new:${saveCard}`);
    setBusy('new');
    const outcome = await payWithNewCard({
      stripe,
      elements,
      orderId: order.id,
      saveCard,
      attemptKey: key,
      returnUrl: orderPageUrl(window.location),
    });
    setBusy(null);
    settle(outcome);
  }

  const showForm = saved.load.status === 'error' || (saved.load.status === 'ready' && (!offersSavedCard(saved.load) || newCardOpen));

  return (
    <div className={formStyles.form}>
      {isStripeTestKey(publishableKey) ? (
        <p className={orderStyles.testMode}>
          <strong>Stripe test mode — no real money.</strong> Pay with Stripe’s test card 4242 4242 4242 4242, any future expiry date and any
          3 digits as the security code.
        </p>
      ) : null}
      <div ref={messageRef} tabIndex={-1} className={orderStyles.message}>
        {message ? <FormAlert>{message}</FormAlert> : null}
      </div>
      {busy === 'return' ? (
        <p role="status" aria-live="polite">
          Checking your payment…
        </p>
      ) : null}
      {stripeLoad.status !== 'ready' ? (
        <LoadStatus
          loading="Loading the secure card form…"
          failure={stripeLoad.status === 'error' ? CARD_FORM_FAILED : null}
          onRetry={() => setTries((n) => n + 1)}
        />
      ) : (
        <>
          <SavedCardsPicker
            load={saved.load}
            onRetry={() => void saved.read()}
            total={total}
            busy={busy !== null}
            paying={busy === 'saved'}
            onPay={(card) => void onPaySaved(card)}
            anotherCard={{ open: newCardOpen, controls: newCardId, onToggle: () => setNewCardOpen((open) => !open) }}
          />
          <div id={newCardId} className={styles.newCard}>
            {showForm ? (
              options ? (
                <Elements stripe={stripeLoad.stripe} options={options}>
                  <NewCardForm
                    fieldId={`${id}-card`}
                    total={total}
                    busy={busy !== null}
                    paying={busy === 'new'}
                    saveCard={saveCard}
                    onSaveCard={setSaveCard}
                    focusWhenReady={newCardOpen}
                    onPay={(stripe, elements) => void onPayNew(stripe, elements)}
                    onLoadError={() => say(CARD_FORM_FAILED)}
                  />
                </Elements>
              ) : (
                <FormAlert>{NOT_CHARGEABLE}</FormAlert>
              )
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

interface NewCardFormProps {
  fieldId: string;
  total: string;
  busy: boolean;
  paying: boolean;
  saveCard: boolean;
  onSaveCard(save: boolean): void;
  /** The shopper opened this form ("or pay with another card"): the card fields take focus once shown. */
  focusWhenReady: boolean;
  onPay(stripe: Stripe, elements: StripeElements): void;
  onLoadError(): void;
}

/** Stripe's Payment Element (cards only, in Stripe's frame), "Save this card for next time" and "Pay <total>". */
function NewCardForm({ fieldId, total, busy, paying, saveCard, onSaveCard, focusWhenReady, onPay, onLoadError }: NewCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !ready || !stripe || !elements) return;
    onPay(stripe, elements);
  }

  return (
    <form className={formStyles.form} noValidate aria-label="Pay by card" onSubmit={onSubmit}>
      <p className={styles.secure}>
        Your card details go straight to Stripe, our payment provider, in the secure form below; the shop never sees your card number.
      </p>
      <div className={styles.element}>
        <PaymentElement
          id={`${fieldId}-element`}
          options={{ readOnly: busy, wallets: { applePay: 'never', googlePay: 'never' } }}
          onReady={(element) => {
            setReady(true);
            if (focusWhenReady) element.focus();
          }}
          onLoadError={onLoadError}
        />
        {!ready ? (
          <p className={formStyles.hint} role="status" aria-live="polite">
            Loading the card fields…
          </p>
        ) : null}
      </div>
      <SaveCardField id={`${fieldId}-save`} checked={saveCard} disabled={busy} onChange={onSaveCard} />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" disabled={busy || !ready} aria-busy={paying || undefined}>
          {paying ? 'Paying…' : `Pay ${total}`}
        </button>
      </div>
    </form>
  );
}
