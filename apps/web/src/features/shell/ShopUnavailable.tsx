import type { ReactNode } from 'react';

const SHOP_UNAVAILABLE_MESSAGE = 'The shop is taking a break — please try again in a moment.';

export interface ShopUnavailableProps {
  /** The "try again" control: a retry button in the error boundary, a reload link on the server. */
  retry: ReactNode;
  /** Error digest, to match the server log. */
  reference?: string | null;
}

/** The friendly state shown when the API is down or answers an error. No internal detail is shown. */
export function ShopUnavailable({ retry, reference }: ShopUnavailableProps) {
  return (
    <section className="notice" role="alert" aria-labelledby="shop-unavailable-title">
      <h1 id="shop-unavailable-title">{SHOP_UNAVAILABLE_MESSAGE}</h1>
      <p>We couldn’t load this page just now. Nothing you saved has been lost.</p>
      <p className="notice__actions">
        {retry}
        <a href="/" className="button button--secondary">
          Go to the home page
        </a>
      </p>
      {reference ? <p className="notice__ref">Reference: {reference}</p> : null}
    </section>
  );
}
