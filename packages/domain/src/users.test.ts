import { describe, expect, it } from 'vitest';
import {
  GENDERS,
  REGISTRATION_FIELDS,
  validateProfileUpdate,
  isEmail,
  normaliseEmail,
  normaliseVerificationCode,
  parseAcceptTerms,
  parseBirthDate,
  parseCountry,
  parseEmail,
  parseFirstName,
  parseGender,
  parseLastName,
  parsePassword,
  parsePhoneNumber,
  phoneExample,
  validateRegistration,
} from './users';
import type { FieldResult } from './fields';

const valueOf = <T>(result: FieldResult<T>) => (result.ok ? result.value : undefined);
const codeOf = <T>(result: FieldResult<T>) => (result.ok ? undefined : result.errorCode);

describe('names', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(valueOf(parseFirstName('  Siti  '))).toBe('Siti');
    expect(valueOf(parseLastName('A'))).toBe('A');
    expect(valueOf(parseFirstName('x'.repeat(100)))).toHaveLength(100);
    expect(valueOf(parseLastName("O'Brien-Núñez"))).toBe("O'Brien-Núñez");
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseFirstName('😀'.repeat(100)).ok).toBe(true);
    expect(parseFirstName('😀'.repeat(101)).ok).toBe(false);
    expect(valueOf(parseFirstName('李小龍'))).toBe('李小龍');
  });

  it('refuses empty, blank, too long, control characters and non-strings with the field’s own code', () => {
    for (const input of ['', '   ', 'x'.repeat(101), 'Ann\nBob', 'A\u0000', undefined, null, 42, ['Ann']]) {
      expect(codeOf(parseFirstName(input)), String(input)).toBe('user/invalid_first_name');
      expect(codeOf(parseLastName(input)), String(input)).toBe('user/invalid_last_name');
    }
  });
});

describe('e-mail', () => {
  it('normalises by trimming and lower-casing', () => {
    expect(normaliseEmail('  Siti.Nur@Example.COM ')).toBe('siti.nur@example.com');
    expect(valueOf(parseEmail(' Siti.Nur+shop@Example.COM'))).toBe('siti.nur+shop@example.com');
  });

  it('accepts ordinary addresses', () => {
    for (const email of [
      'a@b.co',
      'first.last@sub.domain.sg',
      "o'neil@x.io",
      'user_1-x@mail-host.com.my',
      'a@xn--80ak6aa92e.com',
      'x@y.xn--p1ai',
    ]) {
      expect(isEmail(email), email).toBe(true);
    }
  });

  it('refuses what is not local@domain.tld', () => {
    for (const email of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a b@example.com',
      'a@exa mple.com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@example..com',
      'a@example.com.',
      'a@b@example.com',
      'a@example.123',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
      'ä@example.com',
    ]) {
      expect(codeOf(parseEmail(email)), email).toBe('user/invalid_email');
    }
    for (const input of [undefined, null, 1, {}]) expect(codeOf(parseEmail(input))).toBe('user/invalid_email');
  });
});

describe('password policy (rules: validation.md)', () => {
  it('accepts 8+ characters with a lower, an upper and a number or symbol', () => {
    for (const password of ['Passw0rd', 'Password!', 'aB3aaaaa', 'Ünïcödé1', 'Correct horse battery Staple 9', '  Spaces1 ']) {
      expect(valueOf(parsePassword(password)), password).toBe(password);
    }
  });

  it('refuses short passwords and passwords missing a class', () => {
    for (const password of ['Pass0!', 'Passw0r', 'password1', 'PASSWORD1', 'Password', 'Pass word', '12345678!', 'x'.repeat(300) + 'A1']) {
      expect(codeOf(parsePassword(password)), password).toBe('auth/invalid_new_password');
    }
    for (const input of [undefined, null, 12345678, true]) expect(codeOf(parsePassword(input))).toBe('auth/invalid_new_password');
  });
});

describe('country', () => {
  it('accepts ISO codes in any case and answers upper case', () => {
    expect(valueOf(parseCountry('sg'))).toBe('SG');
    expect(valueOf(parseCountry(' MY '))).toBe('MY');
    expect(valueOf(parseCountry('XK'))).toBe('XK');
  });

  it('refuses unknown codes, non-countries and non-strings', () => {
    for (const input of ['ZZ', 'EU', 'UN', 'AA', 'SGP', 'Singapore', '', undefined, 65]) {
      expect(codeOf(parseCountry(input)), String(input)).toBe('user/invalid_country');
    }
  });
});

describe('phone number', () => {
  it('answers E.164 and allows common separators', () => {
    expect(valueOf(parsePhoneNumber('+6591234567', 'SG'))).toBe('+6591234567');
    expect(valueOf(parsePhoneNumber('+65 9123-4567', 'SG'))).toBe('+6591234567');
    expect(valueOf(parsePhoneNumber('+60 12-345 6789', 'MY'))).toBe('+60123456789');
    expect(valueOf(parsePhoneNumber('+1 (415) 555-2671', 'US'))).toBe('+14155552671');
    expect(valueOf(parsePhoneNumber('+44 7400 123456', 'GB'))).toBe('+447400123456');
    expect(valueOf(parsePhoneNumber('+44 1534 123456', 'JE'))).toBe('+441534123456');
  });

  it('checks the number belongs to the country, also within shared calling codes', () => {
    expect(codeOf(parsePhoneNumber('+6591234567', 'MY'))).toBe('user/invalid_phone_number');
    expect(parsePhoneNumber('+16135550123', 'CA').ok).toBe(true);
    expect(codeOf(parsePhoneNumber('+16135550123', 'US'))).toBe('user/invalid_phone_number');
    expect(parsePhoneNumber('+77012345678', 'KZ').ok).toBe(true);
    expect(codeOf(parsePhoneNumber('+77012345678', 'RU'))).toBe('user/invalid_phone_number');
  });

  it('accepts any valid number for a country the phone metadata does not cover, or with no country', () => {
    expect(parsePhoneNumber('+6591234567', 'AQ').ok).toBe(true);
    expect(parsePhoneNumber('+6591234567').ok).toBe(true);
  });

  it('reads a number written as within the chosen country', () => {
    expect(valueOf(parsePhoneNumber('91234567', 'SG'))).toBe('+6591234567');
    expect(valueOf(parsePhoneNumber('9123 4567', 'SG'))).toBe('+6591234567');
    expect(valueOf(parsePhoneNumber('090-1234-5678', 'JP'))).toBe('+819012345678');
    expect(valueOf(parsePhoneNumber('07400 123456', 'GB'))).toBe('+447400123456');
    expect(valueOf(parsePhoneNumber('(415) 555-2671', 'US'))).toBe('+14155552671');
  });

  it('refuses a national number without a country it could be read in', () => {
    expect(codeOf(parsePhoneNumber('91234567'))).toBe('user/invalid_phone_number');
    expect(codeOf(parsePhoneNumber('91234567', 'AQ'))).toBe('user/invalid_phone_number');
  });

  it('gives an example number of the country for hints', () => {
    expect(phoneExample('SG')).toEqual({ national: '8123 4567', international: '+65 8123 4567' });
    expect(phoneExample('AQ')).toBeNull();
  });

  it('refuses numbers of another country, impossible numbers and junk', () => {
    for (const input of ['12345678', '+6512345678', '+65912345678901234', '+0123456789', '+65 9123 456x', '', '+', undefined, 6591234567]) {
      expect(codeOf(parsePhoneNumber(input, 'SG')), String(input)).toBe('user/invalid_phone_number');
    }
  });
});

describe('birth date', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('accepts real dates from 1900-01-01 to today', () => {
    for (const date of ['1900-01-01', '1990-05-17', '2000-02-29', '2026-11-22'])
      expect(valueOf(parseBirthDate(date, now)), date).toBe(date);
  });

  it('accepts today where it is already tomorrow (UTC+14)', () => {
    expect(parseBirthDate('2026-11-23', new Date('2026-11-22T12:00:00Z')).ok).toBe(true);
    expect(parseBirthDate('2026-11-24', new Date('2026-11-22T12:00:00Z')).ok).toBe(false);
  });

  it('refuses impossible, future, too old and malformed dates', () => {
    for (const input of [
      '1990-02-30',
      '2001-02-29',
      '1990-13-01',
      '1990-00-10',
      '1990-01-00',
      '2027-01-01',
      '1899-12-31',
      '17/05/1990',
      '1990-5-17',
      '1990-05-17T00:00:00Z',
      '',
      undefined,
      19900517,
      null,
    ]) {
      expect(codeOf(parseBirthDate(input, now)), String(input)).toBe('user/invalid_birthdate');
    }
  });
});

describe('gender and terms', () => {
  it('accepts the fixed set of genders, case-insensitively', () => {
    expect(GENDERS).toEqual(['female', 'male', 'other', 'unspecified']);
    for (const gender of GENDERS) expect(valueOf(parseGender(gender))).toBe(gender);
    expect(valueOf(parseGender(' Female '))).toBe('female');
    for (const input of ['f', 'woman', '', undefined, 1]) expect(codeOf(parseGender(input))).toBe('user/invalid_gender');
  });

  it('needs acceptTerms to be literally true', () => {
    expect(parseAcceptTerms(true).ok).toBe(true);
    for (const input of [false, 'true', 1, 'yes', undefined, null]) {
      expect(codeOf(parseAcceptTerms(input)), String(input)).toBe('user/invalid_accept_terms');
    }
  });
});

describe('verification codes', () => {
  it('keeps six digits, ignoring spaces and hyphens typed in between', () => {
    expect(normaliseVerificationCode('012345')).toBe('012345');
    expect(normaliseVerificationCode(' 123 456 ')).toBe('123456');
    expect(normaliseVerificationCode('123-456')).toBe('123456');
    for (const input of ['12345', '1234567', '12345a', '', undefined, 123456]) expect(normaliseVerificationCode(input)).toBeUndefined();
  });
});

describe('validateRegistration', () => {
  const now = new Date('2026-11-22T03:00:00Z');
  const good = {
    email: ' Siti@Example.com ',
    password: 'Rahsia123!',
    firstName: ' Siti ',
    lastName: 'Nurhaliza',
    phoneNumber: '+65 9123 4567',
    country: 'sg',
    birthDate: '1990-05-17',
    gender: 'female',
    acceptTerms: true,
  };

  it('answers the normalised registration', () => {
    expect(validateRegistration(good, now)).toEqual({
      ok: true,
      value: {
        email: 'siti@example.com',
        password: 'Rahsia123!',
        firstName: 'Siti',
        lastName: 'Nurhaliza',
        phoneNumber: '+6591234567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
        acceptTerms: true,
      },
    });
  });

  it('lists every problem once, in field order, with the catalogue code and message', () => {
    const result = validateRegistration({ ...good, email: 'nope', lastName: '', gender: 'x', acceptTerms: false }, now);
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'email', errorCode: 'user/invalid_email', error: 'Invalid email' },
        { field: 'lastName', errorCode: 'user/invalid_last_name', error: 'Last name must be 1 to 100 characters' },
        { field: 'gender', errorCode: 'user/invalid_gender', error: 'Invalid gender' },
        { field: 'acceptTerms', errorCode: 'user/invalid_accept_terms', error: 'Please accept the terms and conditions' },
      ],
    });
  });

  it('requires every field', () => {
    const result = validateRegistration({}, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual([...REGISTRATION_FIELDS]);
    expect(result.problems.map((p) => p.errorCode)).toEqual([
      'user/invalid_email',
      'auth/invalid_new_password',
      'user/invalid_first_name',
      'user/invalid_last_name',
      'user/invalid_phone_number',
      'user/invalid_country',
      'user/invalid_birthdate',
      'user/invalid_gender',
      'user/invalid_accept_terms',
    ]);
  });

  it('checks the phone against a valid country only', () => {
    const wrongCountry = validateRegistration({ ...good, country: 'MY' }, now);
    expect(wrongCountry.ok ? [] : wrongCountry.problems.map((p) => p.field)).toEqual(['phoneNumber']);
    const badCountry = validateRegistration({ ...good, country: 'ZZ' }, now);
    expect(badCountry.ok ? [] : badCountry.problems.map((p) => p.field)).toEqual(['country']);
  });
});

describe('validateProfileUpdate', () => {
  const current = { country: 'SG', phoneNumber: '+6591234567' };
  const now = new Date('2026-06-01T00:00:00Z');

  it('checks only the fields given and answers their normalised values', () => {
    expect(validateProfileUpdate({ firstName: '  Siti ', phoneNumber: '+65 8123 4567' }, current, now)).toEqual({
      ok: true,
      changes: { firstName: 'Siti', phoneNumber: '+6581234567' },
    });
    expect(validateProfileUpdate({}, current, now)).toEqual({ ok: true, changes: {} });
  });

  it("refuses a new country alone when the stored number is not that country's, as the phone number's problem", () => {
    const result = validateProfileUpdate({ country: 'MY' }, current, now);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'phoneNumber', errorCode: 'user/invalid_phone_number', error: 'Invalid Phone Number' }],
    });
    expect(validateProfileUpdate({ country: 'MY', phoneNumber: '+60 12-345 6789' }, current, now).ok).toBe(true);
  });

  it('lists every problem in field order', () => {
    const result = validateProfileUpdate({ gender: 'x', firstName: '', birthDate: '2999-01-01' }, current, now);
    expect(result.ok ? [] : result.problems.map((p) => p.errorCode)).toEqual([
      'user/invalid_first_name',
      'user/invalid_birthdate',
      'user/invalid_gender',
    ]);
  });
});
