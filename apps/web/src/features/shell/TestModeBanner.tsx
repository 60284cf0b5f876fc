import { TEST_MODE_NOTICE } from '@kedai/domain';

/**
 * Above every page while the shop is in test mode (`GET /config` `payments.testMode`, issue 27): no
 * payment moves real money, so no shopper takes an order here for a real one. A named region, read
 * first, in high contrast, on phones too.
 */
export function TestModeBanner() {
  return (
    <section className="test-mode-banner" aria-label="Test mode">
      <p className="container">
        <strong>{TEST_MODE_NOTICE}.</strong> Orders placed here are for trying the shop.
      </p>
    </section>
  );
}
