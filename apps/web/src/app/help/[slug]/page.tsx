import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TextPageView } from '../../../features/content/TextPageView';
import { helpHref, helpSlugOf, markdownSummary } from '../../../features/content/help-pages';
import { getShippingLocations, getTextPage } from '../../../features/content/load';
import { currentRegion } from '../../../features/region/server';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { isApiError } from '../../../lib/api';
import { siteOrigin } from '../../../lib/site';

type Props = PageProps<'/help/[slug]'>;

/** The text page of the segment, or the not-found page (also for a segment no page could have). */
async function resolvePage(segment: string) {
  const slug = helpSlugOf(segment);
  const page = slug === null ? null : await getTextPage(slug);
  if (!page) notFound();
  return page;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  try {
    const [page, origin] = await Promise.all([resolvePage(slug), siteOrigin()]);
    const description = markdownSummary(page.body) || page.title;
    const url = `${origin}${helpHref(page.slug)}`;
    return {
      title: page.title,
      description,
      alternates: { canonical: url },
      openGraph: { title: page.title, description, url, type: 'article', modifiedTime: new Date(page.updatedAt * 1000).toISOString() },
    };
  } catch (error) {
    if (isApiError(error)) return { title: 'Help' };
    throw error;
  }
}

/** `/help/<slug>`: one of the shop's text pages (shipping, returns, privacy, terms); the shipping page lists where we deliver. */
export default async function HelpPageRoute({ params }: Props) {
  const slug = helpSlugOf((await params).slug);
  if (slug === null) notFound();
  return withApiFallback(
    helpHref(slug),
    async () => {
      const shipping = slug === 'shipping';
      const [page, shippingLocations, region] = await Promise.all([
        resolvePage(slug),
        shipping ? getShippingLocations() : undefined,
        shipping ? currentRegion() : undefined,
      ]);
      return { page, shippingLocations, region };
    },
    ({ page, shippingLocations, region }) => <TextPageView page={page} shippingLocations={shippingLocations} region={region} />,
  );
}
