import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { categoryHref } from '../../features/catalogue/links';
import { siteOrigin } from '../../lib/site';
import { categoryMenu } from '../../features/shell/category-tree';
import { withApiFallback } from '../../features/shell/withApiFallback';
import { getCategories } from '../../lib/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  const origin = await siteOrigin();
  return {
    title: 'All categories',
    description: 'Every category of the shop, with its subcategories.',
    alternates: { canonical: `${origin}/category` },
  };
}

/**
 * `/category`: every category with its subcategories. Also where the header's category button
 * leads before scripts run.
 */
export default async function CategoriesPage() {
  await connection();
  return withApiFallback('/category', getCategories, (categories) => {
    const groups = categoryMenu(categories);
    return (
      <div className="directory">
        <h1>All categories</h1>
        {groups.length === 0 ? (
          <p className="empty">Categories will appear here soon.</p>
        ) : (
          <ul role="list" className="directory__grid">
            {groups.map((group) => (
              <li key={group.id} className="directory__group">
                <h2 className="directory__title">
                  <Link href={categoryHref(group.path)}>{group.name}</Link>
                </h2>
                {group.children.length > 0 ? (
                  <ul role="list" className="directory__links">
                    {group.children.map((child) => (
                      <li key={child.id}>
                        <Link href={categoryHref(child.path)}>{child.name}</Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  });
}
