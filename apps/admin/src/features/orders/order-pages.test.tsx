/**
 * The order screens as HTML (the admin tests run in Node), from data in the query cache as the API
 * would answer it: the list's filters and rows, the detail page's lines, costs, addresses, payments
 * and history, the steps offered for each status, and what a 409 leaves on the page once the order
 * is read again.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@kedai/contract/client';
import type { AdminOrder, PublicUser } from '@kedai/contract';
import { SESSION_KEY } from '../auth/session';
import { paidOrder } from './fixtures';

/** An order awaiting its PayNow transfer, which the shopper reported, as the API answers it (no time to pay). */
const reportedOrder = () =>
  paidOrder({
    status: 'awaiting_payment',
    paymentMethod: 'paynow',
    nextStatuses: [],
    refundable: 0,
    payBy: null,
    payments: [
      {
        id: '9b8a7c6d-0000-4000-8000-00000000000a',
        kind: 'charge',
        status: 'pending',
        amount: 13102,
        currency: 'SGD',
        provider: 'paynow',
        methodSummary: 'PayNow',
        failureCode: null,
        failureMessage: null,
        createdAt: paidOrder().createdAt + 60,
      },
    ],
    history: [
      { from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at: paidOrder().createdAt },
      {
        from: 'awaiting_payment',
        to: 'awaiting_payment',
        actor: 'shopper',
        note: 'Transfer reported, reference FT2611 2500/01',
        at: paidOrder().createdAt + 60,
      },
    ],
  });
import { ORDER_CHANGED_MESSAGE, handleOrderError, refundedNews } from './order-actions';
import { NewsText, OrderDetailPage, OrderView } from './OrderDetailPage';
import { OrderListPage, OrderTable } from './OrderListPage';
import { orderKey } from './queries';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

function page(element: ReactNode, { path = '/', route = '/', client = new QueryClient() } = {}) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function detailPage(order: AdminOrder, role: PublicUser['role'] = 'staff') {
  const client = new QueryClient();
  client.setQueryData(orderKey(order.id), order);
  client.setQueryData(SESSION_KEY, { profile: { role }, signedIn: true, tfaEnabled: true, tfaPassed: true, tfaSetupSkipped: false });
  return page(<OrderDetailPage />, { path: '/orders/:id', route: `/orders/${order.id}`, client });
}

describe('the order list', () => {
  it('searches by reference or e-mail and filters by status, kept in the address', () => {
    const client = new QueryClient();
    client.setQueryData(['orders', { status: 'paid', q: 'siti', page: 1, limit: 25 }], {
      orders: [paidOrder()],
      total: 1,
      page: 1,
      limit: 25,
      pages: 1,
    });
    const html = page(<OrderListPage />, { path: '/orders', route: '/orders?status=paid&q=siti', client });
    expect(html).toContain('<form role="search" aria-label="Orders" class="filters">');
    expect(html).toContain('<label for="order-q">Order reference or e-mail</label>');
    expect(html).toMatch(/<input id="order-q" type="search"[^>]* value="siti"/);
    expect(html).toContain('<label for="order-status">Status</label>');
    expect(html).toContain('<option value="paid" selected="">Paid</option>');
    expect(html).toContain('<option value="awaiting_payment">Awaiting payment</option>');
    expect(html).toContain('<label for="order-payment">Payment</label>');
    expect(html).toContain('<option value="transfer_reported">PayNow: transfer reported</option>');
    expect(html).toContain('<button type="submit" class="button">Search</button>');
    expect(text(html)).toContain('1 order');
  });

  it('says how many paid orders wait to be processed, with a link to them from another filter (issue 30)', () => {
    const client = new QueryClient();
    client.setQueryData(['orders', { page: 1, limit: 25 }], { orders: [paidOrder()], total: 1, page: 1, limit: 25, pages: 1 });
    client.setQueryData(['orders', 'paid-to-process'], 3);
    const html = page(<OrderListPage />, { path: '/orders', route: '/orders', client });
    expect(text(html)).toMatch(/3 paid orders wait to be processed\.\s+Show them/);
    expect(html).toContain('href="/orders?status=paid"');
    // None waiting: nothing said.
    const none = new QueryClient();
    none.setQueryData(['orders', { page: 1, limit: 25 }], { orders: [], total: 0, page: 1, limit: 25, pages: 0 });
    none.setQueryData(['orders', 'paid-to-process'], 0);
    expect(text(page(<OrderListPage />, { path: '/orders', route: '/orders', client: none }))).not.toContain('wait to be processed');
  });

  it('shows each order with when it was placed, its reference (linking to it), the e-mail, the total and the status', () => {
    const orders = [
      paidOrder(),
      paidOrder({ id: '4a3b2c1d-0e9f-4876-8543-21fedcba9876', orderRef: 'KD-261130-ABCDEF', status: 'shipped' }),
    ];
    const html = page(
      <OrderTable
        data={{ orders, total: 30, page: 1, limit: 25, pages: 2 }}
        state={{ status: 'all', payment: 'all', q: '', page: 1 }}
        updating={false}
      />,
    );
    expect(html).toContain('<caption id="orders-caption">Orders, newest first, page 1 of 2</caption>');
    expect(html).toContain(`<a href="/orders/${orders[0]!.id}" data-discover="true">KD-261201-7Q4M9X</a>`);
    expect(html).toMatch(/<time dateTime="2026-12-01T08:30:00.000Z">1 Dec 2026, \d\d:30<\/time>/);
    expect(text(html)).toContain('KD-261201-7Q4M9X siti@example.com SGD 131.02 Paid Card');
    expect(text(html)).toContain('KD-261130-ABCDEF siti@example.com SGD 131.02 Shipped Card');
    expect(html).toContain('<span class="badge badge--pending">Paid</span>');
    expect(text(html)).toContain('30 orders');
    expect(html).toContain('href="/?page=2"');
  });

  it('shows a PayNow transfer the shopper reported as "Transfer reported" in the payment column, and filters by it', () => {
    const reported = reportedOrder();
    const html = page(
      <OrderTable
        data={{ orders: [reported, paidOrder({ paymentMethod: 'paynow' })], total: 2, page: 1, limit: 25, pages: 1 }}
        state={{ status: 'all', payment: 'all', q: '', page: 1 }}
        updating={false}
      />,
    );
    expect(html).toContain('<th scope="col">Payment</th>');
    expect(text(html)).toContain('SGD 131.02 Awaiting payment PayNow Transfer reported');
    expect(html.match(/<span class="badge badge--pending">Transfer reported<\/span>/g)).toHaveLength(1);

    const client = new QueryClient();
    client.setQueryData(['orders', { payment: 'transfer_reported', page: 1, limit: 25 }], {
      orders: [reported],
      total: 1,
      page: 1,
      limit: 25,
      pages: 1,
    });
    const filtered = page(<OrderListPage />, { path: '/orders', route: '/orders?payment=transfer_reported', client });
    expect(filtered).toContain('<option value="transfer_reported" selected="">PayNow: transfer reported</option>');
    expect(text(filtered)).toContain('1 order');
    expect(text(filtered)).toContain('Transfer reported');
  });

  it('says when nothing matches', () => {
    const html = page(
      <OrderTable
        data={{ orders: [], total: 0, page: 1, limit: 25, pages: 1 }}
        state={{ status: 'paid', payment: 'all', q: 'nobody', page: 1 }}
        updating
      />,
    );
    expect(html).toBe('<p role="status">No paid orders match “nobody”.</p>');
  });
});

describe('a paid order', () => {
  const html = detailPage(paidOrder());
  const words = text(html);

  it('names the order and sums it up', () => {
    expect(html).toContain('<h1 tabindex="-1">Order KD-261201-7Q4M9X</h1>');
    expect(words).toContain('Status Paid');
    expect(words).toContain('Shopper Siti Rahman, siti@example.com');
    expect(words).toContain('Total SGD 131.02');
    expect(words).toContain('Region Singapore (SGD)');
    expect(words).toContain('Notes from the shopper Please leave it with the concierge.');
    expect(html).not.toContain('audit log');
  });

  it('lists the lines as bought, with options, quantities, unit and line totals, then the costs', () => {
    expect(html).toContain('<caption id="lines-caption">Items (3 items)</caption>');
    expect(words).toContain('Linen shirt Colour: Indigo · Size: L 2 SGD 49.00 SGD 98.00');
    expect(words).toContain('Wireless earbuds Quoted item from Example Market 1 SGD 30.00 SGD 30.00');
    expect(html).toContain('<a href="/products/7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d" data-discover="true">Linen shirt</a>');
    expect(words).toContain('Subtotal SGD 128.00 Shipping SGD 5.00 Discount (voucher WELCOME10) −SGD 12.80 GST SGD 10.82 Total SGD 131.02');
  });

  it('shows the addresses, the payments ledger and the history', () => {
    expect(words).toContain('Shipping address Siti Rahman 1 Raffles Place, #12-01 048616 Singapore +65 6123 4567');
    expect(words).toContain('Billing address The same as the shipping address.');
    expect(words).toMatch(
      /Charge SGD 131.02 Failed Your card was declined. visa •••• 0002 Test gateway .* Charge SGD 131.02 Succeeded visa •••• 4242/,
    );
    expect(words).toMatch(/Placed: Awaiting payment .* Paid, by the payment provider/);
  });

  it('offers "Mark as processing" and cancelling with a required reason, nothing else', () => {
    expect(html).toContain('<h3 id="processing-heading">Mark as processing</h3>');
    expect(html).toContain('<button type="submit" id="processing-button" class="button">Mark as processing</button>');
    expect(html).toContain('<label for="processing-note">Note for the order&#x27;s history (optional)</label>');
    expect(html).not.toContain('Mark as shipped');
    expect(html).not.toContain('id="refunded-heading"');
    expect(html).toContain('<h2 id="cancel-heading">Cancel order</h2>');
    expect(html).toMatch(/<label for="cancel-reason">Reason for cancelling<\/label>.*<textarea id="cancel-reason"[^>]* required=""/s);
    expect(words).toContain('the payment is refunded to the shopper.');
    expect(html).toContain('<button type="submit" id="cancel-order-button" class="button button--danger">Cancel order</button>');
  });

  it('links owners to the audit log of the order', () => {
    expect(detailPage(paidOrder(), 'owner')).toContain('href="/audit?objectType=order&amp;objectId=3f2e1d0c-9b8a-4765-8432-10fedcba9876"');
  });
});

describe('the steps of each status', () => {
  it('ships a processing order with a carrier and a tracking number, both required', () => {
    const html = detailPage(paidOrder({ status: 'processing', nextStatuses: ['shipped'] }));
    expect(html).toMatch(/<label for="shipped-carrier">Carrier<\/label>.*<input id="shipped-carrier" type="text"[^>]* required=""/s);
    expect(html).toMatch(
      /<label for="shipped-tracking">Tracking number<\/label>.*<input id="shipped-tracking" type="text"[^>]* required=""/s,
    );
    expect(html).toContain('<button type="submit" id="shipped-button" class="button">Mark as shipped</button>');
    expect(html).toContain('Cancel order');
  });

  it('delivers a shipped order, which can no longer be cancelled, and shows its tracking', () => {
    const html = detailPage(
      paidOrder({ status: 'shipped', nextStatuses: ['delivered'], carrier: 'SingPost', trackingNumber: 'RR123456789SG', canCancel: false }),
    );
    expect(html).toContain('<button type="submit" id="delivered-button" class="button">Mark as delivered</button>');
    expect(text(html)).toContain('Carrier SingPost Tracking number RR123456789SG');
    expect(html).not.toContain('Cancel order');
  });

  it('refunds a completed order, and says a closed one has nothing left to do', () => {
    expect(detailPage(paidOrder({ status: 'completed', nextStatuses: ['refunded'] }))).toContain(
      '<button type="submit" id="refund-button" class="button button--danger">Refund</button>',
    );
    // Cancelling gave back all the shop held, so nothing is left to refund either.
    const closed = detailPage(
      paidOrder({ status: 'cancelled', nextStatuses: [], refundable: 0, cancelReason: 'The courier cannot reach this address' }),
    );
    expect(text(closed)).toContain('Reason for cancelling The courier cannot reach this address');
    expect(text(closed)).toContain('This order is closed: there is nothing more to do.');
    expect(closed).not.toContain('<form');
  });

  it('an order whose PayNow transfer the shopper reported: "Transfer reported", where to decide it, no time to pay; the reference in the history', () => {
    const html = detailPage(reportedOrder());
    const words = text(html);
    expect(words).toContain('Status Awaiting payment Transfer reported Confirm or reject it under Payments');
    expect(html).toMatch(/<a href="\/payments"[^>]*>Confirm or reject it under Payments<\/a>/);
    expect(words).toContain('Payment method PayNow');
    expect(words).not.toContain('To be paid by');
    expect(words).toContain('Transfer reported, reference FT2611 2500/01, by the shopper');
  });

  it('waits for an unpaid order, which may still be cancelled', () => {
    const html = detailPage(paidOrder({ status: 'awaiting_payment', nextStatuses: [], payments: [], payBy: paidOrder().createdAt + 1800 }));
    expect(text(html)).toContain('Waiting for the shopper to pay.');
    expect(text(html)).toContain('No payment has been tried yet.');
    expect(text(html)).toContain('To be paid by');
    expect(html).toContain('Cancel order');
    expect(text(html)).not.toContain('the payment is refunded');
  });
});

describe('refunding part of the payment', () => {
  it('is offered while the shop holds some of it: the most, the amount in the currency, a required reason', () => {
    const html = detailPage(paidOrder());
    const words = text(html);
    expect(html).toContain('<h2 id="refund-heading">Refund part of the payment</h2>');
    expect(html).toContain('<form noValidate="" aria-labelledby="refund-heading">');
    expect(words).toContain('The money goes back to the card at once. The order keeps its status');
    expect(html).toMatch(
      /<label for="refund-amount">Amount in SGD<\/label><p class="hint" id="refund-amount-hint">Up to SGD.131.02 can be refunded.<\/p><input id="refund-amount" type="text" aria-describedby="refund-amount-hint"[^>]* required=""[^>]* inputMode="decimal"[^>]* placeholder="12.50"/,
    );
    expect(html).toMatch(
      /<label for="refund-reason">Reason for the refund<\/label><p class="hint" id="refund-reason-hint">The shopper is e-mailed it; 1 to 500 characters.<\/p><textarea id="refund-reason"[^>]* required=""/,
    );
    expect(html).toContain('<button type="submit" id="refund-button" class="button button--danger">Refund</button>');
    // Between the next step and cancelling.
    expect(html.indexOf('refund-heading')).toBeGreaterThan(html.indexOf('next-step-heading'));
    expect(html.indexOf('refund-heading')).toBeLessThan(html.indexOf('cancel-heading'));
  });

  it('is hidden once nothing is left to refund', () => {
    const html = detailPage(paidOrder({ refundable: 0 }));
    expect(html).not.toContain('refund-heading');
    expect(html).not.toContain('refund-amount');
    expect(html).toContain('Cancel order');
  });

  it("says a PayNow refund is sent from the shop's bank, and keeps to the currency's decimals", () => {
    const paynow = text(detailPage(paidOrder({ paymentMethod: 'paynow' })));
    expect(paynow).toContain('Paid by PayNow: the refund is added to Refunds to send under Payments');
    const yen = detailPage(paidOrder({ currency: 'JPY', refundable: 15000, total: 15000 }));
    expect(yen).toContain('<label for="refund-amount">Amount in JPY</label>');
    expect(text(yen)).toContain('Up to JP¥15,000 can be refunded.');
    expect(yen).toContain('placeholder="1500"');
  });

  it('tells a PayNow refund with a link to Refunds to send', () => {
    const news = refundedNews(paidOrder({ paymentMethod: 'paynow' }), 1250);
    const html = page(<NewsText news={news} />);
    expect(html).toContain('<a href="/payments?view=refunds" data-discover="true">Refunds to send</a>');
    expect(text(html)).toBe(
      ' SGD 12.50 to send back by PayNow: see Refunds to send under Payments. The shopper is e-mailed the reason; the order stays paid. ',
    );
    expect(text(page(<NewsText news={refundedNews(paidOrder(), 1250)} />))).toContain(
      'SGD 12.50 to refund to the card: asked of the card provider',
    );
  });
});

describe('two staff moving one order at once', () => {
  it('the one who loses is told, and the order read again shows its new status and steps', async () => {
    const client = new QueryClient();
    const mine = paidOrder();
    client.setQueryData(orderKey(mine.id), mine);
    const theirs = paidOrder({ status: 'processing', nextStatuses: ['shipped'], version: 3 });
    const told: string[] = [];
    await handleOrderError(
      new ApiError(
        { errorCode: 'order/invalid_transition', error: 'This order cannot change from processing to processing', params: [] },
        409,
        '/x',
      ),
      'move',
      {
        interrupt: (failure) => told.push(failure.message),
        refuse: () => told.push('refused'),
        reload: () => client.fetchQuery({ queryKey: orderKey(mine.id), queryFn: () => Promise.resolve(theirs), staleTime: 0 }),
      },
    );
    expect(told).toEqual([ORDER_CHANGED_MESSAGE]);
    const now = client.getQueryData<AdminOrder>(orderKey(mine.id))!;
    const html = page(<OrderView order={now} actions={<p>actions</p>} />);
    expect(text(html)).toContain('Status Processing');
  });
});
