/**
 * The Taxes section of the owners' settings as HTML (the admin tests run in Node), from the taxes in
 * the query cache as `GET /admin/tax_rate` answers them.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AdminSettings } from '@kedai/contract';
import { SESSION_KEY } from '../auth/session';
import { SettingsPage } from './SettingsPage';
import { TAX_RATES_KEY, TaxRatesSection } from './TaxRatesSection';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

const TAXES = {
  taxRates: [
    { countryCode: 'JP', name: 'Consumption tax', rateBp: 1000, inclusive: true },
    { countryCode: 'SG', name: 'GST', rateBp: 900, inclusive: false },
  ],
};

function section(taxes: typeof TAXES = TAXES) {
  const client = new QueryClient();
  client.setQueryData(TAX_RATES_KEY, taxes);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <TaxRatesSection />
    </QueryClientProvider>,
  );
}

describe('the Taxes section', () => {
  const html = section();

  it('lists each country’s tax, Singapore first, with its rate and whether prices include it', () => {
    expect(html).toContain('<h2 id="taxes-heading" tabindex="-1">Taxes</h2>');
    expect(html).toContain('<caption id="taxes-caption">Tax per country</caption>');
    expect(text(html)).toContain('Singapore GST 9 % No Edit Remove Japan Consumption tax 10 % Yes Edit Remove');
    expect(html).toContain(
      '<button type="button" id="tax-edit-SG" class="button button--secondary" aria-describedby="tax-row-SG">Edit</button>',
    );
    expect(html).toContain(
      '<button type="button" id="tax-remove-JP" class="button button--danger" aria-describedby="tax-row-JP">Remove</button>',
    );
  });

  it('adds a country’s tax: the countries without one, its name, its rate in per cent and whether prices include it', () => {
    expect(html).toContain('<h3 id="tax-form-heading">Add a country&#x27;s tax</h3>');
    expect(html).toContain('<label for="tax-country">Country</label>');
    expect(html).toContain('<option value="MY">Malaysia</option>');
    expect(html).not.toContain('<option value="SG">');
    expect(html).toContain('<label for="tax-name">Tax name</label>');
    expect(html).toContain('<label for="tax-rate">Rate (%)</label>');
    expect(html).toMatch(/<input id="tax-inclusive" type="checkbox" aria-describedby="tax-inclusive-hint"\/>Prices include it/);
    expect(html).toContain('<button type="submit" class="button">Add the tax</button>');
  });

  it('says when no country has a tax', () => {
    expect(text(section({ taxRates: [] }))).toContain('No country has a tax yet: orders are charged none.');
  });
});

describe('the settings page', () => {
  it('shows owners the Payments, Taxes, PayNow and receipts sections among the others', () => {
    const client = new QueryClient();
    const settings: AdminSettings = {
      appCurrency: 'SGD',
      regions: [{ key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], enabled: true }],
      shippingLocations: [],
      quotationPricing: { feePercent: 10, exchangeRates: {} },
      payments: { cards: 'test', testMode: true, methods: ['card', 'paynow'] },
      payNow: { proxy: { kind: 'uen', value: 'S99345678ABCD' }, merchantName: 'Kedai Demo Shop', merchantCity: 'Singapore' },
      payNowSettleAfterDays: 3,
    };
    client.setQueryData(['settings'], settings);
    client.setQueryData(TAX_RATES_KEY, TAXES);
    client.setQueryData(SESSION_KEY, {
      profile: { role: 'owner' },
      signedIn: true,
      tfaEnabled: true,
      tfaPassed: true,
      tfaSetupSkipped: false,
    });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SettingsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const headings = [...html.matchAll(/<h2 id="[^"]+"(?: tabindex="-1")?>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual([
      'Payments',
      'Display currency',
      'Regions',
      'Where the shop delivers',
      'Taxes',
      'PayNow',
      'Receipts and tax invoices',
      'Quotation pricing',
    ]);
  });
});
