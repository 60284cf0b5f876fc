/** The inbox's reads: a page of conversations, the count of waiting ones for the navigation, link previews. */
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { INBOX_PAGE_SIZE, type InboxState } from './inbox-view';
import { liveChannel, useLiveFrames, useLiveOpen } from './live';

/** Every read of the inbox starts with this key, so any change refreshes them all (the badge too). */
export const INBOX_KEY = ['inbox'] as const;
const inboxPageKey = (state: Pick<InboxState, 'filter' | 'page'>) => [...INBOX_KEY, 'page', state.filter, state.page] as const;
export const WAITING_COUNT_KEY = [...INBOX_KEY, 'waiting-count'] as const;

/** Without the socket the lists are read again this often; with it, rarely (a missed frame still shows). */
export const POLL_MS = 15_000;
const LIVE_POLL_MS = 120_000;

export const useInbox = (state: Pick<InboxState, 'filter' | 'page'>) => {
  const live = useLiveOpen();
  return useQuery({
    queryKey: inboxPageKey(state),
    queryFn: ({ signal }) => api.get('/admin/inbox', { query: { filter: state.filter, page: state.page, limit: INBOX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_POLL_MS : POLL_MS,
    staleTime: 0,
  });
};

/** How many conversations wait for an answer (null until known, or when it cannot be read). */
export function useWaitingCount(): number | null {
  const live = useLiveOpen();
  const count = useQuery({
    queryKey: WAITING_COUNT_KEY,
    queryFn: ({ signal }) => api.get('/admin/inbox', { query: { filter: 'waiting', limit: 1 }, signal }),
    refetchInterval: live ? LIVE_POLL_MS : 60_000,
    staleTime: 10_000,
  });
  return count.data?.counts.waiting ?? null;
}

/** While mounted, any change to a conversation (a `thread` frame) refreshes the inbox's reads, a burst at once. */
export function useInboxLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => liveChannel().watchInbox(), []);
  useLiveFrames((frame) => {
    if (frame.type === 'thread') scheduleRefresh(() => void queryClient.invalidateQueries({ queryKey: INBOX_KEY }));
  });
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleRefresh(refresh: () => void) {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    refresh();
  }, 300);
}

/** A link's preview card (title, description, picture), kept for the session; null when the page has none. */
export const useLinkPreview = (url: string | null) =>
  useQuery({
    queryKey: ['opengraph', url],
    queryFn: ({ signal }) => api.post('/opengraph', { body: { url: url! }, signal }),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
