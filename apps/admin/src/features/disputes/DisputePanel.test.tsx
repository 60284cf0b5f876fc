// @vitest-environment happy-dom
/**
 * The disputes panel of the back office's order page, in a DOM (happy-dom) with the API client
 * replaced by spies: the open dispute with Refund (the amount starts at what the shop still holds,
 * checked before sending) and Decline (a reason needed); a dispute resolved meanwhile is told and
 * read again; with none open, staff may allow a new one, and the API's refusal is said in words.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminOrder, Dispute } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paidOrder } from '../orders/fixtures';
import { DisputePanel } from './DisputePanel';
import { declineBodyOf, emptyResolveDraft, mayReopen, refundBodyOf } from './disputes';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const delivered = (changes: Partial<AdminOrder> = {}) => paidOrder({ status: 'delivered', refundable: 1500, currency: 'SGD', ...changes });

function dispute(changes: Partial<Dispute> = {}): Dispute {
  return {
    id: 'dddddddd-0000-4000-8000-000000000001',
    orderId: delivered().id,
    status: 'open',
    reason: 'damaged',
    description: 'The lid arrived cracked.',
    openedAt: 1_799_000_000,
    resolvedAt: null,
    resolution: null,
    refundAmount: null,
    photos: [],
    ...changes,
  };
}

/** The panel, the API answering `disputes` and, as `whyNotReopen`, why staff may not allow a new one (null: they may). */
function panel(order: AdminOrder, disputes: Dispute[], whyNotReopen: string | null = 'A dispute about this order is open already.') {
  api.get.mockImplementation(async () => ({ disputes, whyNotReopen }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DisputePanel order={order} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  document.body.innerHTML = '';
});

describe('the disputes panel', () => {
  it('refunds through the ledger: the amount starts at what the shop holds and is checked', async () => {
    const user = userEvent.setup();
    const order = delivered();
    panel(order, [dispute()]);
    const refund = within((await screen.findByRole('heading', { name: 'Refund' })).closest('form')!);
    expect(screen.getByText('The lid arrived cracked.')).toBeTruthy();
    expect(screen.getByText('An item arrived damaged')).toBeTruthy();
    const amount = refund.getByLabelText<HTMLInputElement>('Amount in SGD');
    expect(amount.value).toBe('15.00');

    await user.clear(amount);
    await user.type(amount, '15.01');
    await user.click(refund.getByRole('button', { name: 'Refund' }));
    expect(refund.getByText(/At most SGD\s15\.00 can be refunded/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(dispute({ status: 'refunded', refundAmount: 500, resolvedAt: 1_799_100_000 }));
    await user.clear(amount);
    await user.type(amount, '5');
    await user.type(refund.getByLabelText('Note to the shopper (optional)'), 'Sorry about the lid');
    await user.click(refund.getByRole('button', { name: 'Refund' }));
    // Asked first, naming the order, the amount and where it goes; Escape keeps things as they were.
    const question = await screen.findByRole('alertdialog', {
      name: /^Refund SGD\s5\.00 of KD-261201-7Q4M9X to the card and close the dispute\?$/,
    });
    expect(document.activeElement).toBe(question);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(refund.getByRole('button', { name: 'Refund' })));
    expect(api.post).not.toHaveBeenCalled();
    await user.click(refund.getByRole('button', { name: 'Refund' }));
    await user.click(await screen.findByRole('button', { name: /^Refund SGD\s5\.00$/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/dispute/:id/resolve', {
        params: { id: dispute().id },
        body: { outcome: 'refund', amount: 500, note: 'Sorry about the lid' },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/SGD\s5\.00 is being refunded/);
  });

  it("shows the photos sent with a dispute from the staff's photo route (they are private), or that none were sent", async () => {
    const order = delivered();
    const photos = ['3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b', '5c1d2e4b-3b2e-4e6a-8c5e-9a516f3f0c1d'];
    panel(order, [
      dispute({ photos: photos.map((uuid) => `chat/${uuid}.webp`) }),
      dispute({ id: 'dddddddd-0000-4000-8000-000000000002', status: 'declined', resolution: 'No', resolvedAt: 1_799_100_000 }),
    ]);
    const first = await screen.findByRole('img', { name: 'Sent with the dispute, 1 of 2; opens at full size' });
    expect(first.getAttribute('src')).toBe(`/api/admin/order/${order.id}/messages/photos/${photos[0]}_thumb.webp`);
    expect(first.closest('a')!.getAttribute('href')).toBe(`/api/admin/order/${order.id}/messages/photos/${photos[0]}.webp`);
    expect(screen.getByRole('img', { name: 'Sent with the dispute, 2 of 2; opens at full size' }).getAttribute('src')).toContain(
      `${photos[1]}_thumb.webp`,
    );
    expect(screen.getByText('None sent')).toBeTruthy();
  });

  it('declining needs a reason; a dispute resolved meanwhile is told and read again', async () => {
    const user = userEvent.setup();
    panel(delivered(), [dispute()]);
    const decline = within((await screen.findByRole('heading', { name: 'Decline' })).closest('form')!);
    await user.click(decline.getByRole('button', { name: 'Decline' }));
    expect(decline.getByText('Tell the shopper why the dispute is declined')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockRejectedValue(
      new ApiError(
        { errorCode: 'dispute/not_open', error: 'This dispute has already been resolved (refunded)', params: ['refunded'] },
        409,
        'p',
      ),
    );
    await user.type(decline.getByLabelText('Reason'), 'The photos show no damage');
    const reads = api.get.mock.calls.length;
    await user.click(decline.getByRole('button', { name: 'Decline' }));
    await screen.findByRole('alertdialog', { name: 'Decline the dispute about KD-261201-7Q4M9X? Nothing is refunded.' });
    expect(api.post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Decline the dispute' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This dispute has already been resolved (refunded)');
    await waitFor(() => expect(api.get.mock.calls.length).toBeGreaterThan(reads));
  });

  it('resolved disputes show how they ended; staff may allow a new one, and a refusal is said', async () => {
    const user = userEvent.setup();
    panel(
      delivered({ status: 'completed' }),
      [dispute({ status: 'declined', resolution: 'No damage in the photos', resolvedAt: 1_799_100_000 })],
      null,
    );
    expect(await screen.findByText('No damage in the photos')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
    api.post.mockRejectedValue(
      new ApiError(
        {
          errorCode: 'dispute/cannot_reopen',
          error: 'A new dispute cannot be allowed: The shopper can open a dispute about this order already.',
          params: [],
        },
        409,
        'p',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Allow a new dispute' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The shopper can open a dispute about this order already.');
    api.post.mockResolvedValue({ disputes: [], whyNotReopen: 'The shopper can open a dispute about this order already.' });
    await user.click(screen.getByRole('button', { name: 'Allow a new dispute' }));
    await waitFor(() => expect(api.post).toHaveBeenLastCalledWith('/admin/order/:id/disputes/reopen', { params: { id: delivered().id } }));
    expect((await screen.findByRole('status')).textContent).toMatch(/may open a new dispute/);
  });

  it('no offer to allow a new dispute where the API says staff may not (on its way, or within the window)', async () => {
    panel(delivered({ status: 'shipped' }), [dispute({ status: 'declined', resolvedAt: 1_799_100_000 })], 'The order is on its way.');
    expect(await screen.findByRole('heading', { name: 'Disputes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow a new dispute' })).toBeNull();
  });

  it('nothing for an order that never went out and never had one', async () => {
    panel(paidOrder(), []);
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Disputes' })).toBeNull();
  });
});

describe('what staff type, checked as the API checks it', () => {
  it('refund and decline bodies', () => {
    const order = delivered();
    expect(emptyResolveDraft(order)).toEqual({ amount: '15.00', note: '', reason: '' });
    expect(emptyResolveDraft({ ...order, refundable: 0 }).amount).toBe('');
    expect(refundBodyOf({ amount: '12.5', note: ' ', reason: '' }, order)).toEqual({ ok: true, body: { outcome: 'refund', amount: 1250 } });
    expect(refundBodyOf({ amount: '0', note: '', reason: '' }, order).ok).toBe(false);
    expect(refundBodyOf({ amount: '1', note: 'x'.repeat(501), reason: '' }, order)).toMatchObject({
      ok: false,
      errors: { note: expect.any(String) },
    });
    expect(declineBodyOf({ amount: '', note: '', reason: '  No  ' })).toEqual({ ok: true, body: { outcome: 'decline', reason: 'No' } });
    expect(declineBodyOf({ amount: '', note: '', reason: 'x'.repeat(501) }).ok).toBe(false);
    expect(mayReopen({ whyNotReopen: null })).toBe(true);
    expect(mayReopen({ whyNotReopen: 'The order is on its way.' })).toBe(false);
    expect(mayReopen(undefined)).toBe(false);
  });
});
