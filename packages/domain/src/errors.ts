/**
 * The error catalogue of rules: errors.md. Wording in the spec's table is kept verbatim; codes the spec
 * lists without wording got short sentences a shopper understands. Messages take `{0}`-style
 * parameters.
 */

export const ERROR_MESSAGES = {
  'user/invalid_phone_number': 'Invalid Phone Number',
  'user/invalid_email': 'Invalid email',
  'user/invalid_accept_terms': 'Please accept the terms and conditions',
  'user/not_found': 'The user you are looking for is not found',
  'user/max_addresses_reached': 'maximum number of addresses of {0} per user',
  'user/invalid_country': 'Invalid country',
  'user/invalid_birthdate': 'Invalid birthdate',
  'user/invalid_gender': 'Invalid gender',
  'user/invalid_first_name': 'First name must be 1 to 100 characters',
  'user/invalid_last_name': 'Last name must be 1 to 100 characters',

  'auth/wrong_email_or_password': 'your email and/or password is incorrect, please try again',
  'auth/unverified_email': 'check your email for verification instructions',
  'auth/password_reset_token_expired': 'request to forget password again',
  'auth/invalid_state': 'session problem, login again',
  'auth/email_verified': 'already verified',
  'auth/resend_verify_code_rate_limit': 'wait before requesting another code',
  'auth/email_taken': 'An account with this email already exists',
  'auth/invalid_email_verification_code': 'The verification code is incorrect or has expired',
  'auth/user_not_found': 'No account was found with this email',
  'auth/wrong_password': 'Your current password is incorrect',
  'auth/invalid_new_password':
    'Password must be at least 8 characters with an upper case letter, a lower case letter and a number or symbol',
  'auth/invalid_password_reset_token': 'This password reset link is not valid, please request a new one',
  'auth/invalid_refresh_token': 'Your session has expired, please sign in again',
  'auth/invalid_access_token': 'Please sign in to continue',
  'auth/invalid_user_agent': 'Your session is not valid on this device, please sign in again',
  'auth/not_authorized': 'Please sign in to continue',
  'auth/invalid_xsrf_token': 'Your session has expired, please refresh the page and try again',
  'auth/account_blacklisted': 'Your account has been suspended for violating our policies. Contact {0} for help.',
  'auth/tfa_wrong_code': 'The two-factor authentication code is incorrect, please try again',
  'auth/tfa_not_setup': 'Two-factor authentication has not been set up yet',
  'auth/tfa_secret_unreadable':
    "Your two-factor settings cannot be read. Use 'Lost your authenticator?' to turn two-factor authentication off by e-mail, then set it up again",
  'auth/tfa_reset_token_invalid': 'This two-factor reset link is not valid, please request a new one',
  'auth/tfa_already_setup': 'Two-factor authentication is already set up',
  'auth/tfa_not_enabled': 'Two-factor authentication is not turned on',
  'auth/tfa_not_verified': 'this feature requires you to complete two factor authentication to access',

  'address/not_found': 'This address could not be found',
  'address/invalid_full_name': 'Full name must be 1 to 200 characters',
  'address/invalid_phone_number': 'Please enter a valid phone number',
  'address/invalid_address': 'Address must be 1 to 200 characters',
  'address/invalid_postal_code': 'Postal code must be 3 to 16 characters',
  'address/invalid_unit_number': 'Unit number must be at most 30 characters',
  'address/invalid_main': 'Main must be true or false',
  'address/invalid_country': 'Please choose a country we ship to',
  'address/invalid_state': 'Please choose a valid state or region for this country',
  'address/invalid_city': 'Please enter a valid city',

  'product/not_found': 'This product is not available',
  'product/disabled': 'This product can no longer be bought',
  'product/invalid_name': 'Product name must be 1 to 200 characters',
  'product/invalid_param_name': 'URL name must be 1 to 120 lower-case letters, digits and single dashes',
  'product/param_name_taken': 'Another product already uses this URL name',
  'product/invalid_description': 'Description must be at most 10000 characters',
  'product/invalid_variants': 'Variants need a unique name and 1 to 30 different options each, at most 3 variants',
  'product/invalid_prices':
    'Every price must be a whole amount above zero in the smallest unit of a known region, and every combination of options needs its prices',
  'product/invalid_stock': 'Stock must be a whole number from 0 to 1000000',
  'product/invalid_weight': 'Weight must be a whole number of grams from 0 to 1000000',
  'product/invalid_images': 'Images must be at most 20 image names on the assets host',
  'product/invalid_source': 'A source marketplace needs its http(s) product URL, and a URL its marketplace',
  'product/unknown_category': 'This category does not exist',
  'product/unknown_merchant': 'This merchant does not exist',
  'product/version_conflict': 'Someone else changed this product since you opened it; reload it to see their changes',
  'product/stock_changed': 'The stock changed since you looked: it is now {0}',
  'cart/not_found': 'This item is no longer in your cart',
  'cart/invalid_quantity': 'Quantity must be a whole number from 1 to {0}',
  'cart/invalid_variant_path': 'Please choose one of the options of this product',
  'cart/invalid_message': 'The note to the seller must be at most {0} characters',
  'cart/max_items_reached': 'Your cart can hold at most {0} different items',
  'wishlist/max_items_reached': 'Your wishlist can hold at most {0} products',
  'back_in_stock/in_stock': 'This product is in stock, you can buy it now',
  'merchant/not_found': 'This shop could not be found',
  'link/invalid': 'Paste the full address of a product page, starting with http:// or https://',
  'link/not_allowed': 'This link cannot be opened: only public web pages on standard ports can be read',
  'link/unreachable': 'The page could not be read from this link',
  'link/too_large': 'The page at this link is too large to read',
  'link/not_html': 'The link does not lead to a web page',
  'link/no_product': 'No product could be read from this page',
  'quotation/not_found': 'This quotation could not be found',
  'quotation/product_not_found': 'product is not found for quotation item',
  'quotation/wrong_kind': 'Quotation item is not external/internal',
  'quotation/invalid_quantity': 'Quantity must be a whole number from 1 to {0}',
  'quotation/invalid_instructions': 'Instructions must be at most {0} characters',
  'quotation/invalid_name': 'Product name must be 1 to 200 characters',
  'quotation/invalid_image_url': 'The picture link must be an http(s) address of at most 2000 characters',
  'quotation/max_items_reached': 'Your quotation list can hold at most {0} items',
  'quotation/already_answered': 'This quotation has already been answered',
  'quotation/version_conflict': 'Someone else answered or changed this quotation since you opened it; reload it to see the answer',
  'quotation/invalid_quote':
    'Give a quoted price above zero, in whole minor units, for each region quoted (at least one), and the marketplace price with its currency for a marketplace product',
  'quotation/invalid_decline_reason': 'Give the shopper a reason of 1 to {0} characters',
  'category/invalid_name': 'Category name must be 1 to 100 characters',
  'category/invalid_key': 'Category key must be 1 to 60 lower-case letters, digits and single dashes',
  'category/invalid_parent':
    'A category cannot be placed under itself, under one of its own subcategories or under a category that does not exist',
  'category/invalid_image': 'The category image must be an image name on the assets host',
  'category/key_taken': 'Another category under the same parent already has this key',
  'category/not_empty': 'Only a category without subcategories and products can be deleted',
  'category/in_home_group': 'A product group of the home page shows this category',
  'merchant/invalid_name': 'Merchant name must be 1 to 100 characters',
  'merchant/invalid_slug': 'Merchant URL name must be 1 to 80 lower-case letters, digits and single dashes',
  'merchant/slug_taken': 'Another merchant already uses this URL name',
  'merchant/invalid_description': 'Merchant description must be at most 2000 characters',
  'merchant/invalid_logo': 'The logo must be an image name on the assets host',
  'merchant/invalid_country': 'Choose the country the merchant is in',
  'category/not_found': 'This category could not be found',
  'image_page/not_found': 'This page could not be found',
  'region/not_found': 'This region is not available',
  'staff/last_owner': 'The shop must keep at least one owner',
  'shipping/invalid_country': 'Choose a country to deliver to',
  'shipping/invalid_rates': 'Each region’s delivery fee must be a whole amount of 0 or more, and its free-from amount above 0 or empty',
  'shipping/invalid_days': 'Delivery days must be whole numbers from 0 to 90, the fewest first',
  'settings/invalid_currency': 'Choose one of the supported currencies',
  'settings/invalid_quotation_pricing':
    'The fee must be 0 to 100 % with at most two decimals, and each exchange rate a positive number for another currency’s three-letter code',
  'text_page/invalid_title': 'Page title must be 1 to 200 characters',
  'text_page/invalid_body': 'Page text must be 1 to 50000 characters',
  'banner/invalid_title': 'Banner title must be 1 to 200 characters',
  'banner/invalid_image': 'A banner needs an image name on the assets host',
  'banner/not_found': 'This banner could not be found',
  'popup/invalid_name': 'Popup name must be 1 to 200 characters',
  'popup/invalid_image': 'The popup image must be an image name on the assets host',
  'popup/not_found': 'This popup could not be found',
  'home_group/invalid_name': 'Product group name must be 1 to 100 characters',
  'home_group/invalid_source': 'A product group shows either a category or a list of 1 to 50 different products, not both',
  'home_group/invalid_limit': 'A product group shows 1 to 50 products',
  'home_group/unknown_category': 'This category does not exist',
  'home_group/unknown_products': 'Some of the chosen products do not exist',
  'home_group/not_found': 'This product group could not be found',
  'image_page/invalid_title': 'Page title must be 1 to 200 characters',
  'image_page/invalid_slug': 'Page URL name must be 1 to 80 lower-case letters, digits and single dashes',
  'image_page/slug_taken': 'Another image page already uses this URL name',
  'image_page/invalid_blocks': 'An image page has 1 to 30 pictures',
  'image_page/invalid_image': 'Each picture must be an image name on the assets host',
  'image_page/invalid_alt': 'Each picture needs a text alternative of 1 to 300 characters',
  'content/invalid_link': 'A link must be a path on this shop (starting with /) or an http(s) address',
  'content/invalid_sort_order': 'Order must be a whole number from -100000 to 100000',

  'voucher/not_found': 'This voucher code does not exist',
  'voucher/not_started': 'This voucher can be used from {0}',
  'voucher/expired': 'This voucher expired on {0}',
  'voucher/used_up': 'This voucher has been fully redeemed',
  'voucher/already_used': 'You have already used this voucher',
  'voucher/min_spend': 'Spend at least {0} to use this voucher',
  'voucher/not_applicable': 'This voucher is not valid for these items or this region',
  'checkout/session_not_found': 'This checkout has expired or does not exist',
  'checkout/nothing_selected': 'Choose at least one item to check out, at most {0}',
  'checkout/items_unavailable': 'Some items can no longer be bought',
  'checkout/not_delivered': 'The shop does not deliver to this country',
  'checkout/invalid_payment_method': 'Choose a payment method the shop takes',
  'checkout/invalid_notes': 'Notes to the shop must be at most {0} characters',
  'checkout/address_required': 'Choose a shipping address from your address book',
  'checkout/invalid_idempotency_key': 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores',
  'order/not_found': 'This order could not be found',
  'order/invalid_transition': 'This order cannot change from {0} to {1}',
  'order/version_conflict': 'Someone else changed this order since you opened it; reload it',
  'payment/declined': 'The card was declined: {0}',
  'payment/invalid_card': 'Check the card number, expiry date and security code',
  'payment/not_payable': 'This order is not awaiting payment',
  'payment/not_found': 'This payment could not be found',
  'payment/paynow_sgd_only': 'PayNow is only for orders in Singapore dollars',
  'payment/wrong_method': 'This order is to be paid by {0}',
  'payment/already_reported': 'The transfer was already reported; the shop is checking it',
  'payment/invalid_reference': 'A bank reference is up to {0} letters, digits, spaces and - / .',
  'payment/invalid_reason': 'Give a reason of 1 to 500 characters',
  'payment/not_waiting': 'This payment has already been dealt with',
  'payment/invalid_refund_amount': 'Refund more than 0 and at most what the shop holds for this order ({0} in minor units)',
  'payment/card_form_required': 'Enter the card in the secure card form',
  'payment/provider_unavailable': 'The payment service could not be reached; try again in a moment',
  'payment/invalid_signature': 'The event is not signed by the payment provider',
  'payment/card_not_found': 'This saved card could not be found',
  'settings/invalid_paynow':
    'Give a UEN (9 to 13 letters and digits) or a Singapore mobile number (+65 and 8 digits), a name of up to 25 and a city of up to 15 characters',
  'voucher/invalid': 'This voucher field is not valid: {0}',
  'voucher/code_taken': 'Another voucher already uses this code',
  'voucher/version_conflict': 'Someone else changed this voucher since you opened it; reload it',
  'order/invalid_shipment': 'Give the carrier and the tracking number (1 to 100 characters each)',
  'order/invalid_cancel_reason': 'Give a reason of 1 to 500 characters',
  'settings/invalid_tax': 'A tax needs a name of 1 to 20 characters and a rate from 0 to 100 % in basis points',

  'general/unknown_error': 'message {0}',
  'general/missing_argument': '{0}',
  'general/argument_error': 'Some of the details sent are not valid',
  'general/not_found': 'The page or item you are looking for does not exist',
  'general/forbidden': 'You do not have permission to do this',
  'general/rate_limited': 'Too many requests, please wait a moment and try again',
  'general/payload_too_large': 'What you sent is too large',
  'general/unsupported_media_type': 'This type of content is not supported',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === 'string' && Object.hasOwn(ERROR_MESSAGES, x);
}

/**
 * HTTP status per code. Wrong credentials and wrong codes are 400, not 401: the client
 * treats any 401 as an expired session (refresh, retry, else sign out), which must not
 * happen because someone mistyped a password. `auth/not_authorized` means "not signed in";
 * a signed-in user who may not do something gets `general/forbidden`.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  'user/invalid_phone_number': 400,
  'user/invalid_email': 400,
  'user/invalid_accept_terms': 400,
  'user/not_found': 404,
  'user/max_addresses_reached': 409,
  'user/invalid_country': 400,
  'user/invalid_birthdate': 400,
  'user/invalid_gender': 400,
  'user/invalid_first_name': 400,
  'user/invalid_last_name': 400,

  'auth/wrong_email_or_password': 400,
  'auth/unverified_email': 403,
  'auth/password_reset_token_expired': 400,
  'auth/invalid_state': 401,
  'auth/email_verified': 409,
  'auth/resend_verify_code_rate_limit': 429,
  'auth/email_taken': 409,
  'auth/invalid_email_verification_code': 400,
  'auth/user_not_found': 404,
  'auth/wrong_password': 400,
  'auth/invalid_new_password': 400,
  'auth/invalid_password_reset_token': 400,
  'auth/invalid_refresh_token': 401,
  'auth/invalid_access_token': 401,
  'auth/invalid_user_agent': 401,
  'auth/not_authorized': 401,
  'auth/invalid_xsrf_token': 403,
  'auth/account_blacklisted': 403,
  'auth/tfa_wrong_code': 400,
  'auth/tfa_not_setup': 409,
  'auth/tfa_secret_unreadable': 409,
  'auth/tfa_reset_token_invalid': 400,
  'auth/tfa_already_setup': 409,
  'auth/tfa_not_enabled': 409,
  'auth/tfa_not_verified': 403,

  'address/not_found': 404,
  'address/invalid_full_name': 400,
  'address/invalid_phone_number': 400,
  'address/invalid_address': 400,
  'address/invalid_postal_code': 400,
  'address/invalid_unit_number': 400,
  'address/invalid_main': 400,
  'address/invalid_country': 400,
  'address/invalid_state': 400,
  'address/invalid_city': 400,

  'product/not_found': 404,
  'product/disabled': 409,
  'product/invalid_name': 400,
  'product/invalid_param_name': 400,
  'product/param_name_taken': 409,
  'product/invalid_description': 400,
  'product/invalid_variants': 400,
  'product/invalid_prices': 400,
  'product/invalid_stock': 400,
  'product/invalid_weight': 400,
  'product/invalid_images': 400,
  'product/invalid_source': 400,
  'product/unknown_category': 400,
  'product/unknown_merchant': 400,
  'product/version_conflict': 409,
  'product/stock_changed': 409,
  'cart/not_found': 404,
  'cart/invalid_quantity': 400,
  'cart/invalid_variant_path': 400,
  'cart/invalid_message': 400,
  'cart/max_items_reached': 409,
  'wishlist/max_items_reached': 409,
  'back_in_stock/in_stock': 409,
  'merchant/not_found': 404,
  'category/invalid_name': 400,
  'category/invalid_key': 400,
  'category/invalid_parent': 400,
  'category/invalid_image': 400,
  'category/key_taken': 409,
  'category/not_empty': 409,
  'category/in_home_group': 409,
  'merchant/invalid_name': 400,
  'merchant/invalid_slug': 400,
  'merchant/slug_taken': 409,
  'merchant/invalid_description': 400,
  'merchant/invalid_logo': 400,
  'merchant/invalid_country': 400,
  'category/not_found': 404,
  'image_page/not_found': 404,
  'region/not_found': 404,
  'link/invalid': 400,
  'link/not_allowed': 400,
  'link/unreachable': 400,
  'link/too_large': 400,
  'link/not_html': 400,
  'link/no_product': 400,
  'quotation/not_found': 404,
  'quotation/product_not_found': 404,
  'quotation/wrong_kind': 409,
  'quotation/invalid_quantity': 400,
  'quotation/invalid_instructions': 400,
  'quotation/invalid_name': 400,
  'quotation/invalid_image_url': 400,
  'quotation/max_items_reached': 409,
  'quotation/already_answered': 409,
  'quotation/version_conflict': 409,
  'quotation/invalid_quote': 400,
  'quotation/invalid_decline_reason': 400,
  'staff/last_owner': 409,
  'shipping/invalid_country': 400,
  'shipping/invalid_rates': 400,
  'shipping/invalid_days': 400,
  'settings/invalid_currency': 400,
  'settings/invalid_quotation_pricing': 400,
  'text_page/invalid_title': 400,
  'text_page/invalid_body': 400,
  'banner/invalid_title': 400,
  'banner/invalid_image': 400,
  'banner/not_found': 404,
  'popup/invalid_name': 400,
  'popup/invalid_image': 400,
  'popup/not_found': 404,
  'home_group/invalid_name': 400,
  'home_group/invalid_source': 400,
  'home_group/invalid_limit': 400,
  'home_group/unknown_category': 400,
  'home_group/unknown_products': 400,
  'home_group/not_found': 404,
  'image_page/invalid_title': 400,
  'image_page/invalid_slug': 400,
  'image_page/slug_taken': 409,
  'image_page/invalid_blocks': 400,
  'image_page/invalid_image': 400,
  'image_page/invalid_alt': 400,
  'content/invalid_link': 400,
  'content/invalid_sort_order': 400,

  'voucher/not_found': 404,
  'voucher/not_started': 400,
  'voucher/expired': 400,
  'voucher/used_up': 409,
  'voucher/already_used': 409,
  'voucher/min_spend': 400,
  'voucher/not_applicable': 400,
  'checkout/session_not_found': 404,
  'checkout/nothing_selected': 400,
  'checkout/items_unavailable': 409,
  'checkout/not_delivered': 400,
  'checkout/invalid_payment_method': 400,
  'checkout/invalid_notes': 400,
  'checkout/address_required': 400,
  'checkout/invalid_idempotency_key': 400,
  'order/not_found': 404,
  'order/invalid_transition': 409,
  'order/version_conflict': 409,
  'payment/declined': 402,
  'payment/invalid_card': 400,
  'payment/not_payable': 409,
  'payment/not_found': 404,
  'payment/paynow_sgd_only': 400,
  'payment/wrong_method': 409,
  'payment/already_reported': 409,
  'payment/invalid_reference': 400,
  'payment/invalid_reason': 400,
  'payment/not_waiting': 409,
  'payment/invalid_refund_amount': 400,
  'payment/card_form_required': 400,
  'payment/provider_unavailable': 503,
  'payment/invalid_signature': 400,
  'payment/card_not_found': 404,
  'settings/invalid_paynow': 400,
  'voucher/invalid': 400,
  'voucher/code_taken': 409,
  'voucher/version_conflict': 409,
  'order/invalid_shipment': 400,
  'order/invalid_cancel_reason': 400,
  'settings/invalid_tax': 400,

  'general/unknown_error': 500,
  'general/missing_argument': 400,
  'general/argument_error': 400,
  'general/not_found': 404,
  'general/forbidden': 403,
  'general/rate_limited': 429,
  'general/payload_too_large': 413,
  'general/unsupported_media_type': 415,
};

/** Positional (`{0}`) or named (`{email}`) parameters of a message. */
export type ErrorParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/**
 * Replaces `{0}`, `{1}` … from an array, or `{name}` from an object (which may also use
 * "0" keys). Placeholders with no value (missing, null or undefined) are left as written.
 * Substitution is one pass, so a value containing `{1}` is not expanded again.
 */
export function formatErrorMessage(message: string, params?: ErrorParams): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    if (Array.isArray(params) && !/^\d+$/.test(key)) return placeholder;
    const value: unknown = Object.hasOwn(params, key) ? (params as Record<string, unknown>)[key] : undefined;
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** The JSON body an API error response carries. */
export interface ErrorBody {
  errorCode: ErrorCode;
  params?: ErrorParams;
  error: string;
}

export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly status: number;

  /**
   * `status` replaces the code's own only where the rules say so: `auth/not_authorized` is 401 for
   * a caller who is not signed in and 403 for a signed-in account without the back-office role.
   */
  constructor(errorCode: ErrorCode, params?: ErrorParams, message?: string, status?: number) {
    super(message ?? formatErrorMessage(ERROR_MESSAGES[errorCode], params));
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.params = params;
    this.status = status ?? ERROR_STATUS[errorCode];
  }

  toJSON(): ErrorBody {
    return this.params === undefined
      ? { errorCode: this.errorCode, error: this.message }
      : { errorCode: this.errorCode, params: this.params, error: this.message };
  }
}
