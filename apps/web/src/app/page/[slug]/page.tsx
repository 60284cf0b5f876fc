import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { assetUrl } from '@kedai/domain';
import { imagePageHref } from '../../../features/catalogue/links';
import { ImagePageView } from '../../../features/content/ImagePageView';
import { getImagePage } from '../../../features/content/load';
import { siteOrigin } from '../../../lib/site';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { isApiError } from '../../../lib/api';
import { getPublicConfig } from '../../../lib/catalogue';

type Props = PageProps<'/page/[slug]'>;

/** The image page of the segment, or the not-found page; an id is redirected (308) to the slug. */
async function resolvePage(segment: string) {
  const key = decodeURIComponent(segment);
  const page = await getImagePage(key);
  if (!page) notFound();
  if (page.slug !== key) permanentRedirect(imagePageHref(page.slug));
  return page;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  try {
    const [page, config, origin] = await Promise.all([resolvePage(slug), getPublicConfig(), siteOrigin()]);
    const description =
      page.blocks
        .map((block) => block.alt)
        .filter(Boolean)
        .join('. ') || page.title;
    const first = page.blocks[0];
    return {
      title: page.title,
      description,
      alternates: { canonical: `${origin}${imagePageHref(page.slug)}` },
      openGraph: {
        title: page.title,
        description,
        url: `${origin}${imagePageHref(page.slug)}`,
        images: first ? [{ url: assetUrl(config.assets_url, first.image), alt: first.alt }] : undefined,
      },
    };
  } catch (error) {
    if (isApiError(error)) return { title: 'Page' };
    throw error;
  }
}

/** `/page/<slug>`: an image page (title and image blocks, linked where they have a link). */
export default async function ImagePageRoute({ params }: Props) {
  const { slug } = await params;
  return withApiFallback(
    imagePageHref(decodeURIComponent(slug)),
    async () => {
      const [page, config] = await Promise.all([resolvePage(slug), getPublicConfig()]);
      return { page, config };
    },
    ({ page, config }) => <ImagePageView page={page} assetsUrl={config.assets_url} />,
  );
}
