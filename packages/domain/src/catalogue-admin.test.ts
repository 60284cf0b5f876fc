import { describe, expect, it } from 'vitest';
import { validateCategoryDraft, validateMerchantDraft } from './catalogue-admin';

const fields = (result: { ok: boolean; problems?: { field: string; errorCode: string }[] }) =>
  result.ok ? [] : result.problems!.map((p) => [p.field, p.errorCode]);

describe('a category as staff save it', () => {
  it('takes its key from its name when none is given', () => {
    expect(validateCategoryDraft({ name: ' Kopi & Teh ', parentId: null })).toEqual({
      ok: true,
      value: { name: 'Kopi & Teh', key: 'kopi-and-teh', parentId: null, image: null, sortOrder: 0 },
    });
  });

  it('says every problem: a name, a key, a parent and an image', () => {
    expect(fields(validateCategoryDraft({ name: '', key: 'Not OK', parentId: 'x', image: '../a.png' }))).toEqual([
      ['name', 'category/invalid_name'],
      ['key', 'category/invalid_key'],
      ['parentId', 'category/invalid_parent'],
      ['image', 'category/invalid_image'],
    ]);
  });
});

describe('a merchant as staff save it', () => {
  it('is normalised, with its URL name from its name', () => {
    expect(validateMerchantDraft({ name: 'Lion City Tech', countryCode: 'sg' })).toEqual({
      ok: true,
      value: { name: 'Lion City Tech', slug: 'lion-city-tech', description: '', logo: null, countryCode: 'SG' },
    });
  });

  it('refuses an unknown country and a bad URL name', () => {
    expect(fields(validateMerchantDraft({ name: 'X', slug: '-x-', countryCode: 'ZZ' }))).toEqual([
      ['slug', 'merchant/invalid_slug'],
      ['countryCode', 'merchant/invalid_country'],
    ]);
  });
});
