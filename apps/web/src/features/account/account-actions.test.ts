import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { makeStore } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState, updateProfile } from './user-slice';

// The API client is mocked at the module boundary; the display rule (apiErrorMessage) stays real.
const api = vi.hoisted(() => ({ browserGet: vi.fn(), browserPost: vi.fn() }));
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const { apiOver } = await import('../../store/testing');
  const unexpected = () => Promise.reject(new Error('unexpected call'));
  return {
    ...(await importOriginal<typeof import('../../lib/browser-api')>()),
    browserApi: apiOver({ get: api.browserGet, post: api.browserPost, put: unexpected, delete: unexpected }),
  };
});

const {
  changePassword,
  compactKey,
  emailProblem,
  groupKey,
  newPasswordProblems,
  profileProblems,
  profileServerErrors,
  profileValues,
  requestPasswordReset,
  resetPassword,
  tfaCodeProblem,
  tfaDisable,
  tfaDisableProblems,
  tfaCancelReset,
  tfaRenewRecoveryCodes,
  tfaRequestReset,
  tfaReset,
  tfaSetup,
  tfaStatus,
  tfaVerify,
} = await import('./account-actions');

const apiError = (status: number, errorCode: string, params: unknown[] = []) =>
  new ApiError({ errorCode, error: `raw ${errorCode}`, params }, status, '/x');

beforeEach(() => {
  api.browserGet.mockReset();
  api.browserPost.mockReset();
});

describe('forgot password', () => {
  it('checks the address in the browser with the API rule', () => {
    expect(emailProblem('nope')).toBe('Enter an e-mail address like name@example.com.');
    expect(emailProblem(' Ana@Example.com ')).toBeUndefined();
  });

  it('sends the trimmed address and counts any answer as sent, account or not', async () => {
    api.browserPost.mockResolvedValueOnce({ ok: true });
    expect(await requestPasswordReset(' ana@example.com ')).toEqual({ ok: true });
    expect(api.browserPost).toHaveBeenCalledWith('/auth/forgotPassword', { email: 'ana@example.com' });
    // An odd answer (404, 500) must not read differently from "sent".
    api.browserPost.mockRejectedValueOnce(apiError(500, 'general/unknown_error', ['boom']));
    expect(await requestPasswordReset('ana@example.com')).toEqual({ ok: true });
  });

  it('shows a refused address, a rate limit and no answer with the catalogue message', async () => {
    api.browserPost.mockRejectedValueOnce(apiError(400, 'user/invalid_email'));
    expect(await requestPasswordReset('a@b')).toMatchObject({
      ok: false,
      status: 400,
      message: 'Enter an e-mail address like name@example.com.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(429, 'general/rate_limited', [60]));
    expect(await requestPasswordReset('a@b.co')).toMatchObject({
      ok: false,
      status: 429,
      message: 'Too many tries in a short time. Please wait a moment and try again.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(0, 'general/api_unreachable', ['/auth/forgotPassword']));
    expect(await requestPasswordReset('a@b.co')).toMatchObject({ ok: false, status: 0 });
  });
});

describe('new passwords (rules: validation.md policy, in the browser)', () => {
  it('needs 8 characters with both cases and a number or symbol, typed the same twice', () => {
    const policy = 'Choose a password of at least 8 characters with an upper case letter, a lower case letter and a number or symbol.';
    expect(newPasswordProblems('short1A', 'short1A')).toEqual({ password: policy });
    expect(newPasswordProblems('alllowercase1', 'alllowercase1')).toEqual({ password: policy });
    expect(newPasswordProblems('NoDigitsHere', 'NoDigitsHere')).toEqual({ password: policy });
    expect(newPasswordProblems('Secret-12', 'Secret-13')).toEqual({ confirm: 'The two passwords are not the same' });
    expect(newPasswordProblems('Secret-12', 'Secret-12')).toEqual({});
  });

  it('leaves the most common passwords to the API, whose refusal is shown beside the field (below)', () => {
    // The list is too heavy for every page; the browser checks the policy only.
    expect(newPasswordProblems('Password123', 'Password123')).toEqual({});
  });
});

describe('reset password', () => {
  it('sends uid, token and password', async () => {
    api.browserPost.mockResolvedValueOnce({ ok: true });
    expect(await resetPassword('u1', 't1', 'Secret-12')).toEqual({ kind: 'done' });
    expect(api.browserPost).toHaveBeenCalledWith('/auth/resetPassword', { uid: 'u1', resetPasswordToken: 't1', password: 'Secret-12' });
  });

  it('an expired or invalid link gives its catalogue message (the page offers a new link)', async () => {
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/password_reset_token_expired'));
    expect(await resetPassword('u1', 't1', 'Secret-12')).toEqual({
      kind: 'link',
      message: 'This password reset link has expired. Please ask for a new one.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/invalid_password_reset_token'));
    expect(await resetPassword('u1', 't1', 'Secret-12')).toEqual({
      kind: 'link',
      message: 'This password reset link is not valid. Please ask for a new one.',
    });
  });

  it('a refused password belongs to the field; a link without its parts is not sent', async () => {
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/invalid_new_password'));
    expect((await resetPassword('u1', 't1', 'Secret-12')).kind).toBe('password');
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/common_password'));
    expect(await resetPassword('u1', 't1', 'Secret-12')).toEqual({
      kind: 'password',
      message: 'This password is one of the most commonly used and easy to guess. Please choose another.',
    });
    expect((await resetPassword('', 't1', 'Secret-12')).kind).toBe('link');
    expect(api.browserPost).toHaveBeenCalledTimes(2);
  });
});

describe('change password', () => {
  it('sends both passwords; a wrong current or weak new one goes beside its field', async () => {
    api.browserPost.mockResolvedValueOnce({ ok: true });
    expect(await changePassword('Old-pass1', 'New-pass1')).toEqual({ kind: 'done' });
    expect(api.browserPost).toHaveBeenCalledWith('/auth/changePassword', { currentPassword: 'Old-pass1', newPassword: 'New-pass1' });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/wrong_password'));
    expect(await changePassword('x', 'New-pass1')).toEqual({
      kind: 'field',
      field: 'currentPassword',
      message: 'Your current password is incorrect.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/invalid_new_password'));
    expect(await changePassword('x', 'y')).toMatchObject({ kind: 'field', field: 'newPassword' });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/common_password'));
    expect(await changePassword('x', 'y')).toEqual({
      kind: 'field',
      field: 'newPassword',
      message: 'This password is one of the most commonly used and easy to guess. Please choose another.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(429, 'general/rate_limited'));
    expect(await changePassword('x', 'y')).toEqual({
      kind: 'other',
      message: 'Too many tries in a short time. Please wait a moment and try again.',
    });
  });
});

describe('profile', () => {
  const user = shopper;

  it('runs the API field rules in the browser, the phone against the chosen country', () => {
    const values = profileValues(user);
    expect(profileProblems(values, new Date('2026-01-01'))).toEqual({});
    expect(profileProblems({ ...values, country: 'MY' }, new Date('2026-01-01'))).toEqual({
      phoneNumber: 'Enter a phone number of Malaysia, for example 012-345 6789 or +60 12 345 6789.',
    });
    expect(profileProblems({ ...values, firstName: ' ', birthDate: '2999-01-01', country: '' }, new Date('2026-01-01'))).toEqual({
      firstName: 'Enter your first name (up to 100 characters).',
      birthDate: 'Enter your date of birth as a real date between 1 January 1900 and today.',
      country: 'Choose your country from the list.',
    });
  });

  it("shows a 400's per-field problems from updateProfile with their catalogue messages", async () => {
    const problems = [
      { field: 'phoneNumber', errorCode: 'user/invalid_phone_number', error: 'x' },
      { field: 'gender', errorCode: 'user/invalid_gender', error: 'x' },
      { field: 'email', errorCode: 'user/invalid_email', error: 'x' },
    ];
    const { api: storeApi, post } = fakeApi({
      'POST /user/profile': [{ fail: apiError(400, 'user/invalid_phone_number', problems) }],
      '/region/preferred': [{ ok: { countryCode: null } }],
    });
    const store = makeStore({ api: storeApi, preloadedState: { user: { ...initialUserState, signedIn: true, profile: user } } });
    const error = await store
      .dispatch(updateProfile({ ...profileValues(user), phoneNumber: '+1' }))
      .unwrap()
      .catch((e: unknown) => e);
    expect(post).toHaveBeenCalledWith('/user/profile', expect.objectContaining({ phoneNumber: '+1' }));
    expect(profileServerErrors(error)).toEqual({
      phoneNumber: 'Enter a phone number we can call, with its country code.',
      gender: 'Choose one of the options for gender, or “Prefer not to say”.',
    });
    expect(store.getState().user.profileUpdateError).toBe('Enter a phone number we can call, with its country code.');
  });
});

describe('two-factor', () => {
  it('a code is six digits; spaces as apps show them are dropped before sending', async () => {
    expect(tfaCodeProblem('12345')).toBe('Enter the 6-digit code from your app');
    expect(tfaCodeProblem('12a456')).toBeDefined();
    expect(tfaCodeProblem('123 456')).toBeUndefined();
    api.browserPost.mockResolvedValue({ ok: true });
    await tfaVerify('123 456');
    await tfaDisable('Secret123!', ' 654321 ');
    expect(api.browserPost.mock.calls).toEqual([
      ['/tfa/verify', { token: '123456' }],
      ['/tfa/disable_tfa', { password: 'Secret123!', token: '654321' }],
    ]);
  });

  it('turning it off asks for the password as well as a code, each told at its field', () => {
    expect(tfaDisableProblems('', '12')).toEqual({ password: 'Enter your password', code: 'Enter the 6-digit code from your app' });
    expect(tfaDisableProblems('Secret123!', '')).toEqual({ code: 'Enter the 6-digit code from your app' });
    expect(tfaDisableProblems('', '123 456')).toEqual({ password: 'Enter your password' });
    expect(tfaDisableProblems('Secret123!', '123456')).toEqual({});
  });

  it('reads whether it is on, the recovery codes left and a waiting reset; a failure as the catalogue message', async () => {
    const status = { enabled: true, recoveryCodesLeft: 9, pendingReset: { effectiveAt: '2026-11-30T08:45:00.000Z' } };
    api.browserGet.mockResolvedValueOnce(status);
    expect(await tfaStatus()).toEqual({ ok: true, value: status });
    expect(api.browserGet).toHaveBeenCalledWith('/tfa/is_enabled');
    api.browserGet.mockRejectedValueOnce(apiError(403, 'auth/tfa_not_verified'));
    expect(await tfaStatus()).toMatchObject({
      ok: false,
      message: 'Please enter your two-factor code first.',
    });
  });

  it('a recovery code is sent as the API stores it: lower case, without spaces or dashes', async () => {
    api.browserPost.mockResolvedValueOnce({ signedIn: true, recoveryCodesLeft: 9 });
    expect(await tfaVerify(' ABCD-efgh jkmn-PQRS ', { recovery: true })).toMatchObject({ ok: true, value: { recoveryCodesLeft: 9 } });
    expect(api.browserPost).toHaveBeenCalledWith('/tfa/verify', { token: 'abcdefghjkmnpqrs' });
  });

  it('too many wrong codes tell how long to wait, in words', async () => {
    api.browserPost.mockRejectedValueOnce(apiError(429, 'auth/tfa_too_many_attempts', [300]));
    expect(await tfaVerify('123456')).toMatchObject({
      ok: false,
      status: 429,
      message: 'Too many wrong codes in a row. For your safety, please wait about 5 minutes before trying again.',
    });
    api.browserPost.mockRejectedValueOnce(apiError(429, 'auth/tfa_too_many_attempts', [3600]));
    expect(await tfaDisable('Secret123!', '123456')).toMatchObject({ message: expect.stringContaining('about 1 hour before') });
  });

  it('new recovery codes need the password and a current code, and answer the codes', async () => {
    api.browserPost.mockResolvedValueOnce({ recoveryCodes: ['abcd-efgh-jkmn-pqrs'] });
    expect(await tfaRenewRecoveryCodes('Secret123!', '123 456')).toEqual({ ok: true, value: ['abcd-efgh-jkmn-pqrs'] });
    expect(api.browserPost).toHaveBeenCalledWith('/tfa/recovery_codes', { password: 'Secret123!', token: '123456' });
  });

  it('a staff account asking for a reset by e-mail is told what to do instead', async () => {
    api.browserPost.mockRejectedValueOnce(apiError(403, 'auth/tfa_reset_staff'));
    expect(await tfaRequestReset()).toMatchObject({
      ok: false,
      errorCode: 'auth/tfa_reset_staff',
      message: expect.stringContaining('recovery codes'),
    });
  });

  it('"this was not me" sends the cancel token; a link without one is refused without a call', async () => {
    api.browserPost.mockResolvedValueOnce({ ok: true });
    expect(await tfaCancelReset('tok')).toEqual({ ok: true });
    expect(api.browserPost).toHaveBeenCalledWith('/tfa/cancel_reset', { cancelToken: 'tok' });
    expect(await tfaCancelReset('')).toMatchObject({ ok: false });
    expect(api.browserPost).toHaveBeenCalledTimes(1);
  });

  it('set-up answers the QR code and key; a wrong code gives the catalogue message', async () => {
    const setup = { otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,AAA', manualKey: 'ABCD EFGH IJKL' };
    api.browserPost.mockResolvedValueOnce(setup);
    expect(await tfaSetup()).toEqual({ ok: true, value: setup });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/tfa_wrong_code'));
    expect(await tfaVerify('000000')).toMatchObject({
      ok: false,
      message: 'That code is incorrect. Enter the 6-digit code your authenticator app shows now.',
    });
  });

  it('the key is grouped in fours to read and copied without spaces', () => {
    expect(groupKey('ABCDEFGHIJ')).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(groupKey('ABCD EFGH IJ')).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(compactKey('ABCD EFGH IJ')).toBe('ABCDEFGHIJ');
  });

  it('reset by e-mailed link sends the token and answers when it takes effect; a link without one is refused without a call', async () => {
    api.browserPost.mockResolvedValueOnce({ ok: true, effectiveAt: '2026-11-30T08:45:00.000Z' });
    expect(await tfaReset('tok')).toEqual({ ok: true, value: { effectiveAt: '2026-11-30T08:45:00.000Z' } });
    expect(api.browserPost).toHaveBeenCalledWith('/tfa/reset', { resetTfaToken: 'tok' });
    api.browserPost.mockRejectedValueOnce(apiError(400, 'auth/tfa_reset_token_invalid'));
    expect(await tfaReset('old')).toMatchObject({
      ok: false,
      message: 'This two-factor reset link is not valid. Please ask for a new one.',
    });
    expect(await tfaReset('')).toMatchObject({ ok: false, errorCode: 'auth/tfa_reset_token_invalid' });
    expect(api.browserPost).toHaveBeenCalledTimes(2);
  });
});
