'use client';

import Link from 'next/link';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ChatUnread, Notification } from '@kedai/contract';
import { useAppSelector } from '../../store/hooks';
import { orderHref } from '../checkout/checkout-view';
import { browserTimeZone } from '../orders/orders';
import {
  BELL_POLL_MS,
  BELL_SHOWN,
  NOTIFICATIONS_PATH,
  bellLabel,
  loadChatUnread,
  loadNotifications,
  markNotificationsRead,
  notificationTime,
  type BellCounts,
} from './notifications';
import { liveChannel, type LiveStatus } from '../chat/live';
import styles from './notifications.module.css';

type Feed = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; notifications: Notification[] };

/**
 * The header's bell (signed-in shoppers, issue 29): a badge with the unread notifications and the
 * shop's unread messages, kept live by the socket's `counts` frames (and read again every 30 s while
 * the socket is not open); it opens a menu of the latest five (a burst folded into one, "×3"), the
 * orders with new messages, "Mark all read" and the page of all. Escape or a click outside closes it,
 * focus going back to the bell.
 */
export function NotificationBell({ icon }: { icon: ReactNode }) {
  const { signedIn, tfaPassed } = useAppSelector((state) => state.user);
  if (!signedIn || !tfaPassed) return null;
  return <Bell icon={icon} />;
}

function Bell({ icon }: { icon: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<BellCounts>({ notifications: 0, chat: 0 });
  const [feed, setFeed] = useState<Feed>({ status: 'loading' });
  const [chat, setChat] = useState<ChatUnread['orders']>([]);
  const [marking, setMarking] = useState(false);
  const [zone, setZone] = useState('Asia/Singapore');
  const [live, setLive] = useState<LiveStatus>('connecting');
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(async () => {
    const [list, unread] = await Promise.all([loadNotifications({ limit: BELL_SHOWN }), loadChatUnread()]);
    if (list.ok) {
      setFeed({ status: 'ready', notifications: list.value.notifications });
      setCounts((now) => ({ ...now, notifications: list.value.unread }));
    } else {
      setFeed({ status: 'error', message: list.message });
    }
    if (unread.ok) {
      setChat(unread.value.orders.filter((order) => order.unread > 0));
      setCounts((now) => ({ ...now, chat: unread.value.total }));
    }
  }, []);

  useEffect(() => {
    setZone(browserTimeZone());
    void refresh();
  }, [refresh]);

  // Live counts; what the open menu lists is read again when they change.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(
    () =>
      liveChannel().listen((frame) => {
        if (frame.type !== 'counts') return;
        setCounts({ notifications: frame.notifications, chat: frame.chat });
        if (openRef.current) void refresh();
      }),
    [refresh],
  );

  // After the listener above: listening is what opens the channel.
  useEffect(() => {
    const channel = liveChannel();
    const off = channel.onStatus(setLive);
    setLive(channel.current);
    return off;
  }, []);

  // Without the socket no `counts` frame comes: read the counts again, as the chat polls its messages.
  useEffect(() => {
    if (live === 'open') return;
    const timer = setInterval(() => void refresh(), BELL_POLL_MS);
    return () => clearInterval(timer);
  }, [live, refresh]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  async function markAll() {
    setMarking(true);
    const result = await markNotificationsRead();
    setMarking(false);
    if (result.ok) {
      setCounts((now) => ({ ...now, notifications: 0 }));
      setFeed((now) => (now.status === 'ready' ? { ...now, notifications: now.notifications.map((n) => ({ ...n, read: true })) } : now));
    }
  }

  function follow(notification: Notification) {
    setOpen(false);
    if (!notification.read) {
      void markNotificationsRead([notification.id]);
      setCounts((now) => ({ ...now, notifications: Math.max(0, now.notifications - 1) }));
    }
  }

  const { badge, name } = bellLabel(counts);
  const menuId = `${id}-menu`;
  return (
    <li className={styles.bell} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`site-nav__link site-nav__cart ${styles.bellButton}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={name}
        onClick={() => {
          if (!open) void refresh();
          setOpen((value) => !value);
        }}
        data-testid="notification-bell"
      >
        {icon}
        <span className={`site-nav__text ${styles.navTextWide}`} aria-hidden="true">
          Notifications
        </span>
        {badge ? (
          <span className="site-nav__badge" aria-hidden="true" data-testid="notification-count">
            {badge}
          </span>
        ) : null}
      </button>
      <div id={menuId} className={styles.menu} hidden={!open} role="region" aria-label="Notifications">
        <div className={styles.menuHead}>
          <h2 className={styles.menuTitle}>Notifications</h2>
          {counts.notifications > 0 ? (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => void markAll()}
              disabled={marking}
              aria-busy={marking || undefined}
            >
              {marking ? 'Marking…' : 'Mark all read'}
            </button>
          ) : null}
        </div>
        {chat.length > 0 ? (
          <ul className={styles.chatList} role="list" aria-label="New messages from the shop">
            {chat.map((order) => (
              <li key={order.orderId}>
                <Link href={orderHref(order.orderId)} className={styles.chatItem} onClick={() => setOpen(false)}>
                  {order.unread === 1 ? 'A new message' : `${order.unread} new messages`} about order {order.orderRef}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {feed.status === 'loading' ? (
          <p className={styles.menuNote} role="status">
            Loading…
          </p>
        ) : feed.status === 'error' ? (
          <p className={styles.menuNote} role="alert">
            Notifications could not be loaded: {feed.message}
          </p>
        ) : feed.notifications.length === 0 ? (
          <p className={styles.menuNote}>Nothing yet. We will tell you here when your orders and quotations move.</p>
        ) : (
          <ul className={styles.entries} role="list">
            {feed.notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationEntry notification={notification} zone={zone} onFollow={() => follow(notification)} />
              </li>
            ))}
          </ul>
        )}
        <p className={styles.menuFoot}>
          <Link href={NOTIFICATIONS_PATH} onClick={() => setOpen(false)}>
            See all notifications
          </Link>
        </p>
      </div>
    </li>
  );
}

/** One entry: its title (a link where it leads), its text and time, "×3" when it folds several, unread marked. */
export function NotificationEntry({ notification, zone, onFollow }: { notification: Notification; zone: string; onFollow?: () => void }) {
  return (
    <Link href={notification.link} className={styles.entry} data-unread={!notification.read || undefined} onClick={onFollow}>
      <span className={styles.entryTitle}>
        {notification.read ? null : <span className="visually-hidden">Unread: </span>}
        {notification.title}
        {notification.count > 1 ? (
          <span className={styles.entryCount}>
            {' '}
            <span aria-hidden="true">×{notification.count}</span>
            <span className="visually-hidden">({notification.count} updates)</span>
          </span>
        ) : null}
      </span>
      <span className={styles.entryText}>{notification.text}</span>
      <span className={styles.entryTime}>{notificationTime(notification.createdAt, zone)}</span>
    </Link>
  );
}
