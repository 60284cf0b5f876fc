import { describe, expect, it } from 'vitest';
import { combinationLabel, combinationsOf, parseOptions } from './variant-paths';

describe('parseOptions', () => {
  it('takes one option per line, trimmed, without blank lines', () => {
    expect(parseOptions(' Red \n\r\nBlue\n  \n')).toEqual(['Red', 'Blue']);
    expect(parseOptions('')).toEqual([]);
  });
});

describe('combinationsOf', () => {
  it('gives every path of two variants, first variant outermost', () => {
    const combos = combinationsOf([
      { name: 'Colour', options: ['Red', 'Blue'] },
      { name: 'Size', options: ['S', 'M', 'L'] },
    ]);
    expect(combos.map((c) => c.path)).toEqual(['0/0', '0/1', '0/2', '1/0', '1/1', '1/2']);
    expect(combos[4]).toEqual({ path: '1/1', names: ['Blue', 'M'] });
  });
  it('gives none without variants or when a variant has no options yet', () => {
    expect(combinationsOf([])).toEqual([]);
    expect(
      combinationsOf([
        { name: 'Colour', options: ['Red'] },
        { name: 'Size', options: [] },
      ]),
    ).toEqual([]);
  });
});

describe('combinationLabel', () => {
  it('names each variant and its option', () => {
    expect(combinationLabel([{ name: 'Colour' }, { name: '' }], ['Red', 'M'])).toBe('Colour: Red · Variant 2: M');
  });
});
