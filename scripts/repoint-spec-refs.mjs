#!/usr/bin/env node
/**
 * One-off (kept for branches still citing the old specification): rewrites `spec §N "Heading"` in
 * comments to `rules: <page>.md "Heading"`, the product rules in docs/rules. Safe to re-run: what is
 * already rewritten is left alone. Usage: node scripts/repoint-spec-refs.mjs [dir…] (default: the repo).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PAGE = { 2: 'screens', 3: 'entities', 4: 'state', 5: 'validation', 6: 'access', 7: 'api', 8: 'errors', 9: 'money' };
/** Headings of §3 that are state, and §9's analytics events, live on other pages. */
const MOVED = {
  'Cart state': 'state',
  'Region state': 'state',
  'Config state': 'state',
  'Selection for checkout': 'state',
  'popup shown': 'screens',
  'popup clicked': 'screens',
};
const HEADING = { 'popup shown': 'Analytics', 'popup clicked': 'Analytics' };
const SKIP = new Set(['node_modules', '.git', '.next', '.data', 'dist', 'coverage', 'migrations']);
const EXT = /\.(ts|tsx|mjs|js|css|md)$/;

function* files(dir) {
  if (!statSync(dir).isDirectory()) {
    yield dir;
    return;
  }
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXT.test(name)) yield path;
  }
}

const range = /[Ss]pec §(\d+)–(\d+)/g;
const pattern = /[Ss]pec §(\d+)(?:\.\d+)?(?: "([^"]+)")?('s)?/g;
let changed = 0;
for (const root of process.argv.slice(2).length ? process.argv.slice(2) : ['.']) {
  for (const path of files(root)) {
    if (path.includes('docs/rules/') || path.endsWith('repoint-spec-refs.mjs')) continue;
    const text = readFileSync(path, 'utf8');
    const next = text
      .replace(range, (_, from, to) => `rules: ${PAGE[from]}.md and ${PAGE[to]}.md`)
      .replace(pattern, (_, section, heading) => {
        const page = (heading && MOVED[heading]) || PAGE[section];
        if (!page) return _;
        return heading ? `rules: ${page}.md "${HEADING[heading] ?? heading}"` : `rules: ${page}.md`;
      });
    if (next !== text) {
      writeFileSync(path, next);
      changed++;
    }
  }
}
console.log(`${changed} files rewritten`);
