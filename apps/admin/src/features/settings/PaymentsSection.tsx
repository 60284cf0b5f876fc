import type { AdminSettings } from '@kedai/contract';
import { Alert } from '../../ui/Alert';
import { TEST_MODE_TEXT, TRIAL_TEXT, paymentWays } from './payments-status';

/**
 * "Payments" (owners, issue 27): how shoppers can pay now — cards (Stripe, the test gateway, or
 * none) and PayNow — and what to set for each way that is off; test mode said as such.
 */
export function PaymentsSection({ payments }: { payments: AdminSettings['payments'] }) {
  const ways = paymentWays(payments);
  const none = ways.every((way) => !way.taken);
  return (
    <section className="panel" id="payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {none ? (
        <Alert tone="error" title="Shoppers cannot pay">
          <p>The shop takes no card and no PayNow, so checkout offers no way to pay and no order can be placed.</p>
        </Alert>
      ) : null}
      {payments.testMode ? (
        <Alert tone="info" title={TEST_MODE_TEXT}>
          <p>Every page and order e-mail says so. Do not ship orders paid in test mode.</p>
        </Alert>
      ) : null}
      <dl className="payment-ways">
        {ways.map((way) => (
          <div key={way.name}>
            <dt>
              {way.name} <span className={`badge ${way.taken ? 'badge--on' : 'badge--off'}`}>{way.taken ? 'Offered' : 'Off'}</span>
            </dt>
            <dd>
              {way.status}
              {way.todo ? <span className="hint"> To offer it: {way.todo}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {payments.testMode ? null : <p className="hint">{TRIAL_TEXT}</p>}
    </section>
  );
}
