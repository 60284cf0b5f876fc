/** rules: validation.md "Passwords": a password being chosen is not one of the most common (issue 27, ASVS 6.2.4). */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_ATTRIBUTION, isCommonPassword, parseNewPassword, validateNewRegistration } from './common-passwords';
import list from './common-passwords.json';
import { ERROR_MESSAGES } from './errors';
import type { FieldResult } from './fields';
import { validateRegistration } from './users';

const codeOf = (result: FieldResult<unknown>) => (result.ok ? undefined : result.errorCode);
const WHY = 'This password is one of the most commonly used and easy to guess; choose another';

describe('common passwords', () => {
  it('are refused when chosen, in any case, also with a digit or symbol added at the end', () => {
    for (const password of [
      'Password123',
      'pASSWORD123',
      'pAsSwOrD123',
      'Password123!',
      'Passw0rd',
      'Password1',
      'Password!',
      'Sunshine1',
      'Qwerty123',
      'Iloveyou1!',
      'Trustno1',
    ]) {
      expect(codeOf(parseNewPassword(password)), password).toBe('auth/common_password');
    }
    expect(ERROR_MESSAGES['auth/common_password']).toBe(WHY);
  });

  it('leave other passwords to the policy', () => {
    for (const password of ['Kedai-Cart7', 'Rahsia123!', 'Correct horse battery Staple 9']) {
      expect(parseNewPassword(password), password).toEqual({ ok: true, value: password });
    }
    // Only one trailing character is taken off, and only one that is not a letter.
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('Password123!!')).toBe(false);
    expect(isCommonPassword('Sunshines')).toBe(false);
    // The policy comes first: a common password that breaks it says what is missing.
    expect(codeOf(parseNewPassword('password123'))).toBe('auth/invalid_new_password');
    expect(codeOf(parseNewPassword('123456'))).toBe('auth/invalid_new_password');
    expect(codeOf(parseNewPassword(undefined))).toBe('auth/invalid_new_password');
  });

  it('are a registration problem of the password field, in field order among the others', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const good = {
      email: 'ana@example.com',
      password: 'Password123',
      firstName: 'Ana',
      lastName: 'Lim',
      phoneNumber: '+65 9123 4567',
      country: 'SG',
      birthDate: '1990-05-01',
      gender: 'female',
      acceptTerms: true,
    };
    // The storefront's own check (the policy alone) lets it through; the API's does not.
    expect(validateRegistration(good, now).ok).toBe(true);
    expect(validateNewRegistration(good, now)).toEqual({
      ok: false,
      problems: [{ field: 'password', errorCode: 'auth/common_password', error: WHY }],
    });
    const result = validateNewRegistration({ ...good, email: 'nope', acceptTerms: false }, now);
    expect(result.ok ? [] : result.problems.map((p) => `${p.field} ${p.errorCode}`)).toEqual([
      'email user/invalid_email',
      'password auth/common_password',
      'acceptTerms user/invalid_accept_terms',
    ]);
    expect(validateNewRegistration({ ...good, password: 'Kedai-Cart7' }, now).ok).toBe(true);
  });

  it('come from a list of over 10,000, with its source and licence', () => {
    expect(COMMON_PASSWORDS_ATTRIBUTION).toMatch(/@zxcvbn-ts\/language-common \d+\.\d+\.\d+, MIT licence/);
    expect(list.passwords.length).toBeGreaterThan(10_000);
    expect(list.sourceEntries).toBeGreaterThan(40_000);
    for (const entry of list.passwords) expect(entry).toBe(entry.toLowerCase());
  });

  it('come from the list the script generates from the pinned package (regenerating changes nothing)', () => {
    const script = fileURLToPath(new URL('../scripts/build-common-passwords.mjs', import.meta.url));
    // Throws, failing the test, when the generated file differs.
    execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' });
  });
});
