import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@kedai/contract';
import { TRANSFER_REPORTED_STAFF_LABEL, isTransferReported } from '@kedai/domain';
import { countryLabel } from '../../lib/countries';
import { errorText } from '../../lib/errors';
import { priceText } from '../../lib/money-text';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { sessionAllows } from '../auth/gate';
import { useSession } from '../auth/session';
import { DisputePanel } from '../disputes/DisputePanel';
import { Conversation } from '../inbox/Conversation';
import { when } from '../products/reference';
import type { OrderFailure, OrderNews } from './order-actions';
import { OrderActions } from './OrderActions';
import {
  ORDER_BADGES,
  PAYMENT_KIND_LABELS,
  PAYMENT_STATUS_LABELS,
  addressLines,
  costLines,
  historyLines,
  lineOriginText,
  optionsText,
  paymentMethodText,
  sameAddress,
  shopperText,
  statusLabel,
  unitsText,
} from './order-view';
import { ORDERS_KEY, orderKey, useOrder } from './queries';

interface Notice {
  tone: 'error' | 'success';
  title?: string;
  text: OrderNews;
  n: number;
}

/** A notice's words, with the link to where staff act next when it has one. */
export function NewsText({ news }: { news: OrderNews }) {
  if (typeof news === 'string') return <p>{news}</p>;
  return (
    <p>
      {news.text} <Link to={news.link.to}>{news.link.label}</Link>
      {news.after}
    </p>
  );
}

/** The address of the list's page the order was opened from (`?status=…`), else the list's first page. */
function listLinkOf(state: unknown): string {
  const list = (state as { list?: unknown } | null)?.list;
  return typeof list === 'string' && (list === '' || list.startsWith('?')) ? `/orders${list}` : '/orders';
}

/** `/orders/:id`: the order as bought, its payments and history, and what staff may do with it now. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const order = useOrder(id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const tell = (next: Omit<Notice, 'n'>) => setNotice((old) => ({ ...next, n: (old?.n ?? 0) + 1 }));

  function done(answer: AdminOrder, news: OrderNews) {
    queryClient.setQueryData(orderKey(answer.id), answer);
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    tell({ tone: 'success', text: news });
  }

  function interrupted(failure: OrderFailure) {
    tell({ tone: 'error', title: 'Nothing was changed', text: failure.message });
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  }

  const data = order.isError ? undefined : order.data;
  return (
    <>
      <p>
        <Link to={listLinkOf(location.state)}>← Orders</Link>
      </p>
      <PageHeading title={data ? `Order ${data.orderRef}` : 'Order'} />
      {notice ? (
        <Alert key={notice.n} tone={notice.tone} title={notice.title} focusOnShow>
          <NewsText news={notice.text} />
        </Alert>
      ) : null}
      {order.isError ? <LoadError message={errorText(order.error)} onRetry={() => void order.refetch()} /> : null}
      {order.isPending ? <Loading what="Loading the order…" /> : null}
      {data ? (
        <>
          {sessionAllows(session, 'owner') ? (
            <p>
              <Link to={`/audit?objectType=order&objectId=${encodeURIComponent(data.id)}`}>Staff changes to this order (audit log)</Link>
            </p>
          ) : null}
          {data.history.some((step) => step.to === 'paid') ? (
            <p>
              {/* The receipt the shopper has (issue 30): a PDF from the API, opened in a new tab. */}
              <a href={`/api/admin/order/${encodeURIComponent(data.id)}/receipt.pdf`} target="_blank" rel="noopener noreferrer">
                Receipt (PDF)
              </a>
            </p>
          ) : null}
          <OrderView
            order={data}
            actions={
              <OrderActions
                // A new version (moved here or elsewhere) starts the forms afresh.
                key={`${data.id}:${data.version}:${data.status}`}
                order={data}
                onDone={done}
                onInterrupted={interrupted}
                onStart={() => setNotice(null)}
                reload={() => order.refetch()}
              />
            }
            conversation={
              <>
                <DisputePanel order={data} />
                <Conversation orderId={data.id} />
              </>
            }
          />
        </>
      ) : null}
    </>
  );
}

/**
 * Everything known of one order; `actions` (the next step, refunding and cancelling) come after its
 * summary, then the `conversation` with the shopper.
 */
export function OrderView({ order, actions, conversation }: { order: AdminOrder; actions?: ReactNode; conversation?: ReactNode }) {
  return (
    <>
      <Summary order={order} />
      {actions}
      {conversation}
      <Lines order={order} />
      <Addresses order={order} />
      <Payments order={order} />
      <History order={order} />
    </>
  );
}

function Summary({ order }: { order: AdminOrder }) {
  const placed = when(order.createdAt);
  const payBy = order.status === 'awaiting_payment' && order.payBy ? when(order.payBy) : null;
  return (
    <section className="panel" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span className={ORDER_BADGES[order.status]}>{statusLabel(order.status)}</span>
          {isTransferReported(order) ? (
            <>
              {' '}
              <span className="badge badge--pending">{TRANSFER_REPORTED_STAFF_LABEL}</span>{' '}
              <Link to="/payments">Confirm or reject it under Payments</Link>
            </>
          ) : null}
        </dd>
        <dt>Placed on</dt>
        <dd>
          <time dateTime={placed.iso}>{placed.text}</time>
        </dd>
        {payBy ? (
          <>
            <dt>To be paid by</dt>
            <dd>
              <time dateTime={payBy.iso}>{payBy.text}</time>
            </dd>
          </>
        ) : null}
        <dt>Shopper</dt>
        <dd className="break">{shopperText(order.shopper)}</dd>
        <dt>Total</dt>
        <dd>{priceText(order.total, order.currency)}</dd>
        <dt>Region</dt>
        <dd>
          {countryLabel(order.regionCountryCode)} ({order.currency})
        </dd>
        <dt>Bought from</dt>
        <dd>{order.kind === 'quotation' ? 'Quotations' : 'The cart'}</dd>
        <dt>Payment method</dt>
        <dd>{paymentMethodText(order.paymentMethod)}</dd>
        {order.carrier || order.trackingNumber ? (
          <>
            <dt>Carrier</dt>
            <dd>{order.carrier ?? 'Not given'}</dd>
            <dt>Tracking number</dt>
            <dd className="break">{order.trackingNumber ?? 'Not given'}</dd>
          </>
        ) : null}
        {order.cancelReason ? (
          <>
            <dt>Reason for cancelling</dt>
            <dd className="prewrap">{order.cancelReason}</dd>
          </>
        ) : null}
        <dt>Notes from the shopper</dt>
        <dd className="prewrap">{order.notes.trim() || 'None'}</dd>
      </dl>
    </section>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const costs = costLines(order);
  return (
    <section className="panel" aria-labelledby="lines-heading">
      <h2 id="lines-heading">Items and costs</h2>
      <p className="hint">As the shopper bought them: later changes to the products do not change the order.</p>
      <div className="table-scroll" role="region" aria-labelledby="lines-caption" tabIndex={0}>
        <table>
          <caption id="lines-caption">Items ({unitsText(order.productCaptures)})</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="number">
                Quantity
              </th>
              <th scope="col" className="number">
                Unit price
              </th>
              <th scope="col" className="number">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.productCaptures.map((capture, index) => {
              const options = optionsText(capture);
              const origin = lineOriginText(capture);
              return (
                <tr key={`${index}:${capture.productId ?? capture.quotationItemId ?? ''}:${capture.variantPath}`}>
                  <th scope="row">
                    {capture.productId ? <Link to={`/products/${capture.productId}`}>{capture.name}</Link> : capture.name}
                    {options ? <span className="hint block">{options}</span> : null}
                    {origin ? <span className="hint block">{origin}</span> : null}
                  </th>
                  <td className="number">{capture.quantity.toLocaleString('en-GB')}</td>
                  <td className="number">{priceText(capture.unitPrice, order.currency)}</td>
                  <td className="number">{priceText(capture.lineTotal, order.currency)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            {costs.map((line) => (
              <tr key={line.key}>
                <th scope="row" colSpan={3} className="number">
                  {line.total ? <strong>{line.label}</strong> : line.label}
                </th>
                <td className="number">{line.total ? <strong>{line.text}</strong> : line.text}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function AddressBlock({ lines }: { lines: string[] }) {
  return (
    <address className="address">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

function Addresses({ order }: { order: AdminOrder }) {
  const same = sameAddress(order.shippingAddress, order.billingAddress);
  return (
    <section className="panel" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">Addresses</h2>
      <div className="row">
        <div>
          <h3>Shipping address</h3>
          <AddressBlock lines={addressLines(order.shippingAddress)} />
        </div>
        <div>
          <h3>Billing address</h3>
          {same ? <p>The same as the shipping address.</p> : <AddressBlock lines={addressLines(order.billingAddress)} />}
        </div>
      </div>
    </section>
  );
}

function Payments({ order }: { order: AdminOrder }) {
  return (
    <section className="panel" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {order.payments.length === 0 ? (
        <p>No payment has been tried yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="payments-caption" tabIndex={0}>
          <table>
            <caption id="payments-caption">Every payment attempt and refund, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col">Result</th>
                <th scope="col">Paid with</th>
              </tr>
            </thead>
            <tbody>
              {[...order.payments]
                .sort((a, b) => a.createdAt - b.createdAt)
                .map((payment) => {
                  const at = when(payment.createdAt);
                  return (
                    <tr key={payment.id}>
                      <td>
                        <time dateTime={at.iso}>{at.text}</time>
                      </td>
                      <th scope="row">{PAYMENT_KIND_LABELS[payment.kind]}</th>
                      <td className="number">{priceText(payment.amount, payment.currency)}</td>
                      <td>
                        {PAYMENT_STATUS_LABELS[payment.status]}
                        {payment.failureMessage ? <span className="hint block">{payment.failureMessage}</span> : null}
                      </td>
                      <td>
                        {payment.methodSummary ?? '—'}
                        <span className="hint block">{payment.provider === 'test' ? 'Test gateway' : payment.provider}</span>
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function History({ order }: { order: AdminOrder }) {
  const lines = historyLines(order.history);
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">Status history</h2>
      {lines.length === 0 ? (
        <p>No history is kept for this order.</p>
      ) : (
        <ol className="timeline">
          {lines.map((line) => {
            const at = when(line.at);
            return (
              <li key={line.key}>
                <time dateTime={at.iso}>{at.text}</time> <span>{line.text}</span>
                {line.note ? <span className="hint block prewrap">{line.note}</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
