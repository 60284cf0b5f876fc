/**
 * The back office's product list against a large catalogue (issue 14: "100k products stay fast"):
 * times `listProductsForStaff` — the function behind `GET /admin/product` — for each order, a
 * search and a deep page, on the database of DATABASE_URL (or the embedded one in DATA_DIR).
 *
 *   DATABASE_URL=postgres://…/kedai_bench npm run seed -- --products 100000 --reset
 *   DATABASE_URL=postgres://…/kedai_bench npx tsx bench/admin-list.ts [--runs 20]
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@kedai/db';
import { listProductsForStaff } from '../apps/api/src/modules/catalogue/admin';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const handle = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : (process.env.DATA_DIR ?? '.data') + '/pglite',
});
await migrateDatabase(handle);

const cases: [string, Parameters<typeof listProductsForStaff>[1]][] = [
  ['recently changed, page 1', {}],
  ['by name, page 1', { sort: 'name' }],
  ['newest, page 400', { sort: 'newest', page: 400 }],
  ['lowest stock first', { sort: 'stock' }],
  ['search "laptop"', { q: 'laptop' }],
  ['disabled only', { disabled: true }],
];
const first = await listProductsForStaff(handle.db, {});
console.log(`${first.total} products; ${runs} runs each (median, p90 in ms)`);
for (const [name, query] of cases) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await listProductsForStaff(handle.db, query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${name} | ${at(0.5)} | ${at(0.9)} |`);
}
await handle.close();
