import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@kedai/contract';
import { createProduct } from '@kedai/db/factories';
import { createTestApp, get, type TestApp } from '../helpers';

/**
 * The correction a typo-tolerant search names, on products made for it next to the demo seed (its own
 * cases are in catalogue.test.ts): two made-up words equally like the typo, and one clear winner.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Zorbaxil One', 'Zorbaxul Two', 'Velmorix Lamp', 'Velmorix Desk Lamp', 'Velmorux Shade']) {
    await createProduct(t.handle.db, { name });
  }
});
afterAll(() => t?.close());

const search = async (query: string) => (await get<SearchResult>(t.app, `/product/search?${query}`)).body;

describe('GET /product/search: the correction of a typo', () => {
  it('says it tolerated a typo without naming a correction when two words fit it equally', async () => {
    const body = await search('q=zorbaxal');
    expect(body.products.map((p) => p.name).sort()).toEqual(['Zorbaxil One', 'Zorbaxul Two']);
    expect(body).toMatchObject({ typoTolerant: true, correctedQuery: null, suggestedQuery: null });
    expect(await search('q=zorbaxal&exact=true')).toMatchObject({
      total: 0,
      typoTolerant: false,
      correctedQuery: null,
      suggestedQuery: null,
    });
  });

  it('names the word more of the names hold when two fit equally', async () => {
    const body = await search('q=velmorax');
    expect(body.total).toBeGreaterThan(0);
    expect(body).toMatchObject({ typoTolerant: true, correctedQuery: 'velmorix' });
    expect(await search('q=velmorax&exact=true')).toMatchObject({ total: 0, suggestedQuery: 'velmorix' });
  });
});
