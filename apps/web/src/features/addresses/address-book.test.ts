import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_COUNTRY_CODES, addressRule, type AddressForm } from '@kedai/domain';
import { ApiError } from '../../lib/api-error';
import { shopper } from '../../store/testing';

// The API client is mocked at the module boundary; the rules and the display of errors stay real.
const api = vi.hoisted(() => ({ browserGet: vi.fn(), browserPost: vi.fn(), browserPut: vi.fn(), browserDelete: vi.fn() }));
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: (await import('../../store/testing')).apiOver({
    get: api.browserGet,
    post: api.browserPost,
    put: api.browserPut,
    delete: api.browserDelete,
  }),
}));

const {
  addressFormProblems,
  addressLines,
  countryChoices,
  defaultCountry,
  deleteAddress,
  describeSaveError,
  formLayout,
  layoutFor,
  loadAddressBook,
  makeMainAddress,
  newAddressForm,
  postalCodeProblem,
  saveAddress,
  sortAddresses,
  toAddressRequest,
  withCountry,
  withSaved,
} = await import('./address-book');
type Address = import('./address-book').Address;

const apiError = (status: number, errorCode: string, params: unknown[] = []) =>
  new ApiError({ errorCode, error: `raw ${errorCode}`, params }, status, '/address');

const JP_POSTAL = '“1234” is not a postal code in Japan. It should look like 154-0023.';
const SG_POSTAL = (zip: string) => `“${zip}” is not a postal code in Singapore. It should look like 546080.`;
const STATE = 'Choose a state or region of this country.';

const form = (values: Partial<AddressForm>): AddressForm => ({
  firstName: 'Ana',
  lastName: 'Lim',
  company: '',
  address1: '1 Raffles Place',
  address2: '',
  city: '',
  state: '',
  zip: '048616',
  country: 'SG',
  phone: '+65 6123 4567',
  ...values,
});

const jp = form({ country: 'JP', address1: '1-1 Chiyoda', state: '13', zip: '100-0001', phone: '+81 3-1234-5678' });
const us = form({
  country: 'US',
  address1: '1600 Amphitheatre Pkwy',
  city: 'Mountain View',
  state: 'CA',
  zip: '94043',
  phone: '+1 650-253-0000',
});

const address = (over: Partial<Address>): Address => ({
  id: 'a1',
  fullName: 'Ana Lim',
  address: '1 Raffles Place',
  unitNumber: '#12-34',
  city: '',
  country: 'SG',
  phoneNumber: '+6561234567',
  postalCode: '048616',
  state: '',
  main: false,
  createdAt: 1_800_000_000,
  ...over,
});

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
});

describe('the form follows the country', () => {
  it('Japan: a required prefecture select, no city field, a required postal code', () => {
    const layout = layoutFor('JP');
    expect(layout.state).toMatchObject({ shown: true, label: 'Prefecture', required: true });
    expect(layout.state.options).toHaveLength(47);
    expect(layout.state.options).toContainEqual({ value: '13', label: 'Tokyo' });
    expect(layout.city.shown).toBe(false);
    expect(layout.zip).toEqual({ shown: true, label: 'Postal code', required: true, hint: 'For example 154-0023' });
  });

  it('United States: required city, state (a list, sorted by name) and postal code', () => {
    const layout = layoutFor('us');
    expect(layout.city).toEqual({ shown: true, label: 'City', required: true });
    expect(layout.state).toMatchObject({ shown: true, label: 'State', required: true });
    const labels = layout.state.options!.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(layout.state.options).toContainEqual({ value: 'CA', label: 'California' });
  });

  it('Singapore: neither city nor state, a required postal code', () => {
    const layout = layoutFor('SG');
    expect(layout.city.shown).toBe(false);
    expect(layout.state.shown).toBe(false);
    expect(layout.zip.required).toBe(true);
    expect(layout.zip.hint).toBe('For example 546080');
  });

  it('labels come from the table (post town, district, area, emirate) and countries without postal codes have no field', () => {
    expect(layoutFor('GB').city).toEqual({ shown: true, label: 'Post town', required: true });
    expect(layoutFor('GB').state.shown).toBe(false);
    expect(layoutFor('HK').city.label).toBe('District');
    expect(layoutFor('HK').state).toMatchObject({ label: 'Area', required: true });
    expect(layoutFor('HK').zip.shown).toBe(false);
    expect(layoutFor('AE').state).toMatchObject({ label: 'Emirate', required: true });
    expect(layoutFor('AE').zip.shown).toBe(false);
    // Ireland has postal codes but does not require them.
    expect(layoutFor('IE').zip).toMatchObject({ shown: true, required: false });
  });

  it('marks exactly what each country requires, and never hides a required field', () => {
    for (const code of ADDRESS_COUNTRY_CODES) {
      const rule = addressRule(code)!;
      const layout = formLayout(rule);
      expect([code, layout.city.required, layout.state.required, layout.zip.required]).toEqual([
        code,
        rule.cityRequired,
        rule.stateRequired,
        rule.postalCodeRequired,
      ]);
      if (rule.cityRequired) expect(layout.city.shown).toBe(true);
      if (rule.stateRequired || Object.keys(rule.states).length > 0) expect(layout.state.shown).toBe(true);
      if (rule.postalCodeRequired) expect(layout.zip.shown).toBe(true);
      expect(layout.state.options === null).toBe(Object.keys(rule.states).length === 0);
    }
  });

  it('without a known country every field is shown as optional free text', () => {
    expect(layoutFor('')).toEqual({
      city: { shown: true, label: 'City', required: false },
      state: { shown: true, label: 'State or region', required: false, options: null },
      zip: { shown: true, label: 'Postal code', required: false },
      phone: { hint: 'With the country code, for example +1 201 555 0123. It must be a number of the address’s country.' },
    });
  });

  it('changing the country keeps a state only where it still means something', () => {
    expect(withCountry(us, 'JP').state).toBe('');
    expect(withCountry(form({ country: 'JP', state: '13' }), 'JP').state).toBe('13');
    // Free text (Romania has no list) to free text (Lithuania): kept; a code to a country without a list: dropped.
    expect(withCountry(form({ country: 'RO', state: 'Cluj' }), 'LT').state).toBe('Cluj');
    expect(withCountry(us, 'NZ').state).toBe('');
    expect(withCountry(us, 'JP').country).toBe('JP');
  });
});

describe('checking the form with the API rules', () => {
  it('accepts complete Japanese, US and Singapore addresses', () => {
    expect(addressFormProblems(jp)).toEqual({});
    expect(addressFormProblems(us)).toEqual({});
    expect(addressFormProblems(form({}))).toEqual({});
  });

  it("puts each problem beside its form field, in the shopper's words", () => {
    expect(addressFormProblems({ ...jp, zip: '1234' })).toEqual({ zip: JP_POSTAL });
    expect(addressFormProblems({ ...us, state: '' })).toEqual({ state: STATE });
    expect(addressFormProblems(form({ zip: '12345' }))).toEqual({ zip: SG_POSTAL('12345') });
    expect(addressFormProblems({ ...us, zip: '' })).toEqual({ zip: 'Enter the ZIP code.' });
    expect(addressFormProblems(form({ firstName: ' ', lastName: '' }))).toEqual({
      firstName: 'Enter the full name of the person receiving the parcel (up to 200 characters).',
    });
    expect(addressFormProblems(form({ address1: '' }))).toEqual({ address1: 'Enter the street address (up to 200 characters).' });
    expect(addressFormProblems(form({ address2: 'x'.repeat(31) }))).toEqual({ address2: 'The unit number can have up to 30 characters.' });
    expect(addressFormProblems({ ...us, city: '' })).toEqual({ city: 'Enter the city.' });
    // The phone number must belong to the address's country: the message gives that country's example.
    expect(addressFormProblems({ ...jp, phone: '+65 6123 4567' })).toEqual({
      phone: 'Enter a phone number of Japan, for example 090-1234-5678 or +81 90 1234 5678.',
    });
    // Written as within the country, it is read there.
    expect(addressFormProblems({ ...jp, phone: '090-1234-5678' })).toEqual({});
  });

  it('refuses a country the shop does not ship to', () => {
    expect(addressFormProblems(jp, ['SG', 'MY'])).toEqual({ country: 'Choose a country we ship to.' });
    expect(addressFormProblems(jp, ['SG', 'JP'])).toEqual({});
  });

  it('checks the postal code alone as it is typed', () => {
    expect(postalCodeProblem({ ...jp, zip: '1234' })).toBe(JP_POSTAL);
    expect(postalCodeProblem({ ...jp, zip: '1234567' })).toBeUndefined();
    expect(postalCodeProblem({ ...jp, zip: '123-4567', firstName: '' })).toBeUndefined(); // other fields do not matter
    expect(postalCodeProblem(form({ zip: '4861' }))).toBe(SG_POSTAL('4861'));
    expect(postalCodeProblem(form({ zip: '07990' }))).toBe(SG_POSTAL('07990'));
    // A country without a postal-code field has nothing to check.
    expect(postalCodeProblem(form({ country: 'AE', zip: '??' }))).toBeUndefined();
  });

  it('sends the API address: the form mapping, with fields the country does not use left empty', () => {
    expect(toAddressRequest(form({ city: 'Singapore', state: 'Central', address2: '#12-34' }), true)).toEqual({
      fullName: 'Ana Lim',
      address: '1 Raffles Place',
      unitNumber: '#12-34',
      city: '',
      country: 'SG',
      phoneNumber: '+65 6123 4567',
      postalCode: '048616',
      state: '',
      main: true,
    });
    expect(toAddressRequest(us)).toMatchObject({ city: 'Mountain View', state: 'CA', postalCode: '94043', main: false });
  });
});

describe('the server is the final word', () => {
  const problems = apiError(400, 'address/invalid_postal_code', [
    { field: 'postalCode', errorCode: 'address/invalid_postal_code', error: 'raw' },
    { field: 'fullName', errorCode: 'address/invalid_full_name', error: 'raw' },
  ]);

  it("shows a 400's per-field problems beside the form's fields", () => {
    expect(describeSaveError(problems)).toEqual({
      ok: false,
      fieldErrors: {
        zip: 'Enter the postal code.',
        firstName: 'Enter the full name of the person receiving the parcel (up to 200 characters).',
      },
      message: null,
      limit: null,
    });
  });

  it('a problem of a field the form does not show (or of main) becomes the form message', () => {
    const hidden = apiError(400, 'address/invalid_city', [
      { field: 'city', errorCode: 'address/invalid_city', error: 'raw' },
      { field: 'main', errorCode: 'address/invalid_main', error: 'raw' },
    ]);
    expect(describeSaveError(hidden, (field) => field !== 'city')).toEqual({
      ok: false,
      fieldErrors: {},
      message: 'Enter the city. Choose whether this is your main address.',
      limit: null,
    });
  });

  it('the full address book: the catalogue message with the limit', () => {
    expect(describeSaveError(apiError(409, 'user/max_addresses_reached', [10]))).toEqual({
      ok: false,
      fieldErrors: {},
      message: 'You can keep up to 10 addresses. Delete one you no longer use to add another.',
      limit: 10,
    });
  });

  it('any other failure is the form message', () => {
    expect(describeSaveError(new Error('Failed to fetch'))).toMatchObject({ fieldErrors: {}, message: 'Failed to fetch', limit: null });
    expect(describeSaveError(undefined)).toMatchObject({ message: 'Unknown error' });
  });

  it('adds with POST /address and edits with PUT /address/{id}', async () => {
    const saved = address({ id: 'n1' });
    api.browserPost.mockResolvedValueOnce({ address: saved });
    const body = toAddressRequest(form({}));
    expect(await saveAddress(null, body)).toEqual({ ok: true, address: saved });
    expect(api.browserPost).toHaveBeenCalledWith('/address', body);

    api.browserPut.mockResolvedValueOnce({ address: saved });
    expect(await saveAddress('n/1', body)).toEqual({ ok: true, address: saved });
    expect(api.browserPut).toHaveBeenCalledWith('/address/n%2F1', body);

    api.browserPost.mockRejectedValueOnce(problems);
    expect(await saveAddress(null, body, (field) => field !== 'zip')).toMatchObject({
      ok: false,
      fieldErrors: { firstName: 'Enter the full name of the person receiving the parcel (up to 200 characters).' },
      message: 'Check the postal code. It should look like 546080.',
    });
  });
});

describe('the list', () => {
  const a = address({ id: 'a', createdAt: 100 });
  const b = address({ id: 'b', createdAt: 300 });
  const c = address({ id: 'c', createdAt: 200, main: true });

  it('shows the main address first, then the newest first', () => {
    expect(sortAddresses([a, b, c]).map((x) => x.id)).toEqual(['c', 'b', 'a']);
  });

  it('a saved address replaces its old version or joins; a new main one takes the mark from the other', () => {
    expect(withSaved([c, b, a], { ...a, fullName: 'New' }).map((x) => [x.id, x.fullName])).toEqual([
      ['c', 'Ana Lim'],
      ['b', 'Ana Lim'],
      ['a', 'New'],
    ]);
    const made = withSaved([c, b, a], { ...a, main: true });
    expect(made.map((x) => [x.id, x.main])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    expect(withSaved([c], address({ id: 'd', createdAt: 400 })).map((x) => x.id)).toEqual(['c', 'd']);
  });

  it('loads the addresses and the countries the shop ships to', async () => {
    api.browserGet.mockImplementation(async (path: string) =>
      path === '/address'
        ? { addresses: [a, c] }
        : {
            shippingLocations: [
              { countryCode: 'SG', name: 'Singapore' },
              { countryCode: 'jp', name: 'Japan' },
            ],
          },
    );
    expect(await loadAddressBook()).toEqual({ ok: true, value: { addresses: [c, a], countries: ['SG', 'JP'] } });
  });

  it('without the shipping countries the form offers every country; without the addresses the page fails', async () => {
    api.browserGet.mockImplementation(async (path: string) => {
      if (path === '/address') return { addresses: [] };
      throw new Error('Failed to fetch');
    });
    expect(await loadAddressBook()).toEqual({ ok: true, value: { addresses: [], countries: null } });
    api.browserGet.mockImplementation(async (path: string) => {
      if (path === '/address') throw apiError(403, 'auth/tfa_not_verified');
      return { shippingLocations: [] };
    });
    expect(await loadAddressBook()).toMatchObject({ ok: false });
  });

  it('deletes (answering the remaining list, sorted) and makes main', async () => {
    api.browserDelete.mockResolvedValueOnce({ addresses: [a, c] });
    expect(await deleteAddress('b')).toEqual({ ok: true, value: [c, a] });
    expect(api.browserDelete).toHaveBeenCalledWith('/address/b');
    api.browserDelete.mockRejectedValueOnce(apiError(404, 'address/not_found'));
    expect(await deleteAddress('b')).toEqual({ ok: false, message: 'This address could not be found. It may have been deleted.' });

    api.browserPost.mockResolvedValueOnce({ address: { ...a, main: true } });
    expect(await makeMainAddress('a')).toEqual({ ok: true, value: { ...a, main: true } });
    expect(api.browserPost).toHaveBeenCalledWith('/address/a/main');
  });

  it('formats each address by its country', () => {
    expect(
      addressLines(
        address({
          fullName: 'Jane Doe',
          address: '1600 Amphitheatre Pkwy',
          unitNumber: '',
          city: 'Mountain View',
          state: 'CA',
          postalCode: '94043',
          country: 'US',
          phoneNumber: '+16502530000',
        }),
      ),
    ).toEqual(['Jane Doe', '1600 Amphitheatre Pkwy', 'Mountain View, California 94043', 'United States', '+16502530000']);
    expect(addressLines(address({}))).toEqual(['Ana Lim', '1 Raffles Place', '#12-34', 'Singapore 048616', '+6561234567']);
    expect(addressLines(address({ country: 'ZZ', city: 'Town', unitNumber: '' }))).toEqual([
      'Ana Lim',
      '1 Raffles Place',
      'Town 048616',
      'ZZ',
      '+6561234567',
    ]);
  });
});

describe('a new address', () => {
  it('offers the countries the shop ships to, Singapore and Malaysia first, plus an edited address’s own', () => {
    expect(countryChoices(['JP', 'MY', 'AU', 'SG']).map((c) => c.code)).toEqual(['SG', 'MY', 'AU', 'JP']);
    expect(countryChoices(['SG'], 'JP').map((c) => c.code)).toEqual(['SG', 'JP']);
    expect(countryChoices(null).length).toBe(ADDRESS_COUNTRY_CODES.length);
  });

  it("starts in the shopper's preferred country, else their profile's, else their region's, else the first offered", () => {
    const offered = ['SG', 'MY', 'JP', 'US'];
    expect(defaultCountry({ preferred: 'jp', profileCountry: 'SG' }, offered)).toBe('JP');
    expect(defaultCountry({ preferred: 'FR', profileCountry: 'US' }, offered)).toBe('US');
    expect(defaultCountry({ preferred: null, profileCountry: 'FR', regionCountries: ['BN', 'MY'] }, offered)).toBe('MY');
    expect(defaultCountry({}, offered)).toBe('SG');
    expect(defaultCountry({}, [])).toBe('');
  });

  it("fills in the user's name, and their phone number only for their own country", () => {
    expect(newAddressForm('SG', shopper)).toMatchObject({ country: 'SG', firstName: 'Ana', lastName: 'Lim', phone: '+6591234567' });
    expect(newAddressForm('JP', shopper)).toMatchObject({ country: 'JP', firstName: 'Ana', phone: '' });
    expect(newAddressForm('US')).toMatchObject({ country: 'US', firstName: '', phone: '' });
  });
});
