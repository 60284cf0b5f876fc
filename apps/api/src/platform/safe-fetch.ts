import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AppError } from '@kedai/domain';

/**
 * The one way the API fetches a URL a user gave (a marketplace link pasted by a shopper, later link
 * previews): whatever the link says, the API must not become a way into the machine it runs on or
 * the network behind it (server-side request forgery).
 *
 * - http and https only, on their standard ports, without credentials in the URL;
 * - the host is resolved once and every address it has must be on the public internet
 *   (ipaddr.js ranges; loopback, private, link-local including 169.254.169.254, unique-local,
 *   multicast, reserved, NAT64/6to4/Teredo embeddings… are refused);
 * - the connection goes to the address that was checked (the socket's `lookup` answers it), so a
 *   name that resolves elsewhere the second time (DNS rebinding) changes nothing;
 * - every redirect is followed by hand and checked again from the start, at most `maxRedirects`;
 * - the whole exchange, redirects included, has one deadline and the body a size limit;
 * - only HTML is read.
 *
 * Refusals are `AppError`s of the `link/…` codes (all 400) with the catalogue's wording: nothing the
 * remote answered, nor the text of a network error, ever reaches the caller.
 */

export interface SafeFetchOptions {
  /** Largest body read, after decompression (default 2 MiB); more is `link/too_large`. */
  maxBytes?: number;
  /** Deadline of the whole fetch, redirects included (default 8000 ms); past it `link/unreachable`. */
  timeoutMs?: number;
  /** Redirects followed at most (default 5); one more is `link/unreachable`. */
  maxRedirects?: number;
  /**
   * Test-only allowance: exact "host:port" origins (e.g. "127.0.0.1:4790") that may be reached although
   * their address is loopback. Empty by default.
   */
  allowedTestOrigins?: readonly string[];
  /** Name resolution, injectable for tests; default uses node:dns/promises lookup(host, {all: true, verbatim: true}). */
  resolve?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
}

export interface FetchedPage {
  /** Final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  html: string;
}

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 8000;
const DEFAULT_MAX_REDIRECTS = 5;
const MAX_LINK_LENGTH = 2000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REQUEST_HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; KedaiQuoteBot/1.0; +https://github.com/kedai)',
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br',
};
/** Every IPv6 address handed out on the public internet is in 2000::/3 (global unicast). */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Fetches an HTML page of the public web. */
export async function fetchPublicPage(link: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const resolve = options.resolve ?? resolveWithDns;
  const allowed = new Set((options.allowedTestOrigins ?? []).map((origin) => origin.trim().toLowerCase()));
  let url = checkUrl(parseLink(link), allowed);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await checkedAddresses(url, allowed, resolve, deadline.signal);
      const answer = await exchange(url, addresses, maxBytes, deadline.signal);
      if (answer.kind === 'page') return { url: url.href, ...answer.page };
      if (redirects >= maxRedirects) throw new AppError('link/unreachable');
      url = checkUrl(redirectTarget(answer.location, url), allowed);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The link as a URL the fetcher may try: http(s) only, port 80/443 (or none), no credentials in it,
 * length ≤ 2000. Throws AppError('link/invalid') when it is not an absolute http(s) URL at all,
 * AppError('link/not_allowed') for other schemes/ports/user:password@ — and for a host that is an IP
 * address off the public internet, in any form the URL parser reads (`2130706433`, `127.1`, `0x7f.1`,
 * `[::ffff:127.0.0.1]`), since no lookup can make it public. `allowedTestOrigins` as in SafeFetchOptions.
 */
export function parseFetchableUrl(link: string, allowedTestOrigins: readonly string[] = []): URL {
  return checkUrl(parseLink(link), new Set(allowedTestOrigins.map((origin) => origin.trim().toLowerCase())));
}

/** Whether an address (IPv4 or IPv6 string) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // IPv4-mapped IPv6 (`::ffff:10.0.0.1`) becomes the IPv4 address it stands for.
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  // ipaddr.js calls everything it has no name for 'unicast', e.g. the old IPv4-compatible `::7f00:1`.
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST_V6);
}

function parseLink(link: string): URL {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) throw new AppError('link/invalid');
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new AppError('link/invalid');
  }
  // International names grow when written as punycode: the limit holds for what is fetched too.
  if (url.href.length > MAX_LINK_LENGTH) throw new AppError('link/invalid');
  return url;
}

/** `host:port` as the allowance lists it: the host as written in the URL (lower case), the port always. */
function originKey(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** The checks that need no lookup; run again on every redirect target. */
function checkUrl(url: URL, allowed: ReadonlySet<string>): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('link/not_allowed');
  if (url.username !== '' || url.password !== '') throw new AppError('link/not_allowed');
  if (allowed.has(originKey(url))) return url;
  // WHATWG URL leaves the port empty when it is the scheme's own.
  if (url.port !== '') throw new AppError('link/not_allowed');
  const literal = bareHost(url.hostname);
  if (isIP(literal) && !isPublicAddress(literal)) throw new AppError('link/not_allowed');
  return url;
}

function redirectTarget(location: string | undefined, current: URL): URL {
  if (!location) throw new AppError('link/unreachable');
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new AppError('link/unreachable');
  }
  if (next.href.length > MAX_LINK_LENGTH) throw new AppError('link/unreachable');
  return next;
}

/** `[::1]` → `::1`; names and IPv4 addresses as they are. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

async function resolveWithDns(hostname: string): Promise<CheckedAddress[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The host's addresses, looked up once; every one must be public unless the origin is allowed. */
async function checkedAddresses(
  url: URL,
  allowed: ReadonlySet<string>,
  resolve: NonNullable<SafeFetchOptions['resolve']>,
  signal: AbortSignal,
): Promise<CheckedAddress[]> {
  const host = bareHost(url.hostname);
  const literalFamily = isIP(host);
  let answers: { address: string }[];
  if (literalFamily) {
    answers = [{ address: host }];
  } else {
    try {
      answers = await untilAborted(resolve(host), signal);
    } catch {
      throw new AppError('link/unreachable');
    }
  }
  const addresses: CheckedAddress[] = [];
  for (const { address } of answers) {
    const family = isIP(address);
    if (family !== 4 && family !== 6) throw new AppError('link/not_allowed');
    addresses.push({ address, family });
  }
  if (addresses.length === 0) throw new AppError('link/unreachable');
  if (!allowed.has(originKey(url)) && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new AppError('link/not_allowed');
  }
  return addresses;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type Answer = { kind: 'redirect'; location: string | undefined } | { kind: 'page'; page: Omit<FetchedPage, 'url'> };

/** One request to one of the checked addresses, and its answer read within the limits. */
function exchange(url: URL, addresses: CheckedAddress[], maxBytes: number, signal: AbortSignal): Promise<Answer> {
  // The socket asks this instead of the resolver: it can only reach what was checked. Node asks for
  // every address when it races IPv6 against IPv4 (`autoSelectFamily`), for one otherwise.
  const lookupChecked: LookupFunction = (_hostname, lookupOptions, callback) => {
    const wanted = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    const usable = addresses.filter(({ family }) => !wanted || wanted === family);
    const [first] = usable;
    if (!first) callback(Object.assign(new Error('no usable address'), { code: 'ENOTFOUND' }), '', 0);
    else if (lookupOptions.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
  return new Promise<Answer>((resolveAnswer, rejectAnswer) => {
    if (signal.aborted) {
      rejectAnswer(new AppError('link/unreachable'));
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'GET', agent: false, lookup: lookupChecked, headers: REQUEST_HEADERS });
    let settled = false;
    const settle = (outcome: Answer | AppError) => {
      signal.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      if (outcome instanceof AppError) {
        request.destroy();
        rejectAnswer(outcome);
      } else {
        resolveAnswer(outcome);
      }
    };
    const onAbort = () => settle(new AppError('link/unreachable'));
    signal.addEventListener('abort', onAbort, { once: true });
    // Whatever went wrong on the wire (refused, reset, TLS, bad HTTP) is one answer, with no detail.
    request.on('error', () => settle(new AppError('link/unreachable')));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        const { location } = response.headers;
        request.destroy();
        settle({ kind: 'redirect', location });
        return;
      }
      if (status < 200 || status > 299) return settle(new AppError('link/unreachable'));
      const contentType = response.headers['content-type'] ?? '';
      const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
      if (!HTML_TYPES.has(mediaType)) return settle(new AppError('link/not_html'));
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return settle(new AppError('link/too_large'));
      const body = decodedBody(response);
      if (!body) return settle(new AppError('link/unreachable'));
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          settle(new AppError('link/too_large'));
          body.destroy();
        } else {
          chunks.push(chunk);
        }
      });
      body.on('error', () => settle(new AppError('link/unreachable')));
      // A body cut short ends in 'close' without 'end'.
      body.on('close', () => settle(new AppError('link/unreachable')));
      response.on('error', () => settle(new AppError('link/unreachable')));
      body.on('end', () => settle({ kind: 'page', page: { status, contentType, html: decodeHtml(Buffer.concat(chunks), contentType) } }));
    });
    request.end();
  });
}

/** The body with its content coding undone (so `maxBytes` bounds what is held, not what was sent); undefined for a coding this reader does not know. */
function decodedBody(response: IncomingMessage): Readable | undefined {
  const coding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (coding === 'identity' || coding === '') return response;
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return undefined;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/** Text in the charset the Content-Type names, else the one a `<meta>` near the top names, else UTF-8. */
function decodeHtml(bytes: Buffer, contentType: string): string {
  const label =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(bytes.subarray(0, 1024).toString('latin1'))?.[1];
  const decoder = textDecoder(label ?? 'utf-8') ?? new TextDecoder('utf-8');
  return decoder.decode(bytes);
}

/** Undefined for a label TextDecoder does not know. */
function textDecoder(label: string) {
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}
