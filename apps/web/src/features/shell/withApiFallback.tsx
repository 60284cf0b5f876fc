import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { ShopUnavailable } from './ShopUnavailable';

/**
 * Renders `render(await load())`, or — when the API is down or answers an error — the
 * "taking a break" state, server-side, with a reload link to `retryHref`. Other errors are
 * rethrown to the route's `error.tsx`.
 */
export async function withApiFallback<T>(retryHref: string, load: () => Promise<T>, render: (data: T) => ReactNode): Promise<ReactNode> {
  let data: T;
  try {
    data = await load();
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error(`[web] ${retryHref}: API ${error.path} failed: ${error.status || 'no answer'} ${error.errorCode} ${error.message}`);
    return (
      <ShopUnavailable
        retry={
          <a href={retryHref} className="button button--primary">
            Try again
          </a>
        }
      />
    );
  }
  return render(data);
}
