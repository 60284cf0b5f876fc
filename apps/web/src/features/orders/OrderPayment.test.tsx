// @vitest-environment happy-dom
/**
 * Paying an order on its page as a shopper does, in a DOM (happy-dom), the browser's API client
 * replaced by a stand-in: the card section on the test gateway (card checked before sending, paid,
 * declined, no answer, the bank's question, a saved card) and the PayNow panel (the code, copying
 * it, "I have paid", a reference refused, a report the shop already has). What each state shows
 * as HTML is in order-pages.test.tsx; the calls' rules in payment.test.ts and paynow.test.ts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, PaymentInfo, SavedCard } from '@kedai/contract';
import { API_UNREACHABLE, ApiError } from '@kedai/contract/client';
import { DEMO_PAYNOW_SETTINGS, formatMoney, payNowPayload } from '@kedai/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { LiveChannel, setLiveChannel } from '../chat/live';
import { chatPage } from '../chat/test-fixtures';
import { OrderView } from './OrderView';
import { TRANSFER_REPORTED_TEXT } from './paynow';

type Options = { params?: Record<string, string>; query?: unknown; body?: unknown; headers?: Record<string, string> };
type Handler = (options: Options) => unknown;

/** The stand-in API: "METHOD path" -> what it answers (a throw is a refusal). */
const answers = vi.hoisted(() => new Map<string, Handler>());
const api = vi.hoisted(() => {
  const call =
    (method: string) =>
    async (path: string, options: Options = {}) => {
      const handler = answers.get(`${method} ${path}`);
      if (!handler) throw new Error(`unexpected ${method} ${path}`);
      return handler(options);
    };
  return { get: vi.fn(call('GET')), post: vi.fn(call('POST')), put: vi.fn(call('PUT')), delete: vi.fn(call('DELETE')) };
});
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: api,
}));

/** An amount as Testing Library reads it (its text matching turns a no-break space into a space). */
const sgd = (amount: number) => formatMoney(amount, 'SGD').replace(/\s/g, ' ');
/** The same as an accessible name reads it (a no-break space stays one). */
const sgdName = (amount: number) => formatMoney(amount, 'SGD');
const refusal = (status: number, errorCode: string, params: unknown[] = []) =>
  new ApiError({ errorCode, error: `refused: ${errorCode}`, params }, status, 'path');

const byCard = order();
const paidByCard: Order = { ...byCard, status: 'paid', statusLabel: 'Paid', payBy: null, canCancel: true };
const dispute = { canDispute: false, until: null, how: 'Write to us.' };
const visa: SavedCard = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  createdAt: 1,
};

function show(shown: Order) {
  const user = userEvent.setup({ delay: null });
  render(
    <OrderView
      orderId={shown.id}
      assetsUrl="http://assets.example"
      payments={{ provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true }}
      initial={{ status: 'ready', order: shown, dispute }}
      timeZone="Asia/Singapore"
    />,
  );
  return user;
}

/** What the page reads back after a change: the order as `now()` says. */
function orderReadsAs(now: () => Order) {
  answers.set('GET /order/:id', () => now());
  answers.set('GET /order/:id/dispute_info', () => dispute);
}

const calls = (method: 'get' | 'post', path: string) =>
  api[method].mock.calls.filter(([called]) => called === path).map(([, options]) => options);

beforeEach(() => {
  answers.clear();
  for (const spy of Object.values(api)) spy.mockClear();
  answers.set('GET /payment/stripe/card/payment_methods', () => ({ paymentMethods: [] }));
  orderReadsAs(() => byCard);
  // The page's conversation with the shop (OrderChat.test.tsx): empty, without a socket.
  answers.set('GET /order/:id/messages', () => chatPage([]));
  setLiveChannel(
    new LiveChannel({
      createSocket: () => {
        throw new Error('no socket in these tests');
      },
      backoff: [3_600_000],
    }),
  );
});

describe('an order awaiting a card payment (test gateway)', () => {
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  const payButton = () => screen.getByRole('button', { name: `Pay ${sgdName(byCard.total)}` });

  async function typeCard(user: ReturnType<typeof show>, number = '4242 4242 4242 4242') {
    await user.type(field('Name on card'), 'Ana Lim');
    await user.type(field('Card number'), number);
    await user.type(field('Expiry date (MM/YY)'), '12/34');
    await user.type(field('Security code (CVC)'), '123');
  }

  it('shows the card form, not PayNow', async () => {
    show(byCard);
    expect(screen.getByRole('heading', { name: 'Pay now' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Pay by card' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Tell the shop you have paid' })).toBeNull();
    expect(calls('post', '/order/:id/payment_info')).toHaveLength(0);
  });

  it('an empty or wrong card is said beside each field and nothing is sent', async () => {
    const user = show(byCard);
    await user.click(await screen.findByRole('button', { name: `Pay ${sgdName(byCard.total)}` }));
    expect(field('Name on card').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the name on the card.')).toBeTruthy();
    expect(screen.getByText('Enter the card number.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date, for example 08/29.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digits of the security code.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Name on card'));

    await typeCard(user, '4242 4242 4242 4241');
    expect(field('Name on card').getAttribute('aria-invalid')).toBeNull(); // typing clears the field's problem
    await user.click(payButton());
    expect(screen.getByText('This is not a valid card number. Check it and try again.')).toBeTruthy();
    expect(calls('post', '/payment/stripe/card/pay')).toHaveLength(0);
  });

  it('a good card is sent with an Idempotency-Key; paid, the page thanks the shopper and the pay section goes', async () => {
    const user = show(byCard);
    await screen.findByRole('form', { name: 'Pay by card' });
    answers.set('POST /payment/stripe/card/pay', () => ({ order: paidByCard, paymentId: 'p1', status: 'succeeded', clientSecret: null }));
    orderReadsAs(() => paidByCard);
    await typeCard(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    await user.click(payButton());

    expect(await screen.findByText('Thank you — your payment went through and your order is paid.')).toBeTruthy();
    const [sent] = calls('post', '/payment/stripe/card/pay');
    expect(sent!.body).toEqual({
      orderId: byCard.id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', name: 'Ana Lim' },
      saveCard: true,
    });
    expect(sent!.headers!['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('heading', { name: 'Pay now' })).toBeNull();
  });

  it('a declined card is said in the bank’s words, the order is read again, and another try is a new attempt', async () => {
    const user = show(byCard);
    await screen.findByRole('form', { name: 'Pay by card' });
    answers.set('POST /payment/stripe/card/pay', () => {
      throw refusal(402, 'payment/declined', ['Your card has insufficient funds']);
    });
    await typeCard(user);
    await user.click(payButton());

    expect(await screen.findByText('Your card has insufficient funds. Try another card.')).toBeTruthy();
    await waitFor(() => expect(calls('get', '/order/:id').length).toBeGreaterThan(0));
    expect(field('Card number').value).toBe('4242 4242 4242 4242'); // kept, to correct
    expect(screen.queryByText(/your order is paid/)).toBeNull();

    await user.click(payButton());
    const [first, second] = calls('post', '/payment/stripe/card/pay');
    expect(second!.headers!['Idempotency-Key']).not.toBe(first!.headers!['Idempotency-Key']);
  });

  it('a payment that got no answer says so, and sending it again reuses its Idempotency-Key', async () => {
    const user = show(byCard);
    await screen.findByRole('form', { name: 'Pay by card' });
    answers.set('POST /payment/stripe/card/pay', () => {
      throw new ApiError(
        { errorCode: API_UNREACHABLE, error: 'The shop could not be reached. Check your connection.', params: [] },
        0,
        'p',
      );
    });
    await typeCard(user);
    await user.click(payButton());
    expect(await screen.findByText('The shop could not be reached. Check your connection.')).toBeTruthy();
    await user.click(payButton());
    const [first, second] = calls('post', '/payment/stripe/card/pay');
    expect(second!.headers!['Idempotency-Key']).toBe(first!.headers!['Idempotency-Key']);
  });

  it('a payment the bank asks about is confirmed with "Confirm payment"', async () => {
    const asked: Order = {
      ...byCard,
      payments: [
        {
          id: 'cccccccc-0000-4000-8000-0000000000a1',
          kind: 'charge',
          status: 'requires_action',
          amount: byCard.total,
          currency: 'SGD',
          provider: 'test',
          methodSummary: 'visa •••• 3155',
          failureCode: null,
          failureMessage: null,
          createdAt: 1_800_000_100,
        },
      ],
    };
    const user = show(byCard);
    await screen.findByRole('form', { name: 'Pay by card' });
    answers.set('POST /payment/stripe/card/pay', () => ({
      order: asked,
      paymentId: asked.payments[0]!.id,
      status: 'requires_action',
      clientSecret: null,
    }));
    orderReadsAs(() => asked);
    await typeCard(user, '4000 0025 0000 3155');
    await user.click(payButton());

    const question = await screen.findByRole('group', { name: /Your bank asks you to confirm the payment/ });
    answers.set('POST /order/:id/pay/confirm', () => paidByCard);
    orderReadsAs(() => paidByCard);
    await user.click(within(question).getByRole('button', { name: 'Confirm payment' }));
    expect(calls('post', '/order/:id/pay/confirm')[0]).toEqual({ params: { id: byCard.id }, body: { paymentId: asked.payments[0]!.id } });
    expect(await screen.findByText('Thank you — your payment went through and your order is paid.')).toBeTruthy();
  });

  it('a saved card pays in one click; "or pay with another card" opens the form', async () => {
    answers.set('GET /payment/stripe/card/payment_methods', () => ({ paymentMethods: [visa] }));
    const user = show(byCard);
    const oneClick = await screen.findByRole('button', { name: `Pay ${sgdName(byCard.total)} with this card` });
    expect(screen.queryByRole('form', { name: 'Pay by card' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'visa •••• 4242, expires 12/34' }).checked).toBe(true);

    const another = screen.getByRole('button', { name: 'or pay with another card' });
    await user.click(another);
    expect(another.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Pay by card' })).toBeTruthy();

    answers.set('POST /payment/stripe/card/pay', () => ({ order: paidByCard, paymentId: 'p1', status: 'succeeded', clientSecret: null }));
    orderReadsAs(() => paidByCard);
    await user.click(oneClick);
    expect(calls('post', '/payment/stripe/card/pay')[0]!.body).toEqual({ orderId: byCard.id, savedCardId: visa.id });
    expect(await screen.findByText('Thank you — your payment went through and your order is paid.')).toBeTruthy();
  });
});

describe('an order awaiting a PayNow transfer', () => {
  const byPayNow = order({ paymentMethod: 'paynow' });
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
      payload: payNowPayload({ ...DEMO_PAYNOW_SETTINGS, amountCents: byPayNow.total, reference: byPayNow.orderRef, editable: false }),
      payee: DEMO_PAYNOW_SETTINGS.proxy,
      merchantName: DEMO_PAYNOW_SETTINGS.merchantName,
      reference: byPayNow.orderRef,
    },
  };
  const reportedInfo: PaymentInfo = { ...awaitingInfo, state: 'awaiting_confirmation', payBy: null, paynow: null };

  let info: PaymentInfo;
  beforeEach(() => {
    info = awaitingInfo;
    answers.set('POST /order/:id/payment_info', () => info);
    orderReadsAs(() => byPayNow);
  });

  const reference = () => screen.getByLabelText<HTMLInputElement>('Bank reference (optional)');

  it('shows the QR code to scan with what it pays, and no card form', async () => {
    show(byPayNow);
    expect(screen.getByRole('heading', { name: 'Pay with PayNow' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: /^PayNow QR code: pay / });
    expect(qr.getAttribute('aria-label') ?? qr.textContent).toContain(byPayNow.orderRef);
    expect(calls('post', '/order/:id/payment_info')[0]).toEqual({ params: { id: byPayNow.id } });
    expect(screen.getAllByText(sgd(byPayNow.total)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('form', { name: 'Pay by card' })).toBeNull();
    expect(calls('get', '/payment/stripe/card/payment_methods')).toHaveLength(0);
  });

  it('"Copy the PayNow code" copies it and says so; a browser that refuses shows it to copy by hand', async () => {
    const user = show(byPayNow);
    await user.click(await screen.findByRole('button', { name: 'Copy the PayNow code' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(awaitingInfo.paynow!.payload);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy the PayNow code' }));
    const code = await screen.findByLabelText<HTMLTextAreaElement>('PayNow code');
    expect(code.value).toBe(awaitingInfo.paynow!.payload);
    expect(code.readOnly).toBe(true);
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('copies the UEN and the reference each with its own button, and says which was copied (issue 30)', async () => {
    const user = show(byPayNow);
    await user.click(await screen.findByRole('button', { name: 'Copy the UEN' }));
    expect(await screen.findByText('UEN copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(DEMO_PAYNOW_SETTINGS.proxy.value);
    await user.click(screen.getByRole('button', { name: 'Copy the reference' }));
    expect(await screen.findByText('Reference copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(byPayNow.orderRef);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy the reference' }));
    expect(await screen.findByText(`Your browser did not let us copy the reference: it is ${byPayNow.orderRef}.`)).toBeTruthy();
  });

  it('"I have paid" reports the transfer with the bank reference, then thanks the shopper', async () => {
    const user = show(byPayNow);
    await user.type(await screen.findByLabelText('Bank reference (optional)'), ' FT2611250001 ');
    answers.set('POST /order/:id/paynow_paid', () => {
      info = reportedInfo;
      return byPayNow;
    });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));

    expect(calls('post', '/order/:id/paynow_paid')[0]).toEqual({ params: { id: byPayNow.id }, body: { reference: 'FT2611250001' } });
    expect(await screen.findByText(TRANSFER_REPORTED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    expect(screen.queryByRole('img', { name: /^PayNow QR code/ })).toBeNull();
  });

  it('without a reference, the report is sent without one', async () => {
    const user = show(byPayNow);
    answers.set('POST /order/:id/paynow_paid', () => byPayNow);
    await user.click(await screen.findByRole('button', { name: 'I have paid' }));
    expect(calls('post', '/order/:id/paynow_paid')[0]).toEqual({ params: { id: byPayNow.id }, body: {} });
  });

  it('a reference the bank would not write is refused beside the field, and nothing is sent', async () => {
    const user = show(byPayNow);
    await user.type(await screen.findByLabelText('Bank reference (optional)'), 'FT#26<1>');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(screen.getByText('Check the bank reference: letters, digits, spaces and - / . only.')).toBeTruthy();
    expect(reference().getAttribute('aria-invalid')).toBe('true');
    expect(calls('post', '/order/:id/paynow_paid')).toHaveLength(0);
  });

  it('a report the shop already has is said, and the panel and the order are read again', async () => {
    const user = show(byPayNow);
    await screen.findByRole('button', { name: 'I have paid' });
    answers.set('POST /order/:id/paynow_paid', () => {
      info = reportedInfo;
      throw refusal(409, 'payment/already_reported');
    });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(
      await screen.findByText('You have already told us you paid. The shop is checking the transfer and will confirm it soon.'),
    ).toBeTruthy();
    await waitFor(() => expect(calls('post', '/order/:id/payment_info')).toHaveLength(2));
    expect(calls('get', '/order/:id').length).toBeGreaterThan(0);
    expect(await screen.findByText(TRANSFER_REPORTED_TEXT)).toBeTruthy();
  });

  it('a transfer the shop rejected says why, and the code is offered again', async () => {
    info = { ...awaitingInfo, lastProblem: 'No transfer with this reference reached us.' };
    show(byPayNow);
    expect(
      await screen.findByText(
        'The shop could not confirm your last transfer: No transfer with this reference reached us. You can pay again below.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('PayNow details that cannot be read say why, and Try again reads them again', async () => {
    answers.set('POST /order/:id/payment_info', () => {
      throw refusal(500, 'general/unknown_error');
    });
    const user = show(byPayNow);
    expect(
      await screen.findByText('We could not load the PayNow details: Something went wrong on our side. Please try again in a moment.'),
    ).toBeTruthy();
    answers.set('POST /order/:id/payment_info', () => awaitingInfo);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'I have paid' })).toBeTruthy();
  });
});

describe('confirming receipt (issue 30)', () => {
  const delivered: Order = { ...paidByCard, status: 'delivered', statusLabel: 'Delivered', canCancel: false, canConfirmReceipt: true };
  const completed: Order = { ...delivered, status: 'completed', statusLabel: 'Completed', canConfirmReceipt: false };
  const until = Date.UTC(2027, 0, 29, 4, 0) / 1000; // 12:00 in Singapore

  function showDelivered() {
    const user = userEvent.setup({ delay: null });
    render(
      <OrderView
        orderId={delivered.id}
        assetsUrl="http://assets.example"
        payments={{ provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true }}
        initial={{ status: 'ready', order: delivered, dispute: { canDispute: true, until, how: 'Open a dispute here.' } }}
        timeZone="Asia/Singapore"
      />,
    );
    return user;
  }

  it('asks first, saying it ends the time to open a dispute; "Not yet" sends nothing and returns to the button', async () => {
    const user = showDelivered();
    await user.click(screen.getByRole('button', { name: 'I have received it' }));
    const question = screen.getByRole('group', { name: /Have you received everything in order/ });
    expect(question.textContent).toContain(delivered.orderRef);
    expect(question.textContent).toMatch(/ends the time to open a dispute, which otherwise stays open until .*29.*2027/);
    expect(document.activeElement).toBe(question);
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('group', { name: /Have you received everything/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I have received it' })));
    expect(calls('post', '/order/:id/confirm_receipt')).toHaveLength(0);
  });

  it('confirmed, the order is completed', async () => {
    answers.set('POST /order/:id/confirm_receipt', () => completed);
    orderReadsAs(() => completed);
    const user = showDelivered();
    await user.click(screen.getByRole('button', { name: 'I have received it' }));
    await user.click(screen.getByRole('button', { name: 'Yes, I have received it' }));
    expect(await screen.findByText('Thank you — your order is complete.')).toBeTruthy();
    expect(calls('post', '/order/:id/confirm_receipt')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /received it/ })).toBeNull();
  });
});
