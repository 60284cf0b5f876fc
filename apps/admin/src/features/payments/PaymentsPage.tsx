import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentTask, AdminPaymentTaskList } from '@kedai/contract';
import { errorText } from '../../lib/errors';
import { priceText } from '../../lib/money-text';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { ORDERS_KEY, orderKey } from '../orders/queries';
import { when } from '../products/reference';
import {
  PAYMENT_FILTER_LABELS,
  PAYMENT_VIEW_LABELS,
  PAYMENT_VIEWS,
  VIEW_FILTERS,
  emptyPaymentsText,
  paymentSearchOf,
  paymentStateFrom,
  paymentsCaption,
  paymentsCountText,
  paymentsLink,
  type PaymentFilter,
  type PaymentListState,
} from './payment-params';
import { ageText, bankReferenceText, listWithout, outcomeBadge, outcomeDetail, shopperName, staleNotice } from './payment-view';
import { RefundActions, TransferActions, type DecisionHandlers } from './PaymentActions';
import { PAYMENTS_KEY, paymentPageKey, usePaymentTasks } from './queries';

interface Notice {
  tone: 'error' | 'success';
  title?: string;
  text: string;
  n: number;
}

const INTROS = {
  transfers:
    "Shoppers paying by PayNow transfer the total from their banking app and report it here, oldest first. Look in the shop's bank account for the amount with the order reference: confirm it and the order is paid (the shopper is e-mailed), or reject it with a reason the shopper reads, and they get a fresh time to pay. A report holds its order's stock, so one waiting longer than the days set under Settings is marked Stale: the shopper is asked once for proof, and you may cancel the order to release its stock.",
  refunds:
    "Money the shop owes back to shoppers who paid by PayNow, for orders cancelled or refunded after they were paid. Send each amount by PayNow from the shop's bank to the shopper, then mark it sent with the bank's reference.",
} as const;

/** `/payments`: PayNow transfers to confirm and refunds to send, each filtered by status and paged by the API; the state is in the address. */
export function PaymentsPage() {
  const [search, setSearch] = useSearchParams();
  const state = paymentStateFrom(search);
  const list = usePaymentTasks(state);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const tell = (next: Omit<Notice, 'n'>) => setNotice((old) => ({ ...next, n: (old?.n ?? 0) + 1 }));

  const handlers: DecisionHandlers = {
    onDone: (task, news) => {
      // The row leaves the pending list at once; the list and the count are then read again.
      queryClient.setQueryData<AdminPaymentTaskList>(paymentPageKey(state), (old) => (old ? listWithout(old, task.id) : old));
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      // The order moved too (paid, or a fresh time to pay).
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: orderKey(task.order.id) });
      tell({ tone: 'success', text: news });
    },
    onInterrupted: (failure) => tell({ tone: 'error', title: 'Your decision was not saved', text: failure.message }),
    onStart: () => setNotice(null),
    reload: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  };

  return (
    <>
      <PageHeading title="Payments" />
      <nav aria-label="Payment lists">
        <ul className="link-list">
          {PAYMENT_VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={paymentsLink({ view, status: 'pending', page: 1 })}
                aria-current={view === state.view ? 'page' : undefined}
                onClick={() => setNotice(null)}
              >
                {view === state.view ? <strong>{PAYMENT_VIEW_LABELS[view]}</strong> : PAYMENT_VIEW_LABELS[view]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="hint">{INTROS[state.view]}</p>
      <form role="search" aria-label={PAYMENT_VIEW_LABELS[state.view]} className="filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          id="payment-status"
          label="Status"
          value={state.status}
          onChange={(e) => {
            setNotice(null);
            setSearch(paymentSearchOf({ ...state, status: e.target.value as PaymentFilter, page: 1 }));
          }}
        >
          {VIEW_FILTERS[state.view].map((status) => (
            <option key={status} value={status}>
              {PAYMENT_FILTER_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </form>

      {notice ? (
        <Alert key={notice.n} tone={notice.tone} title={notice.title} focusOnShow>
          <p>{notice.text}</p>
        </Alert>
      ) : null}
      {list.isPending ? <Loading what="Loading the payments…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {list.data ? <PaymentTable data={list.data} state={state} updating={list.isFetching} handlers={handlers} /> : null}
    </>
  );
}

interface TableProps {
  data: AdminPaymentTaskList;
  state: PaymentListState;
  updating: boolean;
  handlers: DecisionHandlers;
}

/** A page of tasks as a table (or the sentence saying it is empty), with its pager: pending ones with their decisions, decided ones with the outcome. */
export function PaymentTable({ data, state, updating, handlers }: TableProps) {
  const pageLink = (page: number) => `?${paymentSearchOf({ ...state, page }).toString()}`;
  if (data.payments.length === 0) {
    return (
      <>
        <p role="status">{emptyPaymentsText(state)}</p>
        {state.page > 1 ? <Link to={pageLink(1)}>Go to the first page</Link> : null}
      </>
    );
  }
  const transfers = state.view === 'transfers';
  const pending = state.status === 'pending';
  return (
    <>
      <p role="status" className="hint">
        {paymentsCountText(state, data.total)}
        {updating ? ' · updating…' : ''}
      </p>
      <div className="table-scroll" role="region" aria-labelledby="payments-caption" tabIndex={0}>
        <table>
          <caption id="payments-caption">{paymentsCaption(state, data.page, data.pages)}</caption>
          <thead>
            <tr>
              <th scope="col">{transfers ? 'Reported on' : 'Owed since'}</th>
              <th scope="col">Order</th>
              <th scope="col">Shopper</th>
              <th scope="col" className="number">
                Amount
              </th>
              <th scope="col">{transfers ? "Shopper's bank reference" : 'Bank reference of the refund'}</th>
              <th scope="col">{pending ? 'Decision' : 'Outcome'}</th>
            </tr>
          </thead>
          <tbody>
            {data.payments.map((task) => (
              <PaymentRow key={task.id} task={task} handlers={handlers} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={data.page} pages={data.pages} linkTo={pageLink} />
    </>
  );
}

function PaymentRow({ task, handlers }: { task: AdminPaymentTask; handlers: DecisionHandlers }) {
  const rowId = `payment-${task.id}`;
  const created = when(task.createdAt);
  const name = shopperName(task);
  const stale = staleNotice(task);
  const asked = task.settleAskedAt === null ? null : when(task.settleAskedAt);
  return (
    <tr>
      <td>
        <time dateTime={created.iso}>{created.text}</time>
        {task.status === 'pending' ? <span className="hint block">waiting {ageText(task.ageSeconds)}</span> : null}
        {stale ? (
          <span className="block">
            <span className="badge badge--off">{stale.badge}</span>{' '}
            {asked ? (
              <span className="hint">
                asked to settle on <time dateTime={asked.iso}>{asked.text}</time>
              </span>
            ) : null}
            <span className="hint block">{stale.detail}</span>
          </span>
        ) : null}
      </td>
      <th scope="row" id={rowId}>
        <Link to={`/orders/${task.order.id}`}>{task.order.orderRef}</Link>
      </th>
      <td className="break">
        {task.shopper.email}
        {name ? <span className="hint block">{name}</span> : null}
      </td>
      <td className="number">{priceText(task.amount, task.currency)}</td>
      <td className="break">{task.reference ?? <span className="hint">{bankReferenceText(task)}</span>}</td>
      <td>
        {task.status !== 'pending' ? (
          <Outcome task={task} />
        ) : task.kind === 'charge' ? (
          <TransferActions task={task} rowId={rowId} {...handlers} />
        ) : (
          <RefundActions task={task} rowId={rowId} {...handlers} />
        )}
      </td>
    </tr>
  );
}

/** A decided task: confirmed, rejected with the reason the shopper read, or sent; and when. */
function Outcome({ task }: { task: AdminPaymentTask }) {
  const badge = outcomeBadge(task);
  const detail = outcomeDetail(task);
  const decided = when(task.updatedAt);
  return (
    <>
      <span className={badge.className}>{badge.label}</span>{' '}
      <span className="hint">
        on <time dateTime={decided.iso}>{decided.text}</time>
      </span>
      {detail ? <span className="block prewrap">{detail}</span> : null}
    </>
  );
}
