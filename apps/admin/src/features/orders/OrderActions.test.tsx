// @vitest-environment happy-dom
/**
 * Cancelling an order and refunding part of it in a DOM, the API client replaced by spies (issue 30):
 * nothing is sent before staff confirm a question naming the order, the amount and where it goes;
 * Escape gives up and gives focus back to the button.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminOrder } from '@kedai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paidOrder } from './fixtures';
import { OrderActions } from './OrderActions';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

function actions(order: AdminOrder) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActions order={order} onDone={onDone} onInterrupted={() => {}} onStart={() => {}} reload={async () => {}} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const form = (name: string) => within(screen.getByRole('form', { name }));

afterEach(() => vi.clearAllMocks());

describe('cancelling', () => {
  it('a paid order asks first, saying it refunds what the shop holds to the card; Escape gives up', async () => {
    const user = userEvent.setup();
    const { onDone } = actions(paidOrder({ refundable: 6912 }));
    const cancel = form('Cancel order');
    await user.type(cancel.getByLabelText('Reason for cancelling'), 'Out of stock at the supplier');
    await user.click(cancel.getByRole('button', { name: 'Cancel order' }));
    const question = cancel.getByRole('alertdialog', { name: /^Cancel KD-261201-7Q4M9X and refund SGD\s69\.12 to the card\?$/ });
    expect(document.activeElement).toBe(question);
    expect(api.post).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(cancel.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(cancel.getByRole('button', { name: 'Cancel order' })));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(paidOrder({ status: 'cancelled' }));
    await user.click(cancel.getByRole('button', { name: 'Cancel order' }));
    await user.click(cancel.getByRole('button', { name: /^Cancel and refund SGD\s69\.12$/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/order/:id/cancel', {
        params: { id: paidOrder().id },
        body: { reason: 'Out of stock at the supplier' },
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('a PayNow order says the refund goes by PayNow; an unpaid one that nothing was charged', async () => {
    const user = userEvent.setup();
    actions(paidOrder({ paymentMethod: 'paynow', refundable: 6912 }));
    await user.type(form('Cancel order').getByLabelText('Reason for cancelling'), 'Asked by the shopper');
    await user.click(form('Cancel order').getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('alertdialog', { name: /^Cancel KD-261201-7Q4M9X and refund SGD\s69\.12 by PayNow\?$/ })).toBeTruthy();
    document.body.innerHTML = '';

    actions(paidOrder({ status: 'awaiting_payment', refundable: 0, payments: [] }));
    await user.type(form('Cancel order').getByLabelText('Reason for cancelling'), 'Asked by the shopper');
    await user.click(form('Cancel order').getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel KD-261201-7Q4M9X? Nothing was charged.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel KD-261201-7Q4M9X' })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('a reason that is missing is said beside the field, and nothing is asked', async () => {
    const user = userEvent.setup();
    actions(paidOrder());
    await user.click(form('Cancel order').getByRole('button', { name: 'Cancel order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(form('Cancel order').getByText('Give the shopper a reason for cancelling')).toBeTruthy();
  });
});

describe('refunding part of the payment', () => {
  it('asks with the amount, the order and where it goes, and sends only once confirmed', async () => {
    const user = userEvent.setup();
    actions(paidOrder());
    const refund = form('Refund part of the payment');
    await user.type(refund.getByLabelText('Amount in SGD'), '5');
    await user.type(refund.getByLabelText('Reason for the refund'), 'One cup arrived broken');
    await user.click(refund.getByRole('button', { name: 'Refund' }));
    const question = refund.getByRole('alertdialog', { name: /^Refund SGD\s5\.00 of KD-261201-7Q4M9X to the card\?$/ });
    expect(question.textContent).toContain('The money goes back to the card at once.');
    expect(api.post).not.toHaveBeenCalled();
    await user.click(refund.getByRole('button', { name: "Don't refund" }));
    await waitFor(() => expect(document.activeElement).toBe(refund.getByRole('button', { name: 'Refund' })));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(paidOrder({ refundable: 12602 }));
    await user.click(refund.getByRole('button', { name: 'Refund' }));
    await user.click(refund.getByRole('button', { name: /^Refund SGD\s5\.00$/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/order/:id/refund', {
        params: { id: paidOrder().id },
        body: { amount: 500, reason: 'One cup arrived broken' },
      }),
    );
  });
});

describe('refunding in full', () => {
  it('asks with all the shop still holds, and only then moves the order', async () => {
    const user = userEvent.setup();
    actions(paidOrder({ status: 'completed', nextStatuses: ['refunded'], refundable: 13102 }));
    const step = form('Refund in full');
    await user.click(step.getByRole('button', { name: 'Refund in full' }));
    expect(step.getByRole('alertdialog', { name: /^Refund all SGD\s131\.02 of KD-261201-7Q4M9X to the card\?$/ })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(step.getByRole('button', { name: 'Refund in full' })));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(paidOrder({ status: 'refunded' }));
    await user.click(step.getByRole('button', { name: 'Refund in full' }));
    await user.click(step.getByRole('button', { name: /^Refund SGD\s131\.02$/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/order/:id/status', {
        params: { id: paidOrder().id },
        body: { to: 'refunded' },
      }),
    );
  });
});
