// @vitest-environment happy-dom
/**
 * The sign-in code page as a shopper uses it, in a DOM (happy-dom) with the real store over a
 * stand-in API: switching to a recovery code (its own label, hint and check), the code sent as
 * the API stores it, the count of codes left shown before moving on (strongly when few), a wait
 * after too many wrong codes told in words, and a reset by e-mail waiting to take effect.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { fakeApi, shopper, type Answer } from '../../store/testing';
import { initialUserState } from './user-slice';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
// `GET /tfa/is_enabled` goes through the browser client; the code itself through the store's.
const browser = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const { apiOver } = await import('../../store/testing');
  const unexpected = () => Promise.reject(new Error('unexpected call'));
  return {
    ...(await importOriginal<typeof import('../../lib/browser-api')>()),
    browserApi: apiOver({ get: browser.get, post: browser.post, put: unexpected, delete: unexpected }),
  };
});

const { TwoFactorVerifyForm } = await import('./TwoFactorVerifyForm');

const owing = { signedIn: true, tfaEnabled: true, tfaPassed: false, tfaSetupSkipped: false, profile: shopper };
const passed = { ...owing, tfaPassed: true };

function setup(verify: Answer[], status: unknown = { enabled: true, recoveryCodesLeft: 10, pendingReset: null }) {
  browser.get.mockResolvedValue(status);
  const fake = fakeApi({ 'POST /tfa/verify': verify, '/auth/me': [{ ok: passed }], '/region/preferred': [{ ok: { countryCode: 'SG' } }] });
  const store = makeStore({
    api: fake.api,
    preloadedState: { user: { ...initialUserState, signedIn: true, tfaEnabled: true, profileFetched: true, profile: shopper } },
  });
  render(
    <Provider store={store}>
      <TwoFactorVerifyForm />
    </Provider>,
  );
  return { post: fake.post, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => {
  router.replace.mockReset();
  browser.get.mockReset();
});

describe('the sign-in code page', () => {
  it('switches to a recovery code with its own label and hint, and back', async () => {
    const { user } = setup([{ ok: passed }]);
    expect(screen.getByLabelText('Authentication code')).toHaveProperty('inputMode', 'numeric');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByText(/like abcd-efgh-jkmn-pqrs\. Each code works once\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('a recovery code of the wrong shape is told at the field, without a call', async () => {
    const { user, post } = setup([{ ok: passed }]);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('A recovery code has 16 letters and numbers, like abcd-efgh-jkmn-pqrs')).toBeTruthy();
    expect(screen.getByLabelText('Recovery code').getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('signed in with a recovery code: sent as the API stores it, then how many are left before moving on', async () => {
    const { user, post } = setup([{ ok: { ...passed, recoveryCodesLeft: 7 } }]);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'You are signed in with a recovery code' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/tfa/verify', { token: 'abcdefghjkmnpqrs' });
    expect(screen.getByTestId('recovery-codes-left').textContent).toContain('You have 7 recovery codes left.');
    expect(screen.getByRole('link', { name: 'Make new recovery codes' }).getAttribute('href')).toBe('/two_factor#recovery-codes');
    // The page waits for the shopper: nothing moved on yet.
    expect(router.replace).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });

  it('with two or fewer codes left it urges new ones', async () => {
    const { user } = setup([{ ok: { ...passed, recoveryCodesLeft: 1 } }]);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd efgh jkmn pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const left = await screen.findByTestId('recovery-codes-left');
    expect(left.textContent).toContain('You have 1 recovery code left.');
    expect(left.textContent).toContain('Make new ones now');
  });

  it('an authenticator code moves straight on, as before', async () => {
    const { user, post } = setup([{ ok: passed }]);
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(post).toHaveBeenCalledWith('/tfa/verify', { token: '123456' });
  });

  it('too many wrong codes: how long to wait, in words, at the field', async () => {
    const wait = new ApiError({ errorCode: 'auth/tfa_too_many_attempts', error: 'raw', params: [600] }, 429, '/tfa/verify');
    const { user } = setup([{ fail: wait }]);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/please wait about 10 minutes before trying again/)).toBeTruthy();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('a reset by e-mail waiting to take effect is told above the code', async () => {
    setup([{ ok: passed }], { enabled: true, recoveryCodesLeft: 10, pendingReset: { effectiveAt: '2026-11-30T08:45:00.000Z' } });
    const notice = await screen.findByTestId('pending-reset-notice');
    expect(notice.textContent).toContain('Two-factor authentication will be turned off on');
    expect(notice.textContent).toContain('that cancels the reset');
    expect(browser.get).toHaveBeenCalledWith('/tfa/is_enabled');
  });
});
