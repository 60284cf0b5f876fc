import { Link } from 'react-router';
import { useShopConfig } from '../lib/shop-config';
import { TestModeBanner } from '../ui/TestModeBanner';

/**
 * Above every back-office screen (issue 27): test mode, as the storefront says it, and a warning
 * when shoppers cannot pay at all, with where owners set it up. Nothing until the configuration is read.
 */
export function ShopBanners({ owner }: { owner: boolean }) {
  const { data } = useShopConfig();
  const payments = data?.payments;
  if (!payments) return null;
  return (
    <>
      <TestModeBanner />
      {payments.methods.length === 0 ? (
        <section className="no-payment-banner" aria-label="Payments">
          <p>
            <strong>Shoppers cannot pay:</strong> the shop takes no card and no PayNow, so checkout offers no way to pay.{' '}
            {owner ? <Link to="/settings#payments">See what to set in Settings</Link> : 'An owner can set it up in Settings.'}
          </p>
        </section>
      ) : null}
    </>
  );
}
