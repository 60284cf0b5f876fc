import { describe, expect, it } from 'vitest';
import { parseDeliveryDays, parseShippingCountry, parseShippingRates, parseTextPage } from './shop-settings';

describe('shop settings', () => {
  it('takes delivery rates only for the shop’s regions, with a fee of 0 or more and a free-from above 0 or none', () => {
    expect(parseShippingRates({ SG: { fee: 400, freeFrom: 6000 }, MY: { fee: 0, freeFrom: null } }, ['SG', 'MY'])).toEqual({
      ok: true,
      value: { SG: { fee: 400, freeFrom: 6000 }, MY: { fee: 0, freeFrom: null } },
    });
    for (const bad of [
      { XX: { fee: 1, freeFrom: null } },
      { SG: { fee: -1, freeFrom: null } },
      { SG: { fee: 1, freeFrom: 0 } },
      { SG: { fee: 1.5, freeFrom: null } },
      [],
    ]) {
      expect(parseShippingRates(bad, ['SG', 'MY'])).toEqual({ ok: false, errorCode: 'shipping/invalid_rates' });
    }
  });

  it('takes delivery days fewest first, up to 90, or none', () => {
    expect(parseDeliveryDays({ min: 1, max: 3 })).toEqual({ ok: true, value: { min: 1, max: 3 } });
    expect(parseDeliveryDays(null)).toEqual({ ok: true, value: null });
    expect(parseDeliveryDays({ min: 4, max: 2 })).toMatchObject({ ok: false });
    expect(parseDeliveryDays({ min: 1, max: 91 })).toMatchObject({ ok: false });
  });

  it('knows the countries and keeps a text page’s Markdown as written', () => {
    expect(parseShippingCountry(' sg ')).toEqual({ ok: true, value: 'SG' });
    expect(parseShippingCountry('ZZ')).toMatchObject({ ok: false, errorCode: 'shipping/invalid_country' });
    expect(parseTextPage({ title: ' Returns ', body: '# Returns\r\n\r\n- 14 days\n' })).toEqual({
      ok: true,
      value: { title: 'Returns', body: '# Returns\n\n- 14 days' },
    });
    expect(parseTextPage({ title: '', body: 'x' })).toMatchObject({ ok: false, errorCode: 'text_page/invalid_title' });
    expect(parseTextPage({ title: 'T', body: '   ' })).toMatchObject({ ok: false, errorCode: 'text_page/invalid_body' });
  });
});
