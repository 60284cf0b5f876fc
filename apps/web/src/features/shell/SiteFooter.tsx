import Link from 'next/link';
import { getCategories } from '../../lib/catalogue';
import { categoryHref } from '../catalogue/links';
import { HELP_PAGES, helpHref } from '../content/help-pages';
import { categoryMenu } from './category-tree';

export interface SiteFooterProps {
  shopName: string;
  contactEmail: string | null;
}

/**
 * The footer of every page: the top-level categories (crawlable links to every category page),
 * the shop's own pages, the help pages (shipping, returns, privacy, terms) and the contact e-mail
 * from the configuration. Renders without the categories when the API is down.
 */
export async function SiteFooter({ shopName, contactEmail }: SiteFooterProps) {
  const groups = categoryMenu(await getCategories().catch(() => []));
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__columns">
          {groups.length > 0 ? (
            <nav className="site-footer__section" aria-labelledby="footer-categories">
              <h2 id="footer-categories" className="site-footer__heading">
                Shop by category
              </h2>
              <ul role="list" className="site-footer__links site-footer__links--columns">
                {groups.map((group) => (
                  <li key={group.id}>
                    <Link href={categoryHref(group.path)}>{group.name}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <nav className="site-footer__section" aria-labelledby="footer-shop">
            <h2 id="footer-shop" className="site-footer__heading">
              {shopName}
            </h2>
            <ul role="list" className="site-footer__links">
              <li>
                <Link href="/category">All categories</Link>
              </li>
              <li>
                <Link href="/merchant">Our merchants</Link>
              </li>
              <li>
                <Link href="/search">Search products</Link>
              </li>
            </ul>
          </nav>
          <nav className="site-footer__section" aria-labelledby="footer-help">
            <h2 id="footer-help" className="site-footer__heading">
              Help
            </h2>
            <ul role="list" className="site-footer__links">
              {HELP_PAGES.map((page) => (
                <li key={page.slug}>
                  <Link href={helpHref(page.slug)}>{page.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="site-footer__section" aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact us
            </h2>
            {contactEmail ? (
              <p>
                Questions about a product or an order? <a href={`mailto:${contactEmail}`}>Email us at {contactEmail}</a>
              </p>
            ) : (
              <p>Questions about a product or an order? We’re here to help.</p>
            )}
          </section>
        </div>
        <p className="site-footer__legal">
          © {year} {shopName}. Products from local merchants and marketplaces.
        </p>
      </div>
    </footer>
  );
}
