/**
 * Date display of rules: money.md: DD/MM/YYYY, DD/MM/YYYY, HH:mm:ss, and year*10000+month*100+day.
 * Timestamps are unix seconds. Every function takes an IANA time zone; the default is UTC so
 * servers print the same thing everywhere, and the storefront passes the shop's zone.
 */

/** Unix seconds, or a Date. */
export type DateInput = number | Date;

export const DEFAULT_TIME_ZONE = 'UTC';

export function fromUnixSeconds(seconds: number): Date {
  if (!Number.isFinite(seconds)) throw new RangeError(`Invalid unix timestamp: ${seconds}`);
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Unix timestamp out of range: ${seconds}`);
  return date;
}

/** Whole seconds, rounded down (so 999 ms before a second boundary stays in the earlier second). */
export function toUnixSeconds(date: Date): number {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  return Math.floor(ms / 1000);
}

function toDate(value: DateInput): Date {
  if (typeof value === 'number') return fromUnixSeconds(value);
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
  return value;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // h23, not hour12: false, which some ICU versions render as "24" at midnight.
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(value: DateInput, timeZone: string): DateParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(toDate(value))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'DD/MM/YYYY' in the given time zone. */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = partsOf(value, timeZone);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** 'DD/MM/YYYY, HH:mm:ss' (24-hour) in the given time zone. */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day, hour, minute, second } = partsOf(value, timeZone);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}, ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** year*10000 + month*100 + day of the calendar date in the given time zone: 29 Feb 2024 -> 20240229. */
export function dateToNumber(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): number {
  const { year, month, day } = partsOf(value, timeZone);
  return year * 10000 + month * 100 + day;
}
