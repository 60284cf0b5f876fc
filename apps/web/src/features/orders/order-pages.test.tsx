import { renderToStaticMarkup } from 'react-dom/server';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { OrderView, type OrderLoad } from './OrderView';
import { OrdersView, type OrdersLoad } from './OrdersView';
import { PayForm } from './PayForm';

/*
 * What the order list, one order and the card form show, rendered as HTML (the web tests run in
 * Node without a DOM). The calls and rules behind them are tested in orders.test.ts and
 * payment.test.ts.
 */

const zone = 'Asia/Singapore';
const sgd = (amount: number) => formatMoney(amount, 'SGD');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n]+/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

function describedByTargetsExist(html: string): boolean {
  const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return ids.every((id) => html.includes(`id="${id}"`));
}

const list = (load: OrdersLoad) =>
  renderToStaticMarkup(<OrdersView page={1} assetsUrl="http://assets.example" initial={load} timeZone={zone} />);
const one = (load: OrderLoad) =>
  renderToStaticMarkup(<OrderView orderId={order().id} assetsUrl="http://assets.example" initial={load} timeZone={zone} />);

const awaiting = order();
const paid = order({
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  orderRef: 'KD-261124-ABCDEF',
  status: 'paid',
  statusLabel: 'Paid',
  payBy: null,
  createdAt: 1_799_900_000,
  payments: [
    {
      id: 'cccccccc-0000-4000-8000-000000000001',
      kind: 'charge',
      status: 'failed',
      amount: 387255,
      currency: 'SGD',
      provider: 'test',
      methodSummary: 'visa •••• 0002',
      failureCode: 'generic_decline',
      failureMessage: 'Your card was declined.',
      createdAt: 1_800_000_100,
    },
    {
      id: 'cccccccc-0000-4000-8000-000000000002',
      kind: 'charge',
      status: 'succeeded',
      amount: 387255,
      currency: 'SGD',
      provider: 'test',
      methodSummary: 'visa •••• 4242',
      failureCode: null,
      failureMessage: null,
      createdAt: 1_800_000_200,
    },
  ],
  history: [
    { from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at: 1_800_000_000 },
    { from: 'awaiting_payment', to: 'paid', actor: 'payment', note: null, at: 1_800_000_200 },
  ],
});

describe('/orders', () => {
  it('says it is loading, then why it could not load with Try again', () => {
    expect(list({ status: 'loading' })).toMatch(/role="status"[^>]*>Loading your orders…/);
    const failed = list({ status: 'error', message: 'The shop could not be reached.' });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('We could not load your orders: The shop could not be reached.');
    expect(buttons(failed)).toEqual(['Try again']);
  });

  it('no orders yet: where to find something', () => {
    const html = list({ status: 'ready', orders: [], total: 0, page: 1, limit: 10, pages: 1 });
    expect(text(html)).toContain('You have no orders yet.');
    expect(html).toContain('href="/search"');
  });

  it('each order: its reference linking to it, status badge, date, items, total; awaiting payment says until when', () => {
    const html = list({ status: 'ready', orders: [awaiting, paid], total: 2, page: 1, limit: 10, pages: 1 });
    expect(html).toContain(`href="/orders/${awaiting.id}"`);
    expect(text(html)).toContain('Order KD-261125-7Q4M9X');
    expect(html).toMatch(/data-status="awaiting_payment"><span class="visually-hidden">Status: <\/span>Awaiting payment<\/span>/);
    expect(html).toMatch(/data-status="paid">.*Paid<\/span>/);
    expect(text(html)).toContain('Placed 15/01/2027, 16:00:00 · 4 items');
    expect(text(html)).toContain('Pixel 8a, Frying Pan');
    expect(text(html)).toContain(`Total ${sgd(387255)}`);
    expect(text(html)).toContain('Pay by 15/01/2027, 16:30:00');
    expect(text(html).match(/Pay by/g)).toHaveLength(1);
    expect(html.indexOf(awaiting.orderRef)).toBeLessThan(html.indexOf(paid.orderRef));
  });

  it('pages: newer and older orders, and where the shopper is', () => {
    const html = renderToStaticMarkup(
      <OrdersView
        page={2}
        assetsUrl=""
        timeZone={zone}
        initial={{ status: 'ready', orders: [paid], total: 25, page: 2, limit: 10, pages: 3 }}
      />,
    );
    expect(html).toMatch(/<nav[^>]*aria-label="Pages of orders"/);
    expect(html).toMatch(/<a[^>]*href="\/orders"[^>]*>Newer orders<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/orders\?page=3"[^>]*>Older orders<\/a>/);
    expect(text(html)).toContain('Page 2 of 3');
  });
});

describe('/orders/<id>', () => {
  it('says it is loading, or that the order cannot be found', () => {
    expect(one({ status: 'loading' })).toContain('Loading your order…');
    expect(text(one({ status: 'error', message: 'We could not find this order.' }))).toContain(
      'We could not load this order: We could not find this order.',
    );
  });

  it('an order awaiting payment: its reference, status, pay-by time, the card form in test mode, Cancel order', () => {
    const html = one({ status: 'ready', order: awaiting, dispute: null });
    expect(html).toMatch(/<h1 id="order-title" tabindex="-1">Order KD-261125-7Q4M9X<\/h1>/);
    expect(text(html)).toContain('Awaiting payment');
    expect(text(html)).toContain('Pay now');
    expect(text(html)).toContain('Pay by 15/01/2027, 16:30:00, or it will be cancelled');
    expect(text(html)).toContain('Test mode — no real money.');
    for (const label of ['Name on card', 'Card number', 'Expiry date (MM/YY)', 'Security code (CVC)']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(buttons(html)).toContain(`Pay ${sgd(387255)}`);
    expect(buttons(html)).toContain('Cancel order');
    expect(buttons(html)).not.toContain('I have received it');
  });

  it('the lines as bought, the costs with the tax, the addresses, the notes and the history', () => {
    const html = one({ status: 'ready', order: paid, dispute: null });
    expect(text(html)).toContain('Items (4)');
    expect(text(html)).toContain('Storage: 1 TB, Colour: Mint');
    expect(text(html)).toContain(`2 × ${sgd(169900)} ${sgd(339800)}`);
    expect(html).toContain('src="http://assets.example/products/pixel-1_thumb.svg"');
    const costs = text(/<dl[^>]*>(.*?)<\/dl>/.exec(html)?.[1] ?? '').trim();
    expect(costs).toBe(
      `Subtotal ${sgd(355480)} Shipping ${sgd(800)} Discount (WELCOME10) \u2212${sgd(1000)} GST ${sgd(31975)} Total ${sgd(387255)}`,
    );
    expect(text(html)).toContain('Shipping address Ana Lim 1 Fusionopolis Way #10-01 Singapore 138632 +6591234567');
    expect(text(html)).toContain('Billing address Same as the shipping address');
    expect(text(html)).toContain('Leave it with the guard.');
    expect(text(html)).toMatch(/History Awaiting payment 15\/01\/2027, 16:00:00 · You Paid 15\/01\/2027, 16:03:20 · Payment/);
    expect(text(html)).not.toContain('Pay now');
  });

  it('the payments, a declined one with its reason', () => {
    const html = text(one({ status: 'ready', order: paid, dispute: null }));
    expect(html).toContain(`Payment of ${sgd(387255)} by visa •••• 0002: Failed`);
    expect(html).toContain('— Your card was declined.');
    expect(html).toContain(`Payment of ${sgd(387255)} by visa •••• 4242: Succeeded`);
    expect(html).toContain('Payment method: Card');
  });

  it('a shipped order: carrier and tracking, I have received it, no cancel; the dispute information', () => {
    const shipped = order({
      status: 'shipped',
      statusLabel: 'Shipped',
      payBy: null,
      carrier: 'SingPost',
      trackingNumber: 'RR123456789SG',
      canCancel: false,
      canConfirmReceipt: true,
    });
    const how = "Open a dispute from this order's page, saying what is wrong, within 14 days of delivery.";
    const html = one({ status: 'ready', order: shipped, dispute: { canDispute: true, until: null, how } });
    expect(text(html)).toContain('Shipped with SingPost, tracking number RR123456789SG.');
    expect(buttons(html)).toContain('I have received it');
    expect(buttons(html)).not.toContain('Cancel order');
    expect(text(html)).toContain(`A problem with this order? ${how.replace(/'/g, "'")}`);
  });

  it('a cancelled order says so and offers nothing to do', () => {
    const cancelled = order({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      payBy: null,
      canCancel: false,
      cancelReason: 'Not paid in time',
    });
    const html = one({ status: 'ready', order: cancelled, dispute: null });
    expect(text(html)).toContain('Why: Not paid in time');
    expect(buttons(html)).toEqual([]);
    expect(describedByTargetsExist(html)).toBe(true);
  });
});

describe('the card form', () => {
  const noop = () => {};

  it('shows each problem beside its field, read with it', () => {
    const html = renderToStaticMarkup(
      <PayForm
        order={order()}
        onChanged={noop}
        onDeclined={noop}
        initialCard={{ name: 'Ana', number: '4242', expiry: '10/20', cvc: '' }}
        initialProblems={{ number: 'This is not a valid card number. Check it and try again.', expiry: 'This card has expired.' }}
      />,
    );
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]*-number-error"[^>]*name="cc-number"/);
    expect(text(html)).toContain('This card has expired.');
    expect(html).toContain('autoComplete="cc-number"');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a declined card is said in an alert', () => {
    const html = renderToStaticMarkup(
      <PayForm order={order()} onChanged={noop} onDeclined={noop} initialMessage="Your card has insufficient funds. Try another card." />,
    );
    expect(html).toMatch(/role="alert">Your card has insufficient funds\. Try another card\./);
  });

  it('a payment the bank asks about is confirmed here', () => {
    const waiting = order({
      payments: [
        {
          id: 'cccccccc-0000-4000-8000-000000000003',
          kind: 'charge',
          status: 'requires_action',
          amount: 387255,
          currency: 'SGD',
          provider: 'test',
          methodSummary: 'visa •••• 3155',
          failureCode: null,
          failureMessage: null,
          createdAt: 1_800_000_100,
        },
      ],
    });
    const html = renderToStaticMarkup(<PayForm order={waiting} onChanged={noop} onDeclined={noop} />);
    expect(text(html)).toContain(`Your bank asks you to confirm the payment of ${sgd(387255)} by visa •••• 3155.`);
    expect(buttons(html)).toContain('Confirm payment');
  });
});
