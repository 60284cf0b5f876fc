// @vitest-environment happy-dom
/**
 * The audit log as an owner reads it, in a DOM (happy-dom) with the API client replaced by spies:
 * each entry's time, person, sentence with its object linked, and what changed; the filter form
 * writing the address and the address the request; the empty, error and not-an-owner states.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AuditEntry, AuditList, SessionState } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../auth/session';
import { AuditPage } from './AuditPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const OWNER = '00000000-0000-4000-8000-0000000000aa';
const SITI = '00000000-0000-4000-8000-000000000001';
const session = (role: 'owner' | 'staff') =>
  ({
    profile: { id: OWNER, email: 'owner@kedai.example', firstName: 'Aminah', lastName: 'Rahman', role },
    signedIn: true,
    tfaEnabled: true,
    tfaPassed: true,
    tfaSetupSkipped: false,
  }) as SessionState;

const cancelled: AuditEntry = {
  id: 2,
  actor: { id: SITI, email: 'siti@kedai.example', name: 'Siti Rahman' },
  action: 'order.cancelled',
  objectType: 'order',
  objectId: 'o-1',
  object: { name: 'KD-261201-7Q4M9X', path: '/orders/o-1' },
  summary: { lead: 'Cancelled order ', name: 'KD-261201-7Q4M9X', tail: '' },
  changes: [
    { field: 'Status', before: 'Paid', after: 'Cancelled' },
    { field: 'Reason', before: '—', after: 'Out of stock' },
  ],
  before: null,
  after: null,
  createdAt: 1_795_000_000,
};
const failedSignIn: AuditEntry = {
  ...cancelled,
  id: 1,
  actor: null,
  action: 'auth.sign_in_failed',
  objectType: 'user',
  objectId: SITI,
  object: { name: 'siti@kedai.example', path: '/staff' },
  summary: { lead: 'Failed to sign in to the back office as ', name: 'siti@kedai.example', tail: '' },
  changes: [],
};
const list = (entries: AuditEntry[]): AuditList => ({ entries, total: entries.length, page: 1, limit: 50 });

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function show(route = '/audit', role: 'owner' | 'staff' = 'owner') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_KEY, session(role));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path="/audit"
            element={
              <>
                <AuditPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const auditCalls = () => api.get.mock.calls.filter(([path]) => path === '/admin/audit').map(([, options]) => options.query);

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
  api.get.mockImplementation((path: string) =>
    Promise.resolve(path === '/admin/staff' ? { staff: [{ id: SITI, email: 'siti@kedai.example' }] } : list([cancelled, failedSignIn])),
  );
});

describe('the audit log page', () => {
  it('shows who did what in words, the object linked, and what changed', async () => {
    show();
    const row = (await screen.findByRole('rowheader', { name: 'Cancelled order KD-261201-7Q4M9X' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'KD-261201-7Q4M9X' }).getAttribute('href')).toBe('/orders/o-1');
    expect(
      within(row)
        .getByRole('link', { name: /show only this person/ })
        .getAttribute('href'),
    ).toBe(`/audit?actorId=${SITI}`);
    expect(within(row).getByText('Siti Rahman')).toBeTruthy();
    const changes = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
    expect(changes).toEqual(['Status: from Paid → to Cancelled', 'Reason: from — → to Out of stock']);

    const signIn = screen.getByRole('rowheader', { name: 'Failed to sign in to the back office as siti@kedai.example' }).closest('tr')!;
    expect(within(signIn).getByText('The system or someone not signed in')).toBeTruthy();
    expect(within(signIn).getByText('Nothing to show')).toBeTruthy();
  });

  it('keeps the filter in the address and asks for what it says', async () => {
    const user = show();
    await screen.findByRole('rowheader', { name: /Cancelled order/ });
    await user.type(screen.getByLabelText('From'), '2030-06-01');
    await user.selectOptions(screen.getByLabelText('Action'), 'order.cancelled');
    await user.type(screen.getByLabelText(/^Object/), 'KD-261201-7Q4M9X');
    await waitFor(() => expect(screen.getByRole('option', { name: 'siti@kedai.example' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Person'), SITI);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        `/audit?from=2030-06-01&actorId=${SITI}&action=order.cancelled&object=KD-261201-7Q4M9X`,
      ),
    );
    await waitFor(() =>
      expect(auditCalls().at(-1)).toEqual({
        page: 1,
        limit: 50,
        from: '2030-06-01',
        actorId: SITI,
        action: 'order.cancelled',
        object: 'KD-261201-7Q4M9X',
      }),
    );
    // The form shows the address's filter, and clears it.
    expect(screen.getByLabelText<HTMLSelectElement>('Action').value).toBe('order.cancelled');
    await user.click(screen.getByRole('link', { name: 'Clear the filter' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/audit'));
  });

  it('says when nothing matches', async () => {
    api.get.mockImplementation((path: string) => Promise.resolve(path === '/admin/staff' ? { staff: [] } : list([])));
    show('/audit?action=staff.role');
    expect(await screen.findByText('No changes match this filter.')).toBeTruthy();
  });

  it('shows the refusal in words, with a way to try again', async () => {
    api.get.mockImplementation((path: string) =>
      path === '/admin/staff'
        ? Promise.resolve({ staff: [] })
        : Promise.reject(
            new ApiError(
              {
                errorCode: 'general/argument_error',
                error: 'Invalid querystring: from: from must not be after to',
                params: ['Invalid querystring: from must not be after to'],
              },
              400,
              '/admin/audit',
            ),
          ),
    );
    show('/audit?from=2030-06-02&to=2030-06-01');
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('from must not be after to');
  });

  it('tells staff who are not owners that the log is the owners’', () => {
    show('/audit', 'staff');
    expect(screen.getByText("Only the shop's owners can read the audit log.")).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });
});
