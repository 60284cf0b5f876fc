'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order, PublicConfig } from '@kedai/contract';
import { isTransferReported, shopperMessage } from '@kedai/domain';
import { FormAlert } from '../../ui/Field';
import { receiptHref } from '../receipts/receipt';
import { LoadStatus } from '../../ui/LoadStatus';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import checkoutStyles from '../checkout/checkout.module.css';
import { costLines, costsOfOrder, formatAmount } from '../checkout/costs';
import { LineThumb } from '../checkout/LineThumb';
import { paymentMethodLabel } from '../checkout/payment-methods';
import { ORDERS_PATH } from '../account/paths';
import { OrderChat } from '../chat/OrderChat';
import { OrderDispute } from '../disputes/OrderDispute';
import {
  actorLabel,
  awaitingPaymentText,
  browserTimeZone,
  cancelOrder,
  captureHref,
  captureOptions,
  capturePicture,
  confirmReceipt,
  historyLine,
  loadOrder,
  orderAddressLines,
  orderTime,
  paymentStatusLabel,
  sameAddress,
  unitCount,
  type OrderDetail,
} from './orders';
import { PayForm } from './PayForm';
import { PayNowPanel } from './PayNowPanel';
import { StatusBadge } from './StatusBadge';
import styles from './orders.module.css';

export type OrderLoad = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & OrderDetail);

/** How the shop takes cards (`GET /config` `payments`): the built-in test gateway, or Stripe with its publishable key. */
type CardPayments = PublicConfig['payments'];

/**
 * Stripe's card form, fetched only when an order awaiting a card payment is shown with Stripe on: no
 * other page, and never the test gateway, loads Stripe.js. In the browser only (Stripe.js needs one).
 */
const StripeCardForm = dynamic(() => import('../payments/StripeCardForm').then((module) => module.StripeCardForm), {
  ssr: false,
  loading: () => (
    <p role="status" aria-live="polite">
      Loading the secure card form…
    </p>
  ),
});

export interface OrderViewProps {
  orderId: string;
  assetsUrl: string;
  /** How cards are paid: the test gateway's own form, or Stripe's. */
  payments: CardPayments;
  /** What the page opens with (tests); by default the order is loaded. */
  initial?: OrderLoad;
  /** The time zone times are shown in (the browser's by default). */
  timeZone?: string;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * `/orders/<id>` (signed-in users): one order as it was bought — its reference, status and the
 * history of its status, the lines from their captures (picture, name, options, quantity, unit and
 * line totals), the costs with the tax, the addresses, the payment and its attempts; while it
 * awaits payment, until when it can be paid and the card section (the test gateway's form, or Stripe's
 * with `payments.provider` 'stripe'; saved cards in one click) — or, for PayNow (issue 17), the
 * order's QR code and "I have paid"; "Cancel order" (after a confirmation) while the shop has not
 * shipped it, "I have received it" once shipped, and whether a dispute may be opened; and the
 * conversation with the shop about it (issue 29).
 */
export function OrderView({ orderId, assetsUrl, payments, initial, timeZone }: OrderViewProps) {
  const [detail, setDetail] = useState<OrderLoad>(initial ?? { status: 'loading' });
  const [zone, setZone] = useState(timeZone ?? 'Asia/Singapore');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [confirmingReceipt, setConfirmingReceipt] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'receipt' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const receiptQuestionRef = useRef<HTMLDivElement>(null);
  const receivedRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) setDetail({ status: 'loading' });
      const result = await loadOrder(orderId);
      if (result.ok) setDetail({ status: 'ready', ...result.value });
      else if (!quietly) setDetail({ status: 'error', message: result.message });
    },
    [orderId],
  );

  useEffect(() => {
    if (!initial) void load();
  }, [initial, load]);

  useDocumentTitle(detail.status === 'ready' ? `Order ${detail.order.orderRef}` : null);

  useEffect(() => {
    if (!timeZone) setZone(browserTimeZone());
  }, [timeZone]);

  useEffect(() => {
    if (confirmingCancel) questionRef.current?.focus();
  }, [confirmingCancel]);

  useEffect(() => {
    if (confirmingReceipt) receiptQuestionRef.current?.focus();
  }, [confirmingReceipt]);

  const heading = (title: string) => (
    <h1 id="order-title" tabIndex={-1}>
      {title}
    </h1>
  );

  if (detail.status !== 'ready') {
    return (
      <>
        {heading('Your order')}
        <LoadStatus
          loading="Loading your order…"
          failure={detail.status === 'error' ? `We could not load this order: ${detail.message}` : null}
          onRetry={() => void load()}
        />
        <p>
          <Link href={ORDERS_PATH}>All your orders</Link>
        </p>
      </>
    );
  }

  const { order, dispute } = detail;

  function announce(next: Notice) {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }

  /** The order as an action left it; its dispute information is read again (the status changed). */
  function changed(next: Order) {
    setDetail((now) => (now.status === 'ready' ? { ...now, order: next } : now));
    void load(true);
  }

  /** The order as a card payment left it: paid (said, with thanks), or still waiting for the bank. */
  function onPaid(next: Order) {
    changed(next);
    if (next.status === 'paid') announce({ tone: 'success', text: 'Thank you — your payment went through and your order is paid.' });
  }

  async function onCancel() {
    setBusy('cancel');
    const result = await cancelOrder(order.id);
    setBusy(null);
    setConfirmingCancel(false);
    if (result.ok) {
      changed(result.value);
      announce({ tone: 'success', text: 'Your order is cancelled. Nothing more will be charged, and any payment is refunded.' });
    } else {
      announce({ tone: 'error', text: `The order could not be cancelled: ${result.message}` });
    }
  }

  async function onReceived() {
    setBusy('receipt');
    const result = await confirmReceipt(order.id);
    setBusy(null);
    setConfirmingReceipt(false);
    if (result.ok) {
      changed(result.value);
      announce({ tone: 'success', text: 'Thank you — your order is complete.' });
    } else {
      announce({ tone: 'error', text: `We could not record that: ${result.message}` });
    }
  }

  const units = unitCount(order);
  const awaiting = order.status === 'awaiting_payment';
  const byPayNow = order.paymentMethod === 'paynow';
  const reported = isTransferReported(order);

  return (
    <>
      <div className={styles.header}>
        {heading(`Order ${order.orderRef}`)}
        <StatusBadge order={order} />
      </div>
      <p className={styles.facts}>
        <span>Placed {orderTime(order.createdAt, zone)}</span>
        {order.history.some((step) => step.to === 'paid') ? <Link href={receiptHref(order.id)}>Receipt</Link> : null}
        <Link href={ORDERS_PATH}>All your orders</Link>
      </p>
      <div ref={noticeRef} tabIndex={-1} className={styles.message}>
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>

      <div className={checkoutStyles.layout}>
        <div className={checkoutStyles.column}>
          {awaiting ? (
            <section className={`${checkoutStyles.section} ${styles.awaiting}`} aria-labelledby="order-pay-title">
              <h2 className={checkoutStyles.sectionTitle} id="order-pay-title">
                {reported ? 'Payment reported' : byPayNow ? 'Pay with PayNow' : 'Pay now'}
              </h2>
              {byPayNow ? (
                <PayNowPanel orderId={order.id} timeZone={zone} onReported={changed} onOutdated={() => void load(true)} />
              ) : (
                <>
                  <p className={styles.payBy}>{awaitingPaymentText(order.payBy, zone)}</p>
                  {payments.provider === null ? (
                    // No card provider (issue 27): no pretend card form.
                    <FormAlert>{shopperMessage('payment/method_unavailable', ['card'])}</FormAlert>
                  ) : payments.provider === 'stripe' ? (
                    <StripeCardForm
                      order={order}
                      publishableKey={payments.stripePublishableKey}
                      onChanged={onPaid}
                      onDeclined={() => void load(true)}
                    />
                  ) : (
                    <PayForm order={order} onChanged={onPaid} onDeclined={() => void load(true)} />
                  )}
                </>
              )}
            </section>
          ) : null}

          {order.status === 'cancelled' ? (
            <section className={checkoutStyles.section} aria-labelledby="order-cancelled-title">
              <h2 className={checkoutStyles.sectionTitle} id="order-cancelled-title">
                Cancelled
              </h2>
              <p className={checkoutStyles.hint}>
                {order.cancelReason ? `Why: ${order.cancelReason}` : 'This order was cancelled. Its items went back on sale.'}
              </p>
            </section>
          ) : null}

          <section className={checkoutStyles.section} aria-labelledby="order-items-title">
            <h2 className={checkoutStyles.sectionTitle} id="order-items-title">
              Items ({units})
            </h2>
            <ul className={checkoutStyles.lines} role="list">
              {order.productCaptures.map((capture, index) => {
                const href = captureHref(capture);
                const options = captureOptions(capture);
                return (
                  <li key={index} className={checkoutStyles.line} data-order-line={index}>
                    <LineThumb picture={capturePicture(capture)} assetsUrl={assetsUrl} />
                    <div className={checkoutStyles.lineBody}>
                      <p className={checkoutStyles.lineName}>{href ? <Link href={href}>{capture.name}</Link> : capture.name}</p>
                      {options ? <p className={checkoutStyles.lineMeta}>{options}</p> : null}
                      {capture.sourceMarketPlace ? <p className={checkoutStyles.lineMeta}>From {capture.sourceMarketPlace}</p> : null}
                      <p className={checkoutStyles.linePrice}>
                        <span>
                          {capture.quantity} × {formatAmount(capture.unitPrice, order.currency)}
                        </span>
                        <strong>{formatAmount(capture.lineTotal, order.currency)}</strong>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>

          <OrderDispute
            orderId={order.id}
            currency={order.currency}
            info={dispute}
            timeZone={zone}
            onOpened={() => void load(true)}
            className={checkoutStyles.section}
            titleClassName={checkoutStyles.sectionTitle}
          />

          <OrderChat
            orderId={order.id}
            orderRef={order.orderRef}
            timeZone={zone}
            className={checkoutStyles.section}
            titleClassName={checkoutStyles.sectionTitle}
          />

          <section className={checkoutStyles.section} aria-labelledby="order-delivery-title">
            <h2 className={checkoutStyles.sectionTitle} id="order-delivery-title">
              Delivery
            </h2>
            <div className={styles.addresses}>
              <div>
                <h3>Shipping address</h3>
                <AddressLines lines={orderAddressLines(order.shippingAddress)} />
              </div>
              <div>
                <h3>Billing address</h3>
                {sameAddress(order.shippingAddress, order.billingAddress) ? (
                  <p className={styles.addressLines}>Same as the shipping address</p>
                ) : (
                  <AddressLines lines={orderAddressLines(order.billingAddress)} />
                )}
              </div>
            </div>
            {order.carrier || order.trackingNumber ? (
              <p>
                Shipped with {order.carrier ?? 'the carrier'}
                {order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ''}.
              </p>
            ) : null}
            {order.notes ? (
              <div>
                <h3 className={checkoutStyles.lineName}>Your notes to the shop</h3>
                <p className={styles.notes}>{order.notes}</p>
              </div>
            ) : null}
          </section>

          <section className={checkoutStyles.section} aria-labelledby="order-payment-title">
            <h2 className={checkoutStyles.sectionTitle} id="order-payment-title">
              Payment
            </h2>
            <p>Payment method: {paymentMethodLabel(order.paymentMethod)}</p>
            {order.payments.length === 0 ? (
              <p className={checkoutStyles.hint}>No payment yet.</p>
            ) : (
              <ul className={styles.payments} role="list">
                {order.payments.map((payment) => (
                  <li key={payment.id}>
                    <span>
                      {payment.kind === 'refund' ? 'Refund' : 'Payment'} of {formatAmount(payment.amount, payment.currency)}
                      {payment.methodSummary ? ` by ${payment.methodSummary}` : ''}:{' '}
                      <strong className={payment.status === 'failed' ? styles.failed : undefined}>{paymentStatusLabel(payment)}</strong>
                    </span>
                    <span className={styles.meta}>
                      {orderTime(payment.createdAt, zone)}
                      {payment.failureMessage ? ` — ${payment.failureMessage}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={checkoutStyles.section} aria-labelledby="order-history-title">
            <h2 className={checkoutStyles.sectionTitle} id="order-history-title">
              History
            </h2>
            <ol className={styles.timeline}>
              {order.history.map((event, index) => {
                const line = historyLine(event);
                return (
                  <li key={index} data-history={index}>
                    <p>
                      <strong>{line.title}</strong>
                    </p>
                    <p className={styles.meta}>
                      {orderTime(event.at, zone)} · {actorLabel(event.actor)}
                    </p>
                    {line.note ? <p className={styles.meta}>{line.note}</p> : null}
                  </li>
                );
              })}
            </ol>
          </section>
        </div>

        <aside className={checkoutStyles.summary} aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">Order summary</h2>
          <dl className={checkoutStyles.costs}>
            {costLines(costsOfOrder(order)).map((line) => (
              <div key={line.key} className={line.key === 'total' ? checkoutStyles.costTotal : checkoutStyles.costRow} data-cost={line.key}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
          <p className={checkoutStyles.hint}>Status: {order.statusLabel}</p>
          {order.canConfirmReceipt ? (
            confirmingReceipt ? (
              // Asked first: confirming completes the order and ends the time to open a dispute.
              <div className={styles.question} ref={receiptQuestionRef} tabIndex={-1} role="group" aria-labelledby="order-receipt-question">
                <p id="order-receipt-question">
                  Have you received everything in order {order.orderRef}? This completes the order
                  {dispute?.canDispute && dispute.until
                    ? ` and ends the time to open a dispute, which otherwise stays open until ${orderTime(dispute.until, zone)}.`
                    : ', and a dispute can no longer be opened.'}
                </p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    aria-busy={busy === 'receipt' || undefined}
                    onClick={() => void onReceived()}
                  >
                    {busy === 'receipt' ? 'Saving…' : 'Yes, I have received it'}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setConfirmingReceipt(false);
                      requestAnimationFrame(() => receivedRef.current?.focus());
                    }}
                  >
                    Not yet
                  </button>
                </div>
              </div>
            ) : (
              <button
                ref={receivedRef}
                type="button"
                className={`button button--primary ${checkoutStyles.primaryAction}`}
                disabled={busy !== null}
                onClick={() => {
                  setNotice(null);
                  setConfirmingReceipt(true);
                }}
              >
                I have received it
              </button>
            )
          ) : null}
          {order.canCancel ? (
            confirmingCancel ? (
              <div className={styles.question} ref={questionRef} tabIndex={-1} role="group" aria-labelledby="order-cancel-question">
                <p id="order-cancel-question">
                  Cancel order {order.orderRef}? {order.payments.some((p) => p.status === 'succeeded') ? 'Your payment is refunded. ' : ''}
                  Its items go back on sale and a voucher used with it can be used again.
                </p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={`button ${styles.danger}`}
                    disabled={busy !== null}
                    aria-busy={busy === 'cancel' || undefined}
                    onClick={() => void onCancel()}
                  >
                    {busy === 'cancel' ? 'Cancelling…' : 'Yes, cancel it'}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setConfirmingCancel(false);
                      requestAnimationFrame(() => cancelRef.current?.focus());
                    }}
                  >
                    Keep it
                  </button>
                </div>
              </div>
            ) : (
              <button
                ref={cancelRef}
                type="button"
                className={`button button--secondary ${checkoutStyles.primaryAction}`}
                disabled={busy !== null}
                onClick={() => {
                  setNotice(null);
                  setConfirmingCancel(true);
                }}
              >
                Cancel order
              </button>
            )
          ) : null}
        </aside>
      </div>
    </>
  );
}

function AddressLines({ lines }: { lines: string[] }) {
  return (
    <p className={styles.addressLines}>
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </p>
  );
}
