/**
 * The shopper's saved cards (issue 17; decision 0019): the cards kept on the payment provider in use
 * (Stripe or the test gateway) when the shopper ticked "Save this card", offered for one-click payment
 * on the order page and listed, to remove, at `/profile/cards`. Only the brand, the last four digits
 * and the expiry date ever reach the browser. Calls go through `lib/browser-api` unless a client is
 * given (tests); failures come back as outcomes holding the shopper's sentence, never as throws.
 */
import type { SavedCard } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { apiErrorMessage, browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';

export type { SavedCard };

/** The saved cards as a page holds them: loading, why they could not be read, or the list (newest first). */
export type SavedCardsLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cards: SavedCard[] };

/** `GET /payment/stripe/card/payment_methods`: the shopper's saved cards on the provider in use, newest first. */
export function loadSavedCards(api: ApiClient = browserApi): Promise<Loaded<SavedCard[]>> {
  return loaded(async () => (await api.get('/payment/stripe/card/payment_methods')).paymentMethods);
}

/** A removal's outcome; `gone`: the card was no longer saved (removed elsewhere), which leaves it removed all the same. */
export type RemoveOutcome = { ok: true } | { ok: false; gone: boolean; message: string };

/** `DELETE /payment/stripe/card/payment_methods/{id}`: forgets the card here and at the provider. */
export async function removeSavedCard(id: string, api: ApiClient = browserApi): Promise<RemoveOutcome> {
  try {
    await api.delete('/payment/stripe/card/payment_methods/:id', { params: { id } });
    return { ok: true };
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
    return { ok: false, gone: code === 'payment/card_not_found', message: apiErrorMessage(error) };
  }
}

/** "12/34": the card's expiry as printed on it (two-digit month and year). */
export function cardExpiry(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** "visa •••• 4242": how a card is named everywhere (the order's payments name it the same way). */
export function cardName(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${card.brand} •••• ${card.last4}`;
}

/** Whether the card is past its expiry date (a card is good until the end of its expiry month). */
export function isExpired(card: Pick<SavedCard, 'expMonth' | 'expYear'>, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

/** "visa •••• 4242, expires 12/34" ("…, expired 01/24" once past): a saved card as a choice names it. */
export function savedCardLabel(card: SavedCard, now: Date = new Date()): string {
  return `${cardName(card)}, ${isExpired(card, now) ? 'expired' : 'expires'} ${cardExpiry(card)}`;
}

/** The card a one-click payment offers first: the newest one not expired, or null when every card has expired. */
export function firstUsableCard(cards: SavedCard[], now: Date = new Date()): SavedCard | null {
  return cards.find((card) => !isExpired(card, now)) ?? null;
}

/** The cards without the one removed. */
export function withoutCard(cards: SavedCard[], id: string): SavedCard[] {
  return cards.filter((card) => card.id !== id);
}

/** Whether the list offers a card to pay with in one click (read, with a card not expired). */
export function offersSavedCard(load: SavedCardsLoad, now: Date = new Date()): boolean {
  return load.status === 'ready' && firstUsableCard(load.cards, now) !== null;
}
