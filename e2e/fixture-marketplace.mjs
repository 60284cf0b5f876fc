#!/usr/bin/env node
// A pretend marketplace ("Fixture Mall") on loopback, for the safe fetcher's tests and the quotation
// journeys: product pages that carry their data as JSON-LD, as an `@graph`, as OpenGraph only and as
// microdata, a page with no product data, and the answers a hostile or broken site gives (redirects
// to private addresses and in a loop, a page that never answers, a huge one, an image, a 404).
// Plain Node, no dependencies: `node e2e/fixture-marketplace.mjs` listens on E2E_MARKETPLACE_PORT (4790).
// It is reachable from the API only through the allowance tests set (SAFE_FETCH_TEST_ORIGINS).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The paths of the fixture's pages, so tests name them rather than repeat them. */
export const FIXTURE_PAGES = Object.freeze({
  /** JSON-LD `Product` with a `Brand`, two images and an `Offer`; og:site_name "Fixture Mall". */
  jsonLd: '/p/studio-headphones',
  /** JSON-LD `@graph` of a WebPage, a BreadcrumbList and a Product with an `AggregateOffer`. */
  jsonLdGraph: '/p/graph-kettle',
  /** OpenGraph only (og:type product, product:price:*), og:site_name "Lamp Street". */
  openGraph: '/p/og-lamp',
  /** schema.org microdata only. */
  microdata: '/p/microdata-backpack',
  /** An article page without any product data. */
  noData: '/p/no-data',
  /** 302 with a relative Location to the JSON-LD page. */
  redirect: '/redirect/studio-headphones',
  /** 302 to http://10.0.0.1/p/x. */
  redirectPrivate: '/redirect/private',
  /** 302 to the cloud metadata address, http://169.254.169.254/latest/meta-data/. */
  redirectMetadata: '/redirect/metadata',
  /** 302 to /redirect/loop/1, which redirects to /redirect/loop/2, and so on forever. */
  redirectLoop: '/redirect/loop/0',
  /** Never answers (until the fixture closes). */
  slow: '/slow',
  /** 3 MiB of text/html, streamed without Content-Length. */
  huge: '/huge',
  /** 3 MiB of text/html with its Content-Length. */
  hugeDeclared: '/huge-declared',
  /** An image/png. */
  image: '/image.png',
  /** 404. */
  gone: '/gone',
});

const HUGE_BYTES = 3 * 1024 * 1024;
const HUGE_CHUNK_BYTES = 64 * 1024;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const IMAGES = 'https://images.fixture-mall.example';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** JSON inside `<script>`: `<` escaped so no value can close the element. */
const jsonLd = (data) => `<script type="application/ld+json">${JSON.stringify(data, null, 2).replace(/</g, '\\u003c')}</script>`;

function layout({ title, head = '', body, siteName = 'Fixture Mall' }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
  header, footer { background: #14365d; color: #fff; padding: 12px 24px; }
  main { max-width: 960px; margin: 24px auto; padding: 0 24px; }
  .price { font-size: 1.6rem; font-weight: 700; }
  nav a { color: #fff; margin-right: 16px; }
</style>
</head>
<body>
<header><strong>${escapeHtml(siteName)}</strong> <nav><a href="/">Home</a><a href="/deals">Deals</a><a href="/help">Help</a></nav></header>
<main>
${body}
</main>
<footer>© 2026 ${escapeHtml(siteName)} · A pretend shop for tests · <a href="/terms">Terms</a></footer>
</body>
</html>
`;
}

function studioHeadphones(origin) {
  const url = `${origin}${FIXTURE_PAGES.jsonLd}`;
  return layout({
    title: 'Studio Wireless Headphones – Fixture Mall',
    head: `<link rel="canonical" href="${url}">
<meta property="og:site_name" content="Fixture Mall">
<meta property="og:title" content="Studio Wireless Headphones">
<meta property="og:url" content="${url}">
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Studio Wireless Headphones',
  sku: 'SNR-WH-100',
  brand: { '@type': 'Brand', name: 'Sonora' },
  image: [`${IMAGES}/headphones-1.jpg`, `${IMAGES}/headphones-2.jpg`],
  description: 'Closed-back wireless headphones with 40 mm drivers, 30 hours of battery and a folding frame.',
  offers: {
    '@type': 'Offer',
    url,
    price: '129.90',
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
  },
})}`,
    body: `<nav aria-label="Breadcrumb"><a href="/c/audio">Audio</a> › <a href="/c/headphones">Headphones</a></nav>
<h1>Studio Wireless Headphones</h1>
<p>by <a href="/brand/sonora">Sonora</a></p>
<img src="${IMAGES}/headphones-1.jpg" alt="Studio Wireless Headphones, front" width="480" height="480">
<img src="${IMAGES}/headphones-2.jpg" alt="Studio Wireless Headphones, folded" width="480" height="480">
<p class="price">US$129.90</p>
<p>In stock – ships in 2 days</p>
<button type="button">Add to cart</button>
<h2>About this item</h2>
<p>Closed-back wireless headphones with 40 mm drivers, 30 hours of battery and a folding frame.</p>`,
  });
}

function graphKettle(origin) {
  const url = `${origin}${FIXTURE_PAGES.jsonLdGraph}`;
  return layout({
    title: 'Gooseneck Pour-Over Kettle 1L – Fixture Mall',
    head: `<link rel="canonical" href="${url}">
<meta property="og:site_name" content="Fixture Mall">
${jsonLd({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebPage', '@id': `${url}#webpage`, url, name: 'Gooseneck Pour-Over Kettle 1L – Fixture Mall' },
    {
      '@type': 'BreadcrumbList',
      '@id': `${url}#breadcrumb`,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Kitchen', item: `${origin}/c/kitchen` },
        { '@type': 'ListItem', position: 2, name: 'Coffee & Tea', item: `${origin}/c/coffee-tea` },
        { '@type': 'ListItem', position: 3, name: 'Gooseneck Pour-Over Kettle 1L' },
      ],
    },
    {
      '@type': 'Product',
      '@id': `${url}#product`,
      mainEntityOfPage: { '@id': `${url}#webpage` },
      name: 'Gooseneck Pour-Over Kettle 1L',
      brand: { '@type': 'Brand', name: 'Brewline' },
      image: `${IMAGES}/kettle-1.jpg`,
      description: 'Stainless steel gooseneck kettle for pour-over coffee, with a built-in thermometer.',
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: 45,
        highPrice: 60,
        offerCount: 3,
        priceCurrency: 'MYR',
        availability: 'https://schema.org/OutOfStock',
      },
    },
  ],
})}`,
    body: `<nav aria-label="Breadcrumb"><a href="/c/kitchen">Kitchen</a> › <a href="/c/coffee-tea">Coffee &amp; Tea</a></nav>
<h1>Gooseneck Pour-Over Kettle 1L</h1>
<img src="${IMAGES}/kettle-1.jpg" alt="Gooseneck Pour-Over Kettle" width="480" height="480">
<p class="price">RM45.00 – RM60.00</p>
<p>Out of stock at all 3 sellers</p>`,
  });
}

function ogLamp(origin) {
  const url = `${origin}${FIXTURE_PAGES.openGraph}`;
  return layout({
    title: 'Arc Floor Lamp | Lamp Street',
    siteName: 'Lamp Street',
    head: `<meta property="og:type" content="product">
<meta property="og:title" content="Arc Floor Lamp">
<meta property="og:description" content="A brushed-brass arc lamp with a marble base and a dimmable LED bulb.">
<meta property="og:url" content="${url}">
<meta property="og:image" content="https://images.lamp-street.example/arc-floor-lamp.jpg">
<meta property="og:site_name" content="Lamp Street">
<meta property="product:price:amount" content="89.00">
<meta property="product:price:currency" content="SGD">`,
    body: `<h1>Arc Floor Lamp</h1>
<img src="https://images.lamp-street.example/arc-floor-lamp.jpg" alt="Arc Floor Lamp" width="480" height="640">
<p class="price">S$89.00</p>
<p>A brushed-brass arc lamp with a marble base and a dimmable LED bulb.</p>`,
  });
}

function microdataBackpack() {
  return layout({
    title: 'Trail Backpack 30L – Fixture Mall',
    body: `<div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Trail Backpack 30L</h1>
  <img itemprop="image" src="${IMAGES}/trail-backpack-30l.jpg" alt="Trail Backpack 30L" width="480" height="480">
  <p>by <span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Ridgeway</span></span></p>
  <p itemprop="description">A 30-litre hiking pack with a rain cover, hip belt pockets and a hydration sleeve.</p>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <p class="price"><span itemprop="priceCurrency" content="EUR">€</span><span itemprop="price" content="59.50">59,50</span></p>
    <link itemprop="availability" href="https://schema.org/InStock">In stock
  </div>
</div>`,
  });
}

function noData() {
  return layout({
    title: 'How to choose a hiking backpack – Fixture Mall Journal',
    body: `<article>
<h1>How to choose a hiking backpack</h1>
<p>Start from the length of your trips: a day hike needs 20 to 30 litres, a weekend 40 to 50.</p>
<p>Then try it on loaded: the hip belt should carry most of the weight, not your shoulders.</p>
</article>`,
  });
}

function sendHtml(request, response, html, status = 200) {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'accept-encoding' };
  // Compressed when asked, as real shops do.
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    const body = gzipSync(html);
    response.writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
    response.end(body);
  } else {
    response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(html) });
    response.end(html);
  }
}

function redirect(response, location) {
  response.writeHead(302, { location, 'content-length': 0 });
  response.end();
}

/** HUGE_BYTES of HTML in chunks, as fast as the reader takes them, until it hangs up. */
function sendHuge(response, declareLength) {
  const head = Buffer.from('<!doctype html><html><head><title>Everything – Fixture Mall</title></head><body>\n');
  const line = Buffer.from('<p>Everything must go: thousands of products on one page.</p>\n');
  const chunk = Buffer.alloc(HUGE_CHUNK_BYTES, line);
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    ...(declareLength ? { 'content-length': HUGE_BYTES } : {}),
  });
  let sent = 0;
  const writeMore = () => {
    while (sent < HUGE_BYTES && !response.destroyed) {
      const next = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
      const part = next.subarray(0, Math.min(next.length, HUGE_BYTES - sent));
      sent += part.length;
      if (sent >= HUGE_BYTES) {
        response.end(part);
        return;
      }
      if (!response.write(part)) {
        response.once('drain', writeMore);
        return;
      }
    }
  };
  writeMore();
}

function handler(origin) {
  const pages = {
    [FIXTURE_PAGES.jsonLd]: () => studioHeadphones(origin),
    [FIXTURE_PAGES.jsonLdGraph]: () => graphKettle(origin),
    [FIXTURE_PAGES.openGraph]: () => ogLamp(origin),
    [FIXTURE_PAGES.microdata]: () => microdataBackpack(),
    [FIXTURE_PAGES.noData]: () => noData(),
  };
  return (request, response) => {
    response.on('error', () => {});
    const path = new URL(request.url ?? '/', origin).pathname;
    const page = pages[path];
    if (page) return sendHtml(request, response, page());
    if (path === FIXTURE_PAGES.redirect) return redirect(response, FIXTURE_PAGES.jsonLd);
    if (path === FIXTURE_PAGES.redirectPrivate) return redirect(response, 'http://10.0.0.1/p/x');
    if (path === FIXTURE_PAGES.redirectMetadata) return redirect(response, 'http://169.254.169.254/latest/meta-data/');
    const loop = /^\/redirect\/loop\/(\d{1,9})$/.exec(path);
    if (loop) return redirect(response, `/redirect/loop/${Number(loop[1]) + 1}`);
    // Holds the request open without a byte; close() ends it.
    if (path === FIXTURE_PAGES.slow) return;
    if (path === FIXTURE_PAGES.huge) return sendHuge(response, false);
    if (path === FIXTURE_PAGES.hugeDeclared) return sendHuge(response, true);
    if (path === FIXTURE_PAGES.image) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      return response.end(PNG);
    }
    sendHtml(request, response, layout({ title: 'Page not found – Fixture Mall', body: '<h1>Page not found</h1>' }), 404);
  };
}

/**
 * Starts the fixture marketplace; `origin` is e.g. `http://127.0.0.1:4790`. `close()` also ends the
 * requests still open (the never-answering `/slow`).
 */
export async function startFixtureMarketplace({ port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer();
  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address();
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  server.on('request', handler(origin));
  return {
    origin,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fixture = await startFixtureMarketplace({ port: Number(process.env.E2E_MARKETPLACE_PORT ?? 4790) });
  console.log(`Fixture marketplace on ${fixture.origin}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void fixture.close().then(() => process.exit(0)));
}
