/** The inbox's words and the thread's merge, as pure functions. */
import { describe, expect, it } from 'vitest';
import type { AdminConversation, ChatMessage } from '@kedai/contract';
import {
  authorText,
  durationText,
  inboxOrder,
  newerMarks,
  inboxSearchOf,
  inboxStateFrom,
  lastMessageText,
  mergeMessages,
  safePreviewImage,
  waitingText,
} from './inbox-view';

const NOW = Date.UTC(2026, 10, 28, 10, 0, 0);
const ago = (minutes: number) => NOW / 1000 - minutes * 60;

const conversation = (over: Partial<AdminConversation>): AdminConversation => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  orderRef: 'K-1001',
  orderStatus: 'paid',
  shopper: { name: 'Aisyah Tan', email: 'aisyah@example.com' },
  lastMessage: { role: 'shopper', kind: 'text', preview: 'Where is my parcel?', at: ago(10) },
  waitingSince: ago(10),
  staffUnread: 1,
  done: false,
  lastStaffAuthor: null,
  openDispute: null,
  ...over,
});

const message = (id: number, body = `message ${id}`): ChatMessage => ({
  id,
  orderId: '00000000-0000-4000-8000-000000000001',
  author: { role: 'shopper', name: 'Aisyah' },
  kind: 'text',
  body,
  image: null,
  disputeId: null,
  createdAt: ago(60 - id),
});

describe('how long a shopper has waited', () => {
  it('reads in minutes, hours and days', () => {
    expect(durationText(ago(0.5), NOW)).toBe('under a minute');
    expect(durationText(ago(5), NOW)).toBe('5 min');
    expect(durationText(ago(125), NOW)).toBe('2 h 5 min');
    expect(durationText(ago(180), NOW)).toBe('3 h');
    expect(durationText(ago(3 * 1440 + 4 * 60 + 7), NOW)).toBe('3 d 4 h');
    expect(durationText(ago(-5), NOW)).toBe('under a minute'); // a clock a little behind the server's
  });

  it('is said only while nobody has answered', () => {
    expect(waitingText(conversation({ waitingSince: ago(125) }), NOW)).toBe('waiting 2 h 5 min');
    expect(waitingText(conversation({ waitingSince: null }), NOW)).toBeNull();
  });
});

describe('the inbox list', () => {
  it('shows the longest wait first under Waiting, the API’s order elsewhere', () => {
    const list = [
      conversation({ orderRef: 'K-2', waitingSince: ago(5) }),
      conversation({ orderRef: 'K-1', waitingSince: ago(300) }),
      conversation({ orderRef: 'K-3', waitingSince: null }),
    ];
    expect(inboxOrder('waiting', list).map((c) => c.orderRef)).toEqual(['K-1', 'K-2', 'K-3']);
    expect(inboxOrder('all', list).map((c) => c.orderRef)).toEqual(['K-2', 'K-1', 'K-3']);
  });

  it('puts an open dispute before any wait under Waiting', () => {
    const disputed = conversation({ orderRef: 'K-9', waitingSince: ago(1), openDispute: { id: 'd', reason: 'damaged', openedAt: ago(1) } });
    const list = [conversation({ orderRef: 'K-1', waitingSince: ago(300) }), disputed];
    expect(inboxOrder('waiting', list).map((c) => c.orderRef)).toEqual(['K-9', 'K-1']);
  });

  it('says who wrote the last message', () => {
    expect(lastMessageText(conversation({}))).toBe('Shopper: Where is my parcel?');
    expect(
      lastMessageText(
        conversation({ lastMessage: { role: 'staff', kind: 'text', preview: 'On its way', at: 1 }, lastStaffAuthor: 'Siti' }),
      ),
    ).toBe('Siti: On its way');
    expect(lastMessageText(conversation({ lastMessage: { role: 'shopper', kind: 'photo', preview: '', at: 1 } }))).toBe(
      'Shopper: sent a photo',
    );
    expect(lastMessageText(conversation({ lastMessage: null }))).toBe('No messages yet');
  });

  it('keeps the filter, page and open thread in the address, Waiting being the default', () => {
    const id = '00000000-0000-4000-8000-000000000009';
    const state = inboxStateFrom(new URLSearchParams(`filter=done&page=2&order=${id}`));
    expect(state).toEqual({ filter: 'done', page: 2, orderId: id });
    expect(inboxSearchOf(state).toString()).toBe(`filter=done&page=2&order=${id}`);
    expect(inboxStateFrom(new URLSearchParams('filter=nonsense&order=x'))).toEqual({ filter: 'waiting', page: 1, orderId: null });
  });
});

describe('a thread', () => {
  it('merges pages, socket frames and polls by id: in order, each once, the newest copy kept', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, 'edited'), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged[2]!.body).toBe('edited');
  });

  it('names who wrote each message, the colleague among staff', () => {
    expect(authorText({ author: { role: 'staff', name: 'Siti' }, kind: 'text' })).toBe('Siti (staff)');
    expect(authorText({ author: { role: 'shopper', name: 'Aisyah' }, kind: 'text' })).toBe('Aisyah (shopper)');
    expect(authorText({ author: { role: 'system', name: null }, kind: 'dispute_opened' })).toBe('Dispute opened');
  });

  it('shows a preview’s picture only from https', () => {
    expect(safePreviewImage('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safePreviewImage('http://example.com/a.png')).toBeNull();
    expect(safePreviewImage('javascript:alert(1)')).toBeNull();
    expect(safePreviewImage(null)).toBeNull();
  });
});

describe('a thread state merged into the one the page holds', () => {
  const state = (readUpTo: number, otherReadUpTo: number, lastMessageId = 9) => ({
    orderId: 'o',
    lastMessageId,
    unread: 0,
    readUpTo,
    otherReadUpTo,
    done: false,
  });
  it('takes the newer thread but never moves a read mark back (a slow poll after a live read frame)', () => {
    expect(newerMarks(state(7, 5), state(6, 3, 10))).toEqual(state(7, 5, 10));
    expect(newerMarks(state(2, 1), state(6, 3))).toEqual(state(6, 3));
    expect(newerMarks(null, state(1, 1))).toEqual(state(1, 1));
    expect(newerMarks(state(1, 1), undefined)).toEqual(state(1, 1));
  });
});
