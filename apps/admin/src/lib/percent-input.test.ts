import { describe, expect, it } from 'vitest';
import { parsePercent, percentText } from './percent-input';

describe('parsePercent', () => {
  it('reads a typed percentage as whole basis points, exactly', () => {
    expect(parsePercent('9')).toEqual({ ok: true, value: 900 });
    expect(parsePercent(' 12.5 ')).toEqual({ ok: true, value: 1250 });
    expect(parsePercent('0.01')).toEqual({ ok: true, value: 1 });
    expect(parsePercent('8.75 %')).toEqual({ ok: true, value: 875 });
    expect(parsePercent('100')).toEqual({ ok: true, value: 10_000 });
    expect(parsePercent('0')).toEqual({ ok: true, value: 0 });
    expect(parsePercent('0.29')).toEqual({ ok: true, value: 29 }); // never 28.999…
  });
  it('gives null for blank unless required', () => {
    expect(parsePercent('')).toEqual({ ok: true, value: null });
    expect(parsePercent(' ', { required: true })).toEqual({ ok: false, error: 'Enter a percentage' });
  });
  it('refuses what is not a percentage from the smallest allowed to 100', () => {
    expect(parsePercent('9,5').ok).toBe(false);
    expect(parsePercent('1.234').ok).toBe(false);
    expect(parsePercent('-5').ok).toBe(false);
    expect(parsePercent('1e2').ok).toBe(false);
    expect(parsePercent('100.01')).toEqual({ ok: false, error: 'The percentage must be at most 100' });
    expect(parsePercent('0', { min: 1 })).toEqual({ ok: false, error: 'The percentage must be at least 0.01' });
  });
});

describe('percentText', () => {
  it('shows basis points as a percentage without trailing zeros', () => {
    expect(percentText(900)).toBe('9');
    expect(percentText(1250)).toBe('12.5');
    expect(percentText(875)).toBe('8.75');
    expect(percentText(1)).toBe('0.01');
    expect(percentText(10_000)).toBe('100');
    expect(percentText(0)).toBe('0');
  });
  it('reads back what it shows', () => {
    for (const bp of [1, 10, 99, 100, 101, 999, 1234, 10_000]) expect(parsePercent(percentText(bp))).toEqual({ ok: true, value: bp });
  });
});
