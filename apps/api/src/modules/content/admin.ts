/** The back office's text pages (issue 14): staff edit the shop's shipping, returns, privacy and terms pages. */
import { AppError, parseTextPage } from '@kedai/domain';
import { eq, schema, sql, type Database } from '@kedai/db';
import type { TextPage } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { findTextPage } from './service';

const { textPages } = schema;

/** `PUT /admin/text_page/{slug}`: a page's new title and Markdown; `updatedAt` becomes now (the page shows it). */
export async function saveTextPage(
  db: Database,
  actorId: string,
  slug: string,
  input: { title: string; body: string },
): Promise<{ textPage: TextPage }> {
  const parsed = parseTextPage(input);
  if (!parsed.ok)
    throw new AppError(parsed.errorCode, [
      { field: parsed.errorCode === 'text_page/invalid_title' ? 'title' : 'body', errorCode: parsed.errorCode },
    ]);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(textPages).where(eq(textPages.slug, slug)).for('update');
    if (!before) throw new AppError('general/not_found', [slug]);
    await tx
      .update(textPages)
      .set({ ...parsed.value, updatedAt: sql`now()` })
      .where(eq(textPages.slug, slug));
    await recordAudit(tx, { actorId, action: 'text_page.update', objectType: 'text_page', objectId: slug, before, after: parsed.value });
  });
  return { textPage: await findTextPage(db, slug) };
}
