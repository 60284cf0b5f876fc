import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { PageHeading } from '../../ui/PageHeading';
import { when } from '../products/reference';
import { HELP_PAGES, type HelpSlug } from './help-pages';

/** `/help-pages`: the shop's shipping, returns, privacy and terms pages, each with when it last changed. */
export function HelpPagesPage() {
  return (
    <>
      <PageHeading title="Help pages" />
      <p className="hint">The pages the storefront links from its footer. Their text is Markdown.</p>
      <ul className="link-list">
        {HELP_PAGES.map((page) => (
          <HelpPageItem key={page.slug} slug={page.slug} label={page.label} />
        ))}
      </ul>
    </>
  );
}

function HelpPageItem({ slug, label }: { slug: HelpSlug; label: string }) {
  const page = useQuery({
    queryKey: ['text-page', slug],
    queryFn: ({ signal }) => api.get('/text_page/:slug', { params: { slug }, signal }),
  });
  const updated = page.data ? when(page.data.textPage.updatedAt) : null;
  return (
    <li>
      <Link to={`/help-pages/${slug}`}>{page.data?.textPage.title ?? label}</Link>{' '}
      <span className="hint">
        {updated ? (
          <>
            · last updated <time dateTime={updated.iso}>{updated.text}</time>
          </>
        ) : page.isError ? (
          `· ${errorText(page.error)}`
        ) : null}
      </span>
    </li>
  );
}
