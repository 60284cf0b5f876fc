import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS, type ErrorCode, formatErrorMessage, isErrorCode } from './errors';

// Every code named in rules: errors.md (table and "other codes"), in the spelling the project uses.
const SPEC_CODES: ErrorCode[] = [
  'user/invalid_phone_number',
  'user/invalid_email',
  'user/invalid_accept_terms',
  'user/not_found',
  'user/max_addresses_reached',
  'user/invalid_country',
  'user/invalid_birthdate',
  'user/invalid_gender',
  'auth/wrong_email_or_password',
  'auth/unverified_email',
  'auth/password_reset_token_expired',
  'auth/invalid_state',
  'auth/email_verified',
  'auth/resend_verify_code_rate_limit',
  'general/unknown_error',
  'general/missing_argument',
  'auth/email_taken',
  'auth/invalid_email_verification_code',
  'auth/user_not_found',
  'auth/wrong_password',
  'auth/invalid_new_password',
  'auth/invalid_password_reset_token',
  'auth/invalid_refresh_token',
  'auth/tfa_wrong_code',
  'auth/tfa_not_setup',
  'auth/tfa_reset_token_invalid',
  'auth/tfa_already_setup',
  'auth/tfa_not_enabled',
  'auth/tfa_not_verified',
  'auth/invalid_access_token',
  'auth/invalid_user_agent',
  'auth/not_authorized',
  'auth/account_blacklisted',
  'address/not_found',
  'address/invalid_full_name',
  'address/invalid_phone_number',
  'address/invalid_address',
  'address/invalid_postal_code',
  'address/invalid_unit_number',
  'address/invalid_main',
  'address/invalid_country',
  'address/invalid_state',
  'address/invalid_city',
  'general/argument_error',
];

const PROJECT_CODES: ErrorCode[] = [
  'general/not_found',
  'general/rate_limited',
  'general/payload_too_large',
  'general/unsupported_media_type',
  'general/forbidden',
  'auth/invalid_xsrf_token',
  'product/not_found',
  'merchant/not_found',
  'category/not_found',
  'image_page/not_found',
  'region/not_found',
  // rules: validation.md user limits as messages (rules: errors.md names the user codes but lists no code for names).
  'user/invalid_first_name',
  'user/invalid_last_name',
  // The cart's rules (rules: validation.md stock and quantity; the catalogue names no cart codes).
  'product/disabled',
  'cart/not_found',
  'cart/invalid_quantity',
  'cart/invalid_variant_path',
  'cart/invalid_message',
  'cart/max_items_reached',
  'wishlist/max_items_reached',
  'back_in_stock/in_stock',
  'notification/invalid_unsubscribe_token',
  // What staff send for a product in the back office (issue 14).
  'product/invalid_name',
  'product/invalid_param_name',
  'product/param_name_taken',
  'product/invalid_description',
  'product/invalid_variants',
  'product/invalid_prices',
  'product/invalid_stock',
  'product/invalid_weight',
  'product/invalid_images',
  'product/invalid_source',
  'product/unknown_category',
  'product/unknown_merchant',
  'product/version_conflict',
  'product/stock_changed',
  // Categories and merchants as staff save them (issue 14).
  'category/invalid_name',
  'category/invalid_key',
  'category/invalid_parent',
  'category/invalid_image',
  'category/key_taken',
  'category/not_empty',
  'merchant/invalid_name',
  'merchant/invalid_slug',
  'merchant/slug_taken',
  'merchant/invalid_description',
  'merchant/invalid_logo',
  'merchant/invalid_country',
  // Shop settings and text pages as owners and staff save them (issue 14).
  'shipping/invalid_country',
  'shipping/invalid_rates',
  'shipping/invalid_days',
  'settings/invalid_currency',
  'settings/invalid_quotation_pricing',
  'text_page/invalid_title',
  'text_page/invalid_body',
  'staff/last_owner',
  // Two-factor recovery (issue 27, decision 0021): staff never reset by e-mail, the "not me" link, wrong-code backoff.
  'auth/tfa_reset_staff',
  'auth/tfa_reset_cancel_invalid',
  'auth/tfa_too_many_attempts',
  'staff/cannot_reset_own_tfa',
  // The most common passwords are refused (issue 27, ASVS 6.2.4).
  'auth/common_password',
  // The home page's content as staff save it (issue 14): banners, popups, product groups, image pages.
  'banner/invalid_title',
  'banner/invalid_image',
  'banner/not_found',
  'popup/invalid_name',
  'popup/invalid_image',
  'popup/not_found',
  'home_group/invalid_name',
  'home_group/invalid_source',
  'home_group/invalid_limit',
  'home_group/unknown_category',
  'home_group/unknown_products',
  'home_group/not_found',
  'category/in_home_group',
  'image_page/invalid_title',
  'image_page/invalid_slug',
  'image_page/slug_taken',
  'image_page/invalid_blocks',
  'image_page/invalid_image',
  'image_page/invalid_alt',
  'content/invalid_link',
  'content/invalid_sort_order',
  // Quotations and the links a shopper pastes (issue 15).
  'link/invalid',
  'link/not_allowed',
  'link/unreachable',
  'link/too_large',
  'link/not_html',
  'link/no_product',
  'quotation/not_found',
  'quotation/product_not_found',
  'quotation/wrong_kind',
  'quotation/invalid_quantity',
  'quotation/invalid_instructions',
  'quotation/invalid_name',
  'quotation/invalid_image_url',
  'quotation/max_items_reached',
  'quotation/already_answered',
  'quotation/version_conflict',
  'quotation/invalid_quote',
  'quotation/invalid_decline_reason',
  // Vouchers at checkout (issue 16).
  'voucher/not_found',
  'voucher/not_started',
  'voucher/expired',
  'voucher/used_up',
  'voucher/already_used',
  'voucher/min_spend',
  'voucher/not_applicable',
  // Checkout, orders and payments (issue 16).
  'checkout/session_not_found',
  'checkout/nothing_selected',
  'checkout/items_unavailable',
  'checkout/not_delivered',
  'checkout/invalid_payment_method',
  'checkout/invalid_notes',
  'checkout/address_required',
  'checkout/invalid_idempotency_key',
  'order/not_found',
  'order/invalid_transition',
  'order/version_conflict',
  'payment/declined',
  'payment/invalid_card',
  'payment/not_payable',
  'payment/not_found',
  // The back office's orders, vouchers and taxes (issue 16).
  'voucher/invalid',
  'voucher/code_taken',
  'voucher/version_conflict',
  'order/invalid_shipment',
  'order/invalid_cancel_reason',
  'order/receipt_not_ready',
  'settings/invalid_legal_details',
  'settings/invalid_tax',
  // Staff's retry of failed work (issue 28).
  'job/not_found',
  'job/not_dead',
  // The order chat (issue 29).
  'chat/empty_message',
  'chat/message_too_long',
  'dispute/not_found',
  'dispute/not_allowed',
  'dispute/already_open',
  'dispute/invalid_reason',
  'dispute/description_too_short',
  'dispute/description_too_long',
  'dispute/not_open',
  'dispute/invalid_decline_reason',
  'dispute/cannot_reopen',
  'dispute/too_many_photos',
  // Payments: PayNow transfers, staff's confirmations and refunds, the shop's PayNow details (issue 17).
  'payment/paynow_sgd_only',
  'payment/wrong_method',
  'payment/already_reported',
  'payment/invalid_reference',
  'payment/invalid_reason',
  'payment/not_waiting',
  'payment/invalid_refund_amount',
  'settings/invalid_paynow',
  // Card payments through Stripe and saved cards (issue 17).
  'payment/card_form_required',
  'payment/provider_unavailable',
  'payment/invalid_signature',
  'payment/card_not_found',
  'payment/method_unavailable',
  // Issue 27: one Idempotency-Key, another request; PayNow reports that hoard stock.
  'general/idempotency_key_reused',
  'payment/too_many_reports',
  'settings/invalid_paynow_settle_days',
  // A two-factor secret the configured keys cannot open (decision 0009).
  'auth/tfa_secret_unreadable',
];

describe('ERROR_MESSAGES', () => {
  it('holds exactly the spec codes plus the project codes', () => {
    expect([...ERROR_CODES].sort()).toEqual([...SPEC_CODES, ...PROJECT_CODES].sort());
  });

  it('keeps the spec table wording verbatim', () => {
    expect(ERROR_MESSAGES['user/invalid_phone_number']).toBe('Invalid Phone Number');
    expect(ERROR_MESSAGES['user/invalid_email']).toBe('Invalid email');
    expect(ERROR_MESSAGES['user/invalid_accept_terms']).toBe('Please accept the terms and conditions');
    expect(ERROR_MESSAGES['user/not_found']).toBe('The user you are looking for is not found');
    expect(ERROR_MESSAGES['user/max_addresses_reached']).toBe('maximum number of addresses of {0} per user');
    expect(ERROR_MESSAGES['user/invalid_country']).toBe('Invalid country');
    expect(ERROR_MESSAGES['user/invalid_birthdate']).toBe('Invalid birthdate');
    expect(ERROR_MESSAGES['user/invalid_gender']).toBe('Invalid gender');
    expect(ERROR_MESSAGES['auth/wrong_email_or_password']).toBe('your email and/or password is incorrect, please try again');
    expect(ERROR_MESSAGES['auth/unverified_email']).toBe('check your email for verification instructions');
    expect(ERROR_MESSAGES['auth/password_reset_token_expired']).toBe('request to forget password again');
    expect(ERROR_MESSAGES['auth/invalid_state']).toBe('session problem, login again');
    expect(ERROR_MESSAGES['auth/email_verified']).toBe('already verified');
    expect(ERROR_MESSAGES['auth/resend_verify_code_rate_limit']).toBe('wait before requesting another code');
    expect(ERROR_MESSAGES['general/unknown_error']).toBe('message {0}');
    expect(ERROR_MESSAGES['general/missing_argument']).toBe('{0}');
  });

  it('uses the wording given for two-factor, blacklisting, addresses and not-found', () => {
    expect(ERROR_MESSAGES['auth/tfa_not_verified']).toBe('this feature requires you to complete two factor authentication to access');
    expect(ERROR_MESSAGES['auth/account_blacklisted']).toBe(
      'Your account has been suspended for violating our policies. Contact {0} for help.',
    );
    expect(ERROR_MESSAGES['address/invalid_full_name']).toBe('Full name must be 1 to 200 characters');
    expect(ERROR_MESSAGES['user/invalid_first_name']).toBe('First name must be 1 to 100 characters');
    expect(ERROR_MESSAGES['user/invalid_last_name']).toBe('Last name must be 1 to 100 characters');
    expect(ERROR_MESSAGES['address/invalid_address']).toBe('Address must be 1 to 200 characters');
    expect(ERROR_MESSAGES['address/invalid_postal_code']).toBe('Postal code must be 3 to 16 characters');
    expect(ERROR_MESSAGES['address/invalid_unit_number']).toBe('Unit number must be at most 30 characters');
    expect(ERROR_MESSAGES['address/invalid_main']).toBe('Main must be true or false');
    expect(ERROR_MESSAGES['general/not_found']).toBe('The page or item you are looking for does not exist');
    expect(ERROR_MESSAGES['product/not_found']).toBe('This product is not available');
  });

  it('has a non-empty message for every code', () => {
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].trim(), code).not.toBe('');
  });
});

describe('isErrorCode', () => {
  it('recognises catalogue codes only', () => {
    expect(isErrorCode('auth/email_taken')).toBe(true);
    expect(isErrorCode('general/unknown_error')).toBe(true);
    expect(isErrorCode('auth/nope')).toBe(false);
    expect(isErrorCode('AUTH/EMAIL_TAKEN')).toBe(false);
    expect(isErrorCode('')).toBe(false);
  });

  it('is not fooled by Object.prototype keys or non-strings', () => {
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode('constructor')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(null)).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode({})).toBe(false);
  });
});

describe('ERROR_STATUS', () => {
  const statusOf = (codes: ErrorCode[]) => codes.map((code) => ERROR_STATUS[code]);

  it('has a valid HTTP error status for every code', () => {
    // 402: a card the payment provider declined (payment/declined); 503: the provider could not be reached.
    for (const code of ERROR_CODES) {
      expect([400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 503], code).toContain(ERROR_STATUS[code]);
    }
  });

  it('maps session and token problems to 401', () => {
    expect(
      statusOf([
        'auth/invalid_access_token',
        'auth/invalid_refresh_token',
        'auth/invalid_state',
        'auth/not_authorized',
        'auth/invalid_user_agent',
      ]),
    ).toEqual([401, 401, 401, 401, 401]);
  });

  it('keeps mistyped credentials off 401 so the client does not refresh and sign out', () => {
    expect(statusOf(['auth/wrong_email_or_password', 'auth/wrong_password', 'auth/tfa_wrong_code'])).toEqual([400, 400, 400]);
  });

  it('maps forbidden, two-factor, blacklisted, unverified and xsrf to 403', () => {
    expect(
      statusOf([
        'general/forbidden',
        'auth/tfa_not_verified',
        'auth/account_blacklisted',
        'auth/unverified_email',
        'auth/invalid_xsrf_token',
      ]),
    ).toEqual([403, 403, 403, 403, 403]);
  });

  it('maps every */not_found code to 404', () => {
    const notFound = ERROR_CODES.filter((code) => code.endsWith('/not_found') || code === 'auth/user_not_found');
    expect(notFound.length).toBeGreaterThanOrEqual(9);
    for (const code of notFound) expect(ERROR_STATUS[code], code).toBe(404);
  });

  it('maps conflicts to 409', () => {
    expect(statusOf(['auth/email_taken', 'auth/email_verified', 'auth/tfa_already_setup', 'user/max_addresses_reached'])).toEqual([
      409, 409, 409, 409,
    ]);
  });

  it('maps size, media type, rate limits and unknown errors', () => {
    expect(ERROR_STATUS['general/payload_too_large']).toBe(413);
    expect(ERROR_STATUS['general/unsupported_media_type']).toBe(415);
    expect(ERROR_STATUS['general/rate_limited']).toBe(429);
    expect(ERROR_STATUS['auth/resend_verify_code_rate_limit']).toBe(429);
    expect(ERROR_STATUS['general/unknown_error']).toBe(500);
  });

  it('maps invalid input to 400', () => {
    for (const code of ERROR_CODES.filter((c) => c.includes('/invalid_') && c.startsWith('address/'))) {
      expect(ERROR_STATUS[code], code).toBe(400);
    }
    expect(statusOf(['user/invalid_email', 'general/argument_error', 'general/missing_argument'])).toEqual([400, 400, 400]);
    for (const code of ERROR_CODES.filter((c) => c.startsWith('user/invalid_'))) expect(ERROR_STATUS[code], code).toBe(400);
  });
});

describe('formatErrorMessage', () => {
  it('substitutes positional parameters', () => {
    expect(formatErrorMessage('maximum number of addresses of {0} per user', [10])).toBe('maximum number of addresses of 10 per user');
    expect(formatErrorMessage('{1} before {0}, {0} again', ['a', 'b'])).toBe('b before a, a again');
  });

  it('substitutes named parameters, and "0"-style keys from objects', () => {
    expect(formatErrorMessage('Contact {email} for help.', { email: 'help@kedai.sg' })).toBe('Contact help@kedai.sg for help.');
    expect(formatErrorMessage('{0} and {name}', { 0: 'zero', name: 'Ann' })).toBe('zero and Ann');
  });

  it('leaves unknown, missing, null and undefined placeholders as they are', () => {
    expect(formatErrorMessage('{0} {1} {2}', ['a'])).toBe('a {1} {2}');
    expect(formatErrorMessage('{0} {1}', [null, undefined])).toBe('{0} {1}');
    expect(formatErrorMessage('{email}', ['a'])).toBe('{email}');
    expect(formatErrorMessage('{length}', ['a'])).toBe('{length}');
    expect(formatErrorMessage('{toString} {constructor}', {})).toBe('{toString} {constructor}');
    expect(formatErrorMessage('{0}')).toBe('{0}');
    expect(formatErrorMessage('{0}', [])).toBe('{0}');
  });

  it('stringifies falsy but present values', () => {
    expect(formatErrorMessage('{0}|{1}|{2}', [0, false, ''])).toBe('0|false|');
  });

  it('does not re-expand placeholders inside values', () => {
    expect(formatErrorMessage('{0} {1}', ['{1}', 'x'])).toBe('{1} x');
  });

  it('leaves text without placeholders and malformed braces alone', () => {
    expect(formatErrorMessage('Invalid email', ['x'])).toBe('Invalid email');
    expect(formatErrorMessage('{ 0 } {} {0', ['x'])).toBe('{ 0 } {} {0');
  });
});

describe('AppError', () => {
  it('takes its message from the catalogue and its status from ERROR_STATUS', () => {
    const error = new AppError('auth/email_taken');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe('AppError');
    expect(error.errorCode).toBe('auth/email_taken');
    expect(error.params).toBeUndefined();
    expect(error.status).toBe(409);
    expect(error.message).toBe('An account with this email already exists');
    expect(error.stack).toContain('AppError');
  });

  it('substitutes params into the message', () => {
    const error = new AppError('auth/account_blacklisted', ['help@kedai.sg']);
    expect(error.message).toBe('Your account has been suspended for violating our policies. Contact help@kedai.sg for help.');
    expect(error.params).toEqual(['help@kedai.sg']);
    expect(error.status).toBe(403);
  });

  it('accepts an explicit message', () => {
    const error = new AppError('general/unknown_error', ['boom'], 'Database unavailable');
    expect(error.message).toBe('Database unavailable');
    expect(error.status).toBe(500);
  });

  it('serialises to the body the display rule reads', () => {
    const error = new AppError('user/max_addresses_reached', [10]);
    const body: unknown = JSON.parse(JSON.stringify(error));
    expect(body).toEqual({
      errorCode: 'user/max_addresses_reached',
      params: [10],
      error: 'maximum number of addresses of 10 per user',
    });
    expect(JSON.parse(JSON.stringify(new AppError('product/not_found')))).toEqual({
      errorCode: 'product/not_found',
      error: 'This product is not available',
    });
  });
});
