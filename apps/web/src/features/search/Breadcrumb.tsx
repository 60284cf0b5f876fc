import Link from 'next/link';
import type { Crumb } from './facets';

/** A breadcrumb trail (WAI-ARIA APG breadcrumb): a labelled nav, the last crumb marked current. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol role="list">
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            {crumb.current ? <span aria-current="page">{crumb.name}</span> : <Link href={crumb.href}>{crumb.name}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** schema.org BreadcrumbList for a trail, with absolute URLs. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${origin}${crumb.href}`,
    })),
  };
}

/** A JSON-LD script; `<` is escaped so no value can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
