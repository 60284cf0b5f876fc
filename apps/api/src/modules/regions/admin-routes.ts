import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCountryParam,
  AdminCurrencyInput,
  AdminPayNowSettingsInput,
  AdminLegalDetailsInput,
  AdminPayNowSettleInput,
  AdminQuotationPricingInput,
  AdminRegionInput,
  AdminRegionParam,
  AdminSettings,
  AdminTaxRateInput,
  AdminTaxRateList,
  AdminShippingLocation,
  AdminShippingLocationInput,
  ErrorEnvelope,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import {
  deleteTaxRate,
  listTaxRates,
  saveShippingLocation,
  saveTaxRate,
  setAppCurrency,
  setPayNowSettings,
  setLegalDetails,
  setPayNowSettleDays,
  setQuotationPricing,
  setRegionEnabled,
  shopSettings,
  type ShopSettings,
} from './admin';
import { paymentMethodsOffered } from '../payments/service';

/** The shop's settings (issue 14): owners only (rules: access.md "Staff"). */
export const regionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const answers = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
  /** The settings with how shoppers can pay now, so owners see what is missing (issue 27). */
  const withPayments = async (settings: Promise<ShopSettings>): Promise<AdminSettings> => {
    const { cards, testMode } = app.config.payments;
    return { ...(await settings), payments: { cards, testMode, methods: await paymentMethodsOffered(app.db, app.config.payments) } };
  };

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: 'The display currency, every region and every shipping location, and how shoppers can pay now',
        response: { 200: AdminSettings, ...answers },
      },
    },
    async () => withPayments(shopSettings(app.db)),
  );

  app.put(
    '/admin/settings/currency',
    {
      schema: {
        tags,
        summary: "The shop's display currency (`app_currency`)",
        description: '400 `settings/invalid_currency` for a currency the shop cannot format.',
        body: AdminCurrencyInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setAppCurrency(app.db, authOf(request).user.id, request.body.appCurrency)),
  );

  app.put(
    '/admin/settings/quotation_pricing',
    {
      schema: {
        tags,
        summary: 'The fee and exchange rates the quotation queue suggests marketplace prices with',
        description:
          '400 `settings/invalid_quotation_pricing`: a fee of 0 to 100 with at most two decimals; each rate above 0 for a ' +
          'three-letter code other than the display currency.',
        body: AdminQuotationPricingInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setQuotationPricing(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/settings/paynow',
    {
      schema: {
        tags,
        summary: 'The shop’s PayNow details: its UEN or Singapore mobile number, and the name and city the code shows',
        description: '400 `settings/invalid_paynow` when any part could not make a PayNow code.',
        body: AdminPayNowSettingsInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setPayNowSettings(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/settings/legal',
    {
      schema: {
        tags,
        summary: 'The shop’s legal name, address and GST / tax registration number, shown on receipts and tax invoices',
        description:
          '400 `settings/invalid_legal_details` for a name over 200 characters, an address over 500, or a number that is not a ' +
          'Singapore GST registration number (M90312345A, 200312345A) for a Singapore shop. An empty string clears a field.',
        body: AdminLegalDetailsInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setLegalDetails(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/settings/paynow_settle',
    {
      schema: {
        tags,
        summary: 'After how many days a reported PayNow transfer staff have not confirmed asks the shopper and staff to settle it',
        description: '400 `settings/invalid_paynow_settle_days` for anything but a whole number of days from 1 to 60.',
        body: AdminPayNowSettleInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setPayNowSettleDays(app.db, authOf(request).user.id, request.body.days)),
  );

  app.put(
    '/admin/region/:key',
    {
      schema: {
        tags,
        summary: 'Turn a region on or off (the last one on stays on)',
        params: AdminRegionParam,
        body: AdminRegionInput,
        response: { 200: AdminSettings, ...answers },
      },
    },
    async (request) => withPayments(setRegionEnabled(app.db, authOf(request).user.id, request.params.key, request.body.enabled)),
  );

  app.put(
    '/admin/shipping_location/:countryCode',
    {
      schema: {
        tags,
        summary: 'Add or change a country the shop delivers to: on or off, the rate per region and the delivery days',
        description: '400 `shipping/invalid_country`, `shipping/invalid_rates` or `shipping/invalid_days`.',
        params: AdminCountryParam,
        body: AdminShippingLocationInput,
        response: { 200: AdminShippingLocation, ...answers },
      },
    },
    async (request) => saveShippingLocation(app.db, authOf(request).user.id, request.params.countryCode, request.body),
  );

  app.get(
    '/admin/tax_rate',
    {
      schema: { tags, summary: 'The tax charged on orders per destination country', response: { 200: AdminTaxRateList, ...answers } },
    },
    async () => listTaxRates(app.db),
  );

  app.put(
    '/admin/tax_rate/:countryCode',
    {
      schema: {
        tags,
        summary: "Set a country's tax: its name, rate in basis points and whether prices include it",
        description: '400 `settings/invalid_tax`, `shipping/invalid_country`.',
        params: AdminCountryParam,
        body: AdminTaxRateInput,
        response: { 200: AdminTaxRateList, ...answers },
      },
    },
    async (request) => saveTaxRate(app.db, authOf(request).user.id, request.params.countryCode, request.body),
  );

  app.delete(
    '/admin/tax_rate/:countryCode',
    {
      schema: {
        tags,
        summary: 'Charge no tax on orders to a country',
        params: AdminCountryParam,
        response: { 200: AdminTaxRateList, ...answers },
      },
    },
    async (request) => deleteTaxRate(app.db, authOf(request).user.id, request.params.countryCode),
  );
};
