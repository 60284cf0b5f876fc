import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { parseQuotationQuote } from '@kedai/domain';
import {
  ANSWER_CONFLICT_MESSAGE,
  ANSWER_GONE_MESSAGE,
  PRODUCT_GONE_MESSAGE,
  answerFailureOf,
  baseTotalText,
  declineBodyOf,
  handleAnswerError,
  initialResolveDraft,
  reasonCount,
  resolveBodyOf,
  suggestedPrices,
  totalText,
  type AnswerFailure,
} from './answer-form';
import { REGIONS, marketplaceItem, shopItem } from './fixtures';

const apiError = (status: number, errorCode: string, error = '', params: unknown[] = []) =>
  new ApiError({ errorCode, error, params }, status, '/admin/quotation_item/x/resolve');

describe('the quote form', () => {
  it("starts a marketplace product's answer from the price and currency read from its page", () => {
    expect(initialResolveDraft(marketplaceItem())).toEqual({ basePrice: '129.90', basePriceCurrency: 'USD', prices: {} });
    const unread = marketplaceItem();
    unread.externalProduct = { ...unread.externalProduct!, price: '1,299', currency: null };
    expect(initialResolveDraft(unread)).toEqual({ basePrice: '1,299', basePriceCurrency: '', prices: {} });
    expect(initialResolveDraft(shopItem())).toEqual({ basePrice: '', basePriceCurrency: '', prices: {} });
  });

  it("offers the API's suggested quote as amounts to type, for the shop's regions only", () => {
    const item = marketplaceItem({ suggestedQuotedPrice: { SG: 18000, JP: 20400, XX: 5, MY: 0 } });
    expect(suggestedPrices(item, REGIONS)).toEqual({ SG: '180.00', JP: '20400' });
    expect(suggestedPrices(marketplaceItem(), REGIONS)).toEqual({});
  });

  it('sends minor units per region, leaves blank regions out, and carries the version read', () => {
    const draft = { basePrice: '129.90', basePriceCurrency: ' usd', prices: { SG: '199.9', MY: ' ', JP: '21000' } };
    const checked = resolveBodyOf(draft, { item: marketplaceItem(), regions: REGIONS });
    expect(checked).toEqual({
      ok: true,
      body: { version: 3, quotedPrice: { SG: 19990, JP: 21000 }, basePrice: 12990, basePriceCurrency: 'USD' },
    });
    // What the API's own rule accepts.
    expect(checked.ok && parseQuotationQuote(checked.body, 'e', ['SG', 'MY', 'JP'])).toEqual({
      quotedPrice: { SG: 19990, JP: 21000 },
      basePrice: 12990,
      basePriceCurrency: 'USD',
    });
  });

  it("sends no marketplace price for one of the shop's products", () => {
    const draft = { basePrice: '5', basePriceCurrency: 'USD', prices: { MY: '150' } };
    expect(resolveBodyOf(draft, { item: shopItem({ version: 8 }), regions: REGIONS })).toEqual({
      ok: true,
      body: { version: 8, quotedPrice: { MY: 15000 } },
    });
  });

  it('asks for at least one region, and refuses amounts that are not prices', () => {
    expect(resolveBodyOf({ basePrice: '', basePriceCurrency: '', prices: {} }, { item: shopItem(), regions: REGIONS })).toEqual({
      ok: false,
      errors: { quotedPrice: 'Quote a price for at least one region' },
    });
    const checked = resolveBodyOf(
      { basePrice: '12.345', basePriceCurrency: 'USD', prices: { SG: '0', MY: 'ten', JP: '100.5' } },
      { item: marketplaceItem(), regions: REGIONS },
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        'quotedPrice.SG': 'The amount must be at least 0.01',
        'quotedPrice.MY': 'Enter an amount in MYR, such as 12.50',
        'quotedPrice.JP': 'Enter an amount in JPY, such as 1500',
        basePrice: 'Enter an amount in USD, such as 12.50',
      },
    });
  });

  it("asks a marketplace product's price and a three-letter currency", () => {
    const prices = { SG: '10' };
    expect(resolveBodyOf({ basePrice: '', basePriceCurrency: '', prices }, { item: marketplaceItem(), regions: REGIONS })).toEqual({
      ok: false,
      errors: {
        basePrice: 'Enter the price of one unit on the marketplace',
        basePriceCurrency: 'Enter the currency of the marketplace price, such as USD',
      },
    });
    expect(resolveBodyOf({ basePrice: '10', basePriceCurrency: 'US$', prices }, { item: marketplaceItem(), regions: REGIONS })).toEqual({
      ok: false,
      errors: { basePriceCurrency: 'Enter a three-letter currency code, such as USD' },
    });
  });

  it('shows the total for the quantity as prices are typed', () => {
    const draft = { basePrice: '129.90', basePriceCurrency: 'USD', prices: { SG: '199.90', MY: 'x', JP: '21000' } };
    expect(totalText(draft, REGIONS, 2)).toBe('Total for 2 units: Singapore SGD 399.80 · Japan JPY 42000');
    expect(totalText({ ...draft, prices: {} }, REGIONS, 1)).toBe('Total for 1 unit: type a price per unit to see it.');
    expect(baseTotalText(draft, 2)).toBe('On the marketplace: USD 259.80 for 2 units');
    expect(baseTotalText({ ...draft, basePriceCurrency: 'U' }, 2)).toBeNull();
  });
});

describe('the decline form', () => {
  it('counts the reason as the API does, trimmed, up to 500 characters', () => {
    expect(reasonCount('')).toEqual({ used: 0, fits: false, text: '0 of 500 characters' });
    expect(reasonCount('  Out of stock  ')).toEqual({ used: 12, fits: true, text: '12 of 500 characters' });
    expect(reasonCount('x'.repeat(500))).toEqual({ used: 500, fits: true, text: '500 of 500 characters' });
    expect(reasonCount('x'.repeat(501))).toEqual({ used: 501, fits: false, text: '1 character too many' });
    expect(reasonCount('x'.repeat(503)).text).toBe('3 characters too many');
  });

  it('sends the trimmed reason with the version read', () => {
    expect(declineBodyOf('  The seller does not ship abroad. ', 4)).toEqual({
      ok: true,
      body: { version: 4, reason: 'The seller does not ship abroad.' },
    });
    expect(declineBodyOf('   ', 4)).toEqual({ ok: false, error: 'Give the shopper a reason for declining' });
    expect(declineBodyOf('x'.repeat(501), 4)).toEqual({ ok: false, error: 'The reason must be at most 500 characters' });
  });
});

describe('a refused answer', () => {
  it('is a conflict when someone else answered or the shopper changed the item', () => {
    for (const code of ['quotation/version_conflict', 'quotation/already_answered']) {
      expect(answerFailureOf(apiError(409, code, 'whatever the API says'))).toEqual({
        kind: 'conflict',
        message: ANSWER_CONFLICT_MESSAGE,
        reload: true,
      });
    }
    expect(ANSWER_CONFLICT_MESSAGE).toBe('Someone else answered this quotation, or the shopper changed it. Here is what it is now.');
  });

  it('reads the item again when it or its product is gone, and otherwise says what the API said', () => {
    expect(answerFailureOf(apiError(404, 'quotation/not_found'))).toEqual({ kind: 'gone', message: ANSWER_GONE_MESSAGE, reload: true });
    expect(answerFailureOf(apiError(404, 'quotation/product_not_found'))).toEqual({
      kind: 'refused',
      message: PRODUCT_GONE_MESSAGE,
      errors: {},
      reload: true,
    });
    expect(answerFailureOf(apiError(400, 'quotation/invalid_quote', 'Quote a price above 0 for at least one region'))).toEqual({
      kind: 'refused',
      message: 'Quote a price above 0 for at least one region',
      errors: {},
      reload: false,
    });
    expect(answerFailureOf(apiError(400, 'quotation/invalid_decline_reason', '', [500])).message).toBe(
      'Give the shopper a reason of 1 to 500 characters',
    );
  });

  it('on a 409, says so at once and then reads the item again; on a 400, says it in the form only', async () => {
    const said: string[] = [];
    const interrupt = vi.fn((failure: AnswerFailure) => said.push(`page: ${failure.message}`));
    const refuse = vi.fn((failure: AnswerFailure) => said.push(`form: ${failure.message}`));
    const reload = vi.fn(() => {
      said.push('reload');
      return Promise.resolve();
    });
    await handleAnswerError(apiError(409, 'quotation/version_conflict'), { interrupt, refuse, reload });
    expect(said).toEqual([`page: ${ANSWER_CONFLICT_MESSAGE}`, 'reload']);
    expect(refuse).not.toHaveBeenCalled();

    said.length = 0;
    await handleAnswerError(apiError(400, 'quotation/invalid_quote', 'Not a quote'), { interrupt, refuse, reload });
    expect(said).toEqual(['form: Not a quote']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still says what happened when reading the item again fails', async () => {
    const interrupt = vi.fn();
    const failure = await handleAnswerError(apiError(409, 'quotation/already_answered'), {
      interrupt,
      refuse: vi.fn(),
      reload: () => Promise.reject(new Error('offline')),
    });
    expect(failure.kind).toBe('conflict');
    expect(interrupt).toHaveBeenCalledOnce();
  });
});
