import { renderToStaticMarkup } from 'react-dom/server';
import type { PaymentInfo } from '@kedai/contract';
import { DEMO_PAYNOW_SETTINGS, formatMoney, payNowPayload } from '@kedai/domain';
import { describe, expect, it } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { OrderView, type OrderLoad } from './OrderView';
import { OrdersView, type OrdersLoad } from './OrdersView';
import { PayForm } from './PayForm';
import { PayNowPaidForm } from './PayNowPaidForm';
import { PayNowPanel, type CopyState, type PaymentInfoLoad } from './PayNowPanel';

/*
 * What the order list, one order, the card form and the PayNow panel show, rendered as HTML (the web
 * tests run in Node without a DOM). The calls and rules behind them are tested in orders.test.ts,
 * payment.test.ts, paynow.test.ts and qr-code.test.ts.
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
  renderToStaticMarkup(
    <OrderView
      orderId={order().id}
      assetsUrl="http://assets.example"
      payments={{ provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true }}
      initial={load}
      timeZone={zone}
    />,
  );

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

  it('an order awaiting payment: its reference, status, pay-by time, the card section in test mode (reading the saved cards first), Cancel order', () => {
    const html = one({ status: 'ready', order: awaiting, dispute: null });
    expect(html).toMatch(/<h1 id="order-title" tabindex="-1">Order KD-261125-7Q4M9X<\/h1>/);
    expect(text(html)).toContain('Awaiting payment');
    expect(text(html)).toContain('Pay now');
    expect(text(html)).toContain('Pay by 15/01/2027, 16:30:00, or it will be cancelled');
    expect(text(html)).toContain('Test mode — no real money.');
    expect(html).toMatch(/role="status"[^>]*>Loading your saved cards…/);
    expect(buttons(html)).toContain('Cancel order');
    expect(buttons(html)).not.toContain('I have received it');
  });

  it('a card order while the shop has no card provider: said in words, no pretend card form (issue 27)', () => {
    const html = renderToStaticMarkup(
      <OrderView
        orderId={awaiting.id}
        assetsUrl="http://assets.example"
        payments={{ provider: null, stripePublishableKey: null, methods: [], testMode: false }}
        initial={{ status: 'ready', order: awaiting, dispute: null }}
        timeZone={zone}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('The shop cannot take payment by card right now.');
    expect(text(html)).not.toContain('Name on card');
    expect(text(html)).not.toContain('Test mode');
    expect(buttons(html)).toContain('Cancel order');
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
    // In transit a dispute cannot be opened yet (issue 29): the panel says why, with no form.
    const how = 'Your parcel is on its way. If something is wrong when it arrives, open a dispute here within 14 days of delivery.';
    const html = one({ status: 'ready', order: shipped, dispute: { canDispute: false, until: null, how } });
    expect(text(html)).toContain('Shipped with SingPost, tracking number RR123456789SG.');
    expect(buttons(html)).toContain('I have received it');
    expect(buttons(html)).not.toContain('Cancel order');
    expect(text(html)).toContain(`Something wrong with this order? ${how}`);
    expect(buttons(html)).not.toContain('Open a dispute');
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

  it('the card’s name, number, expiry date and security code, each labelled, and Pay <total>', () => {
    const html = renderToStaticMarkup(
      <PayForm order={order()} onChanged={noop} onDeclined={noop} initialSavedCards={{ status: 'ready', cards: [] }} />,
    );
    for (const label of ['Name on card', 'Card number', 'Expiry date (MM/YY)', 'Security code (CVC)']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(buttons(html)).toEqual([`Pay ${sgd(387255)}`]);
  });

  it('shows each problem beside its field, read with it', () => {
    const html = renderToStaticMarkup(
      <PayForm
        order={order()}
        onChanged={noop}
        onDeclined={noop}
        initialSavedCards={{ status: 'ready', cards: [] }}
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

describe('an order paid by PayNow', () => {
  const noop = () => {};
  const byPayNow = order({ paymentMethod: 'paynow' });
  const payload = payNowPayload({
    ...DEMO_PAYNOW_SETTINGS,
    amountCents: byPayNow.total,
    reference: byPayNow.orderRef,
    editable: false,
    expiry: '20270115',
  });
  const awaitingInfo: PaymentInfo = {
    orderId: byPayNow.id,
    orderRef: byPayNow.orderRef,
    orderStatus: 'awaiting_payment',
    method: 'paynow',
    amount: byPayNow.total,
    currency: 'SGD',
    payBy: 1_800_001_800,
    state: 'awaiting_payment',
    lastProblem: null,
    paynow: {
      payload,
      payee: DEMO_PAYNOW_SETTINGS.proxy,
      merchantName: DEMO_PAYNOW_SETTINGS.merchantName,
      reference: byPayNow.orderRef,
    },
  };
  const reportedInfo: PaymentInfo = { ...awaitingInfo, state: 'awaiting_confirmation', payBy: null, paynow: null };
  const ready = (info: PaymentInfo): PaymentInfoLoad => ({ status: 'ready', info });
  const panel = (initial: PaymentInfoLoad, initialCopy?: CopyState, initialMessage?: string) =>
    renderToStaticMarkup(
      <PayNowPanel
        orderId={byPayNow.id}
        timeZone={zone}
        onReported={noop}
        onOutdated={noop}
        initial={initial}
        {...(initialCopy ? { initialCopy } : {})}
        {...(initialMessage ? { initialMessage } : {})}
      />,
    );

  // A transfer reported, as the API answers it once the shopper has said "I have paid" (its payBy kept
  // here, as an older answer might: the page's rule alone must hide it).
  const reportedOrder = order({
    paymentMethod: 'paynow',
    statusLabel: 'Payment reported: the shop is checking it',
    payments: [
      {
        id: 'cccccccc-0000-4000-8000-000000000009',
        kind: 'charge',
        status: 'pending',
        amount: byPayNow.total,
        currency: 'SGD',
        provider: 'paynow',
        methodSummary: 'PayNow',
        failureCode: null,
        failureMessage: null,
        createdAt: 1_800_000_600,
      },
    ],
    history: [
      { from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at: 1_800_000_000 },
      {
        from: 'awaiting_payment',
        to: 'awaiting_payment',
        actor: 'shopper',
        note: 'Transfer reported, reference FT2611 2500/01',
        at: 1_800_000_600,
      },
    ],
  });

  it('reported: Your orders reads "Payment reported: the shop is checking it", with no time to pay', () => {
    const html = list({ status: 'ready', orders: [reportedOrder, byPayNow], total: 2, page: 1, limit: 10, pages: 1 });
    expect(html).toMatch(
      /data-status="transfer_reported"><span class="visually-hidden">Status: <\/span>Payment reported: the shop is checking it<\/span>/,
    );
    // The other PayNow order, not reported, still says until when to pay: once.
    expect(text(html).match(/Pay by/g)).toHaveLength(1);
    expect(html.indexOf('Pay by')).toBeGreaterThan(html.indexOf(byPayNow.id, html.indexOf('Payment reported')));
  });

  it('reported: the order page says the shop is checking it, no deadline or cancellation, and the reference in the history', () => {
    const html = one({ status: 'ready', order: reportedOrder, dispute: null });
    expect(html).toMatch(/data-status="transfer_reported">.*Payment reported: the shop is checking it<\/span>/);
    expect(html).toMatch(/<h2[^>]*id="order-pay-title"[^>]*>Payment reported<\/h2>/);
    expect(text(html)).toContain('Status: Payment reported: the shop is checking it');
    expect(text(html)).not.toMatch(/Pay by|cancelled/);
    expect(text(html).match(/Awaiting payment/g)).toEqual(['Awaiting payment']); // the history's first line only
    expect(text(html)).toContain('Transfer reported, reference FT2611 2500/01 15/01/2027, 16:10:00 · You');
    // The payment line too: not "Pending", which reads as nothing having happened.
    expect(text(html)).toContain('by PayNow: Reported, the shop is checking it');
    expect(text(html)).not.toContain('PayNow: Pending');
  });

  it('the order page names the method PayNow and reads the PayNow details instead of showing the card form', () => {
    const html = one({ status: 'ready', order: byPayNow, dispute: null });
    expect(html).toMatch(/<h2[^>]*id="order-pay-title"[^>]*>Pay with PayNow<\/h2>/);
    expect(text(html)).toContain('Payment method: PayNow');
    expect(html).toMatch(/role="status"[^>]*>Loading the PayNow details…/);
    expect(text(html)).not.toContain('Name on card');
    expect(text(html)).not.toContain('Test mode');
    expect(buttons(html)).toContain('Cancel order');
  });

  it('the PayNow details that could not be read say why, with Try again', () => {
    const html = panel({ status: 'error', message: 'The shop could not be reached.' });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('We could not load the PayNow details: The shop could not be reached.');
    expect(buttons(html)).toEqual(['Try again']);
  });

  it('awaiting payment: the QR code as one SVG path, described in words; no script and no markup injected', () => {
    const html = panel(ready(awaitingInfo));
    const svg = /<svg[^>]*>.*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(svg).toContain('role="img"');
    expect(svg).toContain(`aria-label="PayNow QR code: pay ${sgd(387255)} to Kedai Demo Shop, reference KD-261125-7Q4M9X"`);
    expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toMatch(/<path d="(M\d+ \d+h\d+v1h-\d+z)+" fill="#000000"/);
    expect(html).not.toMatch(/<script|<foreignObject|on\w+="/i);
  });

  it('awaiting payment: what to pay, to whom, the reference to keep, until when; copy; how to pay; I have paid', () => {
    const html = panel(ready(awaitingInfo));
    const details = text(/<dl[^>]*>(.*?)<\/dl>/.exec(html)?.[1] ?? '').trim();
    // The UEN and the reference each with its own Copy (issue 30), named for a screen reader.
    expect(details).toBe(
      `Amount ${sgd(387255)} Pay to UEN S99345678ABCD Copy the UEN Name Kedai Demo Shop Reference KD-261125-7Q4M9X Copy the reference`,
    );
    expect(text(html)).toContain('Pay by 15/01/2027, 16:30:00, or it will be cancelled');
    expect(buttons(html)).toEqual(['Copy the PayNow code', 'Save QR code', 'I have paid']);
    expect(html).toMatch(/<p[^>]*role="status"[^>]*><\/p>/);
    expect(html).not.toContain('<textarea');
    expect(text(html)).toMatch(
      /How to pay Open your banking app and scan the QR code\. Check that it pays .* to Kedai Demo Shop, and keep the reference KD-261125-7Q4M9X in the transfer\. Once you have paid, tap “I have paid” below\./,
    );
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Bank reference \(optional\)<\/label>/);
    expect(html).toMatch(/<input[^>]*maxLength="35"[^>]*name="bank-reference"/);
    expect(html).not.toContain('role="alert"');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('copied: says so in the polite live region', () => {
    expect(panel(ready(awaitingInfo), 'copied')).toMatch(/<p[^>]*role="status"[^>]*>Copied<\/p>/);
  });

  it('a clipboard refused: the code is shown in a read-only field to copy by hand', () => {
    const html = panel(ready(awaitingInfo), 'refused');
    const field = /<textarea[^>]*>([^<]*)<\/textarea>/.exec(html);
    expect(field?.[0]).toContain('readOnly=""');
    expect(field?.[1]).toBe(payload);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>PayNow code<\/label>.*<textarea[^>]*id="\1"/);
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a transfer the shop rejected: its reason in an alert, and the code to pay again', () => {
    const html = panel(ready({ ...awaitingInfo, lastProblem: 'No transfer of SGD 3,872.55 arrived in our account.' }));
    expect(html).toMatch(
      /role="alert">The shop could not confirm your last transfer: No transfer of SGD 3,872\.55 arrived in our account\. You can pay again below\./,
    );
    expect(html).toContain('role="img"');
    expect(buttons(html)).toContain('I have paid');
  });

  it('reported: the shop is checking the transfer; no code and no form', () => {
    const html = panel(ready(reportedInfo));
    expect(text(html)).toContain('Thank you — the shop is checking your transfer. We will e-mail you when it is confirmed.');
    expect(html).not.toContain('<svg');
    expect(buttons(html)).toEqual([]);
    expect(text(html)).not.toContain('Pay by');
  });

  it('awaiting payment while the shop does not take PayNow: no code, no form, said in words (issue 27)', () => {
    const html = panel(ready({ ...awaitingInfo, paynow: null }));
    expect(text(html)).toContain('The shop cannot take payment by PayNow right now.');
    expect(html).not.toContain('<svg');
    expect(buttons(html)).toEqual([]);
  });

  it('a report refused is said in an alert, where focus goes', () => {
    const html = panel(ready(awaitingInfo), undefined, 'Check the bank reference: letters, digits, spaces and - / . only.');
    expect(html).toMatch(/<div tabindex="-1"[^>]*><div[^>]*role="alert">Check the bank reference/);
  });

  it('a bank reference that cannot be sent is marked, with its problem read with it', () => {
    const html = renderToStaticMarkup(
      <PayNowPaidForm
        orderId={byPayNow.id}
        onReported={noop}
        onRefused={noop}
        initialReference="paid #1"
        initialProblem="Check the bank reference: letters, digits, spaces and - / . only."
      />,
    );
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]*-reference-error [^"]*-reference-hint"[^>]*name="bank-reference"/);
    expect(text(html)).toContain('Check the bank reference');
    expect(describedByTargetsExist(html)).toBe(true);
  });
});
