import { describe, expect, it } from 'vitest';
import { CHAT_AFTER_SECONDS_FROM, chatAfterPoint } from './chat';

/** `after` of a thread's page: a message id, unix seconds or an ISO instant, never both readings of one value. */
describe('the point `after` names', () => {
  it('a whole number below a billion is a message id', () => {
    expect(chatAfterPoint('0')).toEqual({ messageId: 0 });
    expect(chatAfterPoint('42')).toEqual({ messageId: 42 });
    expect(chatAfterPoint(String(CHAT_AFTER_SECONDS_FROM - 1))).toEqual({ messageId: CHAT_AFTER_SECONDS_FROM - 1 });
  });

  it('from a billion on, or with a fraction, it is unix seconds', () => {
    expect(chatAfterPoint(String(CHAT_AFTER_SECONDS_FROM))).toEqual({ at: new Date('2001-09-09T01:46:40.000Z') });
    expect(chatAfterPoint('1764300000')).toEqual({ at: new Date(1_764_300_000_000) });
    // To the millisecond, read from the digits (a float's product can fall a millisecond short).
    expect(chatAfterPoint('1764300000.123')).toEqual({ at: new Date(1_764_300_000_123) });
    expect(chatAfterPoint('1077777770.008')).toEqual({ at: new Date(1_077_777_770_008) });
    expect(chatAfterPoint('1764300000.5')).toEqual({ at: new Date(1_764_300_000_500) });
    expect(chatAfterPoint('1764300000.123456789')).toEqual({ at: new Date(1_764_300_000_123) });
  });

  it('a date and time in ISO 8601 is an instant', () => {
    expect(chatAfterPoint('2026-11-28T04:00:00Z')).toEqual({ at: new Date('2026-11-28T04:00:00Z') });
    expect(chatAfterPoint('2026-11-28T12:00:00.250+08:00')).toEqual({ at: new Date('2026-11-28T04:00:00.250Z') });
    expect(chatAfterPoint('1970-01-01T00:00:00Z')).toEqual({ at: new Date(0) });
    expect(chatAfterPoint('9999-12-31T23:59:59Z')).toEqual({ at: new Date('9999-12-31T23:59:59Z') });
  });

  it('anything else names no point', () => {
    for (const value of [
      '',
      'yesterday',
      '-1',
      '1e9',
      '12.5',
      '0.5',
      '1764300000.',
      '.5',
      ' 42',
      '0x2a',
      '100000000001',
      '999999999999',
      '1234567890123',
      '2026-11-28',
      '2031-13-45T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T07:59:59+08:00',
    ]) {
      expect(chatAfterPoint(value), value).toBeNull();
    }
  });
});
