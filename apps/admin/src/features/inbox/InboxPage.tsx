/**
 * `/inbox` ("Messages"): the conversations shoppers hold about their orders (issue 29). It opens on
 * those waiting for an answer, longest wait first, with how long each has waited; a selected one's
 * thread shows beside the list (its own view on a narrow screen) with the order's summary. The list
 * follows every change live (the socket's `thread` frames), or is read again every 15 s without it.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminConversation, AdminInbox } from '@kedai/contract';
import { errorText } from '../../lib/errors';
import { priceText } from '../../lib/money-text';
import { LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { ORDER_BADGES, shopperText, statusLabel } from '../orders/order-view';
import { useOrder } from '../orders/queries';
import { Conversation } from './Conversation';
import {
  EMPTY_INBOX_TEXT,
  INBOX_FILTER_LABELS,
  INBOX_FILTER_ORDER,
  INBOX_PAGE_SIZE,
  disputeReasonText,
  inboxOrder,
  inboxSearchOf,
  inboxStateFrom,
  lastMessageText,
  waitingText,
  type InboxFilter,
  type InboxState,
} from './inbox-view';
import { useInbox, useInboxLive } from './queries';

/** The clock the waiting times are counted on, read again every half minute. */
function useNow(clock: () => number): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), 30_000);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

export function InboxPage({ clock = Date.now }: { clock?: () => number }) {
  const [search] = useSearchParams();
  const state = inboxStateFrom(search);
  const list = useInbox(state);
  const now = useNow(clock);
  useInboxLive();
  const selected = list.data?.conversations.find((conversation) => conversation.orderId === state.orderId);

  return (
    <>
      <PageHeading title="Messages" />
      <div className={`inbox${state.orderId ? ' inbox--thread-open' : ''}`}>
        <div className="inbox-list">
          <p className="hint">
            What shoppers write about their orders. Open disputes come first, then the longest waiting; mark a conversation done when
            nothing more is needed.
          </p>
          <FilterTabs state={state} counts={list.data?.counts} />
          {list.isPending ? <Loading what="Loading the conversations…" /> : null}
          {list.isError && !list.data ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
          {list.data ? <ConversationList data={list.data} state={state} now={now} /> : null}
        </div>
        {state.orderId ? (
          <div className="inbox-thread">
            <p className="inbox-back">
              <Link to={`?${inboxSearchOf({ ...state, orderId: null }).toString()}`}>← All conversations</Link>
            </p>
            <OrderBeside orderId={state.orderId} conversation={selected} now={now} />
            <Conversation key={state.orderId} orderId={state.orderId} done={selected?.done} now={clock} />
          </div>
        ) : (
          <p className="inbox-thread inbox-thread--none hint">Choose a conversation to read it and answer.</p>
        )}
      </div>
    </>
  );
}

function FilterTabs({ state, counts }: { state: InboxState; counts: AdminInbox['counts'] | undefined }) {
  const countOf = (filter: InboxFilter) => (filter === 'waiting' ? counts?.waiting : filter === 'disputes' ? counts?.disputes : undefined);
  return (
    <nav aria-label="Which conversations">
      <ul className="tabs">
        {INBOX_FILTER_ORDER.map((filter) => {
          const count = countOf(filter);
          const current = filter === state.filter;
          return (
            <li key={filter}>
              <Link
                to={`?${inboxSearchOf({ filter, page: 1, orderId: state.orderId }).toString()}`}
                aria-current={current ? 'page' : undefined}
                className={current ? 'tab tab--current' : 'tab'}
              >
                {INBOX_FILTER_LABELS[filter]}
                {count !== undefined ? ` (${count})` : ''}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ConversationList({ data, state, now }: { data: AdminInbox; state: InboxState; now: number }) {
  if (data.conversations.length === 0) return <p role="status">{EMPTY_INBOX_TEXT[state.filter]}</p>;
  const pages = Math.max(1, Math.ceil(data.total / INBOX_PAGE_SIZE));
  return (
    <>
      <ul
        className="conversations"
        aria-label={`${INBOX_FILTER_LABELS[state.filter]} conversations${state.filter === 'waiting' ? ', disputes first, then the longest wait' : ''}`}
      >
        {inboxOrder(state.filter, data.conversations).map((conversation) => (
          <ConversationRow
            key={conversation.orderId}
            conversation={conversation}
            selected={conversation.orderId === state.orderId}
            to={`?${inboxSearchOf({ ...state, orderId: conversation.orderId }).toString()}`}
            now={now}
          />
        ))}
      </ul>
      {pages > 1 ? (
        <p className="pager">
          {state.page > 1 ? <Link to={`?${inboxSearchOf({ ...state, page: state.page - 1 }).toString()}`}>Previous page</Link> : null}
          <span>
            Page {state.page} of {pages}
          </span>
          {state.page < pages ? <Link to={`?${inboxSearchOf({ ...state, page: state.page + 1 }).toString()}`}>Next page</Link> : null}
        </p>
      ) : null}
    </>
  );
}

function ConversationRow({
  conversation,
  selected,
  to,
  now,
}: {
  conversation: AdminConversation;
  selected: boolean;
  to: string;
  now: number;
}) {
  const waiting = waitingText(conversation, now);
  return (
    <li className={`conversation-row${selected ? ' conversation-row--selected' : ''}`}>
      <Link to={to} aria-current={selected ? 'true' : undefined} className="conversation-link">
        <span className="conversation-top">
          <strong>Order {conversation.orderRef}</strong>
          {waiting ? <span className="waiting">{waiting}</span> : null}
          {conversation.staffUnread > 0 ? <span className="badge badge--count-unread">{conversation.staffUnread} unread</span> : null}
          {conversation.openDispute ? <span className="badge badge--off">Dispute</span> : null}
          {conversation.done ? <span className="badge badge--on">Done</span> : null}
        </span>
        <span className="block break">
          {conversation.shopper.name ? `${conversation.shopper.name} ` : null}
          <span className="hint">{conversation.shopper.email}</span>
        </span>
        <span className="block preview">{lastMessageText(conversation)}</span>
        {conversation.openDispute ? (
          <span className="block hint">Dispute: {disputeReasonText(conversation.openDispute.reason)}</span>
        ) : null}
        {conversation.lastStaffAuthor ? <span className="block hint">Last answered by {conversation.lastStaffAuthor}</span> : null}
      </Link>
    </li>
  );
}

/** The order beside its thread: where it stands, what it cost, and the way to the order's page. */
function OrderBeside({ orderId, conversation, now }: { orderId: string; conversation: AdminConversation | undefined; now: number }) {
  const order = useOrder(orderId);
  const waiting = conversation ? waitingText(conversation, now) : null;
  return (
    <section className="panel" aria-labelledby="beside-heading">
      <h2 id="beside-heading">
        {order.data ? `Order ${order.data.orderRef}` : conversation ? `Order ${conversation.orderRef}` : 'The order'}
      </h2>
      {order.isPending ? <Loading what="Loading the order…" /> : null}
      {order.isError ? <p className="field-error">The order could not be loaded: {errorText(order.error)}</p> : null}
      {order.data ? (
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            <span className={ORDER_BADGES[order.data.status]}>{statusLabel(order.data.status)}</span>
          </dd>
          <dt>Total</dt>
          <dd>{priceText(order.data.total, order.data.currency)}</dd>
          <dt>Shopper</dt>
          <dd className="break">
            {conversation ? `${conversation.shopper.name} (${conversation.shopper.email})` : shopperText(order.data.shopper)}
          </dd>
          {waiting ? (
            <>
              <dt>Waiting</dt>
              <dd>{waiting.replace(/^waiting /, '')}</dd>
            </>
          ) : null}
          {conversation?.openDispute ? (
            <>
              <dt>Open dispute</dt>
              <dd>{disputeReasonText(conversation.openDispute.reason)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p>
        <Link to={`/orders/${orderId}`}>Open the order&rsquo;s page</Link>
      </p>
    </section>
  );
}
