import { describe, expect, it } from 'vitest';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_DESCRIPTION_MIN,
  checkDisputeDescription,
  countedLength,
  disputeOpenedText,
  isDisputeReason,
} from './chat';

/** The dispute rules of chat.ts the API and both forms share (issue 29). */
describe('dispute input', () => {
  it('a reason is one of the list, nothing inherited', () => {
    expect(isDisputeReason('damaged')).toBe(true);
    expect(isDisputeReason('not_received')).toBe(true);
    for (const value of ['toString', '__proto__', 'Damaged', '', null, 3]) expect(isDisputeReason(value)).toBe(false);
  });

  it('a description is cleaned as a message is, then held to its limits', () => {
    expect(checkDisputeDescription('  The lid\r\narrived cracked.\u0007  ')).toEqual({ text: 'The lid\narrived cracked.' });
    expect(checkDisputeDescription(' '.repeat(20) + 'x'.repeat(DISPUTE_DESCRIPTION_MIN - 1))).toEqual({ problem: 'too_short' });
    expect(checkDisputeDescription('x'.repeat(DISPUTE_DESCRIPTION_MIN))).toEqual({ text: 'x'.repeat(DISPUTE_DESCRIPTION_MIN) });
    expect(checkDisputeDescription('x'.repeat(DISPUTE_DESCRIPTION_MAX))).toHaveProperty('text');
    expect(checkDisputeDescription('x'.repeat(DISPUTE_DESCRIPTION_MAX + 1))).toEqual({ problem: 'too_long' });
  });

  it("the conversation's note says the reason in the storefront's words, then the description", () => {
    expect(disputeOpenedText('missing_item', 'One cup is missing.')).toBe('An item is missing\n\nOne cup is missing.');
  });
});

describe('the length the limits count', () => {
  it('counts characters of the cleaned text: an emoji or a rare CJK character once, a line end once', () => {
    expect(countedLength('  hi\r\nthere  ')).toBe(8);
    expect(countedLength('👍🏽 ok')).toBe(5);
    expect(countedLength('𠮷')).toBe(1);
    expect(countedLength(' \u0007 ')).toBe(0);
  });

  it('lets a description of the most characters through even when UTF-16 counts it longer', () => {
    const emoji = '😀'.repeat(DISPUTE_DESCRIPTION_MAX);
    expect(checkDisputeDescription(emoji)).toEqual({ text: emoji });
    expect(checkDisputeDescription(emoji + '😀')).toEqual({ problem: 'too_long' });
  });
});
