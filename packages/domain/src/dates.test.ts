import { describe, expect, it } from 'vitest';
import { dateToNumber, DEFAULT_TIME_ZONE, formatDate, formatDateTime, fromUnixSeconds, toUnixSeconds } from './dates';

// 2024-02-29T23:30:05Z, a leap day, half an hour before midnight UTC.
const LEAP_LATE = Date.UTC(2024, 1, 29, 23, 30, 5) / 1000;

describe('fromUnixSeconds and toUnixSeconds', () => {
  it('convert between seconds and Dates', () => {
    expect(fromUnixSeconds(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(fromUnixSeconds(LEAP_LATE).toISOString()).toBe('2024-02-29T23:30:05.000Z');
    expect(fromUnixSeconds(-86400).toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(toUnixSeconds(new Date('2024-02-29T23:30:05Z'))).toBe(LEAP_LATE);
    expect(toUnixSeconds(fromUnixSeconds(1_700_000_000))).toBe(1_700_000_000);
  });

  it('keeps fractional seconds as milliseconds, and toUnixSeconds rounds down', () => {
    expect(fromUnixSeconds(1.5).toISOString()).toBe('1970-01-01T00:00:01.500Z');
    expect(toUnixSeconds(new Date('2024-01-01T00:00:00.999Z'))).toBe(1704067200);
    expect(toUnixSeconds(new Date('1969-12-31T23:59:59.500Z'))).toBe(-1);
  });

  it('throw RangeError for invalid input', () => {
    expect(() => fromUnixSeconds(Number.NaN)).toThrow(RangeError);
    expect(() => fromUnixSeconds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromUnixSeconds(1e16)).toThrow(RangeError);
    expect(() => toUnixSeconds(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('defaults to UTC', () => {
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    expect(formatDate(0)).toBe('01/01/1970');
    expect(formatDate(LEAP_LATE)).toBe('29/02/2024');
  });

  it('accepts unix seconds or a Date', () => {
    expect(formatDate(new Date('2023-12-25T10:00:00Z'))).toBe('25/12/2023');
    expect(formatDate(Date.UTC(2023, 11, 25) / 1000)).toBe('25/12/2023');
  });

  it('pads single-digit days and months', () => {
    expect(formatDate(new Date('2025-03-07T12:00:00Z'))).toBe('07/03/2025');
  });

  it('pads years below 1000 to four digits', () => {
    const date = new Date(0);
    date.setUTCFullYear(987, 5, 4);
    expect(formatDate(date)).toBe('04/06/0987');
  });

  it('moves to the next day in Asia/Singapore (UTC+8)', () => {
    expect(formatDate(LEAP_LATE, 'Asia/Singapore')).toBe('01/03/2024');
    expect(formatDate(new Date('2023-12-31T16:00:00Z'), 'Asia/Singapore')).toBe('01/01/2024');
    expect(formatDate(new Date('2023-12-31T15:59:59Z'), 'Asia/Singapore')).toBe('31/12/2023');
  });

  it('moves to the previous day west of UTC', () => {
    expect(formatDate(new Date('2024-03-01T03:00:00Z'), 'America/New_York')).toBe('29/02/2024');
  });

  it('throws RangeError for an invalid date, timestamp or time zone', () => {
    expect(() => formatDate(new Date('nope'))).toThrow(RangeError);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
    expect(() => formatDate(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('prints 24-hour time with seconds', () => {
    expect(formatDateTime(LEAP_LATE)).toBe('29/02/2024, 23:30:05');
    expect(formatDateTime(new Date('2024-07-04T13:05:09Z'))).toBe('04/07/2024, 13:05:09');
  });

  it('prints midnight as 00, not 24', () => {
    expect(formatDateTime(0)).toBe('01/01/1970, 00:00:00');
    expect(formatDateTime(new Date('2024-03-01T00:00:00Z'))).toBe('01/03/2024, 00:00:00');
    expect(formatDateTime(new Date('2024-02-29T16:00:00Z'), 'Asia/Singapore')).toBe('01/03/2024, 00:00:00');
  });

  it('prints noon as 12 and one second before midnight as 23:59:59', () => {
    expect(formatDateTime(new Date('2024-01-01T12:00:00Z'))).toBe('01/01/2024, 12:00:00');
    expect(formatDateTime(new Date('2024-01-01T23:59:59Z'))).toBe('01/01/2024, 23:59:59');
  });

  it('shifts the clock and the date with the time zone', () => {
    expect(formatDateTime(LEAP_LATE, 'Asia/Singapore')).toBe('01/03/2024, 07:30:05');
    expect(formatDateTime(LEAP_LATE, 'Asia/Kolkata')).toBe('01/03/2024, 05:00:05');
    expect(formatDateTime(LEAP_LATE, 'Pacific/Honolulu')).toBe('29/02/2024, 13:30:05');
  });

  it('drops fractional seconds rather than rounding up', () => {
    expect(formatDateTime(new Date('2024-01-01T23:59:59.999Z'))).toBe('01/01/2024, 23:59:59');
  });
});

describe('dateToNumber', () => {
  it('is year*10000 + month*100 + day', () => {
    expect(dateToNumber(LEAP_LATE)).toBe(20240229);
    expect(dateToNumber(new Date('2025-03-07T00:00:00Z'))).toBe(20250307);
    expect(dateToNumber(0)).toBe(19700101);
  });

  it('uses the calendar date of the time zone', () => {
    expect(dateToNumber(LEAP_LATE, 'Asia/Singapore')).toBe(20240301);
    expect(dateToNumber(new Date('2024-01-01T02:00:00Z'), 'America/Los_Angeles')).toBe(20231231);
  });

  it('orders dates the same way as time', () => {
    const a = dateToNumber(new Date('2023-12-31T00:00:00Z'));
    const b = dateToNumber(new Date('2024-01-01T00:00:00Z'));
    const c = dateToNumber(new Date('2024-01-02T00:00:00Z'));
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('throws RangeError for invalid input', () => {
    expect(() => dateToNumber(new Date(Number.NaN))).toThrow(RangeError);
  });
});
