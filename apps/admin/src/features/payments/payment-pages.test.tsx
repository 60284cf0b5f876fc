/**
 * The payments page as HTML (the admin tests run in Node), from data in the query cache as the API
 * would answer it: the views and the filter kept in the address, pending transfers and refunds with
 * their decisions, the empty, loading and failed lists, and decided rows with their outcome.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@kedai/contract/client';
import type { AdminPaymentTaskList } from '@kedai/contract';
import { listOf, owedRefund, reportedTransfer } from './fixtures';
import type { DecisionHandlers } from './PaymentActions';
import { paymentStateFrom, type PaymentListState } from './payment-params';
import { PaymentTable, PaymentsPage } from './PaymentsPage';
import { paymentPageKey } from './queries';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

const NO_HANDLERS: DecisionHandlers = { onDone: () => {}, onInterrupted: () => {}, onStart: () => {}, reload: () => Promise.resolve() };

function render(element: ReactNode, { route = '/payments', client = new QueryClient() } = {}) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/payments" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The page at `route`, its list answered with `list` (or not answered yet). */
function paymentsPage(route: string, list?: AdminPaymentTaskList) {
  const client = new QueryClient();
  const state = paymentStateFrom(new URL(route, 'http://admin.test').searchParams);
  if (list) client.setQueryData(paymentPageKey(state), list);
  return render(<PaymentsPage />, { route, client });
}

const table = (list: AdminPaymentTaskList, state: PaymentListState) =>
  render(<PaymentTable data={list} state={state} updating={false} handlers={NO_HANDLERS} />);

describe('the payments page', () => {
  it('opens on the transfers to confirm, with the views as links and the status filter', () => {
    const html = paymentsPage('/payments', listOf([reportedTransfer()]));
    expect(html).toContain('<h1 tabindex="-1">Payments</h1>');
    expect(html).toContain('<nav aria-label="Payment lists">');
    expect(html).toContain('<a aria-current="page" href="/payments" data-discover="true"><strong>Transfers to confirm</strong></a>');
    expect(html).toContain('<a href="/payments?view=refunds" data-discover="true">Refunds to send</a>');
    expect(html).toContain('<form role="search" aria-label="Transfers to confirm" class="filters">');
    expect(html).toContain('<label for="payment-status">Status</label>');
    expect(html).toContain('<option value="pending" selected="">Pending</option>');
    expect(html).toContain('<option value="confirmed">Confirmed</option>');
    expect(html).toContain('<option value="rejected">Rejected</option>');
    expect(html).not.toContain('<option value="sent">');
    expect(text(html)).toContain('1 transfer to confirm');
  });

  it('lists a pending transfer with when, the order, the shopper, the amount, their reference and the decisions', () => {
    const task = reportedTransfer();
    const html = table(
      listOf([task, reportedTransfer({ id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', reference: null })], { total: 27, pages: 2 }),
      {
        view: 'transfers',
        status: 'pending',
        page: 1,
      },
    );
    expect(html).toContain('<caption id="payments-caption">Transfers to confirm, oldest first, page 1 of 2</caption>');
    expect(html).toContain('<div class="table-scroll" role="region" aria-labelledby="payments-caption" tabindex="0">');
    expect(html).toMatch(/<time dateTime="2026-12-01T08:30:00.000Z">1 Dec 2026, \d\d:30<\/time>/);
    expect(html).toContain(
      `<th scope="row" id="payment-${task.id}"><a href="/orders/${task.order.id}" data-discover="true">KD-261201-7Q4M9X</a></th>`,
    );
    expect(text(html)).toContain('KD-261201-7Q4M9X siti@example.com Siti Rahman SGD 131.02 DBS 0412-7788');
    expect(text(html)).toContain('SGD 131.02 none given');
    expect(html).toContain(
      `<button type="button" id="confirm-${task.id}" class="button" aria-describedby="payment-${task.id}">Confirm — the money is in the shop&#x27;s account</button>`,
    );
    expect(html).toContain(
      `<button type="button" id="reject-${task.id}" class="button button--secondary" aria-describedby="payment-${task.id}">Reject</button>`,
    );
    // The reason's form opens only when asked.
    expect(html).not.toContain('Reason for rejecting');
    expect(text(html)).toContain('27 transfers to confirm');
    expect(html).toContain('<a href="/payments?page=2" data-discover="true">Next page</a>');
  });

  it('shows how long each transfer has waited, marks the stale ones and whether the shopper was asked, and offers to release their stock', () => {
    const young = reportedTransfer();
    const stale = reportedTransfer({ id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', ageSeconds: 3 * 86_400 + 600, stale: true });
    const asked = reportedTransfer({
      id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
      ageSeconds: 5 * 86_400,
      stale: true,
      settleAskedAt: young.createdAt + 3 * 86_400,
    });
    const html = table(listOf([asked, stale, young]), { view: 'transfers', status: 'pending', page: 1 });
    const rows = html.split('<tr>').slice(2).map(text);
    expect(rows[0]).toContain('waiting 5 days Stale asked to settle on 4 Dec 2026');
    expect(rows[0]).toContain('Asked to settle: the shopper was e-mailed for proof of the transfer.');
    expect(rows[1]).toContain('waiting 3 days Stale Waiting too long: the shopper is about to be asked for proof of the transfer.');
    expect(rows[2]).toContain('waiting 5 hours');
    expect(rows[2]).not.toContain('Stale');
    expect(html).toContain('<span class="badge badge--off">Stale</span>');
    // Only a stale report offers to cancel its order and release the stock.
    expect(html).toContain(
      `<button type="button" id="release-${stale.id}" class="button button--secondary" aria-describedby="payment-${stale.id}">Release the stock</button>`,
    );
    expect(html).toContain(`id="release-${asked.id}"`);
    expect(html).not.toContain(`id="release-${young.id}"`);
  });

  it('lists a pending refund with the bank reference to give when marking it sent', () => {
    const task = owedRefund();
    const html = paymentsPage('/payments?view=refunds', listOf([task]));
    expect(html).toContain(
      '<a aria-current="page" href="/payments?view=refunds" data-discover="true"><strong>Refunds to send</strong></a>',
    );
    expect(html).toContain('<option value="sent">Sent</option>');
    expect(html).not.toContain('<option value="rejected">');
    expect(text(html)).toContain('Owed since Order Shopper Amount Bank reference of the refund Decision');
    expect(text(html)).toContain('KD-261130-ABCDEF tan@example.com SGD 131.02 not sent yet');
    expect(html).toContain(`<form noValidate="" aria-label="Mark the refund for order KD-261130-ABCDEF as sent">`);
    expect(html).toContain(`<label for="refund-reference-${task.id}">Bank reference of the refund</label>`);
    expect(html).toMatch(new RegExp(`<input id="refund-reference-${task.id}" type="text"[^>]* required=""`));
    expect(html).toContain(`<button type="submit" class="button" aria-describedby="payment-${task.id}">Mark as sent</button>`);
    expect(html).not.toContain('Confirm — ');
  });

  it('says when no transfer is waiting, and where an empty later page leads', () => {
    expect(paymentsPage('/payments', listOf([]))).toContain(
      '<p role="status">No transfers are waiting: when a shopper reports a PayNow transfer it appears here.</p>',
    );
    const later = table(listOf([], { page: 3 }), { view: 'refunds', status: 'pending', page: 3 });
    expect(later).toContain('<p role="status">There is nothing on this page any more.</p>');
    expect(later).toContain('<a href="/payments?view=refunds" data-discover="true">Go to the first page</a>');
  });

  it('says it is loading until the list is read, and offers to try again when it could not be', () => {
    expect(paymentsPage('/payments')).toContain('<p role="status" class="hint">Loading the payments…</p>');
    // A failed read as the page finds it once its retries are spent (not tried again as it renders).
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    const state = paymentStateFrom(new URLSearchParams(''));
    client
      .getQueryCache()
      .build(client, { queryKey: paymentPageKey(state) })
      .setState({
        status: 'error',
        error: new ApiError({ errorCode: 'general/internal', error: 'The API is down', params: [] }, 503, '/x'),
      });
    const html = render(<PaymentsPage />, { client });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('This could not be loaded The API is down Try again');
  });
});

describe('decided payments', () => {
  it('show a confirmed transfer, and when, without the decisions', () => {
    const html = table(listOf([reportedTransfer({ status: 'succeeded', updatedAt: reportedTransfer().createdAt + 3600 })]), {
      view: 'transfers',
      status: 'confirmed',
      page: 1,
    });
    expect(html).toContain('<caption id="payments-caption">Confirmed transfers, most recently decided first, page 1 of 1</caption>');
    expect(text(html)).toContain('Outcome');
    expect(html).toContain('<span class="badge badge--on">Confirmed</span>');
    expect(html).toMatch(/on <time dateTime="2026-12-01T09:30:00.000Z">/);
    expect(html).not.toContain('<button');
  });

  it('show a rejected transfer with the reason the shopper read', () => {
    const html = table(listOf([reportedTransfer({ status: 'failed', problem: 'No transfer with this reference has arrived.' })]), {
      view: 'transfers',
      status: 'rejected',
      page: 1,
    });
    expect(html).toContain('<span class="badge badge--off">Rejected</span>');
    expect(text(html)).toContain('Reason given to the shopper: No transfer with this reference has arrived.');
    expect(html).not.toContain('<form');
  });

  it("show a sent refund with the bank's reference", () => {
    const html = table(listOf([owedRefund({ status: 'succeeded', reference: 'FAST 2026/12-01.0042' })]), {
      view: 'refunds',
      status: 'sent',
      page: 1,
    });
    expect(html).toContain('<span class="badge badge--on">Sent</span>');
    expect(text(html)).toContain('SGD 131.02 FAST 2026/12-01.0042 Sent on');
    expect(html).not.toContain('Mark as sent');
  });
});
