import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../store/testing';
import {
  cardExpiry,
  firstUsableCard,
  isExpired,
  loadSavedCards,
  offersSavedCard,
  removeSavedCard,
  savedCardLabel,
  withoutCard,
  type SavedCard,
} from './saved-cards';

const now = new Date('2026-11-25T08:00:00Z');
const card = (overrides: Partial<SavedCard> = {}): SavedCard => ({
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  createdAt: 1_800_000_000,
  ...overrides,
});
const old = card({ id: 'eeeeeeee-0000-4000-8000-000000000002', brand: 'mastercard', last4: '4444', expMonth: 10, expYear: 2026 });
const withStatus = (status: number, errorCode: string, error: string) => Object.assign(envelope(errorCode, error), { status });

describe('a saved card in words', () => {
  it('"visa •••• 4242, expires 12/34": brand, last four, two-digit month and year', () => {
    expect(savedCardLabel(card(), now)).toBe('visa •••• 4242, expires 12/34');
    expect(cardExpiry({ expMonth: 3, expYear: 2030 })).toBe('03/30');
    expect(cardExpiry({ expMonth: 1, expYear: 2105 })).toBe('01/05');
  });

  it('a card is good until the end of its expiry month', () => {
    expect(isExpired(card({ expMonth: 11, expYear: 2026 }), now)).toBe(false);
    expect(isExpired(old, now)).toBe(true);
    expect(isExpired(card({ expMonth: 12, expYear: 2025 }), now)).toBe(true);
    expect(savedCardLabel(old, now)).toBe('mastercard •••• 4444, expired 10/26');
  });

  it('one click offers the newest card not expired; none when every card has expired', () => {
    expect(firstUsableCard([old, card()], now)?.id).toBe(card().id);
    expect(firstUsableCard([old], now)).toBeNull();
    expect(offersSavedCard({ status: 'ready', cards: [old, card()] }, now)).toBe(true);
    expect(offersSavedCard({ status: 'ready', cards: [old] }, now)).toBe(false);
    expect(offersSavedCard({ status: 'ready', cards: [] }, now)).toBe(false);
    expect(offersSavedCard({ status: 'loading' }, now)).toBe(false);
    expect(withoutCard([card(), old], card().id)).toEqual([old]);
  });
});

describe('the saved cards calls', () => {
  it('reads the list from GET /payment/stripe/card/payment_methods', async () => {
    const { api, get } = fakeApi({ '/payment/stripe/card/payment_methods': [{ ok: { paymentMethods: [card(), old] } }] });
    expect(await loadSavedCards(api)).toEqual({ ok: true, value: [card(), old] });
    expect(get).toHaveBeenCalledWith('/payment/stripe/card/payment_methods');
  });

  it('a list that cannot be read says why', async () => {
    const { api } = fakeApi({ '/payment/stripe/card/payment_methods': [{ fail: withStatus(503, 'general/api_unreachable', 'x') }] });
    const result = await loadSavedCards(api);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).not.toBe('');
  });

  it('removes with DELETE /payment/stripe/card/payment_methods/{id}', async () => {
    const { api, delete: del } = fakeApi({ [`DELETE /payment/stripe/card/payment_methods/${card().id}`]: [{ ok: { ok: true } }] });
    expect(await removeSavedCard(card().id, api)).toEqual({ ok: true });
    expect(del).toHaveBeenCalledWith(`/payment/stripe/card/payment_methods/${card().id}`);
  });

  it('a card no longer saved counts as gone; any other refusal says why', async () => {
    const path = `DELETE /payment/stripe/card/payment_methods/${card().id}`;
    const gone = await removeSavedCard(card().id, fakeApi({ [path]: [{ fail: withStatus(404, 'payment/card_not_found', 'x') }] }).api);
    expect(gone).toEqual({ ok: false, gone: true, message: 'This saved card is no longer saved. Choose another or enter a card.' });
    const down = await removeSavedCard(
      card().id,
      fakeApi({ [path]: [{ fail: withStatus(503, 'payment/provider_unavailable', 'x') }] }).api,
    );
    expect(down).toEqual({
      ok: false,
      gone: false,
      message: 'We could not reach the payment service. Nothing was charged; try again in a moment.',
    });
  });
});
