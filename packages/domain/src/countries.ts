/** Country names and the order the shop lists countries in (rules: entities.md). */
import table from './address-rules.json';

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const tableNames = table.countries as Record<string, { displayValue: string }>;

/**
 * English name of an ISO 3166-1 alpha-2 code: the address table's (fixed when it was generated, so
 * the server and every browser show the same name), else ICU's, else the code itself.
 */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  if (Object.hasOwn(tableNames, upper)) return tableNames[upper]!.displayValue;
  try {
    return displayNames.of(upper) ?? code;
  } catch {
    return code;
  }
}

/** Countries listed first, in this order, before all others. */
export const PRIORITY_COUNTRIES = ['SG', 'MY'] as const;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Singapore and Malaysia first, then the rest by English name ignoring accents (Åland beside Albania). */
export function compareCountries(a: { code: string; name: string }, b: { code: string; name: string }): number {
  const rank = (code: string) => {
    const i = (PRIORITY_COUNTRIES as readonly string[]).indexOf(code);
    return i === -1 ? PRIORITY_COUNTRIES.length : i;
  };
  return rank(a.code) - rank(b.code) || collator.compare(a.name, b.name) || a.code.localeCompare(b.code);
}

export function sortCountryCodes(codes: string[]): { code: string; name: string }[] {
  return codes.map((code) => ({ code, name: countryName(code) })).sort(compareCountries);
}

/**
 * Region codes ICU names that are not countries to choose: unions, pseudo-locales and "unknown";
 * withdrawn codes ICU keeps as aliases (DD for Germany, SU for Russia, UK for GB, …), which would
 * list a country twice; and ISO's exceptional reservations (Canary Islands, Diego Garcia, …). What
 * is left is the set of the address table (address-rules.json), kept equal by a test.
 */
export const NOT_COUNTRY_CODES: ReadonlySet<string> = new Set([
  ...['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'],
  ...['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR'],
  ...['CP', 'CQ', 'DG', 'EA', 'IC'],
]);

const strictDisplayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * Whether `code` is an upper-case ISO 3166-1 alpha-2 code that ICU names as a country or territory
 * (Kosovo's XK included; EU, UN, ZZ and the pseudo-regions excluded).
 */
export function isCountryCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/.test(code) || NOT_COUNTRY_CODES.has(code)) return false;
  try {
    return strictDisplayNames.of(code) !== undefined;
  } catch {
    return false;
  }
}
