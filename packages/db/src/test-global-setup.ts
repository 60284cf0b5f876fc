import { ensurePgliteTemplate } from './testing';

/** Vitest global setup: builds the migrated PGlite template once, before the test files open theirs. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate();
}
