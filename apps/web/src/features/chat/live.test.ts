/**
 * The storefront's live connection without a browser: it subscribes each thread after the last
 * message the page holds on every open, refreshes the session once on 4001 and reconnects, stops on
 * 4003, reconnects with a growing delay otherwise, and closes when nothing listens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel, type LiveStatus } from './live';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let refresh: ReturnType<typeof vi.fn<() => Promise<boolean>>>;

function channel() {
  return new LiveChannel({
    url: () => 'ws://shop.test/api/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    refresh,
    backoff: [1_000, 5_000],
    pingEveryMs: 25_000,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  refresh = vi.fn(async () => true);
});

afterEach(() => vi.useRealTimers());

describe('the live channel', () => {
  it('connects while something listens, subscribes after the last message held, and passes frames on', () => {
    const live = channel();
    const statuses: LiveStatus[] = [];
    live.onStatus((status) => statuses.push(status));
    let last = 4;
    const frames: unknown[] = [];
    live.subscribe('order-1', () => last);
    const stop = live.listen((frame) => frames.push(frame));
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', orderId: 'order-1', after: 4 }]);
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'counts', chat: 1, notifications: 2 }) });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(frames).toEqual([{ type: 'counts', chat: 1, notifications: 2 }]);
    vi.advanceTimersByTime(25_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });

    // A dropped connection comes back after a delay and catches up after the newest message held then.
    last = 9;
    sockets[0]!.drop(1006);
    expect(live.current).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', orderId: 'order-1', after: 9 }]);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

    stop();
    expect(sockets[1]!.closedWith).toBe(1000);
    expect(live.current).toBe('closed');
  });

  it('treats a thread whose subscription the API refuses as not live (its page polls) and asks again after a growing delay', () => {
    const live = channel();
    let last = 3;
    live.subscribe('order-1', () => last);
    live.subscribe('order-2', () => 1);
    live.listen(() => undefined);
    const seen: string[] = [];
    live.onStatus(() => seen.push(`${live.threadStatus('order-1')}/${live.threadStatus('order-2')}`));
    sockets[0]!.open();
    const refuse = () =>
      sockets[0]!.onmessage?.({
        data: JSON.stringify({ type: 'error', errorCode: 'general/unknown_error', message: 'x', orderId: 'order-1' }),
      });
    refuse();
    expect(live.threadStatus('order-1')).toBe('closed');
    expect(live.threadStatus('order-2')).toBe('open');
    expect(live.current).toBe('open');

    last = 7;
    vi.advanceTimersByTime(1_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'subscribe', orderId: 'order-1', after: 7 });
    expect(live.threadStatus('order-1')).toBe('open');
    refuse();
    vi.advanceTimersByTime(4_999);
    expect(live.threadStatus('order-1')).toBe('closed');
    vi.advanceTimersByTime(1);
    expect(live.threadStatus('order-1')).toBe('open');
    expect(seen).toEqual(['open/open', 'closed/open', 'open/open', 'closed/open', 'open/open']);

    // A refusal of a thread nobody holds changes nothing; a new socket starts with every thread live.
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'error', errorCode: 'order/not_found', message: 'x', orderId: 'order-9' }) });
    expect(live.threadStatus('order-9')).toBe('open');
    refuse();
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(1_000);
    sockets[1]!.open();
    expect(live.threadStatus('order-1')).toBe('open');
  });

  it('keeps the delays growing while sockets drop as soon as they open, and starts them again after one held', () => {
    const live = channel();
    live.listen(() => undefined);
    sockets[0]!.open();
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(1_000);
    sockets[1]!.open();
    sockets[1]!.drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(4_000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    vi.advanceTimersByTime(10_000);
    sockets[2]!.drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('waits longer after each failed try', () => {
    const live = channel();
    live.listen(() => undefined);
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(1_000);
    sockets[1]!.drop(1006);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('refreshes the session once on 4001 and reconnects; stops when the refresh fails or on 4003', async () => {
    const live = channel();
    live.listen(() => undefined);
    sockets[0]!.open();
    sockets[0]!.drop(4001);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(refresh).toHaveBeenCalledTimes(1);

    refresh.mockResolvedValueOnce(false);
    sockets[1]!.drop(4001);
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);

    const other = channel();
    other.listen(() => undefined);
    sockets[2]!.drop(4003);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('unsubscribes a thread nobody shows any more, and drops frames it cannot send', () => {
    const live = channel();
    const stop = live.listen(() => undefined);
    expect(live.send({ type: 'typing', orderId: 'order-1' })).toBe(false);
    sockets[0]!.open();
    const leave = live.subscribe('order-1', () => 0);
    leave();
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', orderId: 'order-1', after: 0 },
      { type: 'unsubscribe', orderId: 'order-1' },
    ]);
    stop();
  });
});
