import { parse, type HTMLElement } from 'node-html-parser';

/**
 * Reading text out of foreign HTML pages fetched through the safe fetcher (safe-fetch.ts): the
 * marketplace product reader (modules/quotations/product-page.ts) and link previews
 * (modules/opengraph). Pages may be hostile: every text is decoded and stripped of markup, and no
 * regular expression here can backtrack badly on a 2 MB page.
 */

/** A tag, a comment or a doctype; `[^<>]*` stops at the next bracket, so these stay linear. */
const TAG = /<\/?[a-z!?][^<>]*>/i;
const TAGS = new RegExp(TAG.source, 'gi');
/**
 * Control characters other than whitespace (C0, DEL, C1), raw or decoded from `&#1;`-style entities:
 * they show as nothing or boxes, and a NUL is what a PostgreSQL text column cannot hold.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** Text for a field: entities decoded, markup and control characters dropped, whitespace collapsed, cut to `max`; undefined when empty. */
export function pageText(raw: string | undefined, max: number): string | undefined {
  if (raw === undefined) return undefined;
  let text = markupToText(raw);
  // Markup escaped once more (`&lt;p&gt;`, common in JSON-LD descriptions) decodes to tags: read it again.
  if (TAG.test(text)) text = markupToText(text);
  // Whatever still looks like a tag goes; a lone '<' before a letter is split so it can never open one.
  text = text
    .replace(CONTROLS, '')
    .replace(TAGS, ' ')
    .replace(/<(?=[a-z!/?])/gi, '< ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? truncate(text, max) : undefined;
}

/** The visible text of an HTML fragment, entities decoded; scripts and styles are not text. */
function markupToText(html: string): string {
  const fragment = parse(html);
  for (const element of fragment.querySelectorAll('script, style, template, noscript')) element.remove();
  return fragment.text;
}

/** At most `max` characters, cut at a word boundary with '…' when too long. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never leave half of a surrogate pair behind.
  const cut = text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The page URL, or the page's `<base href>` resolved against it. */
export function baseUrlOf(root: HTMLElement, pageUrl: string): URL | undefined {
  try {
    const page = new URL(pageUrl);
    const href = root.querySelector('base[href]')?.getAttribute('href');
    return href ? new URL(href, page) : page;
  } catch {
    return undefined;
  }
}

/** `<meta property|name=… content=…>` by lower-case key, every value in page order. */
export function metaTags(root: HTMLElement): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const meta of root.querySelectorAll('meta')) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name'))?.trim().toLowerCase();
    const content = meta.getAttribute('content');
    if (!key || content === undefined) continue;
    const values = tags.get(key) ?? [];
    values.push(content);
    tags.set(key, values);
  }
  return tags;
}

/** The first non-blank value of the first key that has one. */
export function firstMeta(meta: Map<string, string[]>, ...keys: string[]): string | undefined {
  return keys.map((key) => meta.get(key)?.find((value) => value.trim())).find((value) => value !== undefined);
}
