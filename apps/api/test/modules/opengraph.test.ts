import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { previewLink } from '../../src/modules/opengraph/service';

/**
 * Link previews through the real app (issue 29, `POST /opengraph`): pages of a fixture site on
 * loopback, which only SAFE_FETCH_TEST_ORIGINS lets the API reach, counting the requests each path
 * gets so the cache can be watched.
 */

const PAGES: Record<string, { status?: number; type?: string; headers?: Record<string, string>; body: string }> = {
  '/og': {
    body: `<!doctype html><html><head>
      <base href="https://cdn.fixture-news.example/assets/">
      <title>Not this title</title>
      <meta property="og:title" content="Tom &amp; Jerry&#39;s    Noodle
        House">
      <meta property="og:description" content="  Hand-pulled &lt;b&gt;noodles&lt;/b&gt;,   since 1962 &mdash; open late.  ">
      <meta property="og:image" content="covers/shop.jpg?w=1200&amp;h=630">
      <meta property="og:site_name" content="Fixture &amp; News">
      <meta name="description" content="Not this description">
    </head><body><h1>Noodles</h1></body></html>`,
  },
  '/title-only': {
    body: `<html><head><title>
        Plain &amp; Simple   Page </title>
      <meta name="description" content="Just a page &ndash; nothing more."></head><body>Hello</body></html>`,
  },
  '/http-image': {
    body: `<html><head><meta property="og:title" content="Insecure image">
      <meta property="og:image" content="http://images.fixture-news.example/a.jpg"></head></html>`,
  },
  '/twitter': {
    body: `<html><head><meta name="twitter:title" content="A card">
      <meta name="twitter:description" content="From the Twitter tags">
      <meta name="twitter:image" content="https://images.fixture-news.example/card.png"></head></html>`,
  },
  '/long': {
    body: `<html><head><meta property="og:title" content="${'word '.repeat(100)}">
      <meta property="og:description" content="${'text '.repeat(400)}"></head></html>`,
  },
  '/bare': { body: '<html><body>No head at all</body></html>' },
  '/control-characters': {
    body: `<html><head><title>Not this</title><meta property="og:title" content="Tea\u0000pot">
      <meta property="og:description" content="Ring\u0007 the\u0085 bell&#0;&#1;, \u001b[1mnow\u007f">
      <meta property="og:site_name" content="Pot\u0000 Shop"></head></html>`,
  },
  '/not-kept': { body: '<html><head><meta property="og:title" content="Read, not kept"></head></html>' },
  '/json': { type: 'application/json', body: '{"title":"not a page"}' },
  '/huge': { body: `<html><head><title>Huge</title></head><body>${'x'.repeat(3 * 1024 * 1024)}</body></html>` },
  '/redirect-private': { status: 302, headers: { location: 'http://127.0.0.1/admin' }, body: '' },
  '/redirect-metadata': { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' }, body: '' },
  '/cached': { body: '<html><head><title>Kept for a day</title></head></html>' },
  '/stale': { body: '<html><head><title>First reading</title></head></html>' },
  '/flaky': { status: 503, body: 'down' },
  '/limited': { body: '<html><head><title>Limited</title></head></html>' },
};

let t: TestApp;
let site: { origin: string; hits: Map<string, number>; close(): Promise<void> };

function startFixtureSite(): Promise<typeof site> {
  const hits = new Map<string, number>();
  const server = createServer((request, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = PAGES[path];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
      return;
    }
    response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...page.headers });
    response.end(page.body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

beforeAll(async () => {
  site = await startFixtureSite();
  t = await createTestApp({
    seed: false,
    env: { ...LIFTED_LIMITS, SAFE_FETCH_TEST_ORIGINS: new URL(site.origin).host, RATE_LIMIT_OPENGRAPH: '30/600' },
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

async function keptRow(url: string) {
  const [row] = await t.handle.db.select().from(schema.linkPreviews).where(eq(schema.linkPreviews.url, url));
  return row;
}

describe('POST /opengraph: what a preview shows', () => {
  it('reads OpenGraph tags: entities decoded, markup dropped, whitespace collapsed, the image resolved against the page', async () => {
    const client = await newClient();
    const url = `${site.origin}/og`;
    const answer = await client.post('/opengraph', { url });
    expect(answer.status, answer.response.payload).toBe(200);
    expect(answer.body).toEqual({
      url,
      title: "Tom & Jerry's Noodle House",
      description: 'Hand-pulled noodles, since 1962 — open late.',
      image: 'https://cdn.fixture-news.example/assets/covers/shop.jpg?w=1200&h=630',
      siteName: 'Fixture & News',
    });
  });

  it('falls back to <title> and the meta description; Twitter cards fill in for OpenGraph', async () => {
    const client = await newClient();
    const plain = await client.post('/opengraph', { url: `${site.origin}/title-only` });
    expect(plain.body).toMatchObject({
      title: 'Plain & Simple Page',
      description: 'Just a page – nothing more.',
      image: null,
      siteName: null,
    });
    const card = await client.post('/opengraph', { url: `${site.origin}/twitter` });
    expect(card.body).toMatchObject({
      title: 'A card',
      description: 'From the Twitter tags',
      image: 'https://images.fixture-news.example/card.png',
    });
  });

  it('drops an image that is not https, caps long texts, and answers nulls for a page that says nothing', async () => {
    const client = await newClient();
    const insecure = await client.post('/opengraph', { url: `${site.origin}/http-image` });
    expect(insecure.body).toMatchObject({ title: 'Insecure image', image: null });
    const long = await client.post('/opengraph', { url: `${site.origin}/long` });
    expect(long.body.title.length).toBeLessThanOrEqual(200);
    expect(long.body.title.endsWith('…')).toBe(true);
    expect(long.body.description.length).toBeLessThanOrEqual(500);
    const bare = await client.post('/opengraph', { url: `${site.origin}/bare` });
    expect(bare.body).toEqual({ url: `${site.origin}/bare`, title: null, description: null, image: null, siteName: null });
  });
});

describe('POST /opengraph: control characters', () => {
  it('a NUL or another control character in the page is dropped: the preview is answered and kept', async () => {
    const url = `${site.origin}/control-characters`;
    const answers = [await (await newClient()).post('/opengraph', { url }), await (await newClient()).post('/opengraph', { url })];
    for (const answer of answers) {
      expect(answer.status, answer.response.payload).toBe(200);
      expect(answer.body).toMatchObject({ title: 'Teapot', siteName: 'Pot Shop' });
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(answer.body.description).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/);
      expect(answer.body.description).toMatch(/^Ring the bell\S*, \[1mnow$/);
    }
    expect(await keptRow(url)).toMatchObject({ title: 'Teapot', failure: null });
    expect(site.hits.get('/control-characters')).toBe(1);
  });

  it('a reading the cache cannot keep is still the answer (logged), and the next request reads the page again', async () => {
    const url = `${site.origin}/not-kept`;
    const warnings: unknown[] = [];
    const db = t.handle.db;
    const failingWrites = new Proxy(db, {
      get: (target, key) =>
        key === 'insert'
          ? () => {
              throw new Error('the disk is full');
            }
          : Reflect.get(target, key),
    });
    const deps = {
      db: failingWrites,
      fetchOptions: { allowedTestOrigins: [new URL(site.origin).host] },
      now: () => t.clock.now(),
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    };
    expect(await previewLink(deps, url)).toMatchObject({ url, title: 'Read, not kept' });
    expect(warnings).toHaveLength(1);
    expect(await keptRow(url)).toBeUndefined();
    expect(await previewLink({ ...deps, db }, url)).toMatchObject({ title: 'Read, not kept' });
    expect(site.hits.get('/not-kept')).toBe(2);
    expect(await keptRow(url)).toMatchObject({ title: 'Read, not kept' });
  });
});

describe('POST /opengraph: refusals', () => {
  it.each([
    ['not a link', 'link/invalid'],
    ['ftp://example.com/file', 'link/not_allowed'],
    ['javascript:alert(1)', 'link/not_allowed'],
    ['http://user:secret@example.com/', 'link/not_allowed'],
    ['https://example.com:8443/', 'link/not_allowed'],
    ['http://127.0.0.1/', 'link/not_allowed'],
    ['http://localhost/', 'link/not_allowed'],
    ['http://10.0.0.5/', 'link/not_allowed'],
    ['http://[::1]/', 'link/not_allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'link/not_allowed'],
    ['http://2130706433/', 'link/not_allowed'],
    ['/redirect-private', 'link/not_allowed'],
    ['/redirect-metadata', 'link/not_allowed'],
    ['/json', 'link/not_html'],
    ['/huge', 'link/too_large'],
    ['/missing', 'link/unreachable'],
  ])('%s is 400 %s, with nothing of the page in the answer', async (given, code) => {
    const url = given.startsWith('/') ? `${site.origin}${given}` : given;
    const answer = await (await newClient()).post('/opengraph', { url });
    expectError(answer, 400, code);
    expect(answer.response.payload).not.toMatch(/Huge|not a page|Not found/);
  });

  it('the fixture site itself is refused where it is not a test origin (loopback, and not a standard port)', async () => {
    const strict = await createTestApp({ seed: false, env: LIFTED_LIMITS });
    try {
      const client = await signedInClient(strict.app, await createVerifiedUser(strict.app));
      const before = site.hits.get('/og') ?? 0;
      expectError(await client.post('/opengraph', { url: `${site.origin}/og` }), 400, 'link/not_allowed');
      expect(site.hits.get('/og') ?? 0).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('a refusal for an address off the public internet is never kept: everyone meets the same fresh refusal', async () => {
    const first = await newClient();
    const second = await newClient();
    const redirect = `${site.origin}/redirect-private`;
    const before = site.hits.get('/redirect-private') ?? 0;
    for (const client of [first, second]) {
      expectError(await client.post('/opengraph', { url: redirect }), 400, 'link/not_allowed');
      expectError(await client.post('/opengraph', { url: 'http://localhost/secret' }), 400, 'link/not_allowed');
    }
    // The public hop was fetched each time: no answer came from a kept row.
    expect(site.hits.get('/redirect-private')).toBe(before + 2);
    expect(await keptRow(redirect)).toBeUndefined();
    expect(await keptRow('http://localhost/secret')).toBeUndefined();
  });
});

describe('POST /opengraph: kept per URL', () => {
  it('a reading is kept for a day for everyone (the fragment does not matter), then read again', async () => {
    const url = `${site.origin}/cached`;
    const answers = [
      await (await newClient()).post('/opengraph', { url }),
      await (await newClient()).post('/opengraph', { url: `${url}#comments` }),
      await (await newClient()).post('/opengraph', { url: `${url.replace('http:', 'HTTP:')}` }),
    ];
    expect(answers.map((answer) => answer.body.title)).toEqual(['Kept for a day', 'Kept for a day', 'Kept for a day']);
    expect(answers.map((answer) => answer.body.url)).toEqual([url, url, url]);
    expect(site.hits.get('/cached')).toBe(1);
    expect(await keptRow(url)).toMatchObject({ title: 'Kept for a day', failure: null });

    PAGES['/stale'] = { body: '<html><head><title>First reading</title></head></html>' };
    const stale = `${site.origin}/stale`;
    const client = await newClient();
    expect((await client.post('/opengraph', { url: stale })).body.title).toBe('First reading');
    PAGES['/stale'] = { body: '<html><head><title>Second reading</title></head></html>' };
    t.clock.advance(23 * 3600);
    expect((await client.post('/opengraph', { url: stale })).body.title).toBe('First reading');
    t.clock.advance(3600);
    expect((await client.post('/opengraph', { url: stale })).body.title).toBe('Second reading');
    expect(site.hits.get('/stale')).toBe(2);
  });

  it('a page that could not be read is kept shortly (10 minutes), then read again', async () => {
    const url = `${site.origin}/flaky`;
    const client = await newClient();
    expectError(await client.post('/opengraph', { url }), 400, 'link/unreachable');
    expect(await keptRow(url)).toMatchObject({ failure: 'link/unreachable', title: null });
    PAGES['/flaky'] = { body: '<html><head><title>Back up</title></head></html>' };
    t.clock.advance(9 * 60);
    expectError(await client.post('/opengraph', { url }), 400, 'link/unreachable');
    expect(site.hits.get('/flaky')).toBe(1);
    t.clock.advance(60);
    const answer = await client.post('/opengraph', { url });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('Back up');
    expect(site.hits.get('/flaky')).toBe(2);
    expect(await keptRow(url)).toMatchObject({ failure: null, title: 'Back up' });
  });
});

describe('POST /opengraph: who may ask', () => {
  it('is 401 for visitors, with no fetch', async () => {
    const visitor = new TestClient(t.app);
    expectError(await visitor.post('/opengraph', { url: `${site.origin}/limited` }), 401, 'auth/not_authorized');
    expect(site.hits.get('/limited')).toBeUndefined();
  });

  it('is limited per user (RATE_LIMIT_OPENGRAPH), kept answers included; another user is not held back', async () => {
    const client = await newClient();
    const url = `${site.origin}/limited`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.post('/opengraph', { url })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expectError(await client.post('/opengraph', { url }), 429, 'general/rate_limited');
    expect((await (await newClient()).post('/opengraph', { url })).status).toBe(200);
    expect(site.hits.get('/limited')).toBe(1);
  });
});
