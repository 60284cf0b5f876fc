/**
 * The owners' legal details for receipts and tax invoices (issue 30), as HTML (the admin tests run
 * in Node): the three fields with what is set, and what a GST number does.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminSettings } from '@kedai/contract';
import { DEMO_PAYNOW_SETTINGS } from '@kedai/domain';
import { LegalSection } from './LegalSection';

const settingsWith = (legal: AdminSettings['legal']): AdminSettings => ({
  appCurrency: 'SGD',
  regions: [{ key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], enabled: true }],
  shippingLocations: [],
  quotationPricing: { feePercent: 10, exchangeRates: {} },
  payments: { cards: 'test', testMode: true, methods: ['card', 'paynow'] },
  payNow: DEMO_PAYNOW_SETTINGS,
  payNowSettleAfterDays: 3,
  legal,
});

const section = (legal: AdminSettings['legal']) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <LegalSection settings={settingsWith(legal)} onSaved={() => {}} />
    </QueryClientProvider>,
  );

describe('the legal details section', () => {
  it('shows the legal name, address and GST number as set, and says a number makes receipts tax invoices', () => {
    const html = section({ legalName: 'Kedai Pte Ltd', legalAddress: '1 Raffles Place', taxRegistrationNumber: 'M90312345A' });
    expect(html).toContain('<h2 id="legal-heading">Receipts and tax invoices</h2>');
    expect(html).toMatch(/<input id="legal-name"[^>]* value="Kedai Pte Ltd"/);
    expect(html).toMatch(/<textarea id="legal-address"[^>]*>1 Raffles Place<\/textarea>/);
    expect(html).toMatch(/<input id="legal-gst"[^>]* value="M90312345A"/);
    expect(html).toContain('receipts of orders charged GST are tax invoices');
  });

  it('starts empty when nothing is set', () => {
    const html = section(undefined);
    expect(html).toMatch(/<input id="legal-gst"[^>]* value=""/);
    expect(html).toMatch(/<input id="legal-name"[^>]* value=""/);
  });
});
