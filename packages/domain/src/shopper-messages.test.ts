import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_MESSAGES } from './errors';
import { SHOPPER_MESSAGES, errorMessageFor, phoneNumberMessage, postalCodeMessage, shopperMessage } from './shopper-messages';

describe('shopper messages', () => {
  it('word every catalogue code as a sentence: a capital first, a full stop last, no code or placeholder of their own', () => {
    for (const code of ERROR_CODES) {
      const message = shopperMessage(code);
      expect(message, code).toMatch(/^[A-Z“]/);
      expect(message, code).toMatch(/[.?!]$/);
      expect(message, code).not.toMatch(/\{\w+\}|\w+\/\w+_/);
    }
  });

  it('take the same parameters as the catalogue', () => {
    for (const code of ERROR_CODES) {
      const wants = ERROR_MESSAGES[code].includes('{0}');
      if (SHOPPER_MESSAGES[code].includes('{0}')) expect(wants, code).toBe(true);
    }
    expect(shopperMessage('cart/invalid_quantity', [999])).toBe('Choose a quantity from 1 to 999.');
  });

  it('replace the developer wording the issue names', () => {
    expect(shopperMessage('user/invalid_first_name')).toBe('Enter your first name (up to 100 characters).');
    expect(shopperMessage('user/invalid_birthdate')).not.toBe(ERROR_MESSAGES['user/invalid_birthdate']);
    expect(shopperMessage('user/invalid_gender')).not.toBe(ERROR_MESSAGES['user/invalid_gender']);
    expect(shopperMessage('auth/wrong_email_or_password')).toBe('Your e-mail or password is incorrect. Please try again.');
  });
});

describe('postal code and phone messages (in the country chosen)', () => {
  it('say that a code of the right length is not of the country, with its example', () => {
    expect(postalCodeMessage('SG', '07990')).toBe('“07990” is not a postal code in Singapore. It should look like 546080.');
    expect(postalCodeMessage('JP', '150-00O1')).toBe('“150-00O1” is not a postal code in Japan. It should look like 154-0023.');
    expect(postalCodeMessage('GB', 'NW1 6XEE')).toBe('“NW1 6XEE” is not a postal code in United Kingdom. It should look like EC1Y 8SY.');
  });

  it("use the country's own word for it", () => {
    expect(postalCodeMessage('US', '')).toBe('Enter the ZIP code.');
    expect(postalCodeMessage('US', '9501')).toBe('“9501” is not a ZIP code in United States. It should look like 95014.');
    expect(postalCodeMessage('IE', 'X')).toMatch(/^“X” is not an Eircode in Ireland\./);
    expect(postalCodeMessage('SG', ' ')).toBe('Enter the postal code.');
  });

  it("give the chosen country's phone example", () => {
    expect(phoneNumberMessage('SG')).toBe('Enter a phone number of Singapore, for example 8123 4567 or +65 8123 4567.');
    expect(phoneNumberMessage('JP')).toBe('Enter a phone number of Japan, for example 090-1234-5678 or +81 90 1234 5678.');
    expect(phoneNumberMessage('AQ')).toBe(SHOPPER_MESSAGES['user/invalid_phone_number']);
  });
});

describe('errorMessageFor', () => {
  it("uses the shopper's sentence for a known errorCode on the object itself, with params", () => {
    expect(errorMessageFor({ errorCode: 'user/max_addresses_reached', params: [5] })).toBe(
      'You can keep up to 5 addresses. Delete one you no longer use to add another.',
    );
    expect(errorMessageFor({ errorCode: 'auth/email_taken', error: 'ignored', message: 'ignored' })).toBe(
      SHOPPER_MESSAGES['auth/email_taken'],
    );
  });

  it('reads .response.data (axios-style errors) before the error message', () => {
    const error = Object.assign(new Error('Request failed with status code 403'), {
      response: { status: 403, data: { errorCode: 'auth/account_blacklisted', params: ['help@kedai.sg'] } },
    });
    expect(errorMessageFor(error)).toBe('Your account has been suspended for breaking our policies. Write to help@kedai.sg for help.');
  });

  it('reads .data and .body', () => {
    expect(errorMessageFor({ data: { errorCode: 'product/not_found' } })).toBe('This product is not available.');
    expect(errorMessageFor({ status: 404, body: { errorCode: 'region/not_found' } })).toBe('This region is not available.');
  });

  it('words a message without its number when params are missing or not a list or object', () => {
    const plain = 'Your address book is full. Delete an address you no longer use to add another.';
    expect(errorMessageFor({ errorCode: 'user/max_addresses_reached' })).toBe(plain);
    expect(errorMessageFor({ errorCode: 'user/max_addresses_reached', params: 5 })).toBe(plain);
  });

  it('falls back to the error text when the errorCode is unknown or absent', () => {
    expect(errorMessageFor({ errorCode: 'nope/unknown', error: 'Out of stock' })).toBe('Out of stock');
    expect(errorMessageFor({ response: { data: { error: 'Voucher expired' } }, message: 'Request failed' })).toBe('Voucher expired');
    expect(errorMessageFor({ body: { error: 'Bad thing' } })).toBe('Bad thing');
  });

  it('prefers a known code anywhere over error text anywhere', () => {
    expect(errorMessageFor({ error: 'outer text', response: { data: { errorCode: 'auth/email_verified' } } })).toBe(
      SHOPPER_MESSAGES['auth/email_verified'],
    );
  });

  it('falls back to the message string', () => {
    expect(errorMessageFor(new Error('Network Error'))).toBe('Network Error');
    expect(errorMessageFor({ response: { data: { message: 'from body' } }, message: 'outer' })).toBe('from body');
    expect(errorMessageFor({ error: 42, message: 'text wins over non-string error' })).toBe('text wins over non-string error');
  });

  it('falls back to "Unknown error"', () => {
    expect(errorMessageFor(undefined)).toBe('Unknown error');
    expect(errorMessageFor(null)).toBe('Unknown error');
    expect(errorMessageFor(42)).toBe('Unknown error');
    expect(errorMessageFor({})).toBe('Unknown error');
    expect(errorMessageFor(new Error(''))).toBe('Unknown error');
    expect(errorMessageFor({ error: '', message: '' })).toBe('Unknown error');
    expect(errorMessageFor({ errorCode: 'toString' })).toBe('Unknown error');
    expect(errorMessageFor({ response: 'oops', data: 'html page' })).toBe('Unknown error');
  });

  it('shows a plain string as it is', () => {
    expect(errorMessageFor('Item is out of stock')).toBe('Item is out of stock');
    expect(errorMessageFor('')).toBe('Unknown error');
  });

  it('shows an AppError through its code', () => {
    expect(errorMessageFor(new AppError('user/max_addresses_reached', [3]))).toBe(
      'You can keep up to 3 addresses. Delete one you no longer use to add another.',
    );
  });
});
