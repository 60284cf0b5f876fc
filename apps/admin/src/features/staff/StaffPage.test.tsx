// @vitest-environment happy-dom
/**
 * The Staff screen's two-factor reset as an owner uses it, in a DOM (happy-dom) with the API
 * client replaced by spies: offered for another member who has two-factor on, never for oneself;
 * asked first, with what it means for the member; sent, told, and the list reloaded; a refusal in
 * words.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SessionState, StaffMember } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../auth/session';
import { StaffPage } from './StaffPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'siti@kedai.example',
  firstName: 'Siti',
  lastName: 'Rahman',
  role: 'staff',
  tfaEnabled: true,
  createdAt: 1_795_000_000,
  ...over,
});
const me = member({ id: '00000000-0000-4000-8000-0000000000aa', email: 'owner@kedai.example', firstName: 'Aminah', role: 'owner' });
const siti = member({});
const newcomer = member({ id: '00000000-0000-4000-8000-000000000002', email: 'ravi@kedai.example', firstName: 'Ravi', tfaEnabled: false });
const session = {
  profile: { id: me.id, email: me.email, firstName: 'Aminah', lastName: 'Rahman', role: 'owner' },
  signedIn: true,
  tfaEnabled: true,
  tfaPassed: true,
  tfaSetupSkipped: false,
} as SessionState;

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_KEY, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StaffPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const rowOf = (name: RegExp) => screen.getByRole('rowheader', { name }).closest('tr')!;

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
  api.get.mockResolvedValue({ staff: [me, siti, newcomer] });
});

describe('resetting a member’s two-factor', () => {
  it('is offered for another member with two-factor on, not for oneself or someone who has not set it up', async () => {
    show();
    await screen.findByRole('rowheader', { name: /Siti Rahman/ });
    expect(within(rowOf(/Siti Rahman/)).getByRole('button', { name: 'Reset two-factor' })).toBeTruthy();
    expect(within(rowOf(/Aminah Rahman/)).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    expect(within(rowOf(/Ravi Rahman/)).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });

  it('asks first, saying what it means; cancelling sends nothing', async () => {
    const user = show();
    await user.click(within(await waitFor(() => rowOf(/Siti Rahman/))).getByRole('button', { name: 'Reset two-factor' }));
    const question = screen.getByRole('alert');
    expect(question.textContent).toContain("Reset Siti Rahman's two-factor authentication?");
    expect(question.textContent).toContain('must set it up again');
    await waitFor(() => expect(document.activeElement).toBe(question));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('once confirmed, sends the reset, says so and reloads the list', async () => {
    const user = show();
    await user.click(within(await waitFor(() => rowOf(/Siti Rahman/))).getByRole('button', { name: 'Reset two-factor' }));
    api.post.mockResolvedValueOnce({ ok: true });
    api.get.mockResolvedValue({ staff: [me, { ...siti, tfaEnabled: false }, newcomer] });
    await user.click(screen.getByRole('button', { name: "Reset Siti Rahman's two-factor" }));
    expect(api.post).toHaveBeenCalledWith('/admin/staff/:id/reset_tfa', { params: { id: siti.id } });
    expect((await screen.findByText(/two-factor authentication was reset/)).textContent).toContain('siti@kedai.example');
    await waitFor(() => expect(within(rowOf(/Siti Rahman/)).queryByRole('button', { name: 'Reset two-factor' })).toBeNull());
  });

  it('a refusal is told in words', async () => {
    const user = show();
    await user.click(within(await waitFor(() => rowOf(/Siti Rahman/))).getByRole('button', { name: 'Reset two-factor' }));
    api.post.mockRejectedValueOnce(new ApiError({ errorCode: 'staff/cannot_reset_own_tfa', error: 'raw', params: [] }, 409, '/x'));
    await user.click(screen.getByRole('button', { name: "Reset Siti Rahman's two-factor" }));
    const problem = await screen.findByText(/was not reset/);
    expect(problem.textContent).toContain('You cannot reset your own two-factor authentication');
  });
});
