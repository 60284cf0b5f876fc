import { describe, expect, it } from 'vitest';
import {
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  isRecoveryCodeForm,
  normaliseRecoveryCode,
  recoveryCodesText,
  tfaWaitSeconds,
} from './two-factor';

describe('recovery codes', () => {
  it('are read whatever the case, spaces and dashes, and never mistaken for a six-digit code', () => {
    expect(normaliseRecoveryCode(' ABCD-efgh jkmn-PQRS ')).toBe('abcdefghjkmnpqrs');
    expect(isRecoveryCodeForm('ABCD-efgh jkmn-PQRS')).toBe(true);
    expect(isRecoveryCodeForm('123456')).toBe(false);
    expect(isRecoveryCodeForm('abcd-efgh-jkmn-pqr')).toBe(false); // 15 characters
    expect(isRecoveryCodeForm('abcd-efgh-jkmn-pqr0')).toBe(false); // 0 is not in the alphabet
    expect(formatRecoveryCode('abcdefghjkmnpqrs')).toBe('abcd-efgh-jkmn-pqrs');
    expect(RECOVERY_CODE_LENGTH).toBe(16);
  });
});

describe('the recovery codes file', () => {
  it('the downloaded file says what the codes are for, then one a line', () => {
    const text = recoveryCodesText({
      title: 'Kedai',
      codes: ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'],
      account: 'ana@example.com',
      madeAt: new Date('2026-11-27T10:00:00Z'),
    });
    expect(text).toContain('Account: ana@example.com');
    expect(text).toContain('Made: 2026-11-27');
    expect(text).toContain('Each code works once.');
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh']);
  });
});

describe('the wait after wrong two-factor codes', () => {
  it('is none for the first four, then 300 s, doubling, capped at an hour', () => {
    expect([0, 1, 4].map(tfaWaitSeconds)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50].map(tfaWaitSeconds)).toEqual([300, 600, 1200, 2400, 3600, 3600, 3600]);
  });
});
