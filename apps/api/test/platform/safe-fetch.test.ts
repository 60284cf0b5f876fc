import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@kedai/domain';
import { fetchPublicPage, isPublicAddress, parseFetchableUrl, type SafeFetchOptions } from '../../src/platform/safe-fetch';

import { FIXTURE_PAGES as PAGES, startFixtureMarketplace } from '../marketplace';

/** The code `parseFetchableUrl` refuses a link with, or undefined when it takes it. */
function refusalOf(link: string): string | undefined {
  try {
    parseFetchableUrl(link);
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.errorCode : String(error);
  }
}

describe('isPublicAddress', () => {
  it('refuses every address that is not on the public internet, in any form', () => {
    for (const address of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '::7f00:1',
      'not an address',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public IPv4 and IPv6 addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('parseFetchableUrl', () => {
  it('takes http and https links on their standard ports', () => {
    expect(parseFetchableUrl('https://shop.example/p/1?ref=x#top').href).toBe('https://shop.example/p/1?ref=x#top');
    expect(parseFetchableUrl('HTTP://Shop.Example:80/p').href).toBe('http://shop.example/p');
    expect(parseFetchableUrl('https://shop.example:443/').href).toBe('https://shop.example/');
    expect(parseFetchableUrl('http://93.184.216.34/').hostname).toBe('93.184.216.34');
    expect(parseFetchableUrl('https://[2606:4700::1111]/').hostname).toBe('[2606:4700::1111]');
  });

  it('refuses hosts that are addresses off the public internet, in every form the URL parser reads', () => {
    for (const link of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://240.0.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fc00::1]/',
      'http://[fe80::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
    ]) {
      expect(refusalOf(link), link).toBe('link/not_allowed');
    }
  });

  it('refuses other schemes, other ports and credentials', () => {
    for (const link of [
      'ftp://shop.example/p',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<h1>hi</h1>',
      'http://shop.example:8080/',
      'https://shop.example:22/',
      'http://shop.example:443/',
      'https://shop.example:80/',
      'https://user:pw@example.com/',
      'https://user@example.com/',
    ]) {
      expect(refusalOf(link), link).toBe('link/not_allowed');
    }
  });

  it('answers link/invalid for what is not an absolute URL at all, or too long', () => {
    for (const link of ['not a url', 'shop.example/p/1', '/p/1', '', `https://shop.example/${'a'.repeat(2000)}`]) {
      expect(refusalOf(link), link.slice(0, 40)).toBe('link/invalid');
    }
    expect(refusalOf(`https://shop.example/${'a'.repeat(1900)}`)).toBeUndefined();
  });
});

describe('fetchPublicPage against the fixture marketplace on loopback', () => {
  let origin: string;
  let close: () => Promise<void>;
  let allowance: SafeFetchOptions;
  beforeAll(async () => {
    ({ origin, close } = await startFixtureMarketplace());
    allowance = { allowedTestOrigins: [new URL(origin).host] };
  });
  afterAll(() => close?.());

  it('fetches each product page with its HTML', async () => {
    for (const [path, expected] of [
      [PAGES.jsonLd, ['"@type": "Product"', 'Studio Wireless Headphones', '"priceCurrency": "USD"', 'content="Fixture Mall"']],
      [PAGES.jsonLdGraph, ['"@graph"', '"@type": "AggregateOffer"', '"priceCurrency": "MYR"']],
      [PAGES.openGraph, ['property="og:type" content="product"', 'content="Arc Floor Lamp"', 'content="SGD"', 'content="Lamp Street"']],
      [PAGES.microdata, ['itemtype="https://schema.org/Product"', 'Trail Backpack 30L', 'itemprop="price" content="59.50"', '€']],
      [PAGES.noData, ['How to choose a hiking backpack']],
    ] as const) {
      const page = await fetchPublicPage(`${origin}${path}`, allowance);
      expect(page, path).toMatchObject({ url: `${origin}${path}`, status: 200, contentType: 'text/html; charset=utf-8' });
      for (const text of expected) expect(page.html, path).toContain(text);
    }
    const noData = await fetchPublicPage(`${origin}${PAGES.noData}`, allowance);
    expect(noData.html).not.toMatch(/ld\+json|itemscope|og:type/);
  });

  it('follows a relative redirect and answers the final URL', async () => {
    const page = await fetchPublicPage(`${origin}${PAGES.redirect}`, allowance);
    expect(page.url).toBe(`${origin}${PAGES.jsonLd}`);
    expect(page.html).toContain('Studio Wireless Headphones');
  });

  it('checks every redirect again: a private or metadata target is refused although the fixture is allowed', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.redirectPrivate}`, allowance)).rejects.toMatchObject({
      errorCode: 'link/not_allowed',
    });
    await expect(fetchPublicPage(`${origin}${PAGES.redirectMetadata}`, allowance)).rejects.toMatchObject({
      errorCode: 'link/not_allowed',
    });
  });

  it('follows at most maxRedirects redirects', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.redirectLoop}`, allowance)).rejects.toMatchObject({ errorCode: 'link/unreachable' });
    await expect(fetchPublicPage(`${origin}${PAGES.redirect}`, { ...allowance, maxRedirects: 0 })).rejects.toMatchObject({
      errorCode: 'link/unreachable',
    });
    expect((await fetchPublicPage(`${origin}${PAGES.redirect}`, { ...allowance, maxRedirects: 1 })).status).toBe(200);
  });

  it('gives up on a page that never answers', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.slow}`, { ...allowance, timeoutMs: 300 })).rejects.toMatchObject({
      errorCode: 'link/unreachable',
    });
  });

  it('stops reading past maxBytes, whether or not the size was declared', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.huge}`, allowance)).rejects.toMatchObject({ errorCode: 'link/too_large' });
    await expect(fetchPublicPage(`${origin}${PAGES.hugeDeclared}`, allowance)).rejects.toMatchObject({ errorCode: 'link/too_large' });
    await expect(fetchPublicPage(`${origin}${PAGES.jsonLd}`, { ...allowance, maxBytes: 100 })).rejects.toMatchObject({
      errorCode: 'link/too_large',
    });
  });

  it('reads HTML only, and only a 2xx answer', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.image}`, allowance)).rejects.toMatchObject({ errorCode: 'link/not_html' });
    await expect(fetchPublicPage(`${origin}${PAGES.gone}`, allowance)).rejects.toMatchObject({ errorCode: 'link/unreachable' });
  });

  it('never echoes what the remote answered', async () => {
    const error: unknown = await fetchPublicPage(`${origin}${PAGES.gone}`, allowance).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toJSON()).toEqual({ errorCode: 'link/unreachable', error: 'The page could not be read from this link' });
  });

  it('refuses the same fixture without the allowance, or with an allowance for another origin', async () => {
    await expect(fetchPublicPage(`${origin}${PAGES.jsonLd}`)).rejects.toMatchObject({ errorCode: 'link/not_allowed' });
    await expect(fetchPublicPage(`${origin}${PAGES.jsonLd}`, { allowedTestOrigins: ['127.0.0.1:1'] })).rejects.toMatchObject({
      errorCode: 'link/not_allowed',
    });
  });
});

describe('fetchPublicPage: one lookup, every address checked, the connection to the checked address', () => {
  let origin: URL;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const fixture = await startFixtureMarketplace();
    origin = new URL(fixture.origin);
    close = fixture.close;
  });
  afterAll(() => close?.());

  /** A resolver that answers `addresses` for any name and records what it was asked. */
  function resolverOf(addresses: string[]) {
    const asked: string[] = [];
    const resolve = vi.fn((hostname: string) => {
      asked.push(hostname);
      return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })));
    });
    return { asked, resolve };
  }

  it('looks each URL up once and connects to the address it checked (the name exists in no DNS)', async () => {
    // `.test` names never resolve for real: the page can only be reached at the address the resolver gave.
    const host = `shop.fixture.test:${origin.port}`;
    const { asked, resolve } = resolverOf([origin.hostname]);
    const page = await fetchPublicPage(`http://${host}${PAGES.redirect}`, { allowedTestOrigins: [host], resolve });
    expect(page.url).toBe(`http://${host}${PAGES.jsonLd}`);
    expect(page.html).toContain('Studio Wireless Headphones');
    expect(asked).toEqual(['shop.fixture.test', 'shop.fixture.test']);
  });

  it('refuses a name with any address off the public internet, before connecting', async () => {
    const loopback = resolverOf(['127.0.0.1']);
    await expect(fetchPublicPage('http://shop.fixture.test/p', { resolve: loopback.resolve })).rejects.toMatchObject({
      errorCode: 'link/not_allowed',
    });
    expect(loopback.resolve).toHaveBeenCalledTimes(1);
    for (const addresses of [
      ['93.184.216.34', '10.0.0.1'],
      ['2606:4700::1111', '::1'],
      ['93.184.216.34', '::ffff:169.254.169.254'],
    ]) {
      const mixed = resolverOf(addresses);
      await expect(fetchPublicPage('https://mixed.fixture.test/p', { resolve: mixed.resolve }), addresses.join()).rejects.toMatchObject({
        errorCode: 'link/not_allowed',
      });
      expect(mixed.resolve).toHaveBeenCalledTimes(1);
    }
  });

  it('answers link/unreachable for a name that resolves to nothing or fails to resolve', async () => {
    await expect(fetchPublicPage('https://nothing.fixture.test/', { resolve: () => Promise.resolve([]) })).rejects.toMatchObject({
      errorCode: 'link/unreachable',
    });
    const failing = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nothing.fixture.test'), { code: 'ENOTFOUND' }));
    await expect(fetchPublicPage('https://nothing.fixture.test/', { resolve: failing })).rejects.toMatchObject({
      errorCode: 'link/unreachable',
    });
  });

  it('counts a lookup that never answers against the deadline', async () => {
    vi.useFakeTimers();
    try {
      const fetching = fetchPublicPage('https://stuck.fixture.test/', { resolve: () => new Promise(() => {}) });
      const refused = expect(fetching).rejects.toMatchObject({ errorCode: 'link/unreachable' });
      await vi.advanceTimersByTimeAsync(8000);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('fetchPublicPage: the 2 MiB cap counts the body after its content coding is undone', () => {
  /** The default cap (SafeFetchOptions.maxBytes): these tests pass no maxBytes, so they hold the default to 2 MiB. */
  const CAP = 2 * 1024 * 1024;
  const CODINGS = {
    gzip: (body: Buffer) => gzipSync(body, { level: 9 }),
    deflate: (body: Buffer) => deflateSync(body, { level: 9 }),
    br: (body: Buffer) => brotliCompressSync(body),
  } as const;
  type Coding = keyof typeof CODINGS;

  /** An HTML page of exactly `size` bytes: a head, spaces, a tail; it compresses to a few kilobytes. */
  function htmlOf(size: number): Buffer {
    const head = Buffer.from('<!doctype html><html><head><title>Bomb</title></head><body><p>start</p>');
    const tail = Buffer.from('<p>end</p></body></html>');
    const body = Buffer.alloc(size, ' ');
    head.copy(body, 0);
    tail.copy(body, size - tail.length);
    return body;
  }

  /** Bodies served at `/<coding>/<name>`, compressed once in beforeAll; `sizes` are the decoded sizes. */
  const sizes = { bomb: 16 * CAP, justOver: CAP + 1, atCap: CAP, justUnder: CAP - 1 } as const;
  type Name = keyof typeof sizes;
  const served = new Map<string, Buffer>();
  let server: Server;
  let origin: string;
  let allowance: SafeFetchOptions;

  beforeAll(async () => {
    for (const coding of Object.keys(CODINGS) as Coding[]) {
      for (const name of Object.keys(sizes) as Name[]) served.set(`/${coding}/${name}`, CODINGS[coding](htmlOf(sizes[name])));
    }
    server = createServer((request, response) => {
      const body = served.get(request.url ?? '');
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      // The compressed length is declared, as a real server would: a check of Content-Length alone lets it through.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': request.url!.split('/')[1]!,
        'content-length': body.length,
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    allowance = { allowedTestOrigins: [new URL(origin).host] };
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /**
   * What a fetch came to, as a short string: the refusal's code, or how much was read. (A page of
   * 32 MiB handed to `expect` would make a failure's report take minutes.)
   */
  async function outcomeOf(path: string): Promise<string> {
    try {
      const page = await fetchPublicPage(`${origin}${path}`, allowance);
      return `read ${Buffer.byteLength(page.html)} bytes`;
    } catch (error) {
      return error instanceof AppError ? error.errorCode : String(error);
    }
  }

  it('the bodies are what the cases claim: every one is sent in under a tenth of the cap', () => {
    for (const [path, body] of served) expect(body.length, path).toBeLessThan(CAP / 10);
  });

  it.each(Object.keys(CODINGS) as Coding[])('%s: a small body that inflates to 32 MiB is refused with link/too_large', async (coding) => {
    expect(await outcomeOf(`/${coding}/bomb`)).toBe('link/too_large');
  });

  it.each(Object.keys(CODINGS) as Coding[])(
    '%s: one byte over the cap once decoded is refused, though far under it as sent (counting sent bytes would take it)',
    async (coding) => {
      expect(await outcomeOf(`/${coding}/justOver`)).toBe('link/too_large');
    },
  );

  it.each(Object.keys(CODINGS) as Coding[])(
    '%s: a body that decodes to the cap exactly, or one byte under, is read whole',
    async (coding) => {
      for (const name of ['atCap', 'justUnder'] as const) {
        const page = await fetchPublicPage(`${origin}/${coding}/${name}`, allowance);
        expect(page.status, name).toBe(200);
        expect(Buffer.byteLength(page.html), name).toBe(sizes[name]);
        expect(page.html.startsWith('<!doctype html>'), name).toBe(true);
        expect(page.html.endsWith('<p>end</p></body></html>'), name).toBe(true);
      }
    },
  );
});
