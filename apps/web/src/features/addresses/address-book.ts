/**
 * The address book's rules and calls (rules: entities.md "Address form fields", "Address as displayed",
 * "Country address rule"; §5 the per-country table), kept out of the components so they can be
 * tested without a browser.
 *
 * The form runs the API's own rules (`validateAddress` of packages/domain, through the one mapping
 * `addressFromForm`) before sending; the server's per-field 400 answer is still the final word and
 * is shown beside the same fields. Calls go through `lib/browser-api`; failures come back as
 * outcomes holding the catalogue message (rules: errors.md), never as thrown errors.
 */
import type { Address } from '@kedai/contract';
import {
  ADDRESS_FIELDS,
  addressFromForm,
  addressRule,
  addressToForm,
  countriesForUsers,
  formatAddress,
  phoneExample,
  phoneNumberMessage,
  postalCodeMessage,
  postalCodeWrittenForm,
  shopperMessage,
  validateAddress,
  type AddressField,
  type AddressForm,
  type AddressFields,
  type AddressRule,
  type ErrorCode,
} from '@kedai/domain';
import { apiErrorMessage, browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';
import { fieldErrorsOf } from '../account/errors';

export type { Address, Loaded };

/**
 * The fields the form shows (rules: entities.md "Address form fields"), in order. `company` is left out: the
 * API's address has no company (`addressFromForm` drops it), so offering it would lose what was typed.
 */
export type AddressFormField = 'country' | 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'phone';
export type AddressFormErrors = Partial<Record<AddressFormField, string>>;

/** The form field that shows a problem of each of the API's fields (the mapping of `addressFromForm`). */
const FORM_FIELD_OF: Record<Exclude<AddressField, 'main'>, AddressFormField> = {
  fullName: 'firstName',
  address: 'address1',
  unitNumber: 'address2',
  city: 'city',
  country: 'country',
  phoneNumber: 'phone',
  postalCode: 'zip',
  state: 'state',
};

interface FieldLayout {
  shown: boolean;
  label: string;
  required: boolean;
  /** Shown under the label, e.g. the country's postal-code format. */
  hint?: string;
}

interface StateOption {
  value: string;
  label: string;
}

/** How the country-dependent fields look for one country: labels, required marks, the state list. */
export interface AddressFormLayout {
  city: FieldLayout;
  /** `options` is the country's states (a select) or null (free text). */
  state: FieldLayout & { options: StateOption[] | null };
  zip: FieldLayout;
  /** The phone number's hint: the country's example. */
  phone: { hint: string };
}

const POSTAL_CODE_LABEL = 'Postal code';

/** The phone hint for a country: how its numbers are written, with and without the country code. */
function phoneHint(country: string | undefined): string {
  const example = country ? phoneExample(country) : null;
  return example
    ? `For example ${example.national} or ${example.international}.`
    : 'With the country code, for example +1 201 555 0123. It must be a number of the address’s country.';
}

/**
 * The city, state and postal-code fields for `rule` (the country's row of the table). A field is
 * shown when the country's displayFormat uses it, when the rule requires it, or (the state) when the
 * country has a list of states; it is marked required exactly when the rule says so. Without a known
 * country every field is shown as optional free text.
 */
export function formLayout(rule: AddressRule | undefined): AddressFormLayout {
  if (!rule) {
    return {
      city: { shown: true, label: 'City', required: false },
      state: { shown: true, label: 'State or region', required: false, options: null },
      zip: { shown: true, label: POSTAL_CODE_LABEL, required: false },
      phone: { hint: phoneHint(undefined) },
    };
  }
  const uses = (placeholder: string) => rule.displayFormat.includes(`{${placeholder}}`);
  const states = Object.values(rule.states);
  const options =
    states.length === 0
      ? null
      : states
          .map((state) => ({ value: state.stateValue, label: state.displayValue }))
          .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
  return {
    city: { shown: uses('city') || rule.cityRequired, label: rule.cityDisplayValue, required: rule.cityRequired },
    state: {
      shown: uses('state') || rule.stateRequired || options !== null,
      label: rule.stateDisplayValue.replace(/_/g, '/'),
      required: rule.stateRequired,
      options,
    },
    zip: {
      shown: uses('zip') || rule.postalCodeRequired || rule.postalCodeRegex !== '',
      label: rule.postalCodeDisplayValue,
      required: rule.postalCodeRequired,
      hint: rule.postalCodeExample ? `For example ${rule.postalCodeExample}` : undefined,
    },
    phone: { hint: phoneHint(rule.countryId) },
  };
}

export function layoutFor(country: string): AddressFormLayout {
  return formLayout(addressRule(country));
}

/** A form with nothing typed, for `country`. */
export function emptyAddressForm(country = ''): AddressForm {
  return { firstName: '', lastName: '', company: '', address1: '', address2: '', city: '', state: '', zip: '', country, phone: '' };
}

/**
 * A new address's form: the user's name, and their phone number when it belongs to the address's
 * country (the API wants a number of that country).
 */
export function newAddressForm(
  country: string,
  user?: { firstName: string; lastName: string; phoneNumber: string; country: string },
): AddressForm {
  const form = emptyAddressForm(country);
  if (!user) return form;
  return {
    ...form,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.country === country ? user.phoneNumber : '',
  };
}

/** The form of a stored address (for editing). */
export function editAddressForm(address: Address): AddressForm {
  return addressToForm(address);
}

/**
 * The form after choosing another country: a state is kept only when it still means something (a
 * code of the new country's list, or free text where neither country has a list).
 */
export function withCountry(form: AddressForm, country: string): AddressForm {
  if (form.country === country) return form;
  const before = addressRule(form.country);
  const after = addressRule(country);
  const hadList = before ? Object.keys(before.states).length > 0 : false;
  const hasList = after ? Object.keys(after.states).length > 0 : false;
  const keepState = hasList ? Object.hasOwn(after!.states, form.state) : !hadList;
  return { ...form, country, state: keepState ? form.state : '' };
}

/** The API's address of the form: what is typed, with the fields the country does not use left empty. */
export function toAddressRequest(form: AddressForm, main = false): AddressFields {
  const layout = layoutFor(form.country);
  return addressFromForm(
    {
      ...form,
      city: layout.city.shown ? form.city : '',
      state: layout.state.shown ? form.state : '',
      zip: layout.zip.shown ? form.zip : '',
    },
    main,
  );
}

/**
 * Every problem of the form under the API's rules (`validateAddress`), as form field -> catalogue
 * message; empty when the address would be accepted. `countries` are the countries the shop ships to
 * (undefined: any country of the table).
 */
export function addressFormProblems(form: AddressForm, countries?: readonly string[]): AddressFormErrors {
  const result = validateAddress(toAddressRequest(form), countries ? { countries } : {});
  if (result.ok) return {};
  const errors: AddressFormErrors = {};
  for (const problem of result.problems) {
    if (problem.field !== 'main') errors[FORM_FIELD_OF[problem.field]] ??= fieldMessage(problem.field, problem.errorCode, form);
  }
  return errors;
}

/** A field's problem in words: the postal code and the phone number are told in the country chosen. */
function fieldMessage(field: Exclude<AddressField, 'main'>, errorCode: ErrorCode, form: Pick<AddressForm, 'country' | 'zip'>): string {
  if (field === 'postalCode' && addressRule(form.country)) return postalCodeMessage(form.country, form.zip);
  if (field === 'phoneNumber' && addressRule(form.country)) return phoneNumberMessage(form.country);
  return shopperMessage(errorCode);
}

/** The postal code as the country writes it (`nw16xe` -> `NW1 6XE`), for the field once left. */
export function writtenPostalCode(form: AddressForm): string {
  return form.zip.trim() === '' || !addressRule(form.country) ? form.zip : postalCodeWrittenForm(form.country, form.zip);
}

/** The phone number's problem alone (for the country chosen), or undefined when it is fine or empty. */
export function phoneProblem(form: AddressForm): string | undefined {
  if (form.phone.trim() === '') return undefined;
  return addressFormProblems(form).phone;
}

/** The postal code's problem alone (checked as it is typed), by the same rule; undefined when it is fine. */
export function postalCodeProblem(form: AddressForm): string | undefined {
  if (!layoutFor(form.country).zip.shown) return undefined;
  return addressFormProblems(form).zip;
}

/** A failed save, as the form shows it. */
export interface SaveFailure {
  ok: false;
  /** Problems beside their fields (a 400's `params`). */
  fieldErrors: AddressFormErrors;
  /** A problem that belongs to no field shown (the whole form): the catalogue message. */
  message: string | null;
  /** The address book's size limit when the answer was `user/max_addresses_reached`. */
  limit: number | null;
}

export type SaveResult = { ok: true; address: Address } | SaveFailure;

function errorCodeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
  return typeof code === 'string' ? code : '';
}

/**
 * How the form shows a failed `POST /address` or `PUT /address/{id}`: per-field problems beside the
 * fields that are shown (a field the country hides, or `main`, goes to the form's message); the
 * limit (`user/max_addresses_reached`, `{0}` the limit) and any other failure as the form's message.
 */
export function describeSaveError(
  error: unknown,
  shown: (field: AddressFormField) => boolean = () => true,
  sent?: Pick<AddressFields, 'country' | 'postalCode'>,
): SaveFailure {
  const byApiField = fieldErrorsOf(error, ADDRESS_FIELDS);
  // The postal code and the phone number are told in the country they were sent for.
  if (sent && byApiField.postalCode)
    byApiField.postalCode = fieldMessage('postalCode', 'address/invalid_postal_code', { country: sent.country, zip: sent.postalCode });
  if (sent && byApiField.phoneNumber)
    byApiField.phoneNumber = fieldMessage('phoneNumber', 'address/invalid_phone_number', { country: sent.country, zip: '' });
  const fieldErrors: AddressFormErrors = {};
  const elsewhere: string[] = [];
  for (const field of ADDRESS_FIELDS) {
    const message = byApiField[field];
    if (!message) continue;
    const formField = field === 'main' ? undefined : FORM_FIELD_OF[field];
    if (formField && shown(formField)) fieldErrors[formField] ??= message;
    else elsewhere.push(message);
  }
  const errorCode = errorCodeOf(error);
  const params = typeof error === 'object' && error !== null ? (error as { params?: unknown }).params : undefined;
  const limit =
    errorCode === 'user/max_addresses_reached' && Array.isArray(params) && Number.isInteger(Number(params[0])) ? Number(params[0]) : null;
  const message = elsewhere.length > 0 ? elsewhere.join(' ') : Object.keys(fieldErrors).length > 0 ? null : apiErrorMessage(error);
  return { ok: false, fieldErrors, message, limit };
}

/** `POST /address` (id null) or `PUT /address/{id}`. */
export async function saveAddress(
  id: string | null,
  body: AddressFields,
  shown?: (field: AddressFormField) => boolean,
): Promise<SaveResult> {
  try {
    const { address } = id ? await browserApi.put('/address/:id', { params: { id }, body }) : await browserApi.post('/address', { body });
    return { ok: true, address };
  } catch (error) {
    return describeSaveError(error, shown, body);
  }
}

export interface AddressBookData {
  addresses: Address[];
  /** Countries the shop ships to; null when they could not be loaded (the form then offers every country, the server still checks). */
  countries: string[] | null;
}

/** `GET /address` with `GET /shipping_location/enabled` (for the form's country list). */
export async function loadAddressBook(): Promise<Loaded<AddressBookData>> {
  const [addresses, locations] = await Promise.allSettled([browserApi.get('/address'), browserApi.get('/shipping_location/enabled')]);
  if (addresses.status === 'rejected') return { ok: false, message: apiErrorMessage(addresses.reason) };
  const countries = locations.status === 'fulfilled' ? locations.value.shippingLocations.map((l) => l.countryCode.toUpperCase()) : null;
  return { ok: true, value: { addresses: sortAddresses(addresses.value.addresses), countries } };
}

/** `DELETE /address/{id}`: the remaining list (another address may have become main). */
export function deleteAddress(id: string): Promise<Loaded<Address[]>> {
  return loaded(async () => sortAddresses((await browserApi.delete('/address/:id', { params: { id } })).addresses));
}

/** `POST /address/{id}/main`. */
export function makeMainAddress(id: string): Promise<Loaded<Address>> {
  return loaded(async () => (await browserApi.post('/address/:id/main', { params: { id } })).address);
}

/** The API's order: the main address first, then the newest first (stable for equal times). */
export function sortAddresses(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => Number(b.main) - Number(a.main) || b.createdAt - a.createdAt);
}

/**
 * The list after the server answered a saved address: it replaces the one with its id or joins the
 * list; when it is main, no other is (the API keeps exactly one main address).
 */
export function withSaved(addresses: readonly Address[], saved: Address): Address[] {
  const others = addresses.filter((a) => a.id !== saved.id).map((a) => (saved.main && a.main ? { ...a, main: false } : a));
  return sortAddresses([saved, ...others]);
}

/**
 * The countries the form offers (Singapore and Malaysia first, then by name): those the shop ships
 * to, plus `keep` (an edited address's own country, so its value is still shown).
 */
export function countryChoices(allowed: readonly string[] | null, keep?: string): { code: string; name: string }[] {
  const codes = allowed ? [...allowed, ...(keep ? [keep] : [])] : undefined;
  return countriesForUsers(codes).map((rule) => ({ code: rule.countryId, name: rule.displayValue }));
}

export interface CountryHints {
  /** The user's preferred country (region state). */
  preferred?: string | null | undefined;
  /** The country of the user's profile. */
  profileCountry?: string | null | undefined;
  /** The countries of the shopper's region (the default region), first the region's own. */
  regionCountries?: readonly string[] | undefined;
}

/**
 * A new address's country: the shopper's preferred country, else their profile's country, else
 * their region's country — the first of these the form offers; else the first country offered.
 */
export function defaultCountry(hints: CountryHints, offered: readonly string[]): string {
  const candidates = [hints.preferred, hints.profileCountry, ...(hints.regionCountries ?? [])];
  for (const candidate of candidates) {
    const code = candidate?.toUpperCase();
    if (code && offered.includes(code)) return code;
  }
  return offered[0] ?? '';
}

/** An address as display lines, by its country's displayFormat (rules: entities.md); a country missing from the table gets a plain layout. */
export function addressLines(address: Address): string[] {
  const rule = addressRule(address.country);
  if (rule) return formatAddress(address, rule);
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.fullName, address.address, address.unitNumber, place, address.country, address.phoneNumber].filter(Boolean);
}
