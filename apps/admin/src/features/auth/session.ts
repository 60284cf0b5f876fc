/** The session as `GET /auth/me` tells it, shared by every screen through TanStack Query. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionState } from '@kedai/contract';
import { api } from '../../lib/api';
import { SIGNED_OUT } from './gate';

export const SESSION_KEY = ['session'] as const;

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: ({ signal }) => api.get('/auth/me', { signal }), staleTime: 60_000 });
}

/** Stores the session a sign-in step answered, so the gate moves on without another call. */
export function useSetSession(): (session: SessionState) => void {
  const client = useQueryClient();
  return (session) => client.setQueryData(SESSION_KEY, session);
}

/** Signs out: the API ends the session; this browser forgets everything it loaded. */
export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    try {
      await api.delete('/auth/logout');
    } catch (error) {
      console.warn('Signing out failed', error); // rules: errors.md: a failed sign-out is only logged
    }
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    client.setQueryData(SESSION_KEY, SIGNED_OUT);
  };
}
