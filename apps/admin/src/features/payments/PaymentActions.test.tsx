// @vitest-environment happy-dom
/**
 * Deciding a reported PayNow transfer in a DOM, the API client replaced by spies (issue 30):
 * confirming and rejecting each ask first, naming the order, the amount and the shopper's reference;
 * nothing is sent before staff confirm, and Escape gives focus back to the button that asked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminPaymentTask } from '@kedai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportedTransfer } from './fixtures';
import { TransferActions } from './PaymentActions';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

function actions(task: AdminPaymentTask) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TransferActions task={task} rowId="row" onDone={onDone} onInterrupted={() => {}} onStart={() => {}} reload={async () => {}} />
    </QueryClientProvider>,
  );
  return { onDone };
}

afterEach(() => vi.clearAllMocks());

describe('a reported transfer', () => {
  it('confirming asks with the order, the amount and the reference; Escape gives up', async () => {
    const user = userEvent.setup();
    const task = reportedTransfer();
    const { onDone } = actions(task);
    await user.click(screen.getByRole('button', { name: "Confirm — the money is in the shop's account" }));
    const question = screen.getByRole('alertdialog', {
      name: /^Confirm the PayNow transfer of SGD\s131\.02 for KD-261201-7Q4M9X \(reference DBS 0412-7788\) is in the shop's account\?$/,
    });
    expect(document.activeElement).toBe(question);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: "Confirm — the money is in the shop's account" })),
    );
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(reportedTransfer({ status: 'succeeded' }));
    await user.click(screen.getByRole('button', { name: "Confirm — the money is in the shop's account" }));
    await user.click(screen.getByRole('button', { name: /^Confirm SGD\s131\.02 received$/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/payment/:id/confirm', { params: { id: task.id } }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('without a reference, the question says none was given', async () => {
    const user = userEvent.setup();
    actions(reportedTransfer({ reference: null }));
    await user.click(screen.getByRole('button', { name: "Confirm — the money is in the shop's account" }));
    expect(screen.getByRole('alertdialog').textContent).toContain('(no reference given)');
  });

  it('rejecting asks after the reason, with the amount; "Don\'t reject" gives up', async () => {
    const user = userEvent.setup();
    const task = reportedTransfer();
    actions(task);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByLabelText('Reason for rejecting'), 'No transfer with this reference has arrived');
    await user.click(screen.getByRole('button', { name: 'Reject the transfer' }));
    expect(screen.getByRole('alertdialog', { name: /^Reject the PayNow transfer of SGD\s131\.02 for KD-261201-7Q4M9X\?$/ })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: "Don't reject" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reject the transfer' })));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(reportedTransfer({ status: 'failed' }));
    await user.click(screen.getByRole('button', { name: 'Reject the transfer' }));
    await user.click(screen.getByRole('button', { name: /^Reject the transfer of SGD\s131\.02$/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/payment/:id/reject', {
        params: { id: task.id },
        body: { reason: 'No transfer with this reference has arrived' },
      }),
    );
  });
});
