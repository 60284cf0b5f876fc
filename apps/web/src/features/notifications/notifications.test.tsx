// @vitest-environment happy-dom
/**
 * The shopper's notifications as met in a DOM (happy-dom), the browser's API client replaced by a
 * stand-in and the socket by a fake: the header's bell (its count, live `counts` frames, the menu of
 * the latest with "×3", Mark all read, Escape), the page of all with "Load more", the profile's
 * e-mail choices, and the unsubscribe page (opening it changes nothing; the button does).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, SocketServerFrame } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { LiveChannel, setLiveChannel } from '../chat/live';
import { EmailPreferences } from './EmailPreferences';
import { NotificationBell } from './NotificationBell';
import { NotificationsView } from './NotificationsView';
import { bellLabel } from './notifications';
import { UnsubscribeView } from './UnsubscribeView';

type Options = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
type Handler = (options: Options) => unknown;

const answers = vi.hoisted(() => new Map<string, Handler>());
const api = vi.hoisted(() => {
  const call =
    (method: string) =>
    async (path: string, options: Options = {}) => {
      const handler = answers.get(`${method} ${path}`);
      if (!handler) throw new Error(`unexpected ${method} ${path}`);
      return handler(options);
    };
  return { get: vi.fn(call('GET')), post: vi.fn(call('POST')), put: vi.fn(call('PUT')), delete: vi.fn(call('DELETE')) };
});
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: api,
}));

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  open() {
    this.readyState = 1;
    act(() => this.onopen?.());
  }
  close() {
    this.readyState = 3;
  }
  deliver(frame: SocketServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  /** The connection lost (not a close the page asked for). */
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.({ code: 1006 }));
  }
}

/** The socket the page opened: it is created by an effect, which may run after the text it waits for shows. */
async function createdSocket() {
  await act(async () => {});
  await waitFor(() => expect(FakeSocket.last).not.toBeNull());
  return FakeSocket.last!;
}

const calls = (method: 'get' | 'post' | 'put', path: string) =>
  api[method].mock.calls.filter(([called]) => called === path).map(([, options]) => options as Options);

function entry(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: 'order.shipped',
    subject: { type: 'order', id: 'o1' },
    title: 'Order KD-1 is on its way',
    text: 'Shipped with DHL.',
    link: '/orders/o1',
    createdAt: 1_800_000_000,
    read: false,
    count: 1,
    ...overrides,
  };
}

function signedIn(children: ReactNode) {
  const store = makeStore({
    api: fakeApi({}).api,
    preloadedState: { user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper } },
  });
  return <Provider store={store}>{children}</Provider>;
}

beforeEach(() => {
  answers.clear();
  api.get.mockClear();
  api.post.mockClear();
  api.put.mockClear();
  setLiveChannel(
    new LiveChannel({
      url: () => 'ws://shop.test/api/ws',
      createSocket: () => new FakeSocket() as unknown as WebSocket,
      backoff: [3_600_000],
    }),
  );
});

afterEach(() => {
  setLiveChannel(null);
  vi.useRealTimers();
});

describe('the bell', () => {
  function showBell() {
    const user = userEvent.setup({ delay: null });
    render(signedIn(<ul>{<NotificationBell icon={null} />}</ul>));
    return user;
  }

  it('counts a staff reply once: the larger of unread notifications and unread messages', () => {
    expect(bellLabel({ notifications: 0, chat: 0 })).toEqual({ badge: null, name: 'Notifications' });
    expect(bellLabel({ notifications: 1, chat: 1 })).toEqual({ badge: '1', name: 'Notifications, 1 unread, 1 new message' });
    expect(bellLabel({ notifications: 120, chat: 2 }).badge).toBe('99+');
  });

  it('shows the unread count, follows live counts, and opens a menu of the latest with the orders written about', async () => {
    answers.set('GET /notification', () => ({
      notifications: [entry({ id: 2, count: 3, title: 'Your quotation was answered', link: '/quotations' }), entry({ id: 1, read: true })],
      unread: 2,
      hasMore: false,
    }));
    answers.set('GET /chat/unread', () => ({ total: 1, orders: [{ orderId: 'o1', orderRef: 'KD-1', unread: 1 }] }));
    const user = showBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread, 1 new message' });
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    expect(calls('get', '/notification')[0]?.query).toMatchObject({ collasped: '1', limit: 5 });

    (await createdSocket()).deliver({ type: 'counts', chat: 4, notifications: 3 });
    expect(screen.getByTestId('notification-count').textContent).toBe('4');

    await user.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('region', { name: 'Notifications' });
    const latest = within(menu).getByRole('link', { name: /Your quotation was answered/ });
    expect(latest.textContent).toContain('×3');
    expect(latest.getAttribute('href')).toBe('/quotations');
    expect(within(menu).getByRole('link', { name: 'A new message about order KD-1' }).getAttribute('href')).toBe('/orders/o1');
    expect(within(menu).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/notifications');

    await user.keyboard('{Escape}');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell);
  });

  it('reads the counts again every 30 seconds while the socket is not open, and stops once it opens', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let unread = 1;
    answers.set('GET /notification', () => ({ notifications: [entry()], unread, hasMore: false }));
    answers.set('GET /chat/unread', () => ({ total: 0, orders: [] }));
    showBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const tick = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });

    unread = 2;
    await tick(29_000);
    expect(calls('get', '/notification')).toHaveLength(1);
    await tick(1_000);
    expect(calls('get', '/notification')).toHaveLength(2);
    expect(calls('get', '/chat/unread')).toHaveLength(2);
    expect(screen.getByTestId('notification-count').textContent).toBe('2');

    FakeSocket.last!.open();
    await tick(120_000);
    expect(calls('get', '/notification')).toHaveLength(2);

    // A dropped socket goes back to reading the counts until it is open again.
    FakeSocket.last!.drop();
    unread = 3;
    await tick(30_000);
    expect(calls('get', '/notification')).toHaveLength(3);
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
  });

  it('marks all read', async () => {
    answers.set('GET /notification', () => ({ notifications: [entry()], unread: 1, hasMore: false }));
    answers.set('GET /chat/unread', () => ({ total: 0, orders: [] }));
    answers.set('POST /notification/read', () => ({ unread: 0 }));
    const user = showBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    expect(calls('post', '/notification/read')).toEqual([{ body: {} }]);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('says when there is nothing yet, and when the feed cannot be read', async () => {
    answers.set('GET /notification', () => ({ notifications: [], unread: 0, hasMore: false }));
    answers.set('GET /chat/unread', () => ({ total: 0, orders: [] }));
    const user = showBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
    answers.set('GET /notification', () => {
      throw new ApiError({ errorCode: 'general/api_unreachable', error: 'The shop could not be reached', params: [] }, 0, '/notification');
    });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications could not be loaded/);
  });

  it('is not shown to a visitor', () => {
    const store = makeStore({ api: fakeApi({}).api });
    const { container } = render(
      <Provider store={store}>
        <ul>
          <NotificationBell icon={null} />
        </ul>
      </Provider>,
    );
    expect(container.querySelector('li')).toBeNull();
  });
});

describe('the page of all notifications', () => {
  it('lists them and loads more before the oldest shown', async () => {
    answers.set('GET /notification', ({ query }) =>
      query?.beforeTime === 1_799_000_000
        ? {
            notifications: [entry({ id: 1, title: 'Order KD-0 is paid', createdAt: 1_798_000_000, read: true })],
            unread: 1,
            hasMore: false,
          }
        : { notifications: [entry({ id: 3 }), entry({ id: 2, title: 'Older', createdAt: 1_799_000_000 })], unread: 1, hasMore: true },
    );
    const user = userEvent.setup({ delay: null });
    render(<NotificationsView timeZone="Asia/Singapore" />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Order KD-0 is paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls('get', '/notification')[1]?.query).toMatchObject({ beforeTime: 1_799_000_000, limit: 20 });
  });
});

describe('the e-mail choices on the profile', () => {
  it('shows the optional e-mails as checkboxes and saves the choice', async () => {
    answers.set('GET /notification/preferences', () => ({ email: { 'chat.reply': true, 'product.back_in_stock': false } }));
    answers.set('PUT /notification/preferences', ({ body }) => body);
    const user = userEvent.setup({ delay: null });
    render(<EmailPreferences />);
    const replies = await screen.findByRole('checkbox', { name: 'Replies from the shop' });
    const stock = screen.getByRole('checkbox', { name: 'Back in stock' });
    expect((replies as HTMLInputElement).checked).toBe(true);
    expect((stock as HTMLInputElement).checked).toBe(false);
    await user.click(replies);
    await user.click(screen.getByRole('button', { name: 'Save e-mail choices' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your e-mail choices have been saved.');
    expect(calls('put', '/notification/preferences')).toEqual([
      { body: { email: { 'chat.reply': false, 'product.back_in_stock': false } } },
    ]);
  });

  it('says when the choices could not be saved', async () => {
    answers.set('GET /notification/preferences', () => ({ email: { 'chat.reply': true, 'product.back_in_stock': true } }));
    answers.set('PUT /notification/preferences', () => {
      throw new ApiError({ errorCode: 'general/rate_limited', error: 'Slow down', params: [60] }, 429, '/x');
    });
    const user = userEvent.setup({ delay: null });
    render(<EmailPreferences />);
    await user.click(await screen.findByRole('button', { name: 'Save e-mail choices' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your choices were not saved: Too many tries/);
  });
});

describe('the unsubscribe page', () => {
  it('says which e-mail stops, changes nothing until the button is pressed, then says it is done', async () => {
    answers.set('GET /notification/unsubscribe', () => ({ kind: 'chat.reply', email: true }));
    answers.set('POST /notification/unsubscribe', () => ({ kind: 'chat.reply', email: false }));
    const user = userEvent.setup({ delay: null });
    render(<UnsubscribeView token="signed.token" />);
    expect(await screen.findByText('Replies from the shop')).toBeTruthy();
    expect(calls('post', '/notification/unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from “Replies from the shop”' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/You are unsubscribed from “Replies from the shop” e-mails/);
    expect(calls('post', '/notification/unsubscribe')).toEqual([{ query: { token: 'signed.token' } }]);
    expect(screen.queryByRole('button', { name: /Unsubscribe/ })).toBeNull();
  });

  it('explains a link that does not work', async () => {
    answers.set('GET /notification/unsubscribe', () => {
      throw new ApiError({ errorCode: 'notification/invalid_unsubscribe_token', error: 'bad token', params: [] }, 400, '/x');
    });
    render(<UnsubscribeView token="forged" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This unsubscribe link does not work/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains a link without its token', () => {
    render(<UnsubscribeView token={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/This unsubscribe link does not work/);
  });
});
