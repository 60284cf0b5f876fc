/**
 * How the storefront words the catalogue's errors for shoppers. The API keeps the catalogue's codes
 * and wording (rules: errors.md); a person reading a page gets a sentence a person would write,
 * starting with a capital, that says what to do. Messages take the same `{0}` parameters as the
 * catalogue's; `WITHOUT_PARAMS` words those that need one when the answer carried none.
 */
import { addressRule, isValidPostalCode, postalCodeWrittenForm } from './addresses';
import { countryName } from './countries';
import { formatErrorMessage, isErrorCode, type ErrorCode, type ErrorParams } from './errors';
import { phoneExample } from './users';

export const SHOPPER_MESSAGES: Record<ErrorCode, string> = {
  'user/invalid_phone_number': 'Enter a phone number we can call, with its country code.',
  'user/invalid_email': 'Enter an e-mail address like name@example.com.',
  'user/invalid_accept_terms': 'Please accept the terms and conditions to create your account.',
  'user/not_found': 'We could not find that account.',
  'user/max_addresses_reached': 'You can keep up to {0} addresses. Delete one you no longer use to add another.',
  'user/invalid_country': 'Choose your country from the list.',
  'user/invalid_birthdate': 'Enter your date of birth as a real date between 1 January 1900 and today.',
  'user/invalid_gender': 'Choose one of the options for gender, or “Prefer not to say”.',
  'user/invalid_first_name': 'Enter your first name (up to 100 characters).',
  'user/invalid_last_name': 'Enter your last name (up to 100 characters).',

  'auth/wrong_email_or_password': 'Your e-mail or password is incorrect. Please try again.',
  'auth/unverified_email': 'Please verify your e-mail address first: we sent you a code when you registered.',
  'auth/password_reset_token_expired': 'This password reset link has expired. Please ask for a new one.',
  'auth/invalid_state': 'Your session has ended. Please sign in again.',
  'auth/email_verified': 'This e-mail address is already verified. You can sign in.',
  'auth/resend_verify_code_rate_limit': 'Please wait a little before asking for another code.',
  'auth/email_taken': 'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
  'auth/invalid_email_verification_code': 'That code is incorrect or has expired. Check the latest e-mail, or ask for a new code.',
  'auth/user_not_found': 'We could not find an account with this e-mail address.',
  'auth/wrong_password': 'Your current password is incorrect.',
  'auth/invalid_new_password':
    'Choose a password of at least 8 characters with an upper case letter, a lower case letter and a number or symbol.',
  'auth/common_password': 'This password is one of the most commonly used and easy to guess. Please choose another.',
  'auth/invalid_password_reset_token': 'This password reset link is not valid. Please ask for a new one.',
  'auth/invalid_refresh_token': 'Your session has expired. Please sign in again.',
  'auth/invalid_access_token': 'Please sign in to continue.',
  'auth/invalid_user_agent': 'Your session is not valid on this device. Please sign in again.',
  'auth/not_authorized': 'Please sign in to continue.',
  'auth/invalid_xsrf_token': 'Your session has expired. Please refresh the page and try again.',
  'auth/account_blacklisted': 'Your account has been suspended for breaking our policies. Write to {0} for help.',
  'auth/tfa_wrong_code': 'That code is incorrect. Enter the 6-digit code your authenticator app shows now.',
  'auth/tfa_not_setup': 'Two-factor authentication has not been set up yet.',
  'auth/tfa_secret_unreadable':
    'Your two-factor settings cannot be read. Use “Lost your authenticator?” to turn two-factor authentication off by e-mail, then set it up again.',
  'auth/tfa_reset_token_invalid': 'This two-factor reset link is not valid. Please ask for a new one.',
  'auth/tfa_already_setup': 'Two-factor authentication is already set up.',
  'auth/tfa_not_enabled': 'Two-factor authentication is not turned on.',
  'auth/tfa_not_verified': 'Please enter your two-factor code first.',
  'auth/tfa_reset_staff':
    'Staff accounts cannot turn off two-factor authentication by e-mail. Ask an owner to reset it in the back office.',
  'auth/tfa_reset_cancel_invalid': 'There is nothing left to cancel: the reset was already cancelled or done, or this link is not valid.',
  'auth/tfa_too_many_attempts': 'Too many wrong codes. Please wait {0} seconds, then try again.',

  'address/not_found': 'This address could not be found. It may have been deleted.',
  'address/invalid_full_name': 'Enter the full name of the person receiving the parcel (up to 200 characters).',
  'address/invalid_phone_number': 'Enter a phone number the courier can call.',
  'address/invalid_address': 'Enter the street address (up to 200 characters).',
  'address/invalid_postal_code': 'Enter the postal code.',
  'address/invalid_unit_number': 'The unit number can have up to 30 characters.',
  'address/invalid_main': 'Choose whether this is your main address.',
  'address/invalid_country': 'Choose a country we ship to.',
  'address/invalid_state': 'Choose a state or region of this country.',
  'address/invalid_city': 'Enter the city.',

  'product/not_found': 'This product is not available.',
  'product/disabled': 'This product can no longer be bought.',
  'product/invalid_name': 'Give the product a name of up to 200 characters.',
  'product/invalid_param_name': 'Use up to 120 lower-case letters, digits and single dashes for the URL name.',
  'product/param_name_taken': 'Another product already uses this URL name. Choose another.',
  'product/invalid_description': 'Keep the description to 10,000 characters.',
  'product/invalid_variants': 'Give each variant its own name and 1 to 30 different options (at most 3 variants).',
  'product/invalid_prices': 'Enter a price above zero for each region, for the product and for every combination of options.',
  'product/invalid_stock': 'Enter a stock from 0 to 1,000,000.',
  'product/invalid_weight': 'Enter the weight in grams, from 0 to 1,000,000.',
  'product/invalid_images': 'Add up to 20 images.',
  'product/invalid_source': 'Give both the source marketplace and the http(s) address of the product there, or neither.',
  'product/unknown_category': 'Choose one of the categories.',
  'product/unknown_merchant': 'Choose one of the merchants.',
  'product/version_conflict':
    'Someone else changed this product since you opened it. Reload it to see their changes, then make yours again.',
  'product/stock_changed': 'The stock changed since you looked: it is now {0}. Check it and try again.',
  'cart/not_found': 'This item is no longer in your cart.',
  'cart/invalid_quantity': 'Choose a quantity from 1 to {0}.',
  'cart/invalid_variant_path': 'Please choose one of the options of this product.',
  'cart/invalid_message': 'The note to the seller can have up to {0} characters.',
  'cart/max_items_reached': 'Your cart can hold up to {0} different items. Check out or remove some to add more.',
  'wishlist/max_items_reached': 'Your wishlist can hold up to {0} products. Remove some to add more.',
  'back_in_stock/in_stock': 'This is in stock now, so you can add it to your cart straight away.',
  'notification/invalid_unsubscribe_token': 'This unsubscribe link does not work. Choose your e-mails on your profile page instead.',
  'merchant/not_found': 'This shop could not be found.',
  'category/invalid_name': 'Give the category a name of up to 100 characters.',
  'category/invalid_key': 'Use up to 60 lower-case letters, digits and single dashes for the category key.',
  'category/invalid_parent': 'Choose an existing parent that is not this category or one of its subcategories.',
  'category/invalid_image': 'Choose an uploaded image for the category.',
  'category/key_taken': 'Another category under the same parent already has this key. Choose another.',
  'category/not_empty': 'Move or delete its subcategories and products first, then delete the category.',
  'category/in_home_group': 'A product group of the home page shows this category. Give the group another category, or delete it, first.',
  'merchant/invalid_name': 'Give the merchant a name of up to 100 characters.',
  'merchant/invalid_slug': 'Use up to 80 lower-case letters, digits and single dashes for the URL name.',
  'merchant/slug_taken': 'Another merchant already uses this URL name. Choose another.',
  'merchant/invalid_description': 'Keep the description to 2,000 characters.',
  'merchant/invalid_logo': 'Choose an uploaded image for the logo.',
  'merchant/invalid_country': 'Choose the country the merchant is in.',
  'link/invalid': 'Paste the full address of a product page, starting with https://.',
  'link/not_allowed': 'We cannot open this link. Paste the link of a public product page, or ask us for a quotation by hand.',
  'link/unreachable': 'We could not reach that site just now. Try again in a few minutes, or ask us for a quotation by hand.',
  'link/too_large': 'That page is too large for us to read. Ask us for a quotation by hand instead.',
  'link/not_html': 'That link does not lead to a product page. Paste the address of the page that shows the product.',
  'link/no_product': 'We could not find a product on that page. Ask us for a quotation by hand instead.',
  'quotation/not_found': 'This quotation is no longer in your list.',
  'quotation/product_not_found': 'The product of this quotation is no longer in our shop.',
  'quotation/wrong_kind': 'This quotation cannot be changed this way.',
  'quotation/invalid_quantity': 'Choose a quantity from 1 to {0}.',
  'quotation/invalid_instructions': 'Your instructions can have up to {0} characters.',
  'quotation/invalid_name': 'Give the product a name of up to 200 characters.',
  'quotation/invalid_image_url': 'The picture link must start with https:// (or leave it empty).',
  'quotation/max_items_reached': 'Your quotation list can hold up to {0} items. Remove some to ask for more.',
  'quotation/already_answered': 'This quotation has already been answered.',
  'quotation/version_conflict': 'Someone else answered or changed this quotation since you opened it. Reload it to see the answer.',
  'quotation/invalid_quote':
    'Give a quoted price above zero for at least one region, and the marketplace price with its currency for a marketplace product.',
  'quotation/invalid_decline_reason': 'Give the shopper a reason of up to {0} characters.',
  'category/not_found': 'This category could not be found.',
  'image_page/not_found': 'This page could not be found.',
  'region/not_found': 'This region is not available.',
  'staff/last_owner': 'The shop must keep at least one owner. Make someone else an owner first.',
  'staff/cannot_reset_own_tfa': 'You cannot reset your own two-factor authentication. Ask another owner, or sign in with a recovery code.',
  'shipping/invalid_country': 'Choose a country to deliver to.',
  'shipping/invalid_rates': 'Enter a fee of 0 or more for each region, and a free-from amount above 0 or leave it empty.',
  'shipping/invalid_days': 'Enter delivery days from 0 to 90, the fewest first.',
  'settings/invalid_currency': 'Choose one of the supported currencies.',
  'settings/invalid_quotation_pricing': 'Give a fee of 0 to 100 % and, for each currency, a rate above 0.',
  'text_page/invalid_title': 'Give the page a title of up to 200 characters.',
  'text_page/invalid_body': 'Write the page text (up to 50,000 characters).',
  'banner/invalid_title': 'Give the banner a title of up to 200 characters.',
  'banner/invalid_image': 'Upload the banner’s image.',
  'banner/not_found': 'This banner could not be found. It may have been deleted.',
  'popup/invalid_name': 'Give the popup a name of up to 200 characters.',
  'popup/invalid_image': 'Choose an uploaded image for the popup, or none.',
  'popup/not_found': 'This popup could not be found. It may have been deleted.',
  'home_group/invalid_name': 'Give the product group a name of up to 100 characters.',
  'home_group/invalid_source': 'Choose either a category or 1 to 50 different products for the group, not both.',
  'home_group/invalid_limit': 'Show 1 to 50 products in the group.',
  'home_group/unknown_category': 'Choose one of the categories.',
  'home_group/unknown_products': 'Some of the chosen products no longer exist. Remove them and save again.',
  'home_group/not_found': 'This product group could not be found. It may have been deleted.',
  'image_page/invalid_title': 'Give the page a title of up to 200 characters.',
  'image_page/invalid_slug': 'Use up to 80 lower-case letters, digits and single dashes for the URL name.',
  'image_page/slug_taken': 'Another image page already uses this URL name. Choose another.',
  'image_page/invalid_blocks': 'Add 1 to 30 pictures to the page.',
  'image_page/invalid_image': 'Upload an image for each picture.',
  'image_page/invalid_alt': 'Describe each picture in up to 300 characters, for people who cannot see it.',
  'content/invalid_link': 'Enter a link that starts with / (a page of this shop) or with http:// or https://.',
  'content/invalid_sort_order': 'Enter the order as a whole number from -100,000 to 100,000.',

  'voucher/not_found': 'We do not know this voucher code. Check it and try again.',
  'voucher/not_started': 'This voucher can be used from {0}.',
  'voucher/expired': 'This voucher expired on {0}.',
  'voucher/used_up': 'This voucher has been used up.',
  'voucher/already_used': 'You have already used this voucher.',
  'voucher/min_spend': 'Spend at least {0} to use this voucher.',
  'voucher/not_applicable': 'This voucher cannot be used for these items or in this region.',
  'checkout/session_not_found': 'This checkout has expired. Start again from your cart.',
  'checkout/nothing_selected': 'Choose at least one item to check out.',
  'checkout/items_unavailable': 'Some items can no longer be bought. Check them and try again.',
  'checkout/not_delivered': 'We do not deliver to this country. Choose another address.',
  'checkout/invalid_payment_method': 'Choose how you want to pay.',
  'checkout/invalid_notes': 'Your notes to the shop can have up to {0} characters.',
  'checkout/address_required': 'Choose where we should deliver your order.',
  'checkout/invalid_idempotency_key': 'Something went wrong placing your order. Please try again.',
  'order/not_found': 'We could not find this order.',
  'order/invalid_transition': 'This order cannot be changed this way any more.',
  'order/version_conflict': 'This order changed meanwhile. Reload it and try again.',
  'payment/declined': 'Your card was declined. Try another card.',
  'payment/invalid_card': 'Check the card number, expiry date and security code.',
  'payment/not_payable': 'This order does not need paying.',
  'payment/not_found': 'We could not find this payment.',
  'payment/paynow_sgd_only': 'PayNow is only for orders in Singapore dollars. Choose card, or the Singapore region.',
  'payment/wrong_method': 'This order is paid another way: see the payment section of the order.',
  'payment/already_reported': 'You have already told us you paid. The shop is checking the transfer and will confirm it soon.',
  'payment/invalid_reference': 'Check the bank reference: letters, digits, spaces and - / . only.',
  'payment/invalid_reason': 'Give a reason (up to 500 characters).',
  'payment/not_waiting': 'This payment has already been dealt with. Reload to see it.',
  'payment/invalid_refund_amount': 'Refund an amount above zero and no more than was paid.',
  'payment/card_form_required': 'Enter your card in the secure card form.',
  'payment/provider_unavailable': 'We could not reach the payment service. Nothing was charged; try again in a moment.',
  'payment/invalid_signature': 'This payment notice could not be checked.',
  'payment/card_not_found': 'This saved card is no longer saved. Choose another or enter a card.',
  'payment/method_unavailable': 'The shop cannot take payment by {0} right now. Please try again later, or contact the shop.',
  'payment/too_many_reports':
    'You already have {0} PayNow transfers waiting for the shop to check. Please wait until the shop confirms them, or contact the shop.',
  'settings/invalid_paynow':
    'Check the PayNow details: a UEN or a Singapore mobile number, a name of up to 25 and a city of up to 15 characters.',
  'settings/invalid_paynow_settle_days': 'Give a whole number of days from 1 to {0}.',
  'voucher/invalid': 'Check the voucher: {0} is not valid.',
  'voucher/code_taken': 'Another voucher already uses this code. Choose another.',
  'voucher/version_conflict': 'Someone else changed this voucher since you opened it. Reload it to see their changes.',
  'order/invalid_shipment': 'Give the carrier and the tracking number.',
  'order/invalid_cancel_reason': 'Give a reason for cancelling (up to 500 characters).',
  'order/receipt_not_ready': 'Your receipt is ready once the order is paid.',
  'settings/invalid_legal_details':
    'Check the legal name, the address and the tax registration number (Singapore GST: e.g. M90312345A or 200312345A).',
  'settings/invalid_tax': 'Give the tax a name and a rate from 0 to 100 %.',
  'job/not_found': 'This job no longer exists. Reload the list.',
  'job/not_dead': 'This job is {0}, not failed: only failed jobs can be retried. Reload the list.',
  'chat/empty_message': 'Write a message before sending it.',
  'chat/message_too_long': 'Your message is too long: keep it to {0} characters.',
  'dispute/not_found': 'We could not find this dispute.',
  'dispute/not_allowed': '{0}',
  'dispute/already_open': 'You already have an open dispute about this order. The shop answers in the conversation below.',
  'dispute/invalid_reason': 'Choose what is wrong from the list.',
  'dispute/description_too_short': 'Tell us a little more: at least {0} characters.',
  'dispute/description_too_long': 'Your description is too long: keep it to {0} characters.',
  'dispute/not_open': 'This dispute has already been resolved. Reload the page to see how.',
  'dispute/invalid_decline_reason': 'Give a reason (up to 500 characters).',
  'dispute/cannot_reopen': 'A new dispute cannot be allowed for this order: {0}',
  'dispute/too_many_photos': 'Your dispute already has {0} photos, the most it can have.',
  'general/unknown_error': 'Something went wrong on our side. Please try again in a moment.',
  'general/missing_argument': 'Some details are missing. Please fill in every field marked as required.',
  'general/argument_error': 'Some of the details are not valid. Please check them and try again.',
  'general/not_found': 'The page or item you are looking for does not exist.',
  'general/forbidden': 'You do not have permission to do this.',
  'general/rate_limited': 'Too many tries in a short time. Please wait a moment and try again.',
  'general/payload_too_large': 'What you sent is too large.',
  'general/unsupported_media_type': 'This type of content is not supported.',
  'general/idempotency_key_reused': 'This was already sent with different details. Please refresh the page and try again.',
};

/** The messages above that need a parameter, worded for an answer that carried none. */
const WITHOUT_PARAMS: Partial<Record<ErrorCode, string>> = {
  'product/stock_changed': 'The stock changed since you looked. Check it and try again.',
  'auth/tfa_too_many_attempts': 'Too many wrong codes. Please wait a few minutes, then try again.',
  'user/max_addresses_reached': 'Your address book is full. Delete an address you no longer use to add another.',
  'auth/account_blacklisted': 'Your account has been suspended for breaking our policies. Contact us for help.',
  'payment/method_unavailable': 'The shop cannot take this kind of payment right now. Please try again later, or contact the shop.',
  'cart/invalid_quantity': 'Choose a quantity of at least 1.',
  'cart/invalid_message': 'The note to the seller is too long.',
  'cart/max_items_reached': 'Your cart is full. Check out or remove some items to add more.',
  'wishlist/max_items_reached': 'Your wishlist is full. Remove some products to add more.',
  'voucher/invalid': 'Check the voucher’s fields.',
  'checkout/nothing_selected': 'Choose at least one item to check out.',
  'checkout/invalid_notes': 'Your notes to the shop are too long.',
  'order/invalid_transition': 'This order cannot be changed this way any more.',
  'payment/declined': 'Your card was declined. Try another card.',
  'voucher/not_started': 'This voucher cannot be used yet.',
  'voucher/expired': 'This voucher has expired.',
  'voucher/min_spend': 'Your order is below this voucher’s minimum spend.',
  'quotation/invalid_quantity': 'Choose a quantity of at least 1.',
  'quotation/invalid_instructions': 'Your instructions are too long.',
  'quotation/max_items_reached': 'Your quotation list is full. Remove some items to ask for more.',
  'quotation/invalid_decline_reason': 'Give the shopper a reason.',
  'payment/too_many_reports': 'You already have PayNow transfers waiting for the shop to check. Please wait until the shop confirms them.',
  'settings/invalid_paynow_settle_days': 'Give a whole number of days.',
  'job/not_dead': 'Only failed jobs can be retried. Reload the list.',
  'chat/message_too_long': 'Your message is too long. Shorten it and send it again.',
  'dispute/not_allowed': 'A dispute cannot be opened about this order now.',
  'dispute/description_too_short': 'Tell us a little more about what is wrong.',
  'dispute/description_too_long': 'Your description is too long. Shorten it and send it again.',
  'dispute/cannot_reopen': 'A new dispute cannot be allowed for this order now.',
  'dispute/too_many_photos': 'Your dispute already has all the photos it can have.',
};

/**
 * A refused phone number, for the country it must belong to: what to type, with that country's
 * example (`Enter a phone number of Japan, for example 090-1234-5678 or +81 90 1234 5678.`).
 */
export function phoneNumberMessage(country: string): string {
  const example = phoneExample(country);
  if (!example) return SHOPPER_MESSAGES['user/invalid_phone_number'];
  return `Enter a phone number of ${countryName(country)}, for example ${example.national} or ${example.international}.`;
}

/**
 * A refused postal code, in the country's own word for it (ZIP code, PIN code …): missing, or not
 * of the country's form, with the country's example (`“07990” is not a postal code in Singapore.
 * It should look like 238880.`).
 */
export function postalCodeMessage(country: string, value: string): string {
  const rule = addressRule(country);
  const label = (rule?.postalCodeDisplayValue ?? 'Postal code').replace(/^Postal/, 'postal');
  const typed = value.trim();
  if (typed === '') return `Enter the ${label}.`;
  if (!rule || (rule.postalCodeRegex && !isValidPostalCode(rule, postalCodeWrittenForm(rule, typed))) || typed.length < 3) {
    const example = rule?.postalCodeExample ? ` It should look like ${rule.postalCodeExample}.` : '';
    return `“${typed}” is not ${/^[aeiouAEIOU]/.test(label) ? 'an' : 'a'} ${label} in ${countryName(country)}.${example}`;
  }
  // Refused although it looks right here (the server knows better): ask to check it.
  return `Check the ${label}.${rule.postalCodeExample ? ` It should look like ${rule.postalCodeExample}.` : ''}`;
}

/** A problem of an account form's field in words; the phone number is told in the country chosen. */
export function userFieldMessage(field: string, errorCode: ErrorCode, country: string): string {
  if (field === 'phoneNumber' && errorCode === 'user/invalid_phone_number' && addressRule(country)) return phoneNumberMessage(country);
  return shopperMessage(errorCode);
}

/** The shopper's sentence for a catalogue code, with its parameters. */
export function shopperMessage(code: ErrorCode, params?: ErrorParams): string {
  const message = formatErrorMessage(SHOPPER_MESSAGES[code], params);
  return /\{\w+\}/.test(message) ? (WITHOUT_PARAMS[code] ?? message) : message;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

function nonEmptyString(x: unknown): string | undefined {
  return typeof x === 'string' && x !== '' ? x : undefined;
}

/**
 * The display rule of rules: errors.md. Looks at the response body (`.response.data`, `.data`, `.body`)
 * first and then the error itself:
 * a known `errorCode` gives the shopper's sentence for it (`shopperMessage`) with its `params`;
 * else the `error` text; else the `message`; else 'Unknown error'. A plain non-empty string is
 * shown as it is.
 */
export function errorMessageFor(error: unknown): string {
  if (typeof error === 'string') return error || 'Unknown error';
  if (!isRecord(error)) return 'Unknown error';
  const response = error['response'];
  const sources = [isRecord(response) ? response['data'] : undefined, error['data'], error['body'], error].filter(isRecord);

  for (const source of sources) {
    const code = source['errorCode'];
    if (isErrorCode(code)) {
      const params = source['params'];
      return shopperMessage(code, isRecord(params) ? params : undefined);
    }
  }
  for (const source of sources) {
    const text = nonEmptyString(source['error']);
    if (text) return text;
  }
  for (const source of sources) {
    const text = nonEmptyString(source['message']);
    if (text) return text;
  }
  return 'Unknown error';
}
