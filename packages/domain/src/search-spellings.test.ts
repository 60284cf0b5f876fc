import { describe, expect, it } from 'vitest';
import { correctQuery } from './search-correction';
import { catalogueForm, joinHyphenated, spellingVariants, splitNamePattern, splitsOf, wordsToCut } from './search-spellings';

describe('joinHyphenated', () => {
  it('joins the hyphenated words PostgreSQL reads as one, and leaves the rest', () => {
    expect(joinHyphenated('Cotton T-shirt, e-mail and Wi-Fi 6')).toBe('Cotton Tshirt, email and WiFi 6');
    expect(joinHyphenated('usb-c a1-b2 über-cool x-ray-proof')).toBe('usbc a1b2 übercool xrayproof');
  });

  it('keeps a hyphen beside a part without letters, a leading minus and a double hyphen', () => {
    expect(joinHyphenated('covid-19 10-20 x-2 3-pack')).toBe('covid-19 10-20 x-2 3-pack');
    expect(joinHyphenated('shirt -red a--b t-')).toBe('shirt -red a--b t-');
    expect(joinHyphenated('shirt -t-shirt')).toBe('shirt -tshirt');
  });
});

describe('spellingVariants', () => {
  it('searches hyphenated words joined', () => {
    expect(spellingVariants('t-shirt')).toEqual(['tshirt']);
    expect(spellingVariants('e-mail')).toEqual(['email']);
  });

  it('also searches each pair of words side by side as one word', () => {
    expect(spellingVariants('t shirt')).toEqual(['t shirt', 'tshirt']);
    expect(spellingVariants('wi fi router')).toEqual(['wi fi router', 'wifi router', 'wi firouter']);
    expect(spellingVariants('Wi-Fi smart plug')).toEqual(['WiFi smart plug', 'WiFismart plug', 'WiFi smartplug']);
  });

  it('leaves one word, operators, excluded words and quoted phrases as typed', () => {
    expect(spellingVariants('tshirt')).toEqual(['tshirt']);
    expect(spellingVariants('shirt or blouse')).toEqual(['shirt or blouse']);
    expect(spellingVariants('shirt -red')).toEqual(['shirt -red']);
    expect(spellingVariants('"cotton t-shirt" blue')).toEqual(['"cotton t-shirt" blue']);
    expect(spellingVariants('"wi fi" smart plug')).toEqual(['"wi fi" smart plug', '"wi fi" smartplug']);
    expect(spellingVariants('  t   shirt ')).toEqual(['  t   shirt ', '  tshirt ']);
  });

  it('joins at most four pairs of a long search', () => {
    expect(spellingVariants('a b c d e f g')).toHaveLength(5);
  });
});

describe('the catalogue’s own form of a word it writes in two', () => {
  it('looks for the typed words of three to thirty letters, once each', () => {
    expect(wordsToCut('WiFi wifi tv Camera ' + 'x'.repeat(31))).toEqual(['wifi', 'camera']);
  });

  it('cuts a word every way', () => {
    expect(splitsOf('wifi')).toEqual([
      ['w', 'ifi'],
      ['wi', 'fi'],
      ['wif', 'i'],
    ]);
    expect(splitsOf('a')).toEqual([]);
  });

  it('finds the names holding a cut word, side by side (PostgreSQL’s ~* pattern)', () => {
    const pattern = new RegExp(splitNamePattern(['wifi'])!.replaceAll('[:alnum:]', 'a-z0-9'), 'i');
    expect(pattern.test('Wi Fi Camera')).toBe(true);
    expect(pattern.test('Smart wi/fi plug')).toBe(true);
    expect(pattern.test('WiFi Camera')).toBe(false);
    expect(pattern.test('Kiwi Fish')).toBe(false);
    expect(splitNamePattern(['a'])).toBeNull();
  });

  it('names the form more names use, as they write it', () => {
    expect(catalogueForm('wifi', ['Wi Fi Camera', 'Outdoor wi fi camera', 'Wi-Fi plug'])).toBe('wi fi');
    expect(catalogueForm('tshirt', ['Cotton T-Shirt'])).toBe('t-shirt');
    expect(catalogueForm('wifi', ['Kiwi Fish', 'WiFi plug'])).toBeNull();
  });

  it('is what "did you mean" offers before any look-alike word', () => {
    expect(correctQuery('wifi camera', ['Wi Fi Camera', 'Wifu Lamp'])).toBe('wi fi camera');
    expect(correctQuery('wifi', ['Wifu Lamp'])).toBe('wifu');
  });
});
