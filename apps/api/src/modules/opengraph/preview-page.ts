import { parse } from 'node-html-parser';
import { baseUrlOf, firstMeta, metaTags, pageText } from '../../platform/page-text';

/**
 * What a link preview shows of a page (issue 29, "Link previews"): OpenGraph first, then Twitter
 * cards, then the plain `<title>` and meta description. Texts are decoded, stripped of markup,
 * whitespace-collapsed and capped; the image is kept only as an https URL (the browser loads it from
 * the chat, and a mixed-content or `javascript:` image is nothing to show).
 */

export interface PagePreview {
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

const PREVIEW_TITLE_MAX = 200;
const PREVIEW_DESCRIPTION_MAX = 500;
const PREVIEW_SITE_NAME_MAX = 100;
const IMAGE_URL_MAX = 2000;

const IMAGE_KEYS = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'];

export function readPreview(html: string, pageUrl: string): PagePreview {
  const root = parse(html);
  const meta = metaTags(root);
  const base = baseUrlOf(root, pageUrl);
  const title =
    pageText(firstMeta(meta, 'og:title', 'twitter:title'), PREVIEW_TITLE_MAX) ??
    pageText(root.querySelector('title')?.innerHTML, PREVIEW_TITLE_MAX);
  const description = pageText(firstMeta(meta, 'og:description', 'twitter:description', 'description'), PREVIEW_DESCRIPTION_MAX);
  const siteName = pageText(firstMeta(meta, 'og:site_name', 'application-name'), PREVIEW_SITE_NAME_MAX);
  return { title: title ?? null, description: description ?? null, image: httpsImage(meta, base), siteName: siteName ?? null };
}

/** The first image the page names that resolves to an https URL; null when it names none. */
function httpsImage(meta: Map<string, string[]>, base: URL | undefined): string | null {
  for (const key of IMAGE_KEYS) {
    for (const value of meta.get(key) ?? []) {
      const text = value.trim();
      if (!text) continue;
      try {
        const url = new URL(text, base);
        if (url.protocol === 'https:' && url.username === '' && url.password === '' && url.href.length <= IMAGE_URL_MAX) return url.href;
      } catch {
        // Not a URL: the next one may be.
      }
    }
  }
  return null;
}
