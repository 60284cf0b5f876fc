import type { SessionState } from '@kedai/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeStore, startInBrowser } from '../../store/store';
import { envelope, fakeApi, settle, type Answer, shopper } from '../../store/testing';
import { fetchCurrentUser, initialUserState, selectTfaOwed, sessionExpired, signIn, signOut, updateProfile, verifyTfa } from './user-slice';

const profile = shopper;
const signedInState: SessionState = { profile, signedIn: true, tfaPassed: true, tfaEnabled: false, tfaSetupSkipped: false };
const visitor: SessionState = { profile: null, signedIn: false, tfaPassed: false, tfaEnabled: false, tfaSetupSkipped: false };
const tfaOwed: SessionState = { ...signedInState, tfaPassed: false, tfaEnabled: true };
const withApiStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

function storeWith(answers: Record<string, Answer[]>) {
  // Signing in also fetches the preferred region once (features/region/listeners.ts).
  const fake = fakeApi({ '/region/preferred': [{ ok: { countryCode: 'SG' } }], ...answers });
  return { store: makeStore({ api: fake.api }), ...fake };
}

let errorLog: MockInstance<typeof console.error>;
beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errorLog.mockRestore();
});

describe('user state (rules: entities.md "User")', () => {
  it('starts signed out, nothing fetched, every error slot empty', () => {
    const { store } = storeWith({});
    expect(store.getState().user).toEqual(initialUserState);
    expect(store.getState().user).toMatchObject({
      signedIn: false,
      tfaPassed: false,
      profile: null,
      profileFetched: false,
      fetchError: null,
      signInError: null,
      tfaVerifyError: null,
      profileUpdateError: null,
    });
  });

  it('at start-up in the browser the current user is fetched (rules: screens.md "/_app")', async () => {
    const { store, get } = storeWith({ '/auth/me': [{ ok: signedInState }], '/config': [{ fail: new Error('later') }] });
    const stop = startInBrowser(store, () => () => {});
    await settle();
    stop();
    expect(get).toHaveBeenCalledWith('/auth/me');
    expect(store.getState().user).toMatchObject({ signedIn: true, profile, profileFetched: true });
  });
});

describe('fetching the current user (GET /auth/me)', () => {
  it('sets profile, signedIn, tfaPassed, tfaEnabled, tfaSetupSkipped and profileFetched', async () => {
    const { store } = storeWith({ '/auth/me': [{ ok: { ...tfaOwed, tfaSetupSkipped: true } }] });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user).toMatchObject({
      profile,
      signedIn: true,
      tfaPassed: false,
      tfaEnabled: true,
      tfaSetupSkipped: true,
      profileFetched: true,
      fetching: false,
    });
  });

  it('"only if unknown" skips the fetch while one is in flight or once the user is known', async () => {
    const { store, get } = storeWith({ '/auth/me': [{ ok: visitor }] });
    const first = store.dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
    await store.dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
    await first;
    await store.dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a visitor without a session is fetched as signed out', async () => {
    const { store } = storeWith({ '/auth/me': [{ ok: visitor }] });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user).toMatchObject({ signedIn: false, profile: null, profileFetched: true });
  });

  it('a failure stores its text in the fetch slot; a success clears it', async () => {
    const { store } = storeWith({
      '/auth/me': [{ fail: withApiStatus(429, 'general/rate_limited', 'Slow down') }, { ok: signedInState }],
    });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user).toMatchObject({
      fetchError: 'Too many tries in a short time. Please wait a moment and try again.',
      profileFetched: false,
    });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user).toMatchObject({ fetchError: null, profileFetched: true });
  });

  it('a 401 (the refresh failed too) means signed out, not an error', async () => {
    const { store } = storeWith({ '/auth/me': [{ fail: withApiStatus(401, 'auth/invalid_access_token', 'x') }] });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user).toMatchObject({ signedIn: false, profileFetched: true, fetchError: null });
  });

  it('when asked again before the first answer, only the latest answer counts', async () => {
    let releaseOld: (value: unknown) => void = () => {};
    const { store } = storeWith({
      '/auth/me': [{ wait: new Promise((resolve) => (releaseOld = resolve)) }, { ok: signedInState }],
    });
    const old = store.dispatch(fetchCurrentUser());
    await store.dispatch(fetchCurrentUser());
    releaseOld(visitor);
    await old;
    expect(store.getState().user.signedIn).toBe(true);
  });
});

describe('sign-in (POST /auth/login)', () => {
  it('sends e-mail, password and rememberme, sets signedIn and then fetches the current user', async () => {
    const { store, post, get } = storeWith({ 'POST /auth/login': [{ ok: signedInState }], '/auth/me': [{ ok: signedInState }] });
    const result = await store.dispatch(signIn({ email: 'ana@example.com', password: 'Secret-1', rememberme: true }));
    expect(signIn.fulfilled.match(result)).toBe(true);
    expect(post).toHaveBeenCalledWith('/auth/login', { email: 'ana@example.com', password: 'Secret-1', rememberme: true });
    expect(get.mock.invocationCallOrder[0]).toBeGreaterThan(post.mock.invocationCallOrder[0]!);
    expect(get).toHaveBeenCalledWith('/auth/me');
    expect(store.getState().user).toMatchObject({ signedIn: true, profile, profileFetched: true, signInError: null });
  });

  it('a failed sign-in stores the raw error (code, text, params, status) and stays signed out', async () => {
    const { store, get } = storeWith({
      'POST /auth/login': [{ fail: withApiStatus(403, 'auth/account_blacklisted', 'Suspended', ['help@kedai.example']) }],
    });
    await store.dispatch(signIn({ email: 'a@b.co', password: 'x', rememberme: false }));
    expect(get).not.toHaveBeenCalledWith('/auth/me');
    expect(store.getState().user).toMatchObject({
      signedIn: false,
      signInError: { errorCode: 'auth/account_blacklisted', error: 'Suspended', params: ['help@kedai.example'], status: 403 },
    });
  });

  it('after a login with two-factor on, the second factor is owed', async () => {
    const { store } = storeWith({ 'POST /auth/login': [{ ok: tfaOwed }], '/auth/me': [{ ok: tfaOwed }] });
    await store.dispatch(signIn({ email: 'a@b.co', password: 'x', rememberme: false }));
    expect(selectTfaOwed(store.getState())).toBe(true);
  });
});

describe('two-factor verification (POST /tfa/verify)', () => {
  it('sends the token, sets tfaPassed and then fetches the current user', async () => {
    const { store, post, get } = storeWith({
      'POST /auth/login': [{ ok: tfaOwed }],
      'POST /tfa/verify': [{ ok: { ...tfaOwed, tfaPassed: true } }],
      '/auth/me': [{ ok: tfaOwed }, { ok: { ...tfaOwed, tfaPassed: true } }],
    });
    await store.dispatch(signIn({ email: 'a@b.co', password: 'x', rememberme: false }));
    await store.dispatch(verifyTfa('123456'));
    expect(post).toHaveBeenLastCalledWith('/tfa/verify', { token: '123456' });
    expect(get.mock.calls.filter(([path]) => path === '/auth/me')).toHaveLength(2);
    expect(store.getState().user).toMatchObject({ tfaPassed: true, tfaVerifyError: null });
    expect(selectTfaOwed(store.getState())).toBe(false);
  });

  it('a failed verification stores the raw error and leaves tfaPassed false', async () => {
    const { store } = storeWith({ 'POST /tfa/verify': [{ fail: withApiStatus(400, 'auth/tfa_wrong_code', 'Wrong code') }] });
    await store.dispatch(verifyTfa('000000'));
    expect(store.getState().user).toMatchObject({
      tfaPassed: false,
      tfaVerifyError: { errorCode: 'auth/tfa_wrong_code', error: 'Wrong code', params: [], status: 400 },
    });
  });
});

describe('profile update (POST /user/profile -> {user})', () => {
  it('replaces the profile with the answer', async () => {
    const { store, post } = storeWith({
      '/auth/me': [{ ok: signedInState }],
      'POST /user/profile': [{ ok: { user: { ...profile, firstName: 'Anna' } } }],
    });
    await store.dispatch(fetchCurrentUser());
    await store.dispatch(updateProfile({ firstName: 'Anna' }));
    expect(post).toHaveBeenCalledWith('/user/profile', { firstName: 'Anna' });
    expect(store.getState().user.profile?.firstName).toBe('Anna');
  });

  it('a failure stores its catalogue text in the profile-update slot', async () => {
    const { store } = storeWith({ 'POST /user/profile': [{ fail: withApiStatus(400, 'user/invalid_first_name', 'x') }] });
    await store.dispatch(updateProfile({ firstName: '' }));
    expect(store.getState().user.profileUpdateError).toBe('Enter your first name (up to 100 characters).');
  });
});

describe('sign-out (DELETE /auth/logout)', () => {
  it('resets the whole user state, goes to / and then runs the follow-up', async () => {
    const { store, delete: del } = storeWith({
      '/auth/me': [{ ok: signedInState }],
      'POST /user/profile': [{ fail: withApiStatus(400, 'user/invalid_gender', 'x') }],
      'DELETE /auth/logout': [{ ok: { ok: true } }],
    });
    await store.dispatch(fetchCurrentUser());
    await store.dispatch(updateProfile({ gender: 'x' }));
    const steps: string[] = [];
    await store.dispatch(signOut({ navigate: (path) => steps.push(`go ${path}`), followUp: () => steps.push('follow-up') }));
    expect(del).toHaveBeenCalledWith('/auth/logout');
    expect(store.getState().user).toEqual(initialUserState);
    expect(steps).toEqual(['go /', 'follow-up']);
  });

  it('a failed sign-out is only logged: the user stays signed in, no navigation, no follow-up', async () => {
    const { store } = storeWith({
      '/auth/me': [{ ok: signedInState }],
      'DELETE /auth/logout': [{ fail: withApiStatus(0, 'general/api_unreachable', 'offline') }],
    });
    await store.dispatch(fetchCurrentUser());
    const navigate = vi.fn();
    const followUp = vi.fn();
    await store.dispatch(signOut({ navigate, followUp }));
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toMatchObject({ signedIn: true, profile });
    expect(navigate).not.toHaveBeenCalled();
    expect(followUp).not.toHaveBeenCalled();
  });
});

describe('session refresh failed (rules: state.md "Session refresh")', () => {
  it('signs the user out locally, known to be signed out', async () => {
    const { store } = storeWith({ '/auth/me': [{ ok: signedInState }] });
    await store.dispatch(fetchCurrentUser());
    store.dispatch(sessionExpired());
    expect(store.getState().user).toEqual({ ...initialUserState, profileFetched: true });
  });

  it('startInBrowser connects the API client’s session-expired hook to the store', async () => {
    const { store } = storeWith({ '/auth/me': [{ ok: signedInState }], '/config': [{ fail: new Error('later') }] });
    let expire = () => {};
    const stopWatching = vi.fn();
    const stop = startInBrowser(store, (handler) => {
      expire = handler;
      return stopWatching;
    });
    await settle();
    expect(store.getState().user.signedIn).toBe(true);
    expire();
    expect(store.getState().user.signedIn).toBe(false);
    stop();
    expect(stopWatching).toHaveBeenCalled();
  });
});
