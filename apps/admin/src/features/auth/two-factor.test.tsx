// @vitest-environment happy-dom
/**
 * The back office's own two-factor screens as staff use them, in a DOM (happy-dom) with the API
 * client replaced by spies: set-up shows the ten recovery codes once and opens the back office
 * only after "I have saved these codes"; the code prompt takes a recovery code (its own label,
 * checked by the domain's form, sent normalised) and says how many are left; a wait after too many
 * wrong codes is told in words; the prompt offers no reset by e-mail.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { SessionState } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from './session';
import { TwoFactorCode } from './TwoFactorCode';
import { TwoFactorSetup } from './TwoFactorSetup';
import { waitInWords } from './two-factor';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const profile = { id: 'u1', email: 'siti@kedai.example', firstName: 'Siti', lastName: 'Rahman', role: 'staff' } as SessionState['profile'];
const owing: SessionState = { profile, signedIn: true, tfaEnabled: true, tfaPassed: false, tfaSetupSkipped: false };
const passed: SessionState = { ...owing, tfaPassed: true };
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${'rstuvwxyz2'[i]}${i + 2}`);

function show(screenToShow: React.ReactNode, session: SessionState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_KEY, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{screenToShow}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
});

describe('setting up two-factor in the back office', () => {
  it('shows the recovery codes once and opens the back office only after they are saved', async () => {
    api.post.mockResolvedValueOnce({
      otpauthUri: 'otpauth://totp/x',
      qrCodeDataUrl: 'data:image/svg+xml;base64,AAA',
      manualKey: 'ABCD EFGH',
    });
    const { client, user } = show(<TwoFactorSetup />, { ...owing, tfaEnabled: false });
    await user.click(screen.getByRole('button', { name: 'Set it up now' }));
    api.post.mockResolvedValueOnce({ ...passed, recoveryCodes: codes });
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and continue' }));

    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copy all' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download as text' })).toBeTruthy();
    // The session is not moved on (the gate would close this screen) until the codes are saved.
    expect(client.getQueryData<SessionState>(SESSION_KEY)?.tfaEnabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continue to the back office' }));
    expect(screen.getByText(/they cannot be shown again/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Continue to the back office' }));
    expect(client.getQueryData(SESSION_KEY)).toEqual(passed);
  });
});

describe('the back office code prompt', () => {
  it('takes a recovery code, sent normalised, then says how many are left before going on', async () => {
    const { client, user } = show(<TwoFactorCode />, owing);
    expect(screen.queryByRole('button', { name: /e-mail/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/A recovery code has 16 letters and numbers/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValueOnce({ ...passed, recoveryCodesLeft: 2 });
    await user.clear(field);
    await user.type(field, 'ABCD EFGH-JKMN PQRS');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.post).toHaveBeenCalledWith('/tfa/verify', { body: { token: 'abcdefghjkmnpqrs' } });
    expect(await screen.findByText('You have 2 recovery codes left.')).toBeTruthy();
    expect(screen.getByText(/Make new ones now/).closest('p')?.textContent).toContain('Make new recovery codes” on Your account');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Make new recovery codes now' }));
    expect(client.getQueryData<SessionState>(SESSION_KEY)?.tfaPassed).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continue to the back office' }));
    expect(client.getQueryData(SESSION_KEY)).toEqual(passed);
  });

  it('with few codes left, goes straight on to Your account to make new ones', async () => {
    function Address() {
      return <p data-testid="address">{useLocation().pathname}</p>;
    }
    const { client, user } = show(
      <>
        <TwoFactorCode />
        <Address />
      </>,
      owing,
    );
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    api.post.mockResolvedValueOnce({ ...passed, recoveryCodesLeft: 1 });
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes now' }));
    expect(screen.getByTestId('address').textContent).toBe('/account');
    expect(client.getQueryData(SESSION_KEY)).toEqual(passed);
  });

  it('an authenticator code goes straight on; too many wrong codes say how long to wait', async () => {
    const { client, user } = show(<TwoFactorCode />, owing);
    api.post.mockRejectedValueOnce(
      new ApiError({ errorCode: 'auth/tfa_too_many_attempts', error: 'raw', params: [1200] }, 429, '/tfa/verify'),
    );
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('wait about 20 minutes before trying again');
    api.post.mockResolvedValueOnce(passed);
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654 321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(client.getQueryData(SESSION_KEY)).toEqual(passed));
    expect(api.post).toHaveBeenLastCalledWith('/tfa/verify', { body: { token: '654321' } });
  });

  it('waits read as a person would say them', () => {
    expect(waitInWords(30)).toBe('30 seconds');
    expect(waitInWords(300)).toBe('5 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
  });
});
