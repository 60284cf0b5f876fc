import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeSignInError, registerFieldErrors, resendErrorMessage } from './errors';
import { TFA_VERIFY_PATH, goAfterSignIn, pathAfterSignIn, signInHref, verifyEmailHref } from './paths';
import { firstQueryValue } from './query';
import { clientFieldErrors, countryOptions, emptyRegisterForm, toRegistrationInput, type RegisterFormValues } from './register-form';

const envelope = (errorCode: string, error: string, params: unknown[] = []) => ({ errorCode, error, params });

describe('where a user goes after signing in (rules: state.md)', () => {
  const signedIn = { signedIn: true, tfaEnabled: false, tfaPassed: true };

  it('returns to the remembered path, else home', () => {
    expect(pathAfterSignIn(signedIn, () => '/search?q=tea#results')).toBe('/search?q=tea#results');
    expect(pathAfterSignIn(signedIn, () => null)).toBe('/');
  });

  it('is asked for the second factor first, keeping the remembered path for after it', () => {
    let taken = false;
    const take = () => {
      taken = true;
      return '/cart';
    };
    expect(pathAfterSignIn({ signedIn: true, tfaEnabled: true, tfaPassed: false }, take)).toBe(TFA_VERIFY_PATH);
    expect(taken).toBe(false);
    expect(pathAfterSignIn({ signedIn: true, tfaEnabled: true, tfaPassed: true }, take)).toBe('/cart');
  });

  describe('going there', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('uses the client router for an address without a hash', () => {
      const location = { replace: vi.fn() };
      vi.stubGlobal('window', { location });
      const router = { replace: vi.fn() };
      goAfterSignIn(router, '/search?q=tea');
      expect(router.replace).toHaveBeenCalledWith('/search?q=tea');
      expect(location.replace).not.toHaveBeenCalled();
    });

    it('loads an address with a hash afresh, so the hash is not doubled (Next 16 router)', () => {
      const location = { replace: vi.fn() };
      vi.stubGlobal('window', { location });
      const router = { replace: vi.fn() };
      goAfterSignIn(router, '/profile/password?from=mail#form');
      expect(location.replace).toHaveBeenCalledWith('/profile/password?from=mail#form');
      expect(router.replace).not.toHaveBeenCalled();
    });
  });

  it('pre-fills the e-mail in links to sign in and to verify', () => {
    expect(verifyEmailHref('a+b@x.co')).toBe('/verify_email?email=a%2Bb%40x.co');
    expect(verifyEmailHref('  ')).toBe('/verify_email');
    expect(signInHref('a@x.co')).toBe('/sign_in?email=a%40x.co');
  });
});

describe('sign-in errors (rules: access.md, §8)', () => {
  it('unverified: the catalogue message, and the page offers the code', () => {
    expect(describeSignInError(envelope('auth/unverified_email', 'x'))).toEqual({
      kind: 'unverified',
      message: 'Please verify your e-mail address first: we sent you a code when you registered.',
    });
  });

  it('blacklisted: the policy message with the contact address', () => {
    const problem = describeSignInError(envelope('auth/account_blacklisted', 'x', ['help@kedai.example']));
    expect(problem).toEqual({
      kind: 'blacklisted',
      message: 'Your account has been suspended for breaking our policies. Write to help@kedai.example for help.',
      contact: 'help@kedai.example',
    });
  });

  it('anything else: the catalogue message, else the text', () => {
    expect(describeSignInError(envelope('auth/wrong_email_or_password', 'x'))).toEqual({
      kind: 'other',
      message: 'Your e-mail or password is incorrect. Please try again.',
    });
    expect(describeSignInError(envelope('shop/odd', 'Odd'))).toEqual({ kind: 'other', message: 'Odd' });
  });
});

describe('registration errors from the server', () => {
  it("a 400's params become per-field messages (catalogue wording)", () => {
    const error = envelope('user/invalid_email', 'Enter an e-mail address like name@example.com.', [
      { field: 'email', errorCode: 'user/invalid_email', error: 'Enter an e-mail address like name@example.com.' },
      { field: 'acceptTerms', errorCode: 'user/invalid_accept_terms', error: 'x' },
      { field: 'nonsense', errorCode: 'x', error: 'x' },
    ]);
    expect(registerFieldErrors(error)).toEqual({
      email: 'Enter an e-mail address like name@example.com.',
      acceptTerms: 'Please accept the terms and conditions to create your account.',
    });
  });

  it('an e-mail already in use is shown beside the e-mail field', () => {
    expect(registerFieldErrors(envelope('auth/email_taken', 'taken'))).toEqual({
      email: 'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
    });
  });

  it('a resend rate limit says how long to wait', () => {
    expect(resendErrorMessage(envelope('auth/resend_verify_code_rate_limit', 'x', [42]))).toBe(
      'Please wait 42 seconds before asking for another code.',
    );
    expect(resendErrorMessage(envelope('auth/email_verified', 'x'))).toBe('This e-mail address is already verified. You can sign in.');
  });
});

describe('the registration form runs the domain rules in the browser', () => {
  const good: RegisterFormValues = {
    email: 'ana@example.com',
    password: 'Secret-12',
    firstName: 'Ana',
    lastName: 'Lim',
    phoneNumber: '+65 9123 4567',
    country: 'SG',
    birthDate: '1990-05-01',
    gender: 'female',
    acceptTerms: true,
  };

  it('accepts a complete, valid form', () => {
    expect(clientFieldErrors(good, new Date('2026-01-01'))).toEqual({});
  });

  it('marks every field that breaks a rule, with its catalogue message', () => {
    const errors = clientFieldErrors(emptyRegisterForm(), new Date('2026-01-01'));
    expect(Object.keys(errors)).toEqual([
      'email',
      'password',
      'firstName',
      'lastName',
      'phoneNumber',
      'country',
      'birthDate',
      'gender',
      'acceptTerms',
    ]);
    expect(errors.acceptTerms).toBe('Please accept the terms and conditions to create your account.');
    expect(clientFieldErrors({ ...good, phoneNumber: '+60 12-345 6789' }).phoneNumber).toBe(
      'Enter a phone number of Singapore, for example 8123 4567 or +65 8123 4567.',
    );
    // A number written as within the chosen country is read there.
    expect(clientFieldErrors({ ...good, phoneNumber: '9123 4567' }).phoneNumber).toBeUndefined();
  });

  it("shows the API's refusal of one of the most common passwords beside the field, saying why", () => {
    // The browser checks the policy only (the list is too heavy for every page); the API judges the rest.
    expect(clientFieldErrors({ ...good, password: 'Password123' }, new Date('2026-01-01'))).toEqual({});
    const why = 'This password is one of the most commonly used and easy to guess. Please choose another.';
    const fromApi = envelope('auth/common_password', 'x', [{ field: 'password', errorCode: 'auth/common_password', error: 'x' }]);
    expect(registerFieldErrors(fromApi)).toEqual({ password: why });
  });

  it('sends no gender until one is chosen', () => {
    expect(toRegistrationInput({ ...good, gender: '' }).gender).toBeUndefined();
  });

  it('lists countries with Singapore and Malaysia first', () => {
    const options = countryOptions();
    expect(options.slice(0, 2).map((c) => c.code)).toEqual(['SG', 'MY']);
    expect(options.length).toBeGreaterThan(200);
    expect(options.some((c) => c.code === 'EU' || c.code === 'ZZ')).toBe(false);
  });
});

describe("a page's query parameter", () => {
  it('is its first value when given twice, and empty when absent', () => {
    expect(firstQueryValue(['a@example.com', 'b@example.com'])).toBe('a@example.com');
    expect(firstQueryValue('a@example.com')).toBe('a@example.com');
    expect(firstQueryValue(undefined)).toBe('');
    expect(firstQueryValue([])).toBe('');
  });
});
