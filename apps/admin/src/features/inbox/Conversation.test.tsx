// @vitest-environment happy-dom
/**
 * An order's conversation as staff hold it, in a DOM (happy-dom) with the API client replaced by
 * spies and the socket by one the test drives: text shown as text with its link clickable and
 * previewed (the picture only from https, without a referrer); messages from the page and the socket
 * merged by id, each once; Enter sends, a refusal is told and the text kept; what is shown is marked
 * read; the shopper's typing shows; earlier messages load; Mark done turns to Reopen. And the socket
 * itself: it subscribes again after a reconnect from the last message the page has.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatMessage, ChatMessagePage, SocketServerFrame } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from './Conversation';
import { LiveChannel, setLiveChannel } from './live';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const ORDER = '00000000-0000-4000-8000-000000000001';
const PHOTO = '3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b';
const BOX = '5c1d2e4b-3b2e-4e6a-8c5e-9a516f3f0c1d';
const NOW = Date.UTC(2026, 10, 28, 10, 0, 0);

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  orderId: ORDER,
  author: { role: 'shopper', name: 'Aisyah' },
  kind: 'text',
  body: `message ${id}`,
  image: null,
  disputeId: null,
  createdAt: NOW / 1000 - 600 + id,
  ...over,
});

const thread = (lastMessageId: number, readUpTo = 0, done = false) => ({
  orderId: ORDER,
  lastMessageId,
  unread: 0,
  readUpTo,
  otherReadUpTo: 0,
  done,
});
const page = (messages: ChatMessage[], hasMore = false, readUpTo = 0): ChatMessagePage => ({
  messages,
  hasMore,
  thread: thread(messages.at(-1)?.id ?? 0, readUpTo),
});

/** A socket the test opens, feeds and closes; what the page sends is kept. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    act(() => void this.dispatchEvent(new Event('open')));
  }
  receive(frame: SocketServerFrame) {
    act(() => void this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) })));
  }
  drop(code = 1006) {
    act(() => void this.dispatchEvent(Object.assign(new Event('close'), { code })));
  }
}

const socket = () => FakeSocket.all.at(-1)!;
/** Opens the socket the page asked for once its thread showed (its effects run a moment after). */
async function openSocket() {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  socket().open();
}

function show(messages: ChatMessagePage, options: { done?: boolean } = {}) {
  api.get.mockImplementation((path: string) => {
    if (path === '/admin/order/:id/messages') return Promise.resolve(messages);
    if (path === '/config') return Promise.resolve({ assets_url: 'https://assets.kedai.example' });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Conversation orderId={ORDER} done={options.done} now={() => NOW} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const items = () => within(screen.getByRole('list', { name: 'Messages, oldest first' })).getAllByRole('listitem');

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
  api.post.mockImplementation((path: string) => {
    if (path === '/admin/order/:id/update_chat_status') return Promise.resolve(thread(0));
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  FakeSocket.all = [];
  setLiveChannel(new LiveChannel((url) => new FakeSocket(url) as unknown as WebSocket));
});
afterEach(() => setLiveChannel(null));

describe('an order’s conversation', () => {
  it('shows a message’s text as text, its link clickable and previewed, the preview’s picture only from https', async () => {
    api.post.mockImplementation((path: string) => {
      if (path === '/opengraph')
        return Promise.resolve({
          url: 'https://shop.example/item',
          title: 'Blue kettle',
          description: 'A kettle, blue',
          image: 'https://shop.example/kettle.png',
          siteName: 'Shop',
        });
      return Promise.resolve(thread(1));
    });
    show(page([message(1, { body: '<b>Hello</b> is it this one? https://shop.example/item.' })]));
    const item = (await screen.findAllByRole('listitem'))[0]!;
    expect(item.querySelector('b')).toBeNull();
    expect(item.textContent).toContain('<b>Hello</b> is it this one? https://shop.example/item.');
    expect(item.textContent).toContain('Aisyah (shopper)');
    const link = within(item).getByRole('link', { name: 'https://shop.example/item' });
    expect(link.getAttribute('href')).toBe('https://shop.example/item');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    const card = await within(item).findByRole('link', { name: /Blue kettle/ });
    const picture = card.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('https://shop.example/kettle.png');
    expect(picture.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(api.post).toHaveBeenCalledWith('/opengraph', expect.objectContaining({ body: { url: 'https://shop.example/item' } }));
  });

  it("shows a photo as its thumbnail from the staff's photo route (photos are private), linked to the full size", async () => {
    show(
      page([
        message(1, { kind: 'photo', body: '', image: `chat/${PHOTO}.webp` }),
        message(2, { kind: 'photo', body: '', image: `chat/${BOX}.webp`, disputeId: '00000000-0000-4000-8000-0000000000d1' }),
      ]),
    );
    const photo = await screen.findByRole('img', { name: 'Sent by Aisyah (shopper); opens at full size' });
    expect(photo.getAttribute('src')).toBe(`/api/admin/order/${ORDER}/messages/photos/${PHOTO}_thumb.webp`);
    expect(photo.closest('a')!.getAttribute('href')).toBe(`/api/admin/order/${ORDER}/messages/photos/${PHOTO}.webp`);
    const forDispute = screen.getByRole('img', { name: 'For the dispute, sent by Aisyah (shopper); opens at full size' });
    fireEvent.error(forDispute);
    expect(await screen.findByText(/For the dispute, sent by Aisyah \(shopper\): a photo that could not be shown/)).toBeTruthy();
  });

  it('merges the socket’s messages with the page by id, each once, and marks what is shown read', async () => {
    show(page([message(1), message(2)]));
    await screen.findByText('message 2');
    await openSocket();
    await waitFor(() => expect(socket().sent).toContainEqual({ type: 'subscribe', orderId: ORDER, after: 2 }));
    socket().receive({ type: 'message', message: message(2) });
    socket().receive({ type: 'message', message: message(3, { author: { role: 'staff', name: 'Siti' }, body: 'On its way' }) });
    socket().receive({ type: 'message', message: { ...message(9), orderId: '00000000-0000-4000-8000-00000000ffff' } });
    await screen.findByText('On its way');
    expect(items().map((item) => item.querySelector('.message-body')?.textContent)).toEqual(['message 1', 'message 2', 'On its way']);
    expect(items()[2]!.textContent).toContain('Siti (staff)');
    // A staff message is not read out; each new shopper message is, with its words.
    const announced = () =>
      screen
        .getAllByRole('status')
        .map((node) => node.textContent)
        .join('|');
    expect(announced()).not.toContain('New message');
    socket().receive({ type: 'message', message: message(4, { body: 'Thank you' }) });
    await waitFor(() => expect(announced()).toContain('New message from Aisyah (shopper): Thank you'));
    socket().receive({ type: 'message', message: message(5, { body: 'One more thing' }) });
    await waitFor(() => expect(announced()).toContain('New message from Aisyah (shopper): One more thing'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/order/:id/update_chat_status', {
        params: { id: ORDER },
        body: { lastReadMessageId: 5 },
      }),
    );
  });

  it('shows when the shopper is typing', async () => {
    show(page([message(1)]));
    await screen.findByText('message 1');
    await openSocket();
    socket().receive({ type: 'typing', orderId: ORDER, role: 'shopper', name: null });
    expect(await screen.findByText('Shopper is typing…')).toBeTruthy();
  });

  it('sends with Enter, a new line with Shift+Enter, and shows the message sent', async () => {
    const user = show(page([message(1)]));
    const box = await screen.findByRole('textbox', { name: 'Reply to the shopper' });
    api.post.mockImplementation((path: string, options: { body: { message: string } }) => {
      if (path === '/admin/order/:id/messages')
        return Promise.resolve({
          message: message(2, { author: { role: 'staff', name: 'Aminah' }, body: options.body.message }),
          thread: thread(2, 1),
        });
      return Promise.resolve(thread(1));
    });
    await user.type(box, 'It ships today{Shift>}{Enter}{/Shift}Tracking follows');
    expect(api.post).not.toHaveBeenCalledWith('/admin/order/:id/messages', expect.anything());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/order/:id/messages', {
        params: { id: ORDER },
        body: { message: 'It ships today\nTracking follows' },
      }),
    );
    expect(await screen.findByText(/It ships today/)).toBeTruthy();
    expect(items()).toHaveLength(2);
    expect(items()[1]!.textContent).toContain('Aminah (staff)');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('reaches the hidden photo input with the keyboard, its label right after it to draw the focus ring', async () => {
    const user = show(page([message(1)]));
    await screen.findByText('message 1');
    const input = screen.getByLabelText<HTMLInputElement>('Attach a photo');
    const composer = input.closest('form.composer')!;
    // Tab through the reply form until the photo input holds the focus.
    for (let step = 0; step < 10 && document.activeElement !== input; step += 1) await user.tab();
    expect(document.activeElement).toBe(input);
    expect(composer.contains(input)).toBe(true);
    const label = input.nextElementSibling as HTMLElement;
    expect(label.tagName).toBe('LABEL');
    expect(label.getAttribute('for')).toBe(input.id);
    // (CSS is not loaded in these tests: the rule is read from the sheet.)
    const adminCss = readFileSync(resolve(import.meta.dirname, '../../ui/admin.css'), 'utf8');
    expect(adminCss).toContain(".composer input[type='file']:focus-visible + label {");
  });

  it('sends a photo and shows it', async () => {
    const user = show(page([message(1)]));
    await screen.findByText('message 1');
    api.post.mockImplementation((path: string) => {
      if (path === '/admin/order/:id/messages/photo')
        return Promise.resolve({
          message: message(2, { author: { role: 'staff', name: 'Aminah' }, kind: 'photo', body: '', image: `chat/${BOX}.webp` }),
          thread: thread(2, 1),
        });
      return Promise.resolve(thread(1));
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'box.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Attach a photo'), file);
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/order/:id/messages/photo', { params: { id: ORDER }, body: file }));
    expect((await screen.findByRole('img', { name: 'Sent by Aminah (staff); opens at full size' })).getAttribute('src')).toBe(
      `/api/admin/order/${ORDER}/messages/photos/${BOX}_thumb.webp`,
    );
  });

  it('refuses a file that is not a picture before sending it', async () => {
    show(page([message(1)]));
    // A browser's picker offers other files too when asked for all files.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await screen.findByText('message 1');
    await user.upload(screen.getByLabelText('Attach a photo'), new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain('invoice.pdf is not a JPEG, PNG, WebP, AVIF or GIF image');
    expect(api.post).not.toHaveBeenCalledWith('/admin/order/:id/messages/photo', expect.anything());
  });

  it('says in words when a message is not sent, and keeps it in the box', async () => {
    const user = show(page([message(1)]));
    const box = await screen.findByRole('textbox', { name: 'Reply to the shopper' });
    api.post.mockImplementation((path: string) => {
      if (path === '/admin/order/:id/messages')
        return Promise.reject(
          new ApiError({ errorCode: 'general/too_many_requests', error: 'Too many messages: wait a minute.', params: [] }, 429, '/x'),
        );
      return Promise.resolve(thread(1));
    });
    await user.type(box, 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your message was not sent');
    expect(alert.textContent).toContain('Too many messages: wait a minute.');
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says so when the conversation cannot be loaded, and tries again', async () => {
    api.get.mockRejectedValueOnce(
      new ApiError({ errorCode: 'general/not_found', error: 'This order does not exist.', params: [] }, 404, '/x'),
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Conversation orderId={ORDER} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The conversation could not be loaded');
    expect(alert.textContent).toContain('This order does not exist.');
    api.get.mockResolvedValue(page([]));
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No messages yet/)).toBeTruthy();
  });

  it('loads earlier messages before the first shown', async () => {
    const user = show(page([message(5), message(6)], true));
    await screen.findByText('message 6');
    api.get.mockResolvedValueOnce(page([message(3), message(4)]));
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('message 3');
    expect(api.get).toHaveBeenLastCalledWith('/admin/order/:id/messages', { params: { id: ORDER }, query: { before: 5, limit: 50 } });
    expect(items().map((item) => item.querySelector('.message-body')?.textContent)).toEqual([
      'message 3',
      'message 4',
      'message 5',
      'message 6',
    ]);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('is marked done, then offers to reopen it', async () => {
    const user = show(page([message(1)]));
    api.post.mockImplementation((path: string, options: { body: { done: boolean } }) =>
      path === '/admin/order/:id/chat_done' ? Promise.resolve({ done: options.body.done }) : Promise.resolve(thread(1)),
    );
    await user.click(await screen.findByRole('button', { name: 'Mark done' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/admin/order/:id/chat_done', { params: { id: ORDER }, body: { done: true } });
  });

  it('offers to reopen a conversation the thread says is done when the page does not know (the order page)', async () => {
    show({ ...page([message(1)]), thread: thread(1, 0, true) });
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark done' })).toBeNull();
  });
});

describe('the live socket', () => {
  it('subscribes again after it drops, from the last message the page has, and asks for the inbox again', () => {
    vi.useFakeTimers();
    try {
      const channel = new LiveChannel((url) => new FakeSocket(url) as unknown as WebSocket);
      let last = 2;
      const stopThread = channel.watchThread(ORDER, () => last);
      const stopInbox = channel.watchInbox();
      const first = socket();
      expect(first.url).toMatch(/^ws:\/\/[^/]+\/api\/ws$/);
      first.open();
      expect(first.sent).toEqual([{ type: 'inbox' }, { type: 'subscribe', orderId: ORDER, after: 2 }]);
      last = 4;
      first.drop();
      expect(channel.isOpen()).toBe(false);
      vi.advanceTimersByTime(1_000);
      expect(socket()).not.toBe(first);
      socket().open();
      expect(socket().sent).toEqual([{ type: 'inbox' }, { type: 'subscribe', orderId: ORDER, after: 4 }]);
      stopThread();
      expect(socket().sent.at(-1)).toEqual({ type: 'unsubscribe', orderId: ORDER });
      stopInbox();
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a thread whose subscription is refused as not live and asks for it again after a growing delay', () => {
    vi.useFakeTimers();
    try {
      const channel = new LiveChannel((url) => new FakeSocket(url) as unknown as WebSocket);
      let last = 2;
      const stop = channel.watchThread(ORDER, () => last);
      const stopOther = channel.watchThread('other-order', () => 1);
      socket().open();
      const refuse = () => socket().receive({ type: 'error', errorCode: 'general/unknown_error', message: 'x', orderId: ORDER });
      refuse();
      expect(channel.isThreadLive(ORDER)).toBe(false);
      expect(channel.isThreadLive('other-order')).toBe(true);
      last = 5;
      vi.advanceTimersByTime(1_000);
      expect(socket().sent.at(-1)).toEqual({ type: 'subscribe', orderId: ORDER, after: 5 });
      expect(channel.isThreadLive(ORDER)).toBe(true);
      refuse();
      vi.advanceTimersByTime(1_999);
      expect(channel.isThreadLive(ORDER)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(channel.isThreadLive(ORDER)).toBe(true);
      stop();
      stopOther();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not come back once the session is signed out', () => {
    vi.useFakeTimers();
    try {
      const channel = new LiveChannel((url) => new FakeSocket(url) as unknown as WebSocket);
      const stop = channel.watchInbox();
      const first = socket();
      first.open();
      first.drop(4003);
      vi.advanceTimersByTime(60_000);
      expect(socket()).toBe(first);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
