import { describe, expect, it } from 'vitest';
import { addableCountries, formToLocationInput, locationToForm, newLocationForm } from './shipping-form';

const currencies = { SG: 'SGD', MY: 'MYR', JP: 'JPY' };

describe('shipping form ↔ API input', () => {
  it('shows a saved location in major units, blank where a region has no rate', () => {
    const form = locationToForm(
      { enabled: true, rates: { SG: { fee: 400, freeFrom: 6000 }, JP: { fee: 1500, freeFrom: null } }, deliveryDays: { min: 1, max: 3 } },
      currencies,
    );
    expect(form).toEqual({
      enabled: true,
      daysMin: '1',
      daysMax: '3',
      rates: { SG: { fee: '4.00', freeFrom: '60.00' }, MY: { fee: '', freeFrom: '' }, JP: { fee: '1500', freeFrom: '' } },
    });
    expect(formToLocationInput(form, currencies)).toEqual({
      ok: true,
      input: {
        enabled: true,
        rates: { SG: { fee: 400, freeFrom: 6000 }, JP: { fee: 1500, freeFrom: null } },
        deliveryDays: { min: 1, max: 3 },
      },
    });
  });
  it('starts a new country on, without days or rates', () => {
    const form = newLocationForm(currencies);
    expect(form.enabled).toBe(true);
    expect(formToLocationInput(form, currencies)).toEqual({ ok: true, input: { enabled: true, rates: {}, deliveryDays: null } });
  });
  it('takes a free delivery (fee 0) and refuses a free-from amount without a fee', () => {
    const form = newLocationForm(currencies);
    form.rates.SG = { fee: '0', freeFrom: '' };
    expect(formToLocationInput(form, currencies)).toMatchObject({ ok: true, input: { rates: { SG: { fee: 0, freeFrom: null } } } });
    form.rates.MY = { fee: '', freeFrom: '100' };
    expect(formToLocationInput(form, currencies)).toEqual({
      ok: false,
      errors: { 'rates.MY.fee': 'Enter the delivery fee (0 for free delivery), or leave both amounts empty' },
    });
  });
  it('refuses amounts the currency cannot have, and a free-from of 0', () => {
    const form = newLocationForm(currencies);
    form.rates.SG = { fee: '4.005', freeFrom: '0' };
    form.rates.JP = { fee: '-1', freeFrom: '' };
    expect(formToLocationInput(form, currencies)).toEqual({
      ok: false,
      errors: {
        'rates.SG.fee': 'Enter an amount in SGD, such as 12.50',
        'rates.SG.freeFrom': 'The amount must be at least 0.01',
        'rates.JP.fee': 'The amount must be 0 or more',
      },
    });
  });
  it('checks the delivery days: both or neither, whole, fewest first, at most 90', () => {
    const days = (daysMin: string, daysMax: string) =>
      formToLocationInput({ ...newLocationForm(currencies), daysMin, daysMax }, currencies);
    expect(days('2', '5')).toMatchObject({ ok: true, input: { deliveryDays: { min: 2, max: 5 } } });
    expect(days('', '')).toMatchObject({ ok: true, input: { deliveryDays: null } });
    expect(days('2', '')).toMatchObject({ ok: false, errors: { deliveryDays: expect.stringMatching(/fewest and the most/) } });
    expect(days('5', '2')).toMatchObject({ ok: false, errors: { deliveryDays: expect.stringMatching(/the fewest first/) } });
    expect(days('1', '91')).toMatchObject({ ok: false });
    expect(days('1.5', '2')).toMatchObject({ ok: false });
  });
  it('offers only countries not listed yet', () => {
    const all = [
      { code: 'SG', name: 'Singapore' },
      { code: 'MY', name: 'Malaysia' },
      { code: 'ID', name: 'Indonesia' },
    ];
    expect(addableCountries(all, [{ countryCode: 'SG' }])).toEqual(all.slice(1));
  });
});
