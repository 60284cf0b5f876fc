/**
 * The built-in test gateway's cards (issue 16, step 4): the shop takes payments with no outside
 * service until real keys are configured, and answers Stripe's documented test card numbers as
 * Stripe's test mode would, so shoppers, journeys and tests can try every outcome. Also the card
 * number helpers any card form needs (Luhn check, brand, last four digits). Never keep a number.
 */

/** Why a card was refused, in Stripe's decline codes. */
export type CardDeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'incorrect_number';

/** 'requires_action': the shopper must confirm (3-D Secure) before the charge succeeds. */
export type TestCardOutcome = 'succeeded' | 'requires_action' | { declined: CardDeclineCode };

/** Stripe's documented test numbers and what they do; any other valid number succeeds. */
export const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': { declined: 'generic_decline' },
  '4000000000009995': { declined: 'insufficient_funds' },
  '4000000000000069': { declined: 'expired_card' },
  '4000002500003155': 'requires_action',
};

/** Stripe's messages for its decline codes: the `{0}` of `payment/declined`. */
export const CARD_DECLINE_MESSAGES: Record<CardDeclineCode, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
};

export const CARD_DIGITS_MIN = 12;
export const CARD_DIGITS_MAX = 19;

/** The digits of a number as typed ('4242 4242-4242 4242'): spaces and dashes dropped; null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn check digit test every card number passes; spaces and dashes are ignored. */
export function isLuhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (digits === null) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every second digit is doubled; a two-digit result counts as its digit sum.
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/** What the test gateway answers for a card number: Stripe's outcome for its test numbers, success for any other valid one. */
export function testCardOutcome(number: string): TestCardOutcome {
  const digits = cardDigits(number);
  if (digits === null || digits.length < CARD_DIGITS_MIN || digits.length > CARD_DIGITS_MAX || !isLuhnValid(digits)) {
    return { declined: 'incorrect_number' };
  }
  // Digits only, so no inherited key ('constructor') can match.
  return TEST_CARDS[digits] ?? 'succeeded';
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

/** The brand from the number's first digits: Visa 4; Mastercard 51–55 and 2221–2720; American Express 34, 37. */
export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (digits === null) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  const four = digits.length >= 4 ? Number(digits.slice(0, 4)) : 0;
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return 'unknown';
}

/** The last four digits, all a receipt or the payments ledger keeps ('visa •••• 4242'); '' without four digits. */
export function cardLast4(number: string): string {
  const digits = cardDigits(number);
  return digits !== null && digits.length >= 4 ? digits.slice(-4) : '';
}
