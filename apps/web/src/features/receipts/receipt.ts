/**
 * The shopper's receipt or tax invoice (issue 30): `GET /order/{id}/receipt`, shown as a printable
 * page; the PDF is the API's own (`/api/order/{id}/receipt.pdf`, an attachment), so the link needs
 * no script. Failures come back as the shopper's sentence, never as throws.
 */
import type { Receipt } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';

/** `GET /order/{id}/receipt`. */
export function loadReceipt(id: string, api: ApiClient = browserApi): Promise<Loaded<Receipt>> {
  return loaded(() => api.get('/order/:id/receipt', { params: { id } }));
}

/** The receipt page of an order. */
export function receiptHref(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/receipt`;
}

/** The PDF download, through the storefront's API proxy. */
export function receiptPdfHref(orderId: string): string {
  return `/api/order/${encodeURIComponent(orderId)}/receipt.pdf`;
}
