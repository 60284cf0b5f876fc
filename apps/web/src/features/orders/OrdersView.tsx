'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import type { OrderList } from '@kedai/contract';
import { isTransferReported } from '@kedai/domain';
import { LoadStatus } from '../../ui/LoadStatus';
import checkoutStyles from '../checkout/checkout.module.css';
import { formatAmount } from '../checkout/costs';
import { orderHref } from '../checkout/checkout-view';
import { LineThumb } from '../checkout/LineThumb';
import { browserTimeZone, capturePicture, linesSummary, loadOrders, orderTime, ordersPageHref, unitCount } from './orders';
import { StatusBadge } from './StatusBadge';
import { loadChatUnread } from '../notifications/notifications';
import styles from './orders.module.css';

export type OrdersLoad = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & OrderList);

export interface OrdersViewProps {
  /** The page of the list (`?page=`). */
  page: number;
  assetsUrl: string;
  /** What the list opens with (tests); by default it is loaded. */
  initial?: OrdersLoad;
  /** The time zone times are shown in (the browser's by default). */
  timeZone?: string;
}

/**
 * `/orders` (signed-in users): the shopper's orders, newest first, a page at a time — each with its
 * reference (a link to the order), status, when it was placed, what it holds and its total; an
 * order awaiting payment says until when it can be paid (not once its PayNow transfer is reported:
 * the shop is checking it), and one the shop wrote about, its new messages.
 */
export function OrdersView({ page, assetsUrl, initial, timeZone }: OrdersViewProps) {
  const [list, setList] = useState<OrdersLoad>(initial ?? { status: 'loading' });
  const [zone, setZone] = useState(timeZone ?? 'Asia/Singapore');
  // New messages from the shop per order (one call for the list; nothing shown when it fails).
  const [unread, setUnread] = useState<ReadonlyMap<string, number>>(new Map());

  const load = useCallback(async () => {
    setList({ status: 'loading' });
    const result = await loadOrders(page);
    setList(result.ok ? { status: 'ready', ...result.value } : { status: 'error', message: result.message });
  }, [page]);

  useEffect(() => {
    if (!initial) void load();
  }, [initial, load]);

  useEffect(() => {
    if (initial) return;
    void loadChatUnread().then((result) => {
      if (result.ok) setUnread(new Map(result.value.orders.map((order) => [order.orderId, order.unread])));
    });
  }, [initial]);

  // Times in the shopper's own zone, known only in the browser.
  useEffect(() => {
    if (!timeZone) setZone(browserTimeZone());
  }, [timeZone]);

  const heading = (
    <div className={styles.header}>
      <h1 id="orders-title">Your orders</h1>
    </div>
  );

  if (list.status !== 'ready') {
    return (
      <>
        {heading}
        <LoadStatus
          loading="Loading your orders…"
          failure={list.status === 'error' ? `We could not load your orders: ${list.message}` : null}
          onRetry={() => void load()}
        />
      </>
    );
  }

  if (list.total === 0) {
    return (
      <>
        {heading}
        <div className="notice">
          <p>You have no orders yet.</p>
          <p className="notice__actions">
            <Link href="/search" className="button button--primary">
              Browse the catalogue
            </Link>
            <Link href="/cart" className="button button--secondary">
              Go to your cart
            </Link>
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      {heading}
      <p className={styles.lead}>{list.total === 1 ? '1 order' : `${list.total} orders`}, the newest first.</p>
      {list.orders.length === 0 ? (
        <p className={checkoutStyles.hint}>
          There are no orders on this page. <Link href={ordersPageHref(1)}>See your latest orders</Link>
        </p>
      ) : (
        <ul className={styles.list} role="list" aria-labelledby="orders-title">
          {list.orders.map((order) => {
            const units = unitCount(order);
            return (
              <li key={order.id} className={styles.card} data-order={order.id}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>
                    <Link href={orderHref(order.id)}>
                      <span className="visually-hidden">Order </span>
                      {order.orderRef}
                    </Link>
                  </h2>
                  <StatusBadge order={order} />
                </div>
                <div className={styles.cardBody}>
                  <span className={styles.thumbs} aria-hidden="true">
                    {order.productCaptures.slice(0, 3).map((capture, index) => (
                      <LineThumb key={index} picture={capturePicture(capture)} assetsUrl={assetsUrl} />
                    ))}
                  </span>
                  <div className={styles.cardText}>
                    <p>{linesSummary(order)}</p>
                    <p className={styles.meta}>
                      Placed {orderTime(order.createdAt, zone)} · {units === 1 ? '1 item' : `${units} items`}
                    </p>
                    {(unread.get(order.id) ?? 0) > 0 ? (
                      <p className={styles.unread} data-unread-messages={unread.get(order.id)}>
                        <Link href={orderHref(order.id)}>
                          {unread.get(order.id) === 1 ? '1 new message' : `${unread.get(order.id)} new messages`} from the shop
                        </Link>
                      </p>
                    ) : null}
                    {order.status === 'awaiting_payment' && order.payBy && !isTransferReported(order) ? (
                      <p className={styles.payBy}>Pay by {orderTime(order.payBy, zone)}</p>
                    ) : null}
                  </div>
                  <p className={styles.total}>
                    <span className="visually-hidden">Total </span>
                    {formatAmount(order.total, order.currency)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {list.pages > 1 ? (
        <nav className={styles.paging} aria-label="Pages of orders">
          {list.page > 1 ? (
            <Link href={ordersPageHref(list.page - 1)} rel="prev" className="button button--secondary">
              Newer orders
            </Link>
          ) : (
            <span />
          )}
          <p>
            Page {list.page} of {list.pages}
          </p>
          {list.page < list.pages ? (
            <Link href={ordersPageHref(list.page + 1)} rel="next" className="button button--secondary">
              Older orders
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
