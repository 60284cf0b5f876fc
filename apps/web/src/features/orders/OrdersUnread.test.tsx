// @vitest-environment happy-dom
/**
 * The order list with the shop's new messages (issue 29): an order the shop wrote about says how many
 * messages wait, linked to the order; the list still shows when the unread count cannot be read.
 */
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { OrdersView } from './OrdersView';

type Handler = () => unknown;
const answers = vi.hoisted(() => new Map<string, Handler>());
const api = vi.hoisted(() => {
  const call = (method: string) => async (path: string) => {
    const handler = answers.get(`${method} ${path}`);
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    return handler();
  };
  return { get: vi.fn(call('GET')), post: vi.fn(call('POST')), put: vi.fn(call('PUT')), delete: vi.fn(call('DELETE')) };
});
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: api,
}));

const first = order();
const second = order({ id: 'bbbbbbbb-0000-4000-8000-000000000009', orderRef: 'KD-261124-OTHER1' });

beforeEach(() => {
  answers.clear();
  answers.set('GET /order', () => ({ orders: [first, second], total: 2, page: 1, limit: 10, pages: 1 }));
});

describe('the order list and the shop’s messages', () => {
  it('says how many new messages wait on each order the shop wrote about', async () => {
    answers.set('GET /chat/unread', () => ({ total: 2, orders: [{ orderId: first.id, orderRef: first.orderRef, unread: 2 }] }));
    render(<OrdersView page={1} assetsUrl="http://assets.test" timeZone="Asia/Singapore" />);
    const link = await screen.findByRole('link', { name: '2 new messages from the shop' });
    expect(link.getAttribute('href')).toBe(`/orders/${first.id}`);
    const other = screen.getByText('KD-261124-OTHER1').closest('li')!;
    expect(within(other).queryByText(/new message/)).toBeNull();
  });

  it('shows the list without counts when they cannot be read', async () => {
    answers.set('GET /chat/unread', () => {
      throw new Error('down');
    });
    render(<OrdersView page={1} assetsUrl="http://assets.test" timeZone="Asia/Singapore" />);
    expect(await screen.findByText('KD-261124-OTHER1')).toBeTruthy();
    expect(screen.queryByText(/new message/)).toBeNull();
  });
});
