/**
 * Disputes on the order page (issue 29): the calls, and the form's rules as pure functions (tested
 * without a browser). The limits and reasons are the domain's, so the form and the API agree.
 */
import type { ChatMessage, Dispute, DisputeList } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import {
  countedLength,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_DESCRIPTION_MIN,
  DISPUTE_PHOTOS_MAX,
  DISPUTE_REASONS,
  checkDisputeDescription,
  isDisputeReason,
  shopperMessage,
  type DisputeReason,
} from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { chatErrorMessage } from '../chat/chat';
import { loaded, type Loaded } from '../account/account-actions';

/** The reasons in the order the form lists them, with their words. */
export const REASON_OPTIONS = Object.entries(DISPUTE_REASONS).map(([value, label]) => ({ value: value as DisputeReason, label }));

/** `GET /order/{id}/disputes`: newest first. */
export function loadDisputes(orderId: string, api: ApiClient = browserApi): Promise<Loaded<DisputeList>> {
  return loaded(() => api.get('/order/:id/disputes', { params: { id: orderId } }));
}

/** `POST /order/{id}/disputes`. */
export function openDispute(orderId: string, reason: string, description: string, api: ApiClient = browserApi): Promise<Loaded<Dispute>> {
  return loaded(() => api.post('/order/:id/disputes', { params: { id: orderId }, body: { reason, description } }));
}

/**
 * `POST /order/{id}/disputes/photo`: one photo for the open dispute, sent after it is opened (the
 * API stores it as a private chat photo and writes it into the conversation, naming the dispute).
 */
export async function sendDisputePhoto(orderId: string, file: Blob, api: ApiClient = browserApi): Promise<Loaded<ChatMessage>> {
  try {
    return { ok: true, value: (await api.post('/order/:id/disputes/photo', { params: { id: orderId }, body: file })).message };
  } catch (error) {
    return { ok: false, message: chatErrorMessage(error, 'photo') };
  }
}

/** The photos picked so far with the new ones, at most the dispute's room; and whether some were left out. */
export function addPhotos(
  current: readonly File[],
  picked: readonly File[],
  room = DISPUTE_PHOTOS_MAX,
): { files: File[]; leftOut: boolean } {
  const files = [...current, ...picked].slice(0, Math.max(room, 0));
  return { files, leftOut: current.length + picked.length > files.length };
}

export interface DisputeFormProblems {
  reason?: string;
  description?: string;
}

/** What the form must say before sending (the API's own checks, in the shopper's words); empty when it may be sent. */
export function disputeFormProblems(reason: string, description: string): DisputeFormProblems {
  const problems: DisputeFormProblems = {};
  if (!isDisputeReason(reason)) problems.reason = shopperMessage('dispute/invalid_reason');
  const checked = checkDisputeDescription(description);
  if ('problem' in checked)
    problems.description =
      checked.problem === 'too_short'
        ? shopperMessage('dispute/description_too_short', [DISPUTE_DESCRIPTION_MIN])
        : shopperMessage('dispute/description_too_long', [DISPUTE_DESCRIPTION_MAX]);
  return problems;
}

/** "123 / 2000 characters" under the description (trimmed, as the API counts). */
export function descriptionCount(description: string): string {
  return `${countedLength(description)} / ${DISPUTE_DESCRIPTION_MAX} characters`;
}

const STATUS_WORDS: Record<Dispute['status'], string> = {
  open: 'Open — the shop is looking into it',
  refunded: 'Resolved with a refund',
  declined: 'Declined',
};

export function disputeStatusText(status: Dispute['status']): string {
  return STATUS_WORDS[status];
}

export function reasonText(reason: string): string {
  return isDisputeReason(reason) ? DISPUTE_REASONS[reason] : reason;
}
