/**
 * Addresses (rules: entities.md "Country address rule", "Address form fields", "Address as displayed"; §5 the
 * per-country table and the field limits). The table is address-rules.json, generated from Google's
 * libaddressinput metadata by scripts/build-address-rules.mjs (see there for how it is derived).
 * The API validates with `validateAddress`; the web runs the same rules in its form.
 */
import table from './address-rules.json';
import { compareCountries } from './countries';
import { codePoints, collectFields, fail, ok, parseText, type FieldProblem, type FieldResult } from './fields';
import { parsePhoneNumber } from './users';

export interface AddressState {
  /** The code an address stores in its `state` field (same as the key in `states`). */
  stateValue: string;
  /** The name shown in the form and on the formatted address (latin script). */
  displayValue: string;
}

export interface AddressRule {
  countryId: string;
  /** English country name. */
  displayValue: string;
  /** Lines joined by `_`, with placeholders {firstName} {lastName} {company} {address1} {address2} {city} {zip} {state} {country} {phone}. */
  displayFormat: string;
  /** Label of the city field: City, Suburb, Post town or District. */
  cityDisplayValue: string;
  /** Label of the state field: Region, State, Prefecture, Province, Island, County, … */
  stateDisplayValue: string;
  stateRequired: boolean;
  cityRequired: boolean;
  /** Code -> state; empty when the country has no list (the field is then free text, if shown at all). */
  states: Record<string, AddressState>;
  postalCodeRequired: boolean;
  /** Pattern of a whole postal code ('' when the country has none); apply with `isValidPostalCode`. */
  postalCodeRegex: string;
  /** A postal code of the country from the source data, to show its format ('' when none). */
  postalCodeExample: string;
  /** What the country calls its postal code: Postal code, ZIP code, PIN code or Eircode. */
  postalCodeDisplayValue: string;
}

/** Attribution of the table's source data, to show wherever the table is credited. */
export const ADDRESS_RULES_ATTRIBUTION: string = table.attribution;

const RULES = table.countries as Record<string, AddressRule>;

/** Every country code the table has (about 250, AC and XK included), sorted by code. */
export const ADDRESS_COUNTRY_CODES: readonly string[] = Object.keys(RULES).sort();

/** The rule of a country (code in any case), or undefined when the table does not have it. */
export function addressRule(countryCode: string): AddressRule | undefined {
  const code = countryCode.trim().toUpperCase();
  return Object.hasOwn(RULES, code) ? RULES[code] : undefined;
}

/**
 * The countries to offer users, in the spec's order: Singapore and Malaysia first, then by English
 * name ignoring accents. `allowed` limits the list (e.g. to the countries the shop ships to).
 */
export function countriesForUsers(allowed?: Iterable<string>): AddressRule[] {
  const only = allowed ? new Set([...allowed].map((c) => c.toUpperCase())) : undefined;
  return ADDRESS_COUNTRY_CODES.filter((code) => !only || only.has(code))
    .map((code) => RULES[code]!)
    .sort((a, b) => compareCountries({ code: a.countryId, name: a.displayValue }, { code: b.countryId, name: b.displayValue }));
}

const patterns = new Map<string, RegExp>();

/**
 * Whether `value` (trimmed) is a postal code of the country's pattern, case-insensitively. The
 * pattern must match the whole value: it is wrapped as `^(?:pattern)$`, because patterns have
 * top-level alternatives (`948[5-9]|949[0-8]`) that `^pattern$` would anchor only at one end.
 * A country without a pattern accepts any value; an unknown country none.
 */
export function isValidPostalCode(country: string | AddressRule, value: string): boolean {
  const rule = typeof country === 'string' ? addressRule(country) : country;
  if (!rule) return false;
  if (!rule.postalCodeRegex) return true;
  let re = patterns.get(rule.postalCodeRegex);
  if (!re) {
    re = new RegExp(`^(?:${rule.postalCodeRegex})$`, 'i');
    patterns.set(rule.postalCodeRegex, re);
  }
  return re.test(value.trim());
}

/**
 * A postal code in the country's written form: upper case, spaces collapsed, and when the typed
 * value lacks the separators the country's example has (a space before the last three characters
 * in the UK and Canada, a hyphen in Japan and Poland …), those put in at the same places from the
 * end, provided the result then fits the pattern. `nw16xe` -> `NW1 6XE`, `1540023` -> `154-0023`.
 * Anything else comes back upper-cased and trimmed, for the pattern to judge.
 */
export function postalCodeWrittenForm(country: string | AddressRule, value: string): string {
  const rule = typeof country === 'string' ? addressRule(country) : country;
  const typed = value.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!rule?.postalCodeRegex || !rule.postalCodeExample) return typed;
  // Separators of the example, keyed by how many characters follow them: `EC1Y 8SY` -> {3: ' '}.
  const example = rule.postalCodeExample.toUpperCase();
  const separators = new Map<number, string>();
  let following = 0;
  for (let i = example.length - 1; i >= 0; i--) {
    const char = example[i]!;
    if (char === ' ' || char === '-') separators.set(following, char);
    else following++;
  }
  if (separators.size === 0) return typed;
  const compact = typed.replace(/[ -]/g, '');
  let written = '';
  for (let placed = 0; placed < compact.length; placed++) {
    if (placed > 0 && separators.has(placed)) written = separators.get(placed)! + written;
    written = compact[compact.length - 1 - placed]! + written;
  }
  return isValidPostalCode(rule, written) ? written : typed;
}

/** rules: validation.md limits, in code points of the trimmed value. */
export const ADDRESS_LIMITS = {
  fullName: { min: 1, max: 200 },
  address: { min: 1, max: 200 },
  postalCode: { min: 3, max: 16 },
  unitNumber: { min: 0, max: 30 },
  // Not in the spec; the same bound as an address line so a city or state cannot be unbounded.
  city: { min: 0, max: 200 },
  state: { min: 0, max: 200 },
} as const;

/** The API's address (rules: entities.md "Address as displayed"), field order = the order problems are listed in. */
export const ADDRESS_FIELDS = [
  'fullName',
  'address',
  'unitNumber',
  'city',
  'country',
  'phoneNumber',
  'postalCode',
  'state',
  'main',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface Address {
  fullName: string;
  /** The street line. */
  address: string;
  /** Unit, floor, building: the second address line; '' when none. */
  unitNumber: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** E.164 */
  phoneNumber: string;
  /** Trimmed and upper-cased; '' when none. */
  postalCode: string;
  /** A code of the country's `states` when it has a list, else free text; '' when none. */
  state: string;
  main: boolean;
}

export type AddressInput = Partial<Record<AddressField, unknown>>;
/** An address as a form builds it: every field typed (the API still checks each). */
export type AddressFields = { [K in AddressField]: K extends 'main' ? boolean : string };

export type AddressProblem = FieldProblem<AddressField>;

export type AddressResult = { ok: true; value: Address } | { ok: false; problems: AddressProblem[] };

export interface ValidateAddressOptions {
  /** Countries the shop ships to; by default every country of the table. */
  countries?: Iterable<string>;
}

function parseAddressCountry(input: unknown, allowed: Set<string> | undefined): FieldResult<AddressRule> {
  const rule = typeof input === 'string' ? addressRule(input) : undefined;
  if (!rule || (allowed && !allowed.has(rule.countryId))) return fail('address/invalid_country');
  return ok(rule);
}

function parsePostalCode(input: unknown, rule: AddressRule | undefined): FieldResult<string> {
  const text = parseText(input, { min: 0, max: ADDRESS_LIMITS.postalCode.max }, 'address/invalid_postal_code');
  if (!text.ok) return text;
  const value = rule ? postalCodeWrittenForm(rule, text.value) : text.value.toUpperCase();
  if (value === '') return rule?.postalCodeRequired ? fail('address/invalid_postal_code') : ok('');
  if (codePoints(value) < ADDRESS_LIMITS.postalCode.min) return fail('address/invalid_postal_code');
  if (rule && !isValidPostalCode(rule, value)) return fail('address/invalid_postal_code');
  return ok(value);
}

/** A state code of the country's list (its code or its name, any case, answers the code), else free text. */
function parseState(input: unknown, rule: AddressRule | undefined): FieldResult<string> {
  const text = parseText(input, ADDRESS_LIMITS.state, 'address/invalid_state');
  if (!text.ok) return text;
  const value = text.value;
  if (value === '') return rule?.stateRequired ? fail('address/invalid_state') : ok('');
  const states = rule ? Object.values(rule.states) : [];
  if (states.length === 0) return ok(value);
  const wanted = value.toLowerCase();
  const state =
    states.find((s) => s.stateValue === value) ??
    states.find((s) => s.stateValue.toLowerCase() === wanted) ??
    states.find((s) => s.displayValue.toLowerCase() === wanted);
  return state ? ok(state.stateValue) : fail('address/invalid_state');
}

function parseCity(input: unknown, rule: AddressRule | undefined): FieldResult<string> {
  const text = parseText(input, ADDRESS_LIMITS.city, 'address/invalid_city');
  if (text.ok && text.value === '' && rule?.cityRequired) return fail('address/invalid_city');
  return text;
}

/** Only the JSON booleans; left out means "not the main address". */
function parseMain(input: unknown): FieldResult<boolean> {
  if (input === undefined) return ok(false);
  return typeof input === 'boolean' ? ok(input) : fail('address/invalid_main');
}

/**
 * Every rule of an address at once (rules: validation.md). Answers the normalised address, or every problem (at
 * most one per field) in ADDRESS_FIELDS order, like `validateRegistration`. Full name and address
 * line are required; unit number, city, state and postal code are optional unless the country's
 * rule requires them. The phone number must be a valid international number of the address's
 * country (`parsePhoneNumber`). With an unknown country, only what does not depend on it is checked.
 */
export function validateAddress(input: AddressInput, options: ValidateAddressOptions = {}): AddressResult {
  const allowed = options.countries ? new Set([...options.countries].map((c) => c.toUpperCase())) : undefined;
  const country = parseAddressCountry(input.country, allowed);
  const rule = country.ok ? country.value : undefined;
  const phone = parsePhoneNumber(input.phoneNumber, rule?.countryId);
  const results = {
    fullName: parseText(input.fullName, ADDRESS_LIMITS.fullName, 'address/invalid_full_name'),
    address: parseText(input.address, ADDRESS_LIMITS.address, 'address/invalid_address'),
    unitNumber: parseText(input.unitNumber, ADDRESS_LIMITS.unitNumber, 'address/invalid_unit_number'),
    city: parseCity(input.city, rule),
    country,
    phoneNumber: phone.ok ? phone : fail<string>('address/invalid_phone_number'),
    postalCode: parsePostalCode(input.postalCode, rule),
    state: parseState(input.state, rule),
    main: parseMain(input.main),
  } satisfies Record<AddressField, FieldResult<unknown>>;

  const collected = collectFields(ADDRESS_FIELDS, results);
  if (!collected.ok) return collected;
  return { ok: true, value: { ...collected.value, country: collected.value.country.countryId } };
}

/** The address form's fields (rules: entities.md "Address form fields"). */
export interface AddressForm {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

/**
 * The form's fields <-> the API's address. One mapping, both ways:
 *
 *   firstName + ' ' + lastName <-> fullName  (back: split at the last space, so "Mary Ann" "Tan"
 *                                             round-trips; a last name with spaces comes back split)
 *   address1 <-> address        address2 <-> unitNumber      city <-> city      state <-> state
 *   zip <-> postalCode          country <-> country          phone <-> phoneNumber
 *   company  -> (not kept)      The API's address has no company field (rules: entities.md "Address as
 *                               displayed"), so the form should not offer one; back it is ''.
 *
 * Values are passed as typed: `validateAddress` trims and checks the result.
 */
export function addressFromForm(form: AddressForm, main = false): AddressFields {
  return {
    fullName: [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' '),
    address: form.address1,
    unitNumber: form.address2,
    city: form.city,
    country: form.country,
    phoneNumber: form.phone,
    postalCode: form.zip,
    state: form.state,
    main,
  };
}

/** The other direction of `addressFromForm`. */
export function addressToForm(address: Omit<Address, 'main'>): AddressForm {
  const fullName = address.fullName.trim();
  const space = fullName.lastIndexOf(' ');
  return {
    firstName: space === -1 ? fullName : fullName.slice(0, space).trim(),
    lastName: space === -1 ? '' : fullName.slice(space + 1),
    company: '',
    address1: address.address,
    address2: address.unitNumber,
    city: address.city,
    state: address.state,
    zip: address.postalCode,
    country: address.country,
    phone: address.phoneNumber,
  };
}

/**
 * An address as display lines, by its country's displayFormat. Within a line, an empty field takes
 * the separator before it with it ("{city}, {state} {zip}" without a state is "Springfield 62701");
 * lines left empty are dropped. The state shows by its name, the country by its English name.
 */
export function formatAddress(address: Omit<Address, 'main'>, rule: AddressRule): string[] {
  const values: Record<string, string> = {
    // The full name stands for "{firstName} {lastName}" as one value; lastName is then empty.
    firstName: address.fullName,
    lastName: '',
    company: '',
    address1: address.address,
    address2: address.unitNumber,
    city: address.city,
    state: rule.states[address.state]?.displayValue ?? address.state,
    zip: address.postalCode,
    country: rule.displayValue,
    phone: address.phoneNumber,
  };
  const lines: string[] = [];
  for (const line of rule.displayFormat.split('_')) {
    // Alternating literal, placeholder, literal, … ; text before the first and after the last field is dropped.
    const parts = line.split(/\{(\w+)\}/);
    let text = '';
    for (let i = 1; i < parts.length; i += 2) {
      const value = (values[parts[i]!] ?? '').trim();
      if (!value) continue;
      text += (text ? parts[i - 1] : '') + value;
    }
    if (text) lines.push(text);
  }
  return lines;
}
