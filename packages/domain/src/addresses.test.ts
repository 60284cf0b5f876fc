import { describe, expect, it } from 'vitest';
import {
  addressFromForm,
  addressRule,
  addressToForm,
  countriesForUsers,
  formatAddress,
  postalCodeWrittenForm,
  validateAddress,
  type AddressForm,
  type AddressInput,
} from './addresses';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

describe('countriesForUsers', () => {
  it('puts Singapore and Malaysia first, then sorts by name ignoring accents', () => {
    const list = countriesForUsers();
    expect(list.length).toBe(252);
    expect(list.slice(0, 2).map((c) => c.countryId)).toEqual(['SG', 'MY']);
    const rest = list.slice(2).map((c) => c.displayValue);
    expect(rest).toEqual([...rest].sort((a, b) => collator.compare(a, b)));
    const codes = list.map((c) => c.countryId);
    // Åland sorts as "Aland", before Albania; Côte d’Ivoire as "Cote", between Costa Rica and Croatia.
    expect(codes.indexOf('AX')).toBe(codes.indexOf('AL') - 1);
    expect(codes.indexOf('CR')).toBeLessThan(codes.indexOf('CI'));
    expect(codes.indexOf('CI')).toBeLessThan(codes.indexOf('HR'));
  });

  it('keeps the order when limited to the countries the shop ships to', () => {
    expect(countriesForUsers(['us', 'AX', 'MY', 'SG', 'AL', 'JP']).map((c) => c.countryId)).toEqual(['SG', 'MY', 'AX', 'AL', 'JP', 'US']);
  });
});

const SG_ADDRESS: AddressInput = {
  fullName: 'Tan Ah Kow',
  address: '1 Raffles Place',
  unitNumber: '#12-34',
  city: '',
  country: 'SG',
  phoneNumber: '+65 6123 4567',
  postalCode: '048616',
  state: '',
  main: true,
};

const US_ADDRESS: AddressInput = {
  fullName: 'Jane Doe',
  address: '1600 Amphitheatre Pkwy',
  unitNumber: '',
  city: 'Mountain View',
  country: 'US',
  phoneNumber: '+1 650-253-0000',
  postalCode: '94043',
  state: 'CA',
  main: false,
};

function problems(input: AddressInput, options?: Parameters<typeof validateAddress>[1]) {
  const result = validateAddress(input, options);
  return result.ok ? [] : result.problems.map((p) => `${p.field} ${p.errorCode}`);
}

describe('validateAddress', () => {
  it('answers the normalised address', () => {
    expect(validateAddress({ ...SG_ADDRESS, fullName: '  Tan Ah Kow ', country: 'sg' })).toEqual({
      ok: true,
      value: { ...SG_ADDRESS, phoneNumber: '+6561234567', country: 'SG' },
    });
    expect(validateAddress({ ...US_ADDRESS, state: 'california', postalCode: ' 94043-1351 ' })).toMatchObject({
      ok: true,
      value: { state: 'CA', postalCode: '94043-1351', phoneNumber: '+16502530000' },
    });
  });

  it('lists every problem in field order, with the catalogue message', () => {
    const result = validateAddress({ main: 'yes', country: 'US', postalCode: '1', phoneNumber: 'x' });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'fullName', errorCode: 'address/invalid_full_name', error: 'Full name must be 1 to 200 characters' },
        { field: 'address', errorCode: 'address/invalid_address', error: 'Address must be 1 to 200 characters' },
        { field: 'city', errorCode: 'address/invalid_city', error: 'Please enter a valid city' },
        { field: 'phoneNumber', errorCode: 'address/invalid_phone_number', error: 'Please enter a valid phone number' },
        { field: 'postalCode', errorCode: 'address/invalid_postal_code', error: 'Postal code must be 3 to 16 characters' },
        { field: 'state', errorCode: 'address/invalid_state', error: 'Please choose a valid state or region for this country' },
        { field: 'main', errorCode: 'address/invalid_main', error: 'Main must be true or false' },
      ],
    });
  });

  it('full name and address line: 1 to 200 characters', () => {
    expect(problems({ ...SG_ADDRESS, fullName: 'x'.repeat(200), address: '界'.repeat(200) })).toEqual([]);
    expect(problems({ ...SG_ADDRESS, fullName: '   ' })).toEqual(['fullName address/invalid_full_name']);
    expect(problems({ ...SG_ADDRESS, fullName: 'x'.repeat(201) })).toEqual(['fullName address/invalid_full_name']);
    expect(problems({ ...SG_ADDRESS, fullName: 'Tan\nAh Kow' })).toEqual(['fullName address/invalid_full_name']);
    expect(problems({ ...SG_ADDRESS, address: '' })).toEqual(['address address/invalid_address']);
    expect(problems({ ...SG_ADDRESS, address: 'x'.repeat(201) })).toEqual(['address address/invalid_address']);
    expect(problems({ ...SG_ADDRESS, address: 42 })).toEqual(['address address/invalid_address']);
  });

  it('unit number: optional, at most 30 characters', () => {
    expect(problems({ ...SG_ADDRESS, unitNumber: 'x'.repeat(30) })).toEqual([]);
    expect(problems({ ...SG_ADDRESS, unitNumber: undefined })).toEqual([]);
    expect(problems({ ...SG_ADDRESS, unitNumber: 'x'.repeat(31) })).toEqual(['unitNumber address/invalid_unit_number']);
  });

  it('city: required where the table says', () => {
    expect(problems({ ...US_ADDRESS, city: ' ' })).toEqual(['city address/invalid_city']);
    expect(problems({ ...SG_ADDRESS, city: undefined })).toEqual([]);
    expect(problems({ ...SG_ADDRESS, city: 'x'.repeat(201) })).toEqual(['city address/invalid_city']);
  });

  it('country: in the table, and one the shop ships to', () => {
    expect(problems({ ...SG_ADDRESS, country: 'XX' })).toEqual(['country address/invalid_country']);
    expect(problems({ ...SG_ADDRESS, country: 7 })).toEqual(['country address/invalid_country']);
    expect(problems(SG_ADDRESS, { countries: ['SG', 'MY'] })).toEqual([]);
    expect(problems(US_ADDRESS, { countries: ['SG', 'MY'] })).toEqual(['country address/invalid_country']);
  });

  it('phone number: a valid number of the address’s country', () => {
    expect(problems({ ...SG_ADDRESS, phoneNumber: '' })).toEqual(['phoneNumber address/invalid_phone_number']);
    expect(problems({ ...SG_ADDRESS, phoneNumber: '+65 123' })).toEqual(['phoneNumber address/invalid_phone_number']);
    expect(problems({ ...SG_ADDRESS, phoneNumber: US_ADDRESS.phoneNumber })).toEqual(['phoneNumber address/invalid_phone_number']);
  });

  it('postal code: required where the table says, 3 to 16 characters, and of the country’s pattern', () => {
    expect(problems({ ...SG_ADDRESS, postalCode: '' })).toEqual(['postalCode address/invalid_postal_code']);
    expect(problems({ ...SG_ADDRESS, postalCode: '04861' })).toEqual(['postalCode address/invalid_postal_code']);
    expect(problems({ ...US_ADDRESS, postalCode: '9404' })).toEqual(['postalCode address/invalid_postal_code']);
    // Ireland has a pattern but does not require a code; the UAE has no postal codes at all.
    const ie = { ...SG_ADDRESS, country: 'IE', city: 'Dublin', phoneNumber: '+353 1 234 5678' };
    expect(problems({ ...ie, postalCode: '' })).toEqual([]);
    expect(problems({ ...ie, postalCode: 'D02 X285' })).toEqual([]);
    expect(problems({ ...ie, postalCode: 'D02' })).toEqual(['postalCode address/invalid_postal_code']);
    const ae = { ...SG_ADDRESS, country: 'AE', state: 'DU', phoneNumber: '+971 4 123 4567' };
    expect(problems({ ...ae, postalCode: '' })).toEqual([]);
    expect(problems({ ...ae, postalCode: 'PO1' })).toEqual([]);
    expect(problems({ ...ae, postalCode: 'P1' })).toEqual(['postalCode address/invalid_postal_code']);
    expect(problems({ ...ae, postalCode: 'P'.repeat(17) })).toEqual(['postalCode address/invalid_postal_code']);
  });

  it('state: required where the table says, and one of the country’s states when it has a list', () => {
    expect(problems({ ...US_ADDRESS, state: '' })).toEqual(['state address/invalid_state']);
    expect(problems({ ...US_ADDRESS, state: 'ZZ' })).toEqual(['state address/invalid_state']);
    // Honduras requires a department but has no list: free text.
    const hn = { ...US_ADDRESS, country: 'HN', city: 'Tegucigalpa', postalCode: '', phoneNumber: '+504 2234 5678' };
    expect(problems({ ...hn, state: 'Francisco Morazán' })).toEqual([]);
    expect(problems({ ...hn, state: '' })).toEqual(['state address/invalid_state']);
    // Ireland has counties but does not require one.
    const ie = { ...SG_ADDRESS, country: 'IE', city: 'Dublin', postalCode: '', phoneNumber: '+353 1 234 5678' };
    expect(problems({ ...ie, state: '' })).toEqual([]);
    expect(validateAddress({ ...ie, state: 'co. dublin' })).toMatchObject({ ok: true, value: { state: 'D' } });
    expect(problems({ ...ie, state: 'Atlantis' })).toEqual(['state address/invalid_state']);
  });

  it('main: only true or false (left out is false)', () => {
    expect(validateAddress({ ...SG_ADDRESS, main: undefined })).toMatchObject({ ok: true, value: { main: false } });
    expect(problems({ ...SG_ADDRESS, main: 'true' })).toEqual(['main address/invalid_main']);
    expect(problems({ ...SG_ADDRESS, main: 1 })).toEqual(['main address/invalid_main']);
    expect(problems({ ...SG_ADDRESS, main: null })).toEqual(['main address/invalid_main']);
  });

  it('without a known country, checks what does not depend on it', () => {
    expect(problems({ ...US_ADDRESS, country: 'XX', state: 'Anywhere', postalCode: 'ABC' })).toEqual(['country address/invalid_country']);
  });
});

describe('the form fields and the API address', () => {
  const form: AddressForm = {
    firstName: 'Mary Ann',
    lastName: 'Lim',
    company: '',
    address1: '1 Raffles Place',
    address2: '#12-34',
    city: '',
    state: '',
    zip: '048616',
    country: 'SG',
    phone: '+6561234567',
  };

  it('maps the form onto the API shape and back', () => {
    const input = addressFromForm(form, true);
    expect(input).toEqual({
      fullName: 'Mary Ann Lim',
      address: '1 Raffles Place',
      unitNumber: '#12-34',
      city: '',
      country: 'SG',
      phoneNumber: '+6561234567',
      postalCode: '048616',
      state: '',
      main: true,
    });
    const result = validateAddress(input);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(addressToForm(result.value)).toEqual(form);
  });

  it('round-trips a US address through validation (normalised values come back normalised)', () => {
    const us: AddressForm = {
      ...form,
      firstName: 'Jane',
      lastName: 'Doe',
      address1: '1600 Amphitheatre Pkwy',
      address2: '',
      city: 'Mountain View',
      state: 'CA',
      zip: '94043',
      country: 'US',
      phone: '+16502530000',
    };
    const result = validateAddress(addressFromForm(us));
    expect(result.ok && addressToForm(result.value)).toEqual(us);
  });

  it('keeps no company (the API address has none) and splits a one-word name into a first name', () => {
    expect(addressFromForm({ ...form, company: 'Acme Pte Ltd' })).not.toHaveProperty('company');
    expect(addressToForm({ ...addressFromForm(form), fullName: 'Madonna' })).toMatchObject({
      firstName: 'Madonna',
      lastName: '',
      company: '',
    });
    expect(addressFromForm({ ...form, firstName: 'Madonna', lastName: ' ' }).fullName).toBe('Madonna');
  });
});

describe('postalCodeWrittenForm', () => {
  it('writes a code the way the country does, where its example shows separators', () => {
    expect(postalCodeWrittenForm('GB', 'nw16xe')).toBe('NW1 6XE');
    expect(postalCodeWrittenForm('GB', ' nw1  6xe ')).toBe('NW1 6XE');
    expect(postalCodeWrittenForm('CA', 'h3z2y7')).toBe('H3Z 2Y7');
    expect(postalCodeWrittenForm('JP', '1540023')).toBe('154-0023');
    expect(postalCodeWrittenForm('SG', '238880')).toBe('238880');
    expect(postalCodeWrittenForm('US', '95014-1234')).toBe('95014-1234');
  });

  it('leaves what would not fit the pattern as typed (upper-cased), for the pattern to refuse', () => {
    expect(postalCodeWrittenForm('GB', 'nw16xee')).toBe('NW16XEE');
    expect(postalCodeWrittenForm('GB', 'BFPO 12')).toBe('BFPO 12');
    expect(postalCodeWrittenForm('HK', 'abc')).toBe('ABC');
  });

  it('is what validateAddress stores', () => {
    const result = validateAddress({ ...SG_ADDRESS, country: 'GB', postalCode: 'nw16xe', city: 'London', phoneNumber: '+447400123456' });
    expect(result.ok && result.value.postalCode).toBe('NW1 6XE');
  });
});

describe('formatAddress', () => {
  const base = { unitNumber: '', city: '', state: '', postalCode: '' };

  it('Japan: prefecture by name, then postal code (latin format)', () => {
    const jp = {
      ...base,
      fullName: 'Taro Yamada',
      address: '1-2-3 Shibuya',
      unitNumber: 'Room 401',
      state: '13',
      postalCode: '150-0002',
      country: 'JP',
      phoneNumber: '+81312345678',
    };
    expect(formatAddress(jp, addressRule('JP')!)).toEqual([
      'Taro Yamada',
      '1-2-3 Shibuya',
      'Room 401',
      'Tokyo',
      '150-0002',
      'Japan',
      '+81312345678',
    ]);
  });

  it('United States: "city, state zip", and an empty field takes its separator with it', () => {
    const us = {
      ...base,
      fullName: 'Jane Doe',
      address: '1600 Amphitheatre Pkwy',
      unitNumber: 'Suite 100',
      city: 'Mountain View',
      state: 'CA',
      postalCode: '94043',
      country: 'US',
      phoneNumber: '+16502530000',
    };
    const rule = addressRule('US')!;
    expect(formatAddress(us, rule)).toEqual([
      'Jane Doe',
      '1600 Amphitheatre Pkwy',
      'Suite 100',
      'Mountain View, California 94043',
      'United States',
      '+16502530000',
    ]);
    expect(formatAddress({ ...us, state: '' }, rule)[3]).toBe('Mountain View 94043');
    expect(formatAddress({ ...us, postalCode: '' }, rule)[3]).toBe('Mountain View, California');
    expect(formatAddress({ ...us, city: '' }, rule)[3]).toBe('California 94043');
  });

  it('Singapore: the country with the postal code, empty lines dropped', () => {
    const sg = {
      ...base,
      fullName: 'Tan Ah Kow',
      address: '1 Raffles Place',
      unitNumber: '#12-34',
      postalCode: '048616',
      country: 'SG',
      phoneNumber: '+6561234567',
    };
    expect(formatAddress(sg, addressRule('SG')!)).toEqual(['Tan Ah Kow', '1 Raffles Place', '#12-34', 'Singapore 048616', '+6561234567']);
  });

  it('United Kingdom: post town and postcode on lines of their own', () => {
    const gb = {
      ...base,
      fullName: 'John Smith',
      address: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      country: 'GB',
      phoneNumber: '+442070313000',
    };
    expect(formatAddress(gb, addressRule('GB')!)).toEqual([
      'John Smith',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
      'United Kingdom',
      '+442070313000',
    ]);
  });
});
