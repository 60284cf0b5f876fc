/**
 * The shop's help pages: text pages (`GET /text_page/{slug}`) at `/help/<slug>`. The footer links to
 * the four below; any other text page staff add is served at its own `/help/<slug>` too.
 */
import { formatDate } from '@kedai/domain';

export const HELP_PAGES = [
  { slug: 'shipping', label: 'Shipping' },
  { slug: 'returns', label: 'Returns and refunds' },
  { slug: 'privacy', label: 'Privacy policy' },
  { slug: 'terms', label: 'Terms and conditions' },
] as const;

/** The shop's own time zone: a page's last-updated date is the date in Singapore. */
const SHOP_TIME_ZONE = 'Asia/Singapore';

/** `/help/terms`. */
export function helpHref(slug: string): string {
  return `/help/${encodeURIComponent(slug)}`;
}

/** Where the register form's "terms and conditions" link goes. */
export const TERMS_HREF = helpHref('terms');

/** A text page's slug as the database allows it (lower-case words joined by hyphens, at most 64). */
export function isTextPageSlug(value: string): boolean {
  return value.length <= 64 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);
}

/** The slug of a `/help/<segment>` address, or null when no text page could have it (a bad escape included). */
export function helpSlugOf(segment: string): string | null {
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isTextPageSlug(slug) ? slug : null;
}

/** A page's last change as the page shows it: `04/03/2026`, and `2026-03-04` for `<time dateTime>`. */
export function lastUpdated(updatedAt: number, timeZone: string = SHOP_TIME_ZONE): { text: string; iso: string } {
  const text = formatDate(updatedAt, timeZone);
  const [day, month, year] = text.split('/');
  return { text, iso: `${year}-${month}-${day}` };
}

/**
 * The first paragraph of a Markdown text as plain words, for a page's meta description: links keep
 * their text, emphasis and code marks go, and a long paragraph is cut at a word with an ellipsis.
 */
export function markdownSummary(markdown: string, maxLength = 160): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block !== '' && !/^(#|[-*+] |\d+\. |>|```|---|\|)/.test(block)) ?? '';
  const plain = paragraph
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxLength) return plain;
  const cut = plain.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * Where a link in a text page may go: site paths, http(s), `mailto:` and `tel:`; anything else
 * (`javascript:`, `data:`, protocol-relative `//x`) is dropped, and the link shows as its text.
 */
export function safeTextHref(url: string): string | null {
  const href = url.trim();
  if (href.startsWith('#')) return href;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (/^(https?:\/\/|mailto:|tel:)[^\s]+$/i.test(href)) return href;
  return null;
}
