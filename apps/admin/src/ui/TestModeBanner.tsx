import { TEST_MODE_NOTICE } from '@kedai/domain';
import { useShopConfig } from '../lib/shop-config';

/**
 * "Test mode: no real money is taken", as the storefront says it (issue 27), while the shop is in
 * test mode (`GET /config` `payments.testMode`): above every back-office screen, signing in included.
 */
export function TestModeBanner() {
  const { data } = useShopConfig();
  if (!data?.payments.testMode) return null;
  return (
    <section className="test-mode-banner" aria-label="Test mode">
      <p>
        <strong>{TEST_MODE_NOTICE}.</strong> Orders are trials: do not ship them.
      </p>
    </section>
  );
}
