/**
 * The quotation pricing form (owners' settings, issue 15): the fee as typed and the exchange rates as
 * lines of "CODE RATE", turned into what `PUT /admin/settings/quotation_pricing` takes. The server
 * checks the values (packages/domain `parseQuotationPricing`); this only reads the lines.
 */
import type { AdminSettings } from '@kedai/contract';

type Pricing = AdminSettings['quotationPricing'];

export interface PricingForm {
  fee: string;
  rates: string;
}

export function pricingToForm(pricing: Pricing): PricingForm {
  return {
    fee: String(pricing.feePercent),
    rates: Object.entries(pricing.exchangeRates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, rate]) => `${code} ${rate}`)
      .join('\n'),
  };
}

/** The body to save, or the line that cannot be read (1-based) with what is wrong in it. */
export function formToPricing(form: PricingForm): { ok: true; value: Pricing } | { ok: false; field: 'fee' | 'rates'; error: string } {
  const fee = Number(form.fee.trim().replace(/%$/, ''));
  if (form.fee.trim() === '' || !Number.isFinite(fee))
    return { ok: false, field: 'fee', error: 'Enter the fee as a number, e.g. 10 or 7.5.' };
  const exchangeRates: Record<string, number> = {};
  const lines = form.rates.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const match = /^\s*([A-Za-z]{3})\s*[:=]?\s*(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (!match) return { ok: false, field: 'rates', error: `Line ${index + 1}: write a currency code and a rate, e.g. USD 1.35.` };
    const code = match[1]!.toUpperCase();
    if (code in exchangeRates) return { ok: false, field: 'rates', error: `Line ${index + 1}: ${code} is given twice.` };
    exchangeRates[code] = Number(match[2]);
  }
  return { ok: true, value: { feePercent: fee, exchangeRates } };
}
