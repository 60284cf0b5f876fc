/**
 * What the server-side and the browser API clients share: the error they reject with and how an
 * answer's body becomes an error envelope (architecture §6). They live with the contract's client
 * (`@kedai/contract/client`, no zod), so there is one `ApiError` class. Safe in client bundles.
 */
export { API_UNREACHABLE, ApiError, isApiError } from '@kedai/contract/client';
