import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderList } from '@kedai/contract';
import { TRANSFER_REPORTED_STAFF_LABEL, isTransferReported } from '@kedai/domain';
import { errorText } from '../../lib/errors';
import { priceText } from '../../lib/money-text';
import { LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { when } from '../products/reference';
import {
  ORDER_FILTER_LABELS,
  ORDER_FILTERS,
  PAYMENT_FILTER_LABELS,
  PAYMENT_FILTERS,
  emptyOrdersText,
  orderSearchOf,
  orderStateFrom,
  type OrderFilter,
  type OrderListState,
  type PaymentFilter,
} from './order-params';
import { ORDER_BADGES, paymentMethodText, statusLabel } from './order-view';
import { useOrderList, usePaidToProcess } from './queries';

/** What the detail page's "back" link returns to: this page of the list, as filtered. */
interface FromList {
  list: string;
}

/**
 * `/orders`: every order, newest first, filtered by status and by payment (a PayNow transfer reported
 * included), searched by reference or e-mail and paged by the API; the state is in the address.
 */
export function OrderListPage() {
  const [search, setSearch] = useSearchParams();
  const state = orderStateFrom(search);
  const [words, setWords] = useState(state.q);
  const list = useOrderList(state);
  const toProcess = usePaidToProcess();
  const go = (changes: Partial<OrderListState>) => setSearch(orderSearchOf({ ...state, page: 1, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ q: words });
  }

  return (
    <>
      <PageHeading title="Orders" />
      {toProcess.data ? (
        <p className="hint">
          <strong>
            {toProcess.data === 1 ? '1 paid order waits' : `${toProcess.data.toLocaleString('en-GB')} paid orders wait`} to be processed.
          </strong>{' '}
          {state.status === 'paid' ? null : (
            <Link to={`?${orderSearchOf({ status: 'paid', payment: 'all', q: '', page: 1 }).toString()}`}>Show them</Link>
          )}
        </p>
      ) : null}
      <form role="search" aria-label="Orders" className="filters" onSubmit={submit}>
        <TextField
          id="order-q"
          className="field--wide"
          type="search"
          label="Order reference or e-mail"
          placeholder="KD-261201-7Q4M9X or siti@example.com"
          autoComplete="off"
          spellCheck={false}
          value={words}
          onChange={(e) => setWords(e.target.value)}
        />
        <SelectField id="order-status" label="Status" value={state.status} onChange={(e) => go({ status: e.target.value as OrderFilter })}>
          {ORDER_FILTERS.map((status) => (
            <option key={status} value={status}>
              {ORDER_FILTER_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="order-payment"
          label="Payment"
          value={state.payment}
          onChange={(e) => go({ payment: e.target.value as PaymentFilter })}
        >
          {PAYMENT_FILTERS.map((payment) => (
            <option key={payment} value={payment}>
              {PAYMENT_FILTER_LABELS[payment]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Search
        </button>
      </form>

      {list.isPending ? <Loading what="Loading the orders…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {list.data ? <OrderTable data={list.data} state={state} updating={list.isFetching} /> : null}
    </>
  );
}

/** A page of orders as a table (or the sentence saying it is empty), with its pager. */
export function OrderTable({ data, state, updating }: { data: AdminOrderList; state: OrderListState; updating: boolean }) {
  const here = orderSearchOf(state).toString();
  const from: FromList = { list: here ? `?${here}` : '' };
  const pageLink = (page: number) => `?${orderSearchOf({ ...state, page }).toString()}`;
  if (data.orders.length === 0) {
    return (
      <>
        <p role="status">{emptyOrdersText(state)}</p>
        {state.page > 1 ? <Link to={pageLink(1)}>Go to the first page</Link> : null}
      </>
    );
  }
  return (
    <>
      <p role="status" className="hint">
        {data.total === 1 ? '1 order' : `${data.total.toLocaleString('en-GB')} orders`}
        {updating ? ' · updating…' : ''}
      </p>
      <div className="table-scroll" role="region" aria-labelledby="orders-caption" tabIndex={0}>
        <table>
          <caption id="orders-caption">
            Orders, newest first, page {data.page} of {Math.max(data.pages, 1)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Placed on</th>
              <th scope="col">Reference</th>
              <th scope="col">Shopper</th>
              <th scope="col" className="number">
                Total
              </th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody>
            {data.orders.map((order) => {
              const placed = when(order.createdAt);
              return (
                <tr key={order.id}>
                  <td>
                    <time dateTime={placed.iso}>{placed.text}</time>
                  </td>
                  <th scope="row">
                    <Link to={`/orders/${order.id}`} state={from}>
                      {order.orderRef}
                    </Link>
                  </th>
                  <td className="break">{order.shopper.email}</td>
                  <td className="number">{priceText(order.total, order.currency)}</td>
                  <td>
                    <span className={ORDER_BADGES[order.status]}>{statusLabel(order.status)}</span>
                  </td>
                  <td>
                    {paymentMethodText(order.paymentMethod)}
                    {isTransferReported(order) ? (
                      <>
                        {' '}
                        <span className="badge badge--pending">{TRANSFER_REPORTED_STAFF_LABEL}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={data.page} pages={data.pages} linkTo={pageLink} />
    </>
  );
}
