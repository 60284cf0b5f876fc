import type { FastifyBaseLogger } from 'fastify';
import { AppError, type ErrorCode } from '@kedai/domain';
import { eq, schema, type Database } from '@kedai/db';
import type { OpenGraphPreview } from '@kedai/contract';
import { fetchPublicPage, parseFetchableUrl, type SafeFetchOptions } from '../../platform/safe-fetch';
import { readPreview, type PagePreview } from './preview-page';

/**
 * Link previews (issue 29; spec §7's serverless `POST opengraph {url}`): a page's title, description,
 * image and site name, read through the safe fetcher and kept per URL in `link_previews` — a reading
 * for PREVIEW_KEEP_HOURS, a page that could not be read for FAILURE_KEEP_MINUTES — so a link many
 * people see in a chat is fetched once. A stale row is read again on the next request; a row that
 * cannot be written costs only the saved fetch (logged), never the answer.
 *
 * Privacy of the cache: the link is checked (scheme, port, credentials, literal addresses off the
 * public internet) before the cache is looked at, and refusals of the `link/not_allowed` kind (a name
 * or a redirect that leads off the public internet) are never kept, so every caller meets the same
 * fresh refusal and nobody can tell from the answer whether someone else asked for that link.
 * No fetch runs inside a transaction: the cache is read, the page fetched, then the row written.
 */

const { linkPreviews } = schema;

export const PREVIEW_KEEP_HOURS = 24;
export const FAILURE_KEEP_MINUTES = 10;
/** The safe fetcher's refusals that say something about the page (not about who may reach it): kept a short while. */
const KEPT_FAILURES = new Set<ErrorCode>(['link/unreachable', 'link/too_large', 'link/not_html']);

export interface PreviewDeps {
  db: Database;
  fetchOptions: SafeFetchOptions;
  /** The app's clock (tests move it); the server's otherwise. */
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type Outcome = { preview: PagePreview } | { failure: ErrorCode };

/** Readings running in this process by URL: a second request for a link being read joins the first. */
const running = new Map<string, Promise<Outcome>>();

/**
 * `POST /opengraph`: the preview of `link`. 400 `link/invalid` for anything but an absolute http(s)
 * URL of at most 2000 characters; 400 `link/not_allowed`, `link/unreachable`, `link/too_large`,
 * `link/not_html` as the safe fetcher refuses it.
 */
export async function previewLink(deps: PreviewDeps, link: string): Promise<OpenGraphPreview> {
  const url = previewKey(link, deps.fetchOptions.allowedTestOrigins);
  const now = deps.now();
  const [kept] = await deps.db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
  const outcome = kept && isFresh(kept, now) ? outcomeOf(kept) : await readOnce(deps, url);
  if ('failure' in outcome) throw new AppError(outcome.failure);
  return { url, ...outcome.preview };
}

/** The link as the cache knows it: checked by the safe fetcher's rules, normalised by the URL parser, without its fragment. */
function previewKey(link: string, allowedTestOrigins: readonly string[] = []): string {
  const url = parseFetchableUrl(link.trim(), allowedTestOrigins);
  url.hash = '';
  return url.href;
}

function isFresh(row: typeof linkPreviews.$inferSelect, now: Date): boolean {
  const keepMs = row.failure === null ? PREVIEW_KEEP_HOURS * 3_600_000 : FAILURE_KEEP_MINUTES * 60_000;
  const age = now.getTime() - row.fetchedAt.getTime();
  return age >= 0 && age < keepMs;
}

function outcomeOf(row: typeof linkPreviews.$inferSelect): Outcome {
  if (row.failure !== null && KEPT_FAILURES.has(row.failure as ErrorCode)) return { failure: row.failure as ErrorCode };
  // A failure this version does not keep (or no longer knows) reads as the page being unreachable.
  if (row.failure !== null) return { failure: 'link/unreachable' };
  return { preview: { title: row.title, description: row.description, image: row.image, siteName: row.siteName } };
}

function readOnce(deps: PreviewDeps, url: string): Promise<Outcome> {
  const pending = running.get(url);
  if (pending) return pending;
  const reading = readAndKeep(deps, url).finally(() => running.delete(url));
  running.set(url, reading);
  return reading;
}

async function readAndKeep(deps: PreviewDeps, url: string): Promise<Outcome> {
  let outcome: Outcome;
  try {
    const page = await fetchPublicPage(url, deps.fetchOptions);
    outcome = { preview: readPreview(page.html, page.url) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!KEPT_FAILURES.has(error.errorCode)) throw error;
    outcome = { failure: error.errorCode };
  }
  const values = {
    title: null,
    description: null,
    image: null,
    siteName: null,
    failure: null,
    ...('preview' in outcome ? outcome.preview : { failure: outcome.failure }),
    fetchedAt: deps.now(),
  };
  // Two processes may read the same link at once: the later answer wins, both are true.
  try {
    await deps.db
      .insert(linkPreviews)
      .values({ url, ...values })
      .onConflictDoUpdate({ target: linkPreviews.url, set: values });
  } catch (error) {
    // The cache only saves fetches: what was read is still the answer, and the next request reads the page again.
    deps.log.warn({ err: error, url }, 'link preview not kept');
  }
  return outcome;
}
