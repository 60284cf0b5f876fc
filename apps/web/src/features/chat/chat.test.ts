import type { ChatMessage } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { describe, expect, it } from 'vitest';
import { authorLabel, chatErrorMessage, lastMessageId, mergeMessages, messageTime, previewImage, seenMessageId } from './chat';
import { chatMessage } from './test-fixtures';

const ids = (messages: ChatMessage[]) => messages.map((message) => message.id);

describe('the order chat: what the panel shows', () => {
  it('merges pages and live frames oldest first, each message once, the later copy winning', () => {
    const held = [chatMessage({ id: 2 }), chatMessage({ id: 3, body: 'old' })];
    const merged = mergeMessages(held, [chatMessage({ id: 3, body: 'new' }), chatMessage({ id: 1 }), chatMessage({ id: 4 })]);
    expect(ids(merged)).toEqual([1, 2, 3, 4]);
    expect(merged.find((message) => message.id === 3)?.body).toBe('new');
    expect(mergeMessages(held, [])).toBe(held);
    expect(lastMessageId(merged)).toBe(4);
    expect(lastMessageId([])).toBe(0);
  });

  it('puts "Seen" under the shopper’s newest message the shop has read', () => {
    const thread = [
      chatMessage({ id: 1, author: { role: 'shopper', name: 'Ana' } }),
      chatMessage({ id: 2, author: { role: 'staff', name: 'Budi' } }),
      chatMessage({ id: 3, author: { role: 'shopper', name: 'Ana' } }),
      chatMessage({ id: 4, author: { role: 'shopper', name: 'Ana' } }),
    ];
    expect(seenMessageId(thread, 0)).toBeNull();
    expect(seenMessageId(thread, 2)).toBe(1);
    expect(seenMessageId(thread, 3)).toBe(3);
    expect(seenMessageId(thread, 9)).toBe(4);
  });

  it('writes times as the shop does (DD/MM/YYYY, HH:mm) and names the staff member', () => {
    expect(messageTime(Date.UTC(2026, 10, 27, 16, 5, 59) / 1000, 'Asia/Singapore')).toBe('28/11/2026, 00:05');
    expect(authorLabel({ author: { role: 'staff', name: 'Budi' } })).toBe('Budi, the shop');
    expect(authorLabel({ author: { role: 'staff', name: null } })).toBe('The shop');
    expect(authorLabel({ author: { role: 'shopper', name: 'Ana' } })).toBe('You');
  });

  it('shows a preview picture only over https', () => {
    expect(previewImage({ image: 'https://cdn.example/a.png' })).toBe('https://cdn.example/a.png');
    expect(previewImage({ image: 'http://cdn.example/a.png' })).toBeNull();
    expect(previewImage({ image: null })).toBeNull();
  });

  it('says in words why a message or photo was refused', () => {
    const refusal = (status: number, errorCode: string) => new ApiError({ errorCode, error: errorCode, params: [] }, status, '/x');
    expect(chatErrorMessage(refusal(429, 'general/rate_limited'), 'send')).toMatch(/wait a moment/);
    expect(chatErrorMessage(refusal(413, 'image/too_large'), 'photo')).toMatch(/too large/);
    expect(chatErrorMessage(refusal(415, 'image/unsupported_type'), 'photo')).toMatch(/not a photo/);
  });
});
