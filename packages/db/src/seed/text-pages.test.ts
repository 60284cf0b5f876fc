import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import * as schema from '../schema';
import { createTestDatabase } from '../testing';
import { CONFIG } from './data';
import { TEXT_PAGES, defaultTextPages, seedTextPages } from './text-pages';

describe('default text pages', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  it('are the four footer pages, in Markdown with sections and no raw HTML', () => {
    expect(TEXT_PAGES.map((page) => page.slug)).toEqual(['shipping', 'returns', 'privacy', 'terms']);
    for (const page of TEXT_PAGES) {
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.body).toMatch(/^## \S/m);
      expect(page.body).not.toMatch(/<[a-z!/]/i);
      expect(page.body).not.toMatch(/lorem|ipsum|TODO|\$\{/i);
      expect(page.body).toContain(String(CONFIG.contact_email));
    }
  });

  it('name the shop and its contact address', () => {
    const [shipping] = defaultTextPages('Toko', 'help@toko.example');
    expect(shipping!.body).toContain('Toko is based in Singapore');
    expect(shipping!.body).toContain('[help@toko.example](mailto:help@toko.example)');
  });

  it('cover what issue 13 asks of each page', () => {
    const body = (slug: string) => TEXT_PAGES.find((page) => page.slug === slug)!.body;
    expect(body('shipping')).toMatch(/shown at checkout/);
    expect(body('returns')).toMatch(/14 days of delivery/);
    expect(body('privacy')).toMatch(/Personal Data Protection Act 2012/);
    for (const cookie of ['kedai_at', 'kedai_rt', 'XSRF-TOKEN', 'kedai_vid', 'kedai_region']) expect(body('privacy')).toContain(cookie);
    expect(body('terms')).toMatch(/laws of Singapore/);
    expect(body('terms')).toMatch(/## Quotations on marketplace links/);
  });

  it('are added once, and a page staff edited is never overwritten', async () => {
    const db = handle.db;
    expect(await seedTextPages(db)).toBe(4);
    await db
      .update(schema.textPages)
      .set({ body: 'Edited by staff.', updatedAt: sql`now()` })
      .where(eq(schema.textPages.slug, 'terms'));
    await db.delete(schema.textPages).where(eq(schema.textPages.slug, 'returns'));
    expect(await seedTextPages(db)).toBe(1);
    const rows = await db.select().from(schema.textPages);
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.slug === 'terms')!.body).toBe('Edited by staff.');
  });

  it('refuses slugs that are not lower-case words joined by hyphens', async () => {
    await expect(handle.db.insert(schema.textPages).values({ slug: 'Not OK', title: 'x', body: '' })).rejects.toThrow();
  });
});
