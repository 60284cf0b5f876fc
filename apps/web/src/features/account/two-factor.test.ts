import { describe, expect, it } from 'vitest';
import { momentInWords, recoveryCodeProblem, recoveryCodesCount, waitInWords } from './two-factor';

describe('recovery codes as typed', () => {
  it('a code of the wrong shape is told before sending; an empty one asks for a code', () => {
    expect(recoveryCodeProblem('abcd-efgh-jkmn-pqrs')).toBeUndefined();
    expect(recoveryCodeProblem('ABCD EFGH JKMN PQRS')).toBeUndefined();
    expect(recoveryCodeProblem('')).toBe('Enter one of your recovery codes');
    expect(recoveryCodeProblem('123456')).toBe('A recovery code has 16 letters and numbers, like abcd-efgh-jkmn-pqrs');
    expect(recoveryCodeProblem('abcd-efgh-jkmn-pqr!')).toBeDefined();
  });

  it('counts read as a person would say them', () => {
    expect(recoveryCodesCount(0)).toBe('no recovery codes');
    expect(recoveryCodesCount(1)).toBe('1 recovery code');
    expect(recoveryCodesCount(10)).toBe('10 recovery codes');
  });
});

describe('waits and moments in words', () => {
  it('a wait is rounded up to what a person would say', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(300)).toBe('5 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(5400)).toBe('1 hour 30 minutes');
  });

  it('a moment reads as a day and time; an unreadable one is shown as it came', () => {
    expect(momentInWords('2026-11-30T08:45:00.000Z', 'Asia/Singapore')).toBe('Monday 30 November 2026 at 4:45 pm');
    expect(momentInWords('2026-11-30T08:45:00.000Z', 'UTC')).toBe('Monday 30 November 2026 at 8:45 am');
    expect(momentInWords('soon')).toBe('soon');
  });
});
