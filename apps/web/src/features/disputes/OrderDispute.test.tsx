// @vitest-environment happy-dom
/**
 * The order page's dispute panel as a shopper meets it, in a DOM (happy-dom), the browser's API client
 * replaced by a stand-in: the form appears only while a dispute may be opened, checks the reason and
 * the description (with its count) before sending, says the API's refusal in words, and once open
 * shows the dispute's status and where photos go; resolved disputes show how they ended.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dispute, DisputeInfo } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDispute } from './OrderDispute';
import { descriptionCount, disputeFormProblems } from './disputes';

type Options = { params?: Record<string, string>; body?: unknown };
const answers = vi.hoisted(() => new Map<string, (options: Options) => unknown>());
const api = vi.hoisted(() => {
  const call =
    (method: string) =>
    async (path: string, options: Options = {}) => {
      const handler = answers.get(`${method} ${path}`);
      if (!handler) throw new Error(`unexpected ${method} ${path}`);
      return handler(options);
    };
  return { get: vi.fn(call('GET')), post: vi.fn(call('POST')), put: vi.fn(call('PUT')), delete: vi.fn(call('DELETE')) };
});
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: api,
}));

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const PHOTOS = ['3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b', '5c1d2e4b-3b2e-4e6a-8c5e-9a516f3f0c1d', '7e1d2e4b-3b2e-4e6a-8c5e-9a516f3f0c1d'];
const open: DisputeInfo = { canDispute: true, until: 1_800_000_000, how: "Open a dispute from this order's page." };
const closed: DisputeInfo = {
  canDispute: false,
  until: 1_700_000_000,
  how: 'Disputes can be opened up to 14 days after delivery; that time has passed.',
};

function dispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'dddddddd-0000-4000-8000-000000000001',
    orderId: ORDER_ID,
    status: 'open',
    reason: 'damaged',
    description: 'The lid arrived cracked.',
    openedAt: 1_799_000_000,
    resolvedAt: null,
    resolution: null,
    refundAmount: null,
    photos: [],
    ...overrides,
  };
}

function panel(info: DisputeInfo | null, disputes: Dispute[] = [], onOpened = vi.fn()) {
  render(
    <OrderDispute orderId={ORDER_ID} currency="SGD" info={info} timeZone="Asia/Singapore" initialDisputes={disputes} onOpened={onOpened} />,
  );
  return onOpened;
}

afterEach(() => {
  answers.clear();
  vi.clearAllMocks();
  document.body.innerHTML = '';
});

describe('the dispute form', () => {
  it('opens from the button, checks the reason and the description, and sends them', async () => {
    const user = userEvent.setup();
    const onOpened = panel(open);
    expect(screen.getByRole('heading', { name: 'Something wrong with this order?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open a dispute' }));
    const reason = screen.getByLabelText('What is wrong?');
    expect(document.activeElement).toBe(reason);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a reason',
      'The parcel has not arrived',
      'An item arrived damaged',
      'An item is not what I ordered',
      'An item is missing',
      'An item is not as described',
      'Something else',
    ]);
    expect(screen.getByLabelText('Photos (optional, up to 4)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    expect(screen.getByText('Choose what is wrong from the list.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.post).not.toHaveBeenCalled();

    await user.selectOptions(reason, 'damaged');
    const description = screen.getByLabelText('Tell us what happened');
    await user.type(description, 'Cracked');
    expect(screen.getByText('7 / 2000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    expect(screen.getByText('Tell us a little more: at least 10 characters.')).toBeTruthy();
    expect(description.getAttribute('aria-describedby')).toContain('description-error');

    answers.set('POST /order/:id/disputes', (options) => dispute({ description: (options.body as { description: string }).description }));
    await user.type(description, ' lid, in two');
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() => expect(onOpened).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/order/:id/disputes', {
      params: { id: ORDER_ID },
      body: { reason: 'damaged', description: 'Cracked lid, in two' },
    });
    expect(screen.getByRole('status').textContent).toMatch(/Your dispute is open/);
    expect(screen.getByText('Open — the shop is looking into it')).toBeTruthy();
    expect(screen.getByLabelText('Add photos (0 of 4)')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
  });

  it('sends the picked photos for the dispute once it is open, and shows them from the order’s photo route', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    answers.set('POST /order/:id/disputes', () => {
      order.push('open');
      return dispute();
    });
    let next = 0;
    answers.set('POST /order/:id/disputes/photo', (options) => {
      order.push(`photo ${(options.body as File).name}`);
      if ((options.body as File).name === 'blurry.gif') {
        throw new ApiError({ errorCode: 'general/unsupported_media_type', error: 'No', params: [] }, 415, 'path');
      }
      return { message: { image: `chat/${PHOTOS[next++]}.webp` } };
    });
    panel(open);
    await user.click(screen.getByRole('button', { name: 'Open a dispute' }));
    await user.selectOptions(screen.getByLabelText('What is wrong?'), 'damaged');
    await user.type(screen.getByLabelText('Tell us what happened'), 'The lid arrived cracked.');
    const picker = screen.getByLabelText<HTMLInputElement>('Photos (optional, up to 4)');
    const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
    await user.upload(picker, [file('lid.png'), file('box.png'), file('blurry.gif')]);
    await user.upload(picker, [file('a.png'), file('b.png')]);
    // Four at most: the fifth is left out, and the shopper is told.
    expect(screen.getByText('A dispute can have up to 4 photos: the first 4 are kept.')).toBeTruthy();
    const picked = within(screen.getByRole('list', { name: 'Photos to send' }));
    expect(picked.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'lid.png Remove lid.png',
      'box.png Remove box.png',
      'blurry.gif Remove blurry.gif',
      'a.png Remove a.png',
    ]);
    await user.click(picked.getByRole('button', { name: 'Remove a.png' }));
    expect(picker.disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    // Opened first, then each photo for it, in the order picked.
    await waitFor(() => expect(order).toEqual(['open', 'photo lid.png', 'photo box.png', 'photo blurry.gif']));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Your dispute is open, but 1 photo was not sent: This file is not a photo we can take/);
    const sent = within(screen.getByRole('list', { name: 'Photos sent with your dispute' })).getAllByRole('img');
    expect(sent.map((img) => img.getAttribute('src'))).toEqual([
      `/api/order/${ORDER_ID}/messages/photos/${PHOTOS[0]}_thumb.webp`,
      `/api/order/${ORDER_ID}/messages/photos/${PHOTOS[1]}_thumb.webp`,
    ]);
    expect(sent[0]!.closest('a')!.getAttribute('href')).toBe(`/api/order/${ORDER_ID}/messages/photos/${PHOTOS[0]}.webp`);

    // Room is left for two more: added to the open dispute.
    await user.upload(screen.getByLabelText('Add photos (2 of 4)'), [file('c.png')]);
    await screen.findByLabelText('Add photos (3 of 4)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the API's refusal in words and keeps what was typed", async () => {
    const user = userEvent.setup();
    answers.set('POST /order/:id/disputes', () => {
      throw new ApiError(
        { errorCode: 'dispute/already_open', error: 'A dispute about this order is already open', params: [] },
        409,
        'path',
      );
    });
    panel(open);
    await user.click(screen.getByRole('button', { name: 'Open a dispute' }));
    await user.selectOptions(screen.getByLabelText('What is wrong?'), 'missing_item');
    await user.type(screen.getByLabelText('Tell us what happened'), 'One cup is missing from the set.');
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Your dispute could not be opened: /);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Tell us what happened').value).toBe('One cup is missing from the set.');
  });

  it('no form when a dispute may not be opened: the reason in words instead', () => {
    panel(closed);
    expect(screen.getByText(closed.how)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
  });

  it('an open dispute shows its status; resolved ones how they ended', () => {
    panel({ ...open, canDispute: false, how: 'A dispute about this order is open.' }, [
      dispute(),
      dispute({
        id: 'dddddddd-0000-4000-8000-000000000002',
        status: 'refunded',
        refundAmount: 500,
        resolution: 'Sorry',
        resolvedAt: 1_799_100_000,
      }),
      dispute({
        id: 'dddddddd-0000-4000-8000-000000000003',
        status: 'declined',
        reason: 'other',
        resolution: 'No damage in the photos',
        resolvedAt: 1_799_100_000,
      }),
    ]);
    expect(screen.getByText('Your dispute: An item arrived damaged')).toBeTruthy();
    const earlier = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(earlier[0]).toMatch(/An item arrived damaged — Resolved with a refund: SGD\s5\.00/);
    expect(earlier[0]).toContain('The shop says: Sorry');
    expect(earlier[1]).toMatch(/Something else — Declined/);
    expect(earlier[1]).toContain('The shop says: No damage in the photos');
  });

  it('the rules the form checks are the API’s', () => {
    expect(disputeFormProblems('damaged', '   ten chars!   ')).toEqual({});
    expect(disputeFormProblems('toString', 'x'.repeat(2001))).toEqual({
      reason: 'Choose what is wrong from the list.',
      description: 'Your description is too long: keep it to 2000 characters.',
    });
    expect(descriptionCount('  abc  ')).toBe('3 / 2000 characters');
  });
});
