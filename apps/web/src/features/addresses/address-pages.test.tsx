import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { AddressForm as AddressFormValues } from '@kedai/domain';
import { makeStore } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { AddressBook } from './AddressBook';
import { AddressForm } from './AddressForm';
import { emptyAddressForm, type Address } from './address-book';

/*
 * What the address book and its form show in each state, rendered as HTML (the web tests run in
 * Node without a DOM). The rules and calls behind them are tested in address-book.test.ts.
 */

function render(node: ReactNode): string {
  const store = makeStore({
    api: fakeApi({}).api,
    preloadedState: { user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper } },
  });
  return renderToStaticMarkup(<Provider store={store}>{node}</Provider>);
}

const noop = () => {};

function renderForm(values: Partial<AddressFormValues>, extra: Partial<Parameters<typeof AddressForm>[0]> = {}): string {
  return render(
    <AddressForm
      address={null}
      initialValues={{ ...emptyAddressForm(), ...values }}
      countries={['SG', 'MY', 'JP', 'US']}
      onSaved={noop}
      onCancel={noop}
      {...extra}
    />,
  );
}

/** The <label> whose text starts with `text` (its required mark after it), or ''. */
function labelOf(html: string, text: string): string {
  return new RegExp(`<label[^>]*>${text}(<span[^>]*>[^<]*</span>)?</label>`).exec(html)?.[0] ?? '';
}

/** The element a label is for (its opening tag), or ''. */
function controlOf(html: string, text: string): string {
  const id = /for="([^"]+)"/.exec(labelOf(html, text))?.[1];
  if (!id) return '';
  return new RegExp(`<(input|select)[^>]*\\bid="${id.replace(/[:]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? '';
}

const marked = (label: string) => label.includes('aria-hidden="true"> *</span>');

function describedByTargetsExist(html: string): boolean {
  const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return ids.length > 0 && ids.every((id) => html.includes(`id="${id}"`));
}

describe('the address form', () => {
  it('for Japan: a required Prefecture select of its prefectures, no city, a required postal code', () => {
    const html = renderForm({ country: 'JP' });
    expect(marked(labelOf(html, 'Prefecture'))).toBe(true);
    expect(controlOf(html, 'Prefecture')).toMatch(/^<select[^>]*required=""/);
    expect(html).toContain('<option value="13">Tokyo</option>');
    expect(labelOf(html, 'City')).toBe('');
    expect(marked(labelOf(html, 'Postal code'))).toBe(true);
    expect(controlOf(html, 'Postal code')).toMatch(/autoComplete="postal-code"/i);
  });

  it('for the United States: City, State and ZIP code (its own name) all required', () => {
    const html = renderForm({ country: 'US' });
    for (const label of ['City', 'State', 'ZIP code']) {
      expect(marked(labelOf(html, label))).toBe(true);
      expect(controlOf(html, label)).toContain('required=""');
    }
    expect(html).toContain('<option value="CA">California</option>');
  });

  it('for Singapore: no city and no state; optional fields carry no mark', () => {
    const html = renderForm({ country: 'SG' });
    expect(labelOf(html, 'City')).toBe('');
    expect(html).not.toContain('name="state"');
    expect(marked(labelOf(html, 'Postal code'))).toBe(true);
    expect(marked(labelOf(html, 'Last name'))).toBe(false);
    expect(controlOf(html, 'Last name')).not.toContain('required');
    expect(marked(labelOf(html, 'Unit, floor or building'))).toBe(false);
  });

  it('free-text state where the country has no list; optional fields unmarked (Ireland: county and postal code optional)', () => {
    const ie = renderForm({ country: 'IE' });
    expect(controlOf(ie, 'County')).toMatch(/^<select/);
    expect(marked(labelOf(ie, 'County'))).toBe(false);
    expect(marked(labelOf(ie, 'Postal code'))).toBe(false);
    const ro = renderForm({ country: 'RO' });
    expect(controlOf(ro, 'Province')).toMatch(/^<input[^>]*type="text"/);
  });

  it('offers the shipping countries, Singapore and Malaysia first, with the chosen one selected', () => {
    const html = renderForm({ country: 'JP' });
    const options = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]).filter((c) => ['SG', 'MY', 'JP', 'US'].includes(c!));
    expect(options.slice(0, 4)).toEqual(['SG', 'MY', 'JP', 'US']);
    expect(html).toMatch(/<option value="JP" selected="">Japan<\/option>/);
  });

  it('shows problems beside their fields: aria-invalid, described by the message', () => {
    const html = renderForm(
      { country: 'JP', zip: '1234' },
      { initialErrors: { zip: 'Enter the postal code.', state: 'Choose a state or region of this country.' } },
    );
    expect(controlOf(html, 'Postal code')).toContain('aria-invalid="true"');
    expect(controlOf(html, 'Prefecture')).toContain('aria-invalid="true"');
    expect(controlOf(html, 'Street address')).not.toContain('aria-invalid');
    expect(html).toContain('>Enter the postal code.</p>');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a form-level message (the full address book) is an alert', () => {
    const html = renderForm(
      { country: 'SG' },
      { initialMessage: 'You can keep up to 10 addresses. Delete one you no longer use to add another.' },
    );
    expect(html).toMatch(/role="alert"[^>]*>You can keep up to 10 addresses/);
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('offers "main" for a new address, not for the main one being edited', () => {
    expect(renderForm({ country: 'SG' })).toContain('Make this my main address');
    expect(renderForm({ country: 'SG' }, { isFirst: true })).toContain('Your first address becomes your main address.');
    const main = { ...address('m', true), createdAt: 1 };
    expect(renderForm({ country: 'SG' }, { address: main })).toContain('This is your main address.');
  });
});

function address(id: string, main: boolean, over: Partial<Address> = {}): Address {
  return {
    id,
    fullName: 'Ana Lim',
    address: '1 Raffles Place',
    unitNumber: '#12-34',
    city: '',
    country: 'SG',
    phoneNumber: '+6561234567',
    postalCode: '048616',
    state: '',
    main,
    createdAt: 1_800_000_000,
    ...over,
  };
}

describe('the address book', () => {
  const us = address('u', false, {
    fullName: 'Jane Doe',
    address: '1600 Amphitheatre Pkwy',
    unitNumber: '',
    city: 'Mountain View',
    state: 'CA',
    postalCode: '94043',
    country: 'US',
    phoneNumber: '+16502530000',
  });

  it('shows a loading state first', () => {
    expect(render(<AddressBook />)).toMatch(/role="status"[^>]*>Loading your addresses…/);
  });

  it('shows the loading failure with a retry', () => {
    const html = render(<AddressBook initial={{ status: 'error', message: 'Unknown error' }} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('We could not load your addresses: Unknown error');
    expect(html).toContain('Try again');
  });

  it('empty: says so and offers to add one', () => {
    const html = render(<AddressBook initial={{ status: 'ready', addresses: [], countries: null }} />);
    expect(html).toContain('You have no saved addresses yet.');
    expect(html).toContain('>Add an address</button>');
  });

  it('lists each address formatted by its country, the main one marked, with its actions', () => {
    const html = render(<AddressBook initial={{ status: 'ready', addresses: [address('s', true), us], countries: ['SG', 'US'] }} />);
    const cards = html.split('data-testid="address-card"').slice(1);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('Main address</p>');
    expect(cards[0]).toMatch(/>1 Raffles Place<.*>#12-34<.*>Singapore 048616<.*>\+6561234567</);
    expect(cards[0]).not.toContain('Make main');
    expect(cards[1]).not.toContain('Main address</p>');
    expect(cards[1]).toMatch(/>Mountain View, California 94043</);
    expect(cards[1]).toMatch(/>United States</);
    expect(cards[1]).toContain('>Make main</button>');
    expect(cards[1]).toContain('>Delete</button>');
    expect(cards[1]).toContain('>Edit</button>');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('once the limit is known and reached, says so instead of offering to add', () => {
    const addresses = [address('a', true), address('b', false)];
    const full = render(<AddressBook initial={{ status: 'ready', addresses, countries: null }} initialLimit={2} />);
    expect(full).toContain('You can keep up to 2 addresses. Delete one you no longer use to add another.');
    expect(full).not.toContain('>Add an address</button>');
    const room = render(<AddressBook initial={{ status: 'ready', addresses, countries: null }} initialLimit={3} />);
    expect(room).toContain('>Add an address</button>');
  });
});
