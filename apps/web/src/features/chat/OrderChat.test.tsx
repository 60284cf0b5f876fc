// @vitest-environment happy-dom
/**
 * The conversation panel of the order page as a shopper meets it, in a DOM (happy-dom), the browser's
 * API client replaced by a stand-in and the socket by a fake one: text shown as text with links
 * clickable, live messages merged without repeats, polling when the socket cannot open, sending
 * (Enter, Shift+Enter) and the refusals in words, earlier messages, photos, typing and "Seen".
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SocketServerFrame } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPreviews } from './chat';
import { LiveChannel, setLiveChannel } from './live';
import { OrderChat } from './OrderChat';
import { CHAT_ORDER_ID, chatMessage, chatPage } from './test-fixtures';

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

/** A socket the test drives: it opens when told, records what the page sends and delivers frames. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    act(() => this.onopen?.());
  }
  deliver(frame: SocketServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

/** The socket the page opened: it is created by an effect, which may run after the text it waits for shows. */
async function createdSocket() {
  await act(async () => {});
  await waitFor(() => expect(FakeSocket.last).not.toBeNull());
  return FakeSocket.last!;
}

const PHOTO = '3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b';
const OTHER_PHOTO = '5c1d2e4b-3b2e-4e6a-8c5e-9a516f3f0c1d';
const DISPUTE_ID = 'dddddddd-0000-4000-8000-000000000001';
const refusal = (status: number, errorCode: string) =>
  new ApiError({ errorCode, error: `refused: ${errorCode}`, params: [] }, status, 'path');
const calls = (method: 'get' | 'post', path: string) =>
  api[method].mock.calls.filter(([called]) => called === path).map(([, options]) => options as Options);

function useSocket(kind: 'fake' | 'none') {
  setLiveChannel(
    new LiveChannel({
      url: () => 'ws://shop.test/api/ws',
      createSocket: () => {
        if (kind === 'none') throw new Error('no sockets here');
        return new FakeSocket() as unknown as WebSocket;
      },
      backoff: [3_600_000],
      refresh: async () => true,
    }),
  );
}

function show() {
  const user = userEvent.setup({ delay: null });
  render(<OrderChat orderId={CHAT_ORDER_ID} orderRef="KD-1" timeZone="Asia/Singapore" />);
  return user;
}

const conversation = () => screen.getByRole('region', { name: 'Conversation about order KD-1' });
const messageBox = () => screen.getByRole('textbox', { name: 'Your message' });

beforeEach(() => {
  answers.clear();
  api.get.mockClear();
  api.post.mockClear();
  forgetPreviews();
  FakeSocket.last = null;
  answers.set('POST /order/:id/update_chat_status', () => chatPage([]).thread);
  answers.set('POST /opengraph', () => ({ url: 'x', title: null, description: null, image: null, siteName: null }));
});

afterEach(() => {
  setLiveChannel(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the order chat panel', () => {
  it('says how to start when the thread is empty, and says it is loading first', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading the conversation…');
    expect(await screen.findByText('Questions about this order? Write to the shop here.')).toBeTruthy();
  });

  it('shows text as text, links clickable and safe, the staff member’s first name and time, and a preview of the first link', async () => {
    useSocket('fake');
    answers.set('POST /opengraph', ({ body }) => ({
      url: (body as { url: string }).url,
      title: 'Blue kettle',
      description: 'A kettle, blue.',
      image: 'https://cdn.market.test/kettle.png',
      siteName: 'Market',
    }));
    answers.set('GET /order/:id/messages', () =>
      chatPage([
        chatMessage({ id: 1, body: '<b>bold?</b> <img src=x onerror=alert(1)> see https://market.test/kettle, thanks' }),
        chatMessage({
          id: 2,
          author: { role: 'staff', name: 'Budi' },
          body: 'javascript:alert(1) is not a link',
          createdAt: 1_800_000_060,
        }),
      ]),
    );
    show();
    const log = await screen.findByRole('log');
    expect(log.querySelector('b')).toBeNull();
    expect(log.querySelector('p img')).toBeNull();
    expect(within(log).getByText(/<b>bold\?<\/b>/)).toBeTruthy();
    const link = within(log).getByRole('link', { name: 'https://market.test/kettle' });
    expect(link.getAttribute('href')).toBe('https://market.test/kettle');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(log).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(within(log).getByText('Budi, the shop')).toBeTruthy();
    expect(within(log).getByText('15/01/2027, 16:01')).toBeTruthy();

    const card = await within(log).findByRole('link', { name: /Blue kettle/ });
    expect(card.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    const picture = card.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('https://cdn.market.test/kettle.png');
    expect(picture.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(calls('post', '/opengraph')).toEqual([{ body: { url: 'https://market.test/kettle' } }]);
  });

  it('leaves out a preview picture that is not https', async () => {
    useSocket('fake');
    answers.set('POST /opengraph', () => ({
      url: 'http://plain.test/',
      title: 'Plain',
      description: null,
      image: 'http://plain.test/a.png',
      siteName: null,
    }));
    answers.set('GET /order/:id/messages', () => chatPage([chatMessage({ id: 1, body: 'http://plain.test/' })]));
    show();
    const card = await screen.findByRole('link', { name: /Plain/ });
    expect(card.querySelector('img')).toBeNull();
  });

  it('subscribes after the last message, merges live messages without repeats, and shows typing and "Seen"', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([chatMessage({ id: 5, body: 'Where is my parcel?' })]));
    show();
    await screen.findByText('Where is my parcel?');
    const socket = await createdSocket();
    socket.open();
    expect(socket.sent).toContainEqual({ type: 'subscribe', orderId: CHAT_ORDER_ID, after: 5 });

    socket.deliver({ type: 'typing', orderId: CHAT_ORDER_ID, role: 'staff', name: 'Budi' });
    expect(screen.getByText('Budi from the shop is typing…')).toBeTruthy();
    const reply = chatMessage({ id: 6, author: { role: 'staff', name: 'Budi' }, body: 'On its way today.' });
    socket.deliver({ type: 'message', message: reply });
    socket.deliver({ type: 'message', message: reply });
    socket.deliver({ type: 'message', message: chatMessage({ id: 9, orderId: 'another-order', body: 'Not this one' }) });
    expect(screen.getAllByText('On its way today.')).toHaveLength(1);
    expect(screen.queryByText('Not this one')).toBeNull();
    expect(screen.queryByText(/is typing/)).toBeNull();
    expect(within(conversation()).getByRole('log').getAttribute('aria-live')).toBe('polite');

    expect(screen.queryByText('Seen')).toBeNull();
    socket.deliver({ type: 'read', orderId: CHAT_ORDER_ID, shopperReadUpTo: 6, staffReadUpTo: 5 });
    const seen = screen.getByText('Seen');
    expect(seen.closest('li')?.getAttribute('data-message')).toBe('5');
  });

  it('asks for new messages every ten seconds while the socket cannot open, after the last one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useSocket('none');
    let newer = [chatMessage({ id: 7, author: { role: 'staff', name: 'Budi' }, body: 'We shipped it.' })];
    answers.set('GET /order/:id/messages', ({ query }) => {
      if (query?.after === undefined) return chatPage([chatMessage({ id: 3, body: 'Any news?' })]);
      const page = chatPage(newer);
      newer = [];
      return page;
    });
    show();
    await screen.findByText('Any news?');
    expect(calls('get', '/order/:id/messages')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(await screen.findByText('We shipped it.')).toBeTruthy();
    expect(calls('get', '/order/:id/messages')[1]?.query).toMatchObject({ after: '3' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(calls('get', '/order/:id/messages')[2]?.query).toMatchObject({ after: '7' });
    expect(screen.getAllByText('We shipped it.')).toHaveLength(1);
  });

  it('stops polling once the socket is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([chatMessage({ id: 3, body: 'Any news?' })]));
    show();
    await screen.findByText('Any news?');
    (await createdSocket()).open();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(calls('get', '/order/:id/messages')).toHaveLength(1);
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the sent message once', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    answers.set('POST /order/:id/messages', ({ body }) => ({
      message: chatMessage({ id: 11, body: (body as { message: string }).message }),
      thread: chatPage([]).thread,
    }));
    const user = show();
    await screen.findByText(/Write to the shop here/);
    await user.type(messageBox(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(calls('post', '/order/:id/messages')).toHaveLength(0);
    expect((messageBox() as HTMLTextAreaElement).value).toBe('Line one\nLine two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect((messageBox() as HTMLTextAreaElement).value).toBe(''));
    expect(calls('post', '/order/:id/messages')[0]).toEqual({ params: { id: CHAT_ORDER_ID }, body: { message: 'Line one\nLine two' } });
    expect(screen.getByText(/Line one/).textContent).toBe('Line one\nLine two');
    expect(document.activeElement).toBe(messageBox());
    expect(screen.queryByText('Questions about this order? Write to the shop here.')).toBeNull();
  });

  it('says in words when sending is refused, and keeps the text', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    answers.set('POST /order/:id/messages', () => {
      throw refusal(429, 'general/rate_limited');
    });
    const user = show();
    await screen.findByText(/Write to the shop here/);
    await user.type(messageBox(), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your message was not sent: .*wait a moment/);
    expect((messageBox() as HTMLTextAreaElement).value).toBe('Hello?');
  });

  it('refuses an empty message and counts characters near the limit', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    const user = show();
    await screen.findByText(/Write to the shop here/);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a message first.');
    fireEvent.change(messageBox(), { target: { value: 'x'.repeat(1850) } });
    const count = screen.getByText('1,850 of 2,000 characters');
    // The count is read with the box, not announced at each key; only crossing the limit is.
    expect(count.closest('[aria-live]')).toBeNull();
    expect(messageBox().getAttribute('aria-describedby')).toContain(count.id);
    const overLimit = () => [...document.querySelectorAll('[aria-live="polite"]')].map((node) => node.textContent).join('');
    expect(overLimit()).not.toContain('longer than');
    fireEvent.change(messageBox(), { target: { value: '😀'.repeat(2003) } });
    expect(screen.getByText('3 characters too many')).toBeTruthy();
    expect(overLimit()).toContain('The message is longer than 2,000 characters: shorten it to send it.');
    expect(messageBox().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls('post', '/order/:id/messages')).toHaveLength(0);
  });

  it('loads earlier messages before the first shown', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', ({ query }) =>
      query?.before === 10
        ? chatPage([chatMessage({ id: 8, body: 'The first question' })], { hasMore: false })
        : chatPage([chatMessage({ id: 10, body: 'A later one' })], { hasMore: true }),
    );
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('The first question');
    const shown = [...conversation().querySelectorAll('[data-message]')].map((item) => item.getAttribute('data-message'));
    expect(shown).toEqual(['8', '10']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('attaches a photo from the keyboard: a real button (with the page’s focus ring) opens the hidden picker', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    const user = show();
    await screen.findByText(/Write to the shop here/);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    const pick = vi.spyOn(input, 'click').mockImplementation(() => {});
    const attach = screen.getByRole('button', { name: 'Attach a photo' });
    for (let step = 0; step < 10 && document.activeElement !== attach; step += 1) await user.tab();
    expect(document.activeElement).toBe(attach);
    await user.keyboard('{Enter}');
    expect(pick).toHaveBeenCalledTimes(1);
  });

  it('uploads a picked photo and shows it; a refused one is explained', async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () => chatPage([]));
    answers.set('POST /order/:id/messages/photo', () => ({
      message: chatMessage({ id: 12, kind: 'photo', body: '', image: `chat/${PHOTO}.webp` }),
      thread: chatPage([]).thread,
    }));
    show();
    await screen.findByText(/Write to the shop here/);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    const photo = new File([new Uint8Array([1, 2, 3])], 'parcel.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    const image = await screen.findByRole('img', { name: 'A photo you sent' });
    // Private: read through the order's own photo route on this origin, never the assets host.
    expect(image.getAttribute('src')).toBe(`/api/order/${CHAT_ORDER_ID}/messages/photos/${PHOTO}_thumb.webp`);
    expect(image.closest('a')?.getAttribute('href')).toBe(`/api/order/${CHAT_ORDER_ID}/messages/photos/${PHOTO}.webp`);
    expect(calls('post', '/order/:id/messages/photo')[0]?.body).toBe(photo);

    answers.set('POST /order/:id/messages/photo', () => {
      throw refusal(413, 'image/too_large');
    });
    fireEvent.change(input, { target: { files: [photo] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your photo was not sent: This photo is too large/);
  });

  it("shows the shop's photos and a dispute's from their routes, and says so when one cannot be shown", async () => {
    useSocket('fake');
    answers.set('GET /order/:id/messages', () =>
      chatPage([
        chatMessage({ id: 1, kind: 'photo', body: '', image: `chat/${PHOTO}.webp`, author: { role: 'staff', name: 'Aminah' } }),
        chatMessage({ id: 2, kind: 'photo', body: '', image: `chat/${OTHER_PHOTO}.webp`, disputeId: DISPUTE_ID }),
      ]),
    );
    show();
    const fromShop = await screen.findByRole('img', { name: 'A photo from the shop' });
    expect(fromShop.getAttribute('src')).toBe(`/api/order/${CHAT_ORDER_ID}/messages/photos/${PHOTO}_thumb.webp`);
    const forDispute = screen.getByRole('img', { name: 'A photo for your dispute' });
    expect(forDispute.getAttribute('src')).toContain(`${OTHER_PHOTO}_thumb.webp`);
    fireEvent.error(forDispute);
    expect(await screen.findByText(/A photo for your dispute \(it could not be shown/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'A photo for your dispute' })).toBeNull();
  });

  it('marks the thread read up to the newest message when it is shown', async () => {
    useSocket('fake');
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    answers.set('GET /order/:id/messages', () =>
      chatPage([chatMessage({ id: 4, author: { role: 'staff', name: 'Budi' }, body: 'Hi' })], {
        thread: { orderId: CHAT_ORDER_ID, lastMessageId: 4, unread: 1, readUpTo: 2, otherReadUpTo: 0, done: false },
      }),
    );
    show();
    await screen.findByText('Hi');
    await waitFor(() =>
      expect(calls('post', '/order/:id/update_chat_status')).toEqual([{ params: { id: CHAT_ORDER_ID }, body: { lastReadMessageId: 4 } }]),
    );
  });

  it('sends a read mark the API did not take again after a short wait, and stops once it holds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useSocket('fake');
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const thread = { orderId: CHAT_ORDER_ID, lastMessageId: 4, unread: 1, readUpTo: 2, otherReadUpTo: 0, done: false };
    answers.set('GET /order/:id/messages', () =>
      chatPage([chatMessage({ id: 4, author: { role: 'staff', name: 'Budi' }, body: 'Hi' })], { thread }),
    );
    let failing = true;
    answers.set('POST /order/:id/update_chat_status', () => {
      if (failing) throw refusal(503, 'service/unavailable');
      return { ...thread, unread: 0, readUpTo: 4 };
    });
    show();
    const settle = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    await settle(0);
    expect(screen.getByText('Hi')).toBeTruthy();
    const marks = () => calls('post', '/order/:id/update_chat_status');
    expect(marks()).toEqual([{ params: { id: CHAT_ORDER_ID }, body: { lastReadMessageId: 4 } }]);

    failing = false;
    await settle(2_900);
    expect(marks()).toHaveLength(1);
    await settle(100);
    expect(marks()).toHaveLength(2);
    expect(marks()[1]?.body).toEqual({ lastReadMessageId: 4 });
    await settle(120_000);
    expect(marks()).toHaveLength(2);
  });

  it('sends a failed read mark again as soon as the newest message is seen again', async () => {
    useSocket('fake');
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    const thread = { orderId: CHAT_ORDER_ID, lastMessageId: 4, unread: 1, readUpTo: 2, otherReadUpTo: 0, done: false };
    answers.set('GET /order/:id/messages', () =>
      chatPage([chatMessage({ id: 4, author: { role: 'staff', name: 'Budi' }, body: 'Hi' })], { thread }),
    );
    let failing = true;
    answers.set('POST /order/:id/update_chat_status', () => {
      if (failing) throw refusal(503, 'service/unavailable');
      return { ...thread, unread: 0, readUpTo: 4 };
    });
    show();
    await screen.findByText('Hi');
    const marks = () => calls('post', '/order/:id/update_chat_status');
    await waitFor(() => expect(marks()).toHaveLength(1));
    await act(async () => {}); // the refusal comes back
    failing = false;
    focused = false;
    act(() => void window.dispatchEvent(new Event('blur')));
    focused = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(marks()).toHaveLength(2));
    expect(marks()[1]?.body).toEqual({ lastReadMessageId: 4 });
  });

  it('says why the conversation could not be loaded, with Try again', async () => {
    useSocket('fake');
    let fail = true;
    answers.set('GET /order/:id/messages', () => {
      if (fail) throw refusal(404, 'order/not_found');
      return chatPage([]);
    });
    const user = show();
    expect((await screen.findByRole('alert')).textContent).toMatch(/We could not load the conversation/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Write to the shop here/)).toBeTruthy();
  });
});
