#!/usr/bin/env node
/**
 * Lighthouse benchmark of the storefront: home, a search results page and a product page, each run
 * several times with Lighthouse's default mobile settings (Moto G Power–class emulation, simulated
 * slow-4G throttling and 4× CPU slowdown), reporting the median of every number.
 *
 * Usage (from the repository root, with the storefront already running — `npm start`):
 *
 *   node bench/lighthouse.mjs [baseUrl] [--runs N] [--quiet-wait S] [--json-dir DIR]
 *
 *   baseUrl         storefront origin (default http://127.0.0.1:3700); the web app proxies /api to the API
 *   --runs N        Lighthouse runs per page (default 3); the table shows medians
 *   --quiet-wait S  before each run wait up to S seconds for the machine to be ≥ 80% idle, as other
 *                   work skews TBT and so the performance score (default 60; 0 = don't wait)
 *   --json-dir DIR  where each run's full Lighthouse report (JSON) is written (default $TMPDIR/kedai-lighthouse)
 *   CHROME_PATH     Chromium to launch (default /usr/bin/chromium); nothing is downloaded
 *
 * Pages: `/`, `/search?q=lapton` (a typo on purpose: exercises the fuzzy search) and
 * `/product/<paramName>` of the first result of `/api/product/search?q=laptop&limit=1`.
 *
 * Every run starts from a fresh Chromium profile with storage cleared, i.e. as a first-time visitor:
 * on `/` the home popup (HomePopups) opens ~1.5 s after hydration and is part of what is
 * measured — its backdrop weighs on Speed Index, and while it is open the rest of the page is inert,
 * so axe (the accessibility audits) checks little more than the dialog and the header.
 *
 * "First-load JS (compressed)" is the sum of `transferSize` over the `network-requests` items whose
 * resourceType is Script, i.e. every script the page fetched while Lighthouse watched it, including
 * any route prefetches the framework made after load.
 *
 * Prints a Markdown table of the medians, then the per-run numbers (with how busy the machine was:
 * idle share just before each run, and the share of all CPUs that other processes — not this script
 * nor its Chromium — used during the run; Lighthouse's own benchmarkIndex drops on a busy host), then each accessibility, SEO and
 * best-practices audit that failed in any run (with the failing elements) and the top performance
 * opportunities of each page. Exits 1 if a run failed (Lighthouse runtime error or a launch failure).
 */
import { mkdirSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------- args
const argv = process.argv.slice(2);
const opts = { runs: 3, quietWait: 60, jsonDir: join(tmpdir(), 'kedai-lighthouse') };
let baseUrl = 'http://127.0.0.1:3700';
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const next = () => {
    if (i + 1 >= argv.length) die(`${a} needs a value`);
    return argv[++i];
  };
  if (a === '--runs') opts.runs = Number(next());
  else if (a === '--quiet-wait') opts.quietWait = Number(next());
  else if (a === '--json-dir') opts.jsonDir = next();
  else if (a === '-h' || a === '--help') {
    console.log('usage: node bench/lighthouse.mjs [baseUrl] [--runs N] [--quiet-wait S] [--json-dir DIR]');
    process.exit(0);
  } else if (a.startsWith('--')) die(`unknown option ${a}`);
  else baseUrl = a;
}
if (!Number.isInteger(opts.runs) || opts.runs < 1) die('--runs must be a positive integer');
if (!(opts.quietWait >= 0)) die('--quiet-wait must be ≥ 0');
baseUrl = baseUrl.replace(/\/+$/, '');

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function die(message) {
  console.error(`lighthouse bench: ${message}`);
  process.exit(2);
}
const log = (...args) => console.error(...args);

// ------------------------------------------------------------------------------------ machine quiet
/** Share of the machine's CPU time that was idle over `ms` (Linux /proc/stat), or null elsewhere. */
async function idleShare(ms) {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: fields[3] + fields[4], total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  if (!a || !b) return null;
  return b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : null;
}

/** Jiffies (all CPUs) from /proc/stat: { busy, total }, or null off Linux. */
function cpuTotals() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - f[4], total };
  } catch {
    return null;
  }
}

/** CPU jiffies used by this process and all its descendants (Chromium and its helpers), or null. */
function ownTreeJiffies() {
  try {
    const procs = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const a = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        procs.push({ pid: Number(name), ppid: Number(a[1]), jiffies: Number(a[11]) + Number(a[12]) + Number(a[13]) + Number(a[14]) });
      } catch {
        // the process ended meanwhile
      }
    }
    const ours = new Set([process.pid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of procs) {
        if (!ours.has(p.pid) && ours.has(p.ppid)) {
          ours.add(p.pid);
          grew = true;
        }
      }
    }
    return procs.filter((p) => ours.has(p.pid)).reduce((sum, p) => sum + p.jiffies, 0);
  } catch {
    return null;
  }
}

/** Waits (up to --quiet-wait) until the machine is ≥ 80% idle; returns the last idle share seen. */
async function waitForQuiet() {
  let idle = await idleShare(1500);
  if (opts.quietWait === 0) return idle;
  const deadline = Date.now() + opts.quietWait * 1000;
  let said = false;
  while (idle !== null && idle < 0.8 && Date.now() < deadline) {
    if (!said) log(`  machine only ${Math.round(idle * 100)}% idle (other work): waiting up to ${opts.quietWait} s`);
    said = true;
    idle = await idleShare(2000);
  }
  if (said) log(`  ${idle >= 0.8 ? 'quiet' : 'still busy'}: ${Math.round(idle * 100)}% idle`);
  return idle;
}

// --------------------------------------------------------------------------------------------- pages
async function productPath() {
  const url = `${baseUrl}/api/product/search?q=laptop&limit=1`;
  let body;
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (err) {
    die(`could not find a product via ${url}: ${err.message}`);
  }
  const product = body?.products?.[0];
  if (!product?.paramName) die(`${url} returned no product`);
  return { path: `/product/${encodeURIComponent(product.paramName)}`, name: product.name };
}

// ------------------------------------------------------------------------------------------ one run
/**
 * One Lighthouse run in a fresh Chromium (fresh profile). Also returns the share of the machine's CPU
 * that other processes (not this script, not its Chromium) used during the run: other work on the
 * machine competes with the page's main thread and inflates TBT.
 */
async function runOnce(url) {
  const cpu0 = cpuTotals();
  const own0 = ownTreeJiffies();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json())
      .then((v) => v.Browser ?? null)
      .catch(() => null);
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    const cpu1 = cpuTotals();
    const own1 = ownTreeJiffies(); // before Chromium is killed, so its helpers are still counted
    const others =
      cpu0 && cpu1 && own0 !== null && own1 !== null && cpu1.total > cpu0.total
        ? Math.max(0, (cpu1.busy - cpu0.busy - (own1 - own0)) / (cpu1.total - cpu0.total))
        : null;
    return { lhr: result.lhr, version, others };
  } finally {
    await chrome.kill();
  }
}

function summarise(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const num = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsCount: scripts.length,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // First paint as observed in the unthrottled load. Headless Chromium sometimes holds back the
    // page's first frame by ~1 s (BeginFrames withheld from a busy renderer); Lantern then counts all
    // the script work before it into LCP. Shown per run so such runs can be told apart.
    observedFcp: lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? null,
  };
}

// ----------------------------------------------------------------------------------------- helpers
function median(values) {
  const v = values.filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}
const fmtScore = (x) => (x === null ? '—' : String(Math.round(x)));
const fmtMs = (x) => (x === null ? '—' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${Math.round(x)} ms`);
const fmtCls = (x) => (x === null ? '—' : x.toFixed(3));
const fmtKb = (x) => (x === null ? '—' : `${(x / 1024).toFixed(1)} KB`);
const pct = (x) => (x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`);
const cell = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s+/g, ' ')
    .trim();

/** Failing elements / URLs of an audit's details, as short strings. */
function failingItems(audit, limit = 8) {
  const items = audit.details?.items ?? [];
  const out = [];
  for (const item of items) {
    const node = item.node ?? (item.type === 'node' ? item : null);
    if (node)
      out.push(
        `${node.selector ?? '?'} — ${node.snippet ?? ''}${node.explanation ? ` (${node.explanation.split('\n').slice(0, 2).join(' ')})` : ''}`,
      );
    else if (item.statistic) out.push(`${item.statistic}: ${item.value?.value ?? item.value}`);
    else if (item.groupLabel) out.push(`${item.groupLabel}: ${fmtMs(item.duration)}`);
    else if (item.url) {
      const extra = [
        item.total != null ? `${fmtMs(item.total)} CPU` : null,
        item.wastedBytes ? `${fmtKb(item.wastedBytes)} wasted` : null,
        item.wastedMs ? `${fmtMs(item.wastedMs)} wasted` : null,
        item.cacheLifetimeMs != null ? `cache ${Math.round(item.cacheLifetimeMs / 1000)} s` : null,
      ].filter(Boolean);
      out.push(`${item.url}${extra.length ? ` (${extra.join(', ')})` : ''}`);
    } else if (item.source?.url) out.push(`${item.source.url}:${item.source.line ?? ''}`);
    else if (item.description) out.push(item.description);
    else out.push(JSON.stringify(item).slice(0, 200));
    // Nested sub-items (e.g. the elements of a failing landmark or a colour-contrast group).
    for (const sub of item.subItems?.items ?? []) {
      const n = sub.relatedNode ?? sub.node;
      if (n) out.push(`  ↳ ${n.selector ?? '?'} — ${n.snippet ?? ''}`);
    }
  }
  return { shown: out.slice(0, limit), more: Math.max(0, out.length - limit) };
}

// -------------------------------------------------------------------------------------------- main
async function main() {
  const lhVersion = require('lighthouse/package.json').version;
  mkdirSync(opts.jsonDir, { recursive: true });

  const product = await productPath();
  const pages = [
    { name: 'Home', path: '/' },
    { name: 'Search', path: '/search?q=lapton' },
    { name: `Product (${product.name})`, path: product.path },
  ];

  // Warm the server (route caches, image optimiser) so no run measures a cold first render.
  for (const page of pages) {
    const res = await fetch(baseUrl + page.path).catch((err) => die(`${baseUrl + page.path}: ${err.message}`));
    if (!res.ok) die(`${baseUrl + page.path} answered HTTP ${res.status}`);
    await res.arrayBuffer();
  }

  log(`Lighthouse ${lhVersion}, ${CHROME_PATH}, ${opts.runs} run(s) per page, ${cpus().length} CPU(s), load ${loadavg()[0].toFixed(2)}`);
  const results = pages.map(() => []);
  let chromeVersion = null;
  let failed = false;

  // Round-robin over the pages so a burst of other work on the machine does not land on one page only.
  for (let run = 1; run <= opts.runs; run++) {
    for (const [i, page] of pages.entries()) {
      const url = baseUrl + page.path;
      const idle = await waitForQuiet();
      log(`run ${run}/${opts.runs} ${page.name}: ${url}${idle === null ? '' : ` (machine ${Math.round(idle * 100)}% idle)`}`);
      let lhr;
      let others = null;
      try {
        let version;
        ({ lhr, version, others } = await runOnce(url));
        chromeVersion ??= version;
      } catch (err) {
        failed = true;
        log(`  FAILED: ${err.message}`);
        continue;
      }
      const file = join(opts.jsonDir, `${page.path === '/' ? 'home' : page.path.split(/[/?]/)[1]}-run${run}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      const s = { ...summarise(lhr), idle, others, file, lhr };
      if (s.runtimeError) {
        failed = true;
        log(`  RUNTIME ERROR: ${s.runtimeError}`);
      }
      for (const w of s.warnings) log(`  warning: ${w}`);
      log(
        `  perf ${fmtScore(s.performance)} a11y ${fmtScore(s.accessibility)} bp ${fmtScore(s.bestPractices)} seo ${fmtScore(s.seo)}` +
          ` LCP ${fmtMs(s.lcp)} TBT ${fmtMs(s.tbt)} CLS ${fmtCls(s.cls)} JS ${fmtKb(s.jsBytes)} (${s.jsCount} scripts) observed FCP ${fmtMs(s.observedFcp)}` +
          `${others === null ? '' : `; other processes used ${pct(others)} of the CPU meanwhile`}`,
      );
      results[i].push(s);
    }
  }

  // ------------------------------------------------------------------------------------ the tables
  const out = [];
  out.push(
    `Lighthouse ${lhVersion}, Chromium ${chromeVersion ?? '?'}, mobile (default form factor and simulated throttling), ${opts.runs} run(s) per page, medians`,
  );
  out.push(`Base URL ${baseUrl}; product page ${product.path}`);
  out.push('');
  out.push('| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | First-load JS (compressed) |');
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [i, page] of pages.entries()) {
    const r = results[i];
    const m = (k) => median(r.map((x) => x[k]));
    out.push(
      `| ${cell(page.name)} \`${cell(page.path)}\` | ${fmtScore(m('performance'))} | ${fmtScore(m('accessibility'))} | ${fmtScore(m('bestPractices'))} | ${fmtScore(m('seo'))} | ${fmtMs(m('lcp'))} | ${fmtMs(m('tbt'))} | ${fmtCls(m('cls'))} | ${fmtKb(m('jsBytes'))} |`,
    );
  }
  out.push('');
  out.push(
    'Per run (performance / accessibility / best practices / SEO · LCP · TBT · CLS · JS · first paint observed in the unthrottled load (≳ 1 s: the first frame was held back, see `observedFcp` in this script) · machine idle before the run · share of the machine’s CPU used by other processes during the run · Lighthouse benchmarkIndex, lower = slower/busier host):',
  );
  out.push('');
  out.push('| Page | Run | Scores | LCP | TBT | CLS | JS (scripts) | Observed FCP | Idle before | Others’ CPU during | benchmarkIndex |');
  out.push('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [i, page] of pages.entries()) {
    results[i].forEach((s, j) => {
      out.push(
        `| ${cell(page.name)} | ${j + 1} | ${[s.performance, s.accessibility, s.bestPractices, s.seo].map(fmtScore).join(' / ')} | ${fmtMs(s.lcp)} | ${fmtMs(s.tbt)} | ${fmtCls(s.cls)} | ${fmtKb(s.jsBytes)} (${s.jsCount}) | ${fmtMs(s.observedFcp)} | ${pct(s.idle)} | ${pct(s.others)} | ${s.benchmarkIndex ?? '—'} |`,
      );
    });
  }

  // ------------------------------------------------------------------------------ failing audits
  out.push('');
  out.push('## Failing audits (accessibility, SEO, best practices), in any run');
  for (const [i, page] of pages.entries()) {
    const failing = new Map(); // audit id → { category, audit, runs }
    for (const s of results[i]) {
      for (const cat of ['accessibility', 'seo', 'best-practices']) {
        for (const ref of s.lhr.categories[cat]?.auditRefs ?? []) {
          const audit = s.lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          if (['manual', 'notApplicable', 'informative'].includes(audit.scoreDisplayMode)) continue;
          const entry = failing.get(ref.id) ?? { cat, audit, weight: ref.weight, runs: 0 };
          entry.runs++;
          failing.set(ref.id, entry);
        }
      }
    }
    out.push('');
    out.push(`### ${page.name} \`${page.path}\``);
    if (failing.size === 0) out.push('', 'none');
    for (const [id, { cat, audit, weight, runs }] of failing) {
      const w = weight === 0 ? 'weight 0: does not count towards the score' : `weight ${weight}`;
      out.push(
        '',
        `- **${cat} / \`${id}\`** (${w}, failed in ${runs}/${results[i].length} runs): ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`,
      );
      const { shown, more } = failingItems(audit);
      for (const line of shown) out.push(`  - \`${line.replace(/`/g, "'")}\``);
      if (more) out.push(`  - … and ${more} more`);
    }
  }

  // ----------------------------------------------------------------------- performance opportunities
  out.push('');
  out.push('## Top performance opportunities and diagnostics (run with the median performance score)');
  for (const [i, page] of pages.entries()) {
    const r = results[i];
    if (r.length === 0) continue;
    const med = median(r.map((x) => x.performance));
    const s = r.reduce((best, x) => (Math.abs(x.performance - med) < Math.abs(best.performance - med) ? x : best), r[0]);
    // The insight audits (group "hidden" in Lighthouse 12) duplicate the classic ones: skip them, and the
    // LCP element audit, whose element and phases are printed first.
    const perfIds = new Set(
      (s.lhr.categories.performance?.auditRefs ?? [])
        .filter((a) => a.group !== 'hidden' && a.id !== 'largest-contentful-paint-element')
        .map((a) => a.id),
    );
    const opps = [];
    for (const id of perfIds) {
      const a = s.lhr.audits[id];
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (
        ['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode) &&
        !a.details?.overallSavingsMs &&
        !a.details?.overallSavingsBytes
      )
        continue;
      const savingsMs = a.details?.overallSavingsMs ?? a.metricSavings?.LCP ?? a.metricSavings?.TBT ?? 0;
      const savingsBytes = a.details?.overallSavingsBytes ?? 0;
      if (a.details?.type === 'opportunity' || savingsMs > 0 || savingsBytes > 0 || a.scoreDisplayMode === 'metricSavings') {
        opps.push({ id, a, savingsMs, savingsBytes });
      }
    }
    opps.sort((x, y) => y.savingsMs - x.savingsMs || y.savingsBytes - x.savingsBytes);
    out.push('');
    out.push(`### ${page.name} \`${page.path}\` (performance ${s.performance})`);
    const lcpEl = s.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (lcpEl) out.push('', `- LCP element: \`${lcpEl.selector}\` — \`${(lcpEl.snippet ?? '').replace(/`/g, "'")}\``);
    const phases = s.lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
    if (phases) out.push(`- LCP phases: ${phases.map((p) => `${p.phase} ${fmtMs(p.timing)}`).join(', ')}`);
    const scripts = (s.lhr.audits['network-requests']?.details?.items ?? [])
      .filter((r) => r.resourceType === 'Script')
      .sort((x, y) => (y.transferSize ?? 0) - (x.transferSize ?? 0));
    out.push(
      `- Scripts (${fmtKb(s.jsBytes)} transferred): ${scripts.map((r) => `${r.url.replace(baseUrl, '')} ${fmtKb(r.transferSize ?? 0)}`).join(', ')}`,
    );
    if (opps.length === 0) out.push('', 'no opportunity with savings');
    for (const { id, a, savingsMs, savingsBytes } of opps.slice(0, 8)) {
      const save = [savingsMs ? `~${Math.round(savingsMs)} ms` : null, savingsBytes ? `~${fmtKb(savingsBytes)}` : null]
        .filter(Boolean)
        .join(', ');
      out.push(
        `- \`${id}\` (score ${a.score}${save ? `, est. savings ${save}` : ''}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`,
      );
      const { shown, more } = failingItems(a, 5);
      for (const line of shown) out.push(`  - \`${line.replace(/`/g, "'")}\``);
      if (more) out.push(`  - … and ${more} more`);
    }
  }
  out.push('');
  out.push(`Full reports: ${opts.jsonDir}/*.json (open in https://googlechrome.github.io/lighthouse/viewer/)`);

  console.log(out.join('\n'));
  if (failed) {
    log('\nlighthouse bench: at least one run failed (see above)');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
