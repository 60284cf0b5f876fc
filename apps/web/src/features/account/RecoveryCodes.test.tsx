// @vitest-environment happy-dom
/**
 * The recovery codes as a shopper meets them once, in a DOM (happy-dom): the heading takes focus,
 * the codes are listed, copied all at once and downloaded as text, and moving on needs "I have
 * saved these codes" ticked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from './user-slice';
import { RecoveryCodes } from './RecoveryCodes';

const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${'rstuvwxyz2'[i]}${i + 2}`);

function setup() {
  const store = makeStore({
    api: fakeApi({}).api,
    preloadedState: { user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper } },
  });
  const onDone = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <RecoveryCodes codes={codes} onDone={onDone} />
    </Provider>,
  );
  return { onDone, user };
}

afterEach(() => vi.restoreAllMocks());

describe('the recovery codes', () => {
  it('lists the ten codes under a heading that takes focus, and says what they are for', async () => {
    setup();
    const heading = screen.getByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByText(/sign in with one of these codes instead/)).toBeTruthy();
    expect(screen.getByText('This is the only time we show them.')).toBeTruthy();
  });

  it('copies all the codes, one a line, and says so', async () => {
    const { user } = setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect((await screen.findByRole('status')).textContent).toContain('The codes are copied.');
  });

  it('downloads them as a text file', async () => {
    const { user } = setup();
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('kedai-recovery-codes.txt');
    });
    await user.click(screen.getByRole('button', { name: 'Download as text' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const text = await made[0]!.text();
    expect(text).toContain(`Account: ${shopper.email}`);
    for (const code of codes) expect(text).toContain(code);
    expect(screen.getByRole('status').textContent).toContain('kedai-recovery-codes.txt');
  });

  it('moving on needs "I have saved these codes": without it the box is marked and focused', async () => {
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const box = screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' });
    expect(onDone).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(screen.getByText(/we cannot show them again/)).toBeTruthy();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
