/**
 * The back office's one QueryClient. A call refused because the session ended, owes its second
 * factor or lost its role re-reads `GET /auth/me`, so the gate (features/auth) shows the right
 * screen; a failed refresh after a 401 signs the browser out at once.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { SIGNED_OUT } from '../features/auth/gate';
import { SESSION_KEY } from '../features/auth/session';
import { onSessionExpired } from '../lib/api';
import { sessionProblem, statusOf } from '../lib/errors';

function onError(error: unknown) {
  if (sessionProblem(error)) void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      // Only an API that could not be reached is worth asking again; its answers are final.
      retry: (failures, error) => statusOf(error) === 0 && failures < 2,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});

onSessionExpired(() => {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  queryClient.setQueryData(SESSION_KEY, SIGNED_OUT);
});
