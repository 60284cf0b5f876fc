import { describe, expect, it } from 'vitest';
import { correctQuery } from './search-correction';

const names = ['Aero 14 Laptop', 'Gaming Laptop 15.6" RTX', 'Laptop Sleeve 13"', 'Lapis Pencil Set'];

describe('correctQuery', () => {
  it('replaces a typo by the closest word of the names found', () => {
    expect(correctQuery('lapton', names)).toBe('laptop');
    expect(correctQuery('gamng laptop', names)).toBe('gaming laptop');
  });

  it('keeps the words the names hold, lower-cases and tidies the rest', () => {
    expect(correctQuery('  Gaming   LAPTON!', names)).toBe('gaming laptop');
    expect(correctQuery('rtx lapton', names)).toBe('rtx laptop');
  });

  it('is the same whatever the order of the names', () => {
    expect(correctQuery('lapton', [...names].reverse())).toBe('laptop');
  });

  it('prefers the word more of the names hold when two are equally close', () => {
    // "cables" and "tables" are both one letter from "dables"; more names hold "cables".
    expect(correctQuery('dables', ['USB cables', 'HDMI cables', 'Side tables'])).toBe('cables');
  });

  it('names no correction when two words are equally close and equally common', () => {
    expect(correctQuery('dables', ['USB cables', 'Side tables'])).toBeNull();
  });

  it('names no correction when a word has no name word like it', () => {
    expect(correctQuery('lapton zzqxjwv', names)).toBeNull();
    expect(correctQuery('lapton', [])).toBeNull();
  });

  it('names no correction when nothing would change', () => {
    expect(correctQuery('Laptop', names)).toBeNull();
    expect(correctQuery('', names)).toBeNull();
    expect(correctQuery('!!', names)).toBeNull();
  });

  it('keeps words shorter than three letters as typed', () => {
    expect(correctQuery('xz lapton', names)).toBe('xz laptop');
  });

  it('reads letters of any script', () => {
    expect(correctQuery('kopí', ['Kopi Luwak', 'Kopi O'])).toBe('kopi');
  });
});
