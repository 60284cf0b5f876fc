export interface SiteFooterProps {
  shopName: string;
  contactEmail: string | null;
}

export function SiteFooter({ shopName, contactEmail }: SiteFooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {contactEmail ? (
          <p>
            Questions about a product or an order?{' '}
            <a href={`mailto:${contactEmail}`}>
              Email us at {contactEmail}
            </a>
          </p>
        ) : null}
        <p className="site-footer__legal">
          © {year} {shopName}. Products from local merchants and marketplaces.
        </p>
      </div>
    </footer>
  );
}
