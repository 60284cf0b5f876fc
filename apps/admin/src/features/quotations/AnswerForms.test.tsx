// @vitest-environment happy-dom
/**
 * Declining a quotation in a DOM, the API client replaced by spies (issue 30): it asks first,
 * naming the item, its quantity and the shopper; nothing is sent before staff confirm, and Escape
 * gives focus back to the button.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerForms } from './AnswerForms';
import { REGIONS, marketplaceItem } from './fixtures';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

afterEach(() => vi.clearAllMocks());

describe('declining a quotation', () => {
  it('asks first, naming the item and the shopper; Escape gives up, confirming sends the reason', async () => {
    const user = userEvent.setup();
    const item = marketplaceItem();
    const onAnswered = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AnswerForms
          item={item}
          regions={REGIONS}
          onAnswered={onAnswered}
          onInterrupted={() => {}}
          onStart={() => {}}
          reload={async () => {}}
        />
      </QueryClientProvider>,
    );
    const decline = within(screen.getByRole('form', { name: 'Decline' }));
    await user.type(decline.getByLabelText('Reason for declining'), 'The maker has stopped making it.');
    await user.click(decline.getByRole('button', { name: 'Decline the quotation' }));
    const question = decline.getByRole('alertdialog', { name: 'Decline the quotation for 2 × Wireless earbuds from siti@example.com?' });
    expect(document.activeElement).toBe(question);
    expect(decline.getByLabelText<HTMLTextAreaElement>('Reason for declining').readOnly).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(decline.getByRole('button', { name: 'Decline the quotation' })));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(marketplaceItem({ status: 'd', declineReason: 'The maker has stopped making it.' }));
    await user.click(decline.getByRole('button', { name: 'Decline the quotation' }));
    await user.click(within(decline.getByRole('alertdialog')).getByRole('button', { name: 'Decline the quotation' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledExactlyOnceWith('/admin/quotation_item/:id/decline', {
        params: { id: item.id },
        body: { reason: 'The maker has stopped making it.', version: item.version },
      }),
    );
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith(expect.objectContaining({ status: 'd' }), 'declined'));
  });
});
