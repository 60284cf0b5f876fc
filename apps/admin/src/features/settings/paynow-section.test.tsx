/**
 * The PayNow section of the owners' settings as HTML (the admin tests run in Node): the payee's kind
 * and value, the name and city, and the warning while the demo's example UEN is set.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { DEMO_PAYNOW_SETTINGS } from '@kedai/domain';
import { PayNowSection } from './PayNowSection';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

const settingsWith = (payNow: AdminSettings['payNow']): AdminSettings => ({
  appCurrency: 'SGD',
  regions: [{ key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], enabled: true }],
  shippingLocations: [],
  quotationPricing: { feePercent: 10, exchangeRates: {} },
  payments: { cards: 'test', testMode: true, methods: ['card', 'paynow'] },
  payNow,
  payNowSettleAfterDays: 3,
});

const section = (payNow: AdminSettings['payNow']) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PayNowSection settings={settingsWith(payNow)} onSaved={() => {}} />
    </QueryClientProvider>,
  );

describe('the PayNow section', () => {
  const html = section(DEMO_PAYNOW_SETTINGS);

  it('chooses the payee: a UEN or a Singapore mobile number', () => {
    expect(html).toContain('<h2 id="paynow-heading">PayNow</h2>');
    expect(html).toContain('<form noValidate="" aria-labelledby="paynow-heading">');
    expect(html).toContain('<legend>Who PayNow pays</legend>');
    expect(html).toContain('<label class="choice"><input type="radio" name="paynow-kind" checked="" value="uen"/>UEN</label>');
    expect(html).toContain('<label class="choice"><input type="radio" name="paynow-kind" value="mobile"/>Singapore mobile number</label>');
    expect(html).toContain('<label for="paynow-uen">UEN</label>');
    expect(html).toMatch(/<input id="paynow-uen" type="text" aria-describedby="paynow-uen-hint" required=""[^>]* value="S99345678ABCD"/);
    expect(html).not.toContain('paynow-mobile');
  });

  it('names the payee and its city, with their limits', () => {
    expect(html).toContain('<label for="paynow-name">Name shown to payers</label>');
    expect(html).toMatch(/<input id="paynow-name" [^>]*value="Kedai Demo Shop"/);
    expect(text(html)).toContain('up to 25 characters');
    expect(html).toContain('<label for="paynow-city">City</label>');
    expect(text(html)).toContain('Up to 15 characters, such as Singapore.');
    expect(html).toContain('<button type="submit" class="button">Save PayNow details</button>');
  });

  it("warns that the demo's example UEN pays no one until it is replaced", () => {
    expect(html).toContain('<div class="alert alert--info" role="status"><p><strong>PayNow pays no one yet</strong></p>');
    expect(text(html)).toContain(
      "its example UEN, S99345678ABCD, belongs to no business, so no bank can pay it. Replace it with the shop's own UEN or mobile number before taking real payments.",
    );
  });

  it("shows the shop's own mobile number, without the warning", () => {
    const own = section({ proxy: { kind: 'mobile', value: '+6591234567' }, merchantName: 'Siti Crafts', merchantCity: 'Singapore' });
    expect(own).toContain('<input type="radio" name="paynow-kind" checked="" value="mobile"/>');
    expect(own).toContain('<label for="paynow-mobile">Singapore mobile number</label>');
    expect(own).toMatch(/<input id="paynow-mobile" type="tel"[^>]* value="\+6591234567"/);
    expect(own).not.toContain('pays no one');
  });

  it('sets after how many days a report left waiting is stale, beside the PayNow details', () => {
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ');
    expect(html).toContain('<h3 id="paynow-settle-heading">Reports left waiting</h3>');
    expect(html).toContain('id="paynow-settle-days"');
    expect(html).toContain('value="3"');
    expect(text).toContain('A shopper may have 2 reported transfers waiting at once');
    expect(text).toContain('Save days');
  });
});
