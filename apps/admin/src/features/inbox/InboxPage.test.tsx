// @vitest-environment happy-dom
/**
 * The inbox as staff use it, in a DOM (happy-dom) with the API client replaced by spies and no
 * socket (so the page polls): the longest wait first with how long each has waited on an injected
 * clock, who the shopper is, the last message and who wrote it, the unread count, the colleague who
 * answered last and the dispute badge; the empty and failed lists in words; a chosen conversation
 * opens beside the list with its order.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminConversation, AdminInbox } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paidOrder } from '../orders/fixtures';
import { InboxPage } from './InboxPage';
import { LiveChannel, setLiveChannel } from './live';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const NOW = Date.UTC(2026, 10, 28, 10, 0, 0);
const ago = (minutes: number) => NOW / 1000 - minutes * 60;
const clock = () => NOW;

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

const recent = conversation({ orderId: '00000000-0000-4000-8000-000000000002', orderRef: 'K-1002', waitingSince: ago(5) });
const oldest = conversation({
  orderRef: 'K-1001',
  waitingSince: ago(125),
  staffUnread: 3,
  lastStaffAuthor: 'Siti',
  lastMessage: { role: 'shopper', kind: 'text', preview: 'The box was crushed', at: ago(20) },
  openDispute: { id: '00000000-0000-4000-8000-0000000000d1', reason: 'damaged', openedAt: ago(125) },
});

function inbox(conversations: AdminConversation[], counts = { waiting: conversations.length, disputes: 0 }): AdminInbox {
  return { conversations, total: conversations.length, counts };
}

function show(route = '/inbox') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/inbox" element={<InboxPage clock={clock} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
  setLiveChannel(new LiveChannel(null)); // no socket: the page polls
});
afterEach(() => setLiveChannel(null));

describe('the inbox', () => {
  it('opens on the waiting conversations, longest wait first, each with how long it has waited and what staff need to know', async () => {
    api.get.mockResolvedValue(inbox([recent, oldest], { waiting: 2, disputes: 1 }));
    show();
    const list = await screen.findByRole('list', { name: 'Waiting conversations, disputes first, then the longest wait' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['Order K-1001', 'Order K-1002']);
    const first = rows[0]!.textContent;
    expect(first).toContain('waiting 2 h 5 min');
    expect(first).toContain('3 unread');
    expect(first).toContain('Dispute');
    expect(first).toContain('An item arrived damaged');
    expect(first).toContain('Aisyah Tan');
    expect(first).toContain('aisyah@example.com');
    expect(first).toContain('Shopper: The box was crushed');
    expect(first).toContain('Last answered by Siti');
    expect(rows[1]!.textContent).toContain('waiting 5 min');
    expect(screen.getByRole('link', { name: 'Waiting (2)' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Disputes (1)' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(
      '/admin/inbox',
      expect.objectContaining({ query: expect.objectContaining({ filter: 'waiting' }) }),
    );
  });

  it('says so when nobody is waiting', async () => {
    api.get.mockResolvedValue(inbox([]));
    show();
    expect(await screen.findByText('No shopper is waiting for an answer.')).toBeTruthy();
  });

  it('says in words when the list cannot be read, and tries again', async () => {
    api.get.mockRejectedValueOnce(
      new ApiError({ errorCode: 'general/unknown_error', error: 'The shop could not be reached.', params: [] }, 0, '/admin/inbox'),
    );
    const user = show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This could not be loaded');
    expect(alert.textContent).toContain('The shop could not be reached.');
    api.get.mockResolvedValue(inbox([recent]));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Order K-1002')).toBeTruthy();
  });

  it('shows a chosen conversation beside the list, with its order and a link to the order’s page', async () => {
    const order = paidOrder({ id: oldest.orderId, orderRef: 'K-1001' });
    api.get.mockImplementation((path: string) => {
      if (path === '/admin/inbox') return Promise.resolve(inbox([oldest]));
      if (path === '/admin/order/:id') return Promise.resolve(order);
      if (path === '/admin/order/:id/messages')
        return Promise.resolve({
          messages: [],
          hasMore: false,
          thread: { orderId: oldest.orderId, lastMessageId: 0, unread: 0, readUpTo: 0, otherReadUpTo: 0, done: false },
        });
      if (path === '/config') return Promise.resolve({ assets_url: '/assets' });
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    const user = show();
    await user.click(await screen.findByRole('link', { name: /Order K-1001/ }));
    const beside = await screen.findByRole('region', { name: 'Order K-1001' });
    expect(within(beside).getByText('Paid')).toBeTruthy();
    expect(within(beside).getByText('2 h 5 min')).toBeTruthy();
    expect(within(beside).getByRole('link', { name: 'Open the order’s page' }).getAttribute('href')).toBe(`/orders/${oldest.orderId}`);
    expect(await screen.findByRole('region', { name: 'Conversation with the shopper' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Order K-1001/ }).getAttribute('aria-current')).toBe('true');
  });
});
