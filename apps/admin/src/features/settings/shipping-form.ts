/**
 * A shipping location (a country the shop delivers to) as the settings table edits it, and the
 * API's `AdminShippingLocationInput`. Amounts are typed in each region's currency in major units and
 * sent in minor units (the domain's money helpers); a region with neither a fee nor a free-from
 * amount has no rate (the shop quotes delivery there at checkout). The rules are the domain's
 * (`parseShippingRates`, `parseDeliveryDays`, applied by the API too).
 */
import type { AdminSettings, AdminShippingLocationInput } from '@kedai/contract';
import { DELIVERY_DAYS_MAX } from '@kedai/domain';
import { amountText, parseAmount } from '../../lib/money-input';

type Location = AdminSettings['shippingLocations'][number];

interface RateForm {
  fee: string;
  freeFrom: string;
}

export interface LocationForm {
  enabled: boolean;
  daysMin: string;
  daysMax: string;
  /** Region key -> its fee and free-from amount as typed. */
  rates: Record<string, RateForm>;
}

/** Region key -> currency. */
export type Currencies = Record<string, string>;
export type FieldErrors = Record<string, string>;

export function locationToForm(location: Pick<Location, 'enabled' | 'rates' | 'deliveryDays'>, currencies: Currencies): LocationForm {
  const rates: Record<string, RateForm> = {};
  for (const [region, currency] of Object.entries(currencies)) {
    const rate = location.rates[region];
    rates[region] = { fee: amountText(rate?.fee, currency), freeFrom: amountText(rate?.freeFrom, currency) };
  }
  return {
    enabled: location.enabled,
    daysMin: location.deliveryDays ? String(location.deliveryDays.min) : '',
    daysMax: location.deliveryDays ? String(location.deliveryDays.max) : '',
    rates,
  };
}

/** A country just added: on, no days said, no rates. */
export const newLocationForm = (currencies: Currencies): LocationForm =>
  locationToForm({ enabled: true, rates: {}, deliveryDays: null }, currencies);

const WHOLE = /^\d+$/;

/** The form as the API's input, or the problems found, keyed `rates.<region>.fee`, `rates.<region>.freeFrom`, `deliveryDays`. */
export function formToLocationInput(
  form: LocationForm,
  currencies: Currencies,
): { ok: true; input: AdminShippingLocationInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const rates: AdminShippingLocationInput['rates'] = {};
  for (const [region, typed] of Object.entries(form.rates)) {
    const currency = currencies[region];
    if (!currency) continue;
    const fee = parseAmount(typed.fee, currency);
    const freeFrom = parseAmount(typed.freeFrom, currency, { min: 1 });
    if (!fee.ok) errors[`rates.${region}.fee`] = fee.error;
    if (!freeFrom.ok) errors[`rates.${region}.freeFrom`] = freeFrom.error;
    if (!fee.ok || !freeFrom.ok) continue;
    if (fee.value === null && freeFrom.value === null) continue;
    if (fee.value === null) {
      errors[`rates.${region}.fee`] = 'Enter the delivery fee (0 for free delivery), or leave both amounts empty';
      continue;
    }
    rates[region] = { fee: fee.value, freeFrom: freeFrom.value };
  }

  let deliveryDays: AdminShippingLocationInput['deliveryDays'] = null;
  const min = form.daysMin.trim();
  const max = form.daysMax.trim();
  if (min !== '' || max !== '') {
    if (!WHOLE.test(min) || !WHOLE.test(max)) {
      errors.deliveryDays = `Enter the fewest and the most working days, whole numbers from 0 to ${DELIVERY_DAYS_MAX}, or leave both empty`;
    } else if (Number(min) > Number(max) || Number(max) > DELIVERY_DAYS_MAX) {
      errors.deliveryDays = `Delivery days must be from 0 to ${DELIVERY_DAYS_MAX}, the fewest first`;
    } else deliveryDays = { min: Number(min), max: Number(max) };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { enabled: form.enabled, rates, deliveryDays } };
}

/** Countries that may be added: every one not listed yet. */
export const addableCountries = (all: readonly { code: string; name: string }[], listed: readonly { countryCode: string }[]) => {
  const taken = new Set(listed.map((location) => location.countryCode));
  return all.filter((country) => !taken.has(country.code));
};
