/**
 * What the server-side and the browser API clients share: the error they reject with and how an
 * answer's body becomes an error envelope (architecture §6). Safe in client bundles.
 */
import type { ErrorEnvelope } from '@kedai/contract';

/** Error codes the clients give to failures that never produced an API answer. */
export const API_UNREACHABLE = 'general/api_unreachable';
export const API_BAD_RESPONSE = 'general/unknown_error';

/** A failed API call. Carries the error envelope and the HTTP status (0: no answer). */
export class ApiError extends Error implements ErrorEnvelope {
  override readonly name = 'ApiError';
  readonly errorCode: string;
  readonly error: string;
  readonly params: unknown[];
  readonly status: number;
  readonly path: string;

  constructor(envelope: ErrorEnvelope, status: number, path: string, options?: { cause?: unknown }) {
    super(envelope.error || envelope.errorCode || 'Unknown error', options);
    this.errorCode = envelope.errorCode;
    this.error = envelope.error;
    this.params = envelope.params;
    this.status = status;
    this.path = path;
  }

  toEnvelope(): ErrorEnvelope {
    return { errorCode: this.errorCode, error: this.error, params: this.params };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The parsed JSON body of an answer, or undefined when it is empty or not JSON. */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The envelope of a non-2xx answer: its own when it has one, else `general/unknown_error`, whose
 * message reads 'message {0}' (spec §8), with `fallback` as its parameter.
 */
export function envelopeOf(body: unknown, fallback: string): ErrorEnvelope {
  if (typeof body === 'object' && body !== null) {
    const candidate = body as Record<string, unknown>;
    if (typeof candidate.errorCode === 'string' && typeof candidate.error === 'string') {
      return {
        errorCode: candidate.errorCode,
        error: candidate.error,
        params: Array.isArray(candidate.params) ? candidate.params : [],
      };
    }
  }
  return { errorCode: API_BAD_RESPONSE, error: fallback, params: [fallback] };
}
