/**
 * `npm run seed -- [--products N] [--reset]`: fills the catalogue with the demo data.
 *
 * DATABASE_URL  PostgreSQL to seed; without it the embedded PGlite in DATA_DIR (./.data/pglite).
 * ASSETS_DIR    where the images go (./.data/assets).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../client';
import { categories, merchants } from '../schema';
import { DEFAULT_PRODUCT_COUNT, isEmpty, resetCatalogue, seedDemo } from './demo';

const USAGE = `Usage: npm run seed -- [--products N] [--reset]

  --products N   number of demo products (default ${DEFAULT_PRODUCT_COUNT})
  --reset        empty the catalogue tables first when the database already has products
  --help         show this help

Environment: DATABASE_URL (PostgreSQL; else PGlite in DATA_DIR, default ./.data/pglite),
             ASSETS_DIR (default ./.data/assets)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        products: { type: 'string', short: 'n' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const productCount = args.products === undefined ? DEFAULT_PRODUCT_COUNT : Number(args.products);
  if (!/^\d+$/.test(args.products ?? '0') || !Number.isSafeInteger(productCount)) {
    fail(`--products must be a whole number, not "${args.products}"`);
  }

  const url = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || './.data/pglite');
  const assetsDir = resolve(process.env.ASSETS_DIR || './.data/assets');
  const started = performance.now();

  const handle = await openDatabase(url ? { url } : { dataDir });
  const target = url ? `PostgreSQL ${url.replace(/\/\/[^@/]*@/, '//…@')}` : `PGlite in ${dataDir}`;
  try {
    console.log(`Seeding ${target}; images in ${assetsDir}`);
    await migrateDatabase(handle);
    const db = handle.db;

    const empty = await isEmpty(db);
    const [categoryCount] = await db.select({ n: count() }).from(categories);
    const [merchantCount] = await db.select({ n: count() }).from(merchants);
    const hasCatalogueRows = !empty || (categoryCount?.n ?? 0) + (merchantCount?.n ?? 0) > 0;
    if (hasCatalogueRows) {
      if (!args.reset) {
        process.exitCode = 1;
        console.error(
          empty
            ? 'The database has categories or merchants but no products (an interrupted seed?). Run again with --reset to empty the catalogue first.'
            : 'The database already has products; nothing was changed. Run again with --reset to empty the catalogue tables and seed afresh.',
        );
        return;
      }
      await resetCatalogue(db);
      console.log('Emptied the catalogue tables.');
    }

    const result = await seedDemo(db, {
      products: productCount,
      assetsDir,
      log: (msg) => console.log(`  ${msg}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Done in ${seconds} s: ${result.products} products (${result.variantPaths} variant paths, ${result.regionPrices} region prices), ` +
        `${result.categories} categories, ${result.merchants} merchants, ${result.imageFiles} image files.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
