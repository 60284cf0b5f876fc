'use client';

import { useCallback, useEffect, useState } from 'react';
import type { Notification } from '@kedai/contract';
import { LoadStatus } from '../../ui/LoadStatus';
import { FormAlert } from '../../ui/Field';
import { browserTimeZone } from '../orders/orders';
import { NotificationEntry } from './NotificationBell';
import { NOTIFICATIONS_PAGE, loadNotifications, markNotificationsRead } from './notifications';
import styles from './notifications.module.css';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/**
 * `/notifications` (signed-in shoppers): every notification, newest first, bursts folded ("×3"),
 * twenty at a time with "Load more" (`beforeTime` the oldest shown), and "Mark all read".
 */
export function NotificationsView({ timeZone }: { timeZone?: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [entries, setEntries] = useState<Notification[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [unread, setUnread] = useState(0);
  const [more, setMore] = useState<'idle' | 'loading' | { error: string }>('idle');
  const [marking, setMarking] = useState(false);
  const [zone, setZone] = useState(timeZone ?? 'Asia/Singapore');

  const first = useCallback(async () => {
    setLoad({ status: 'loading' });
    const result = await loadNotifications({ limit: NOTIFICATIONS_PAGE });
    if (!result.ok) return setLoad({ status: 'error', message: result.message });
    setEntries(result.value.notifications);
    setHasMore(result.value.hasMore);
    setUnread(result.value.unread);
    setLoad({ status: 'ready' });
  }, []);

  useEffect(() => {
    void first();
  }, [first]);

  useEffect(() => {
    if (!timeZone) setZone(browserTimeZone());
  }, [timeZone]);

  async function loadMore() {
    const oldest = entries[entries.length - 1];
    if (!oldest) return;
    setMore('loading');
    const result = await loadNotifications({ limit: NOTIFICATIONS_PAGE, beforeTime: oldest.createdAt });
    if (!result.ok) return setMore({ error: result.message });
    const known = new Set(entries.map((entry) => entry.id));
    setEntries((now) => [...now, ...result.value.notifications.filter((entry) => !known.has(entry.id))]);
    setHasMore(result.value.hasMore);
    setMore('idle');
  }

  async function markAll() {
    setMarking(true);
    const result = await markNotificationsRead();
    setMarking(false);
    if (result.ok) {
      setUnread(0);
      setEntries((now) => now.map((entry) => ({ ...entry, read: true })));
    }
  }

  return (
    <>
      <div className={styles.pageHead}>
        <h1 id="notifications-title">Notifications</h1>
        {load.status === 'ready' && unread > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void markAll()}
            disabled={marking}
            aria-busy={marking || undefined}
          >
            {marking ? 'Marking…' : 'Mark all read'}
          </button>
        ) : null}
      </div>
      {load.status !== 'ready' ? (
        <LoadStatus
          loading="Loading your notifications…"
          failure={load.status === 'error' ? `We could not load your notifications: ${load.message}` : null}
          onRetry={() => void first()}
        />
      ) : entries.length === 0 ? (
        <div className="notice">
          <p>Nothing yet. We will tell you here when your orders and quotations move, and when the shop answers you.</p>
        </div>
      ) : (
        <>
          <p>{unread === 0 ? 'All read.' : unread === 1 ? '1 unread.' : `${unread} unread.`}</p>
          <ul className={styles.pageList} role="list" aria-labelledby="notifications-title">
            {entries.map((entry) => (
              <li key={entry.id}>
                <NotificationEntry
                  notification={entry}
                  zone={zone}
                  onFollow={() => {
                    if (!entry.read) void markNotificationsRead([entry.id]);
                  }}
                />
              </li>
            ))}
          </ul>
          {typeof more === 'object' ? <FormAlert>{`More could not be loaded: ${more.error}`}</FormAlert> : null}
          {hasMore ? (
            <p className={styles.more}>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void loadMore()}
                disabled={more === 'loading'}
                aria-busy={more === 'loading' || undefined}
              >
                {more === 'loading' ? 'Loading…' : 'Load more'}
              </button>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
