// @vitest-environment happy-dom
/**
 * The back office's own account screen as a member uses it, in a DOM (happy-dom) with the API
 * client replaced by spies: who is signed in and how many recovery codes remain (a warning at 2 or
 * fewer); new codes with the password and a current code, shown once like at set-up; a wrong
 * password beside its field and a wait after too many wrong codes in words; no reset by e-mail.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SessionState } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../auth/session';
import { AccountPage } from './AccountPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const profile = { id: 'u1', email: 'siti@kedai.example', firstName: 'Siti', lastName: 'Rahman', role: 'staff' } as SessionState['profile'];
const session: SessionState = { profile, signedIn: true, tfaEnabled: true, tfaPassed: true, tfaSetupSkipped: false };
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${'rstuvwxyz2'[i]}${i + 2}`);
const statusWith = (recoveryCodesLeft: number) => ({ enabled: true, recoveryCodesLeft, pendingReset: null });

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_KEY, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

async function askForNewCodes(user: ReturnType<typeof userEvent.setup>, password: string, code: string) {
  await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Code from your authenticator app'), code);
  await user.click(screen.getByRole('button', { name: 'Make new codes' }));
}

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
});

describe('the account screen', () => {
  it('says who is signed in and how many recovery codes are left, calmly while there are enough', async () => {
    api.get.mockResolvedValue(statusWith(7));
    show();
    expect(await screen.findByText('You have 7 recovery codes left. Each code works once.')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/tfa/is_enabled', expect.anything());
    expect(screen.getByText('siti@kedai.example')).toBeTruthy();
    expect(screen.getByText('Staff')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/cannot reset two-factor authentication by e-mail/)).toBeTruthy();
    expect(screen.getByText(/ask an owner of the shop to reset your two-factor authentication on the Staff screen/)).toBeTruthy();
  });

  it('warns strongly at 2 or fewer', async () => {
    api.get.mockResolvedValue(statusWith(2));
    show();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('You have only 2 recovery codes left.');
    expect(warning.textContent).toContain('Make new ones now');
  });

  it('makes new codes with the password and a current code, shows them once, then the new count', async () => {
    api.get.mockResolvedValueOnce(statusWith(1));
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    // Checked before sending: both are needed, the code as six digits.
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows now.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValueOnce({ recoveryCodes: codes });
    await user.type(screen.getByLabelText('Password'), 'Staf-Kedai-2026!');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(api.post).toHaveBeenCalledWith('/tfa/recovery_codes', { body: { password: 'Staf-Kedai-2026!', token: '123456' } });

    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('All your older recovery codes no longer work: keep only these.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copy all' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();

    api.get.mockResolvedValueOnce(statusWith(10));
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('You have 10 recovery codes left. Each code works once.')).toBeTruthy();
    expect(screen.getByText('Your new recovery codes are saved. The older ones no longer work.')).toBeTruthy();
  });

  it('puts a wrong password beside its field and says a wait after too many wrong codes in words', async () => {
    api.get.mockResolvedValue(statusWith(5));
    const user = show();
    api.post.mockRejectedValueOnce(
      new ApiError(
        { errorCode: 'auth/wrong_password', error: 'Your current password is incorrect', params: [] },
        400,
        '/tfa/recovery_codes',
      ),
    );
    await askForNewCodes(user, 'not-it', '123456');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Your current password is incorrect')).toBeTruthy();

    api.post.mockRejectedValueOnce(
      new ApiError({ errorCode: 'auth/tfa_too_many_attempts', error: 'raw', params: [600] }, 429, '/tfa/recovery_codes'),
    );
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('wait about 10 minutes before trying again');
    expect(screen.queryByRole('heading', { name: 'Save your recovery codes' })).toBeNull();
  });
});
