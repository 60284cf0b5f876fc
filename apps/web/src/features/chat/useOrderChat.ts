'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatThreadState } from '@kedai/contract';
import {
  CHAT_POLL_MS,
  READ_RETRY_MS,
  TYPING_SENT_EVERY_MS,
  TYPING_SHOWN_MS,
  lastMessageId,
  loadMessages,
  markThreadRead,
  mergeMessages,
  sendMessage,
  sendPhoto,
  type ChatResult,
} from './chat';
import { liveChannel, type LiveStatus } from './live';

type ChatLoad = 'loading' | 'ready' | { error: string };

export interface OrderChat {
  load: ChatLoad;
  messages: ChatMessage[];
  /** Older messages exist before the first shown. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierError: string | null;
  thread: Pick<ChatThreadState, 'readUpTo' | 'otherReadUpTo'>;
  /** The staff member typing now (their first name, or null for "the shop"); undefined when nobody is. */
  typing: string | null | undefined;
  live: LiveStatus;
  retry: () => void;
  loadEarlier: () => Promise<void>;
  send: (text: string) => Promise<ChatResult<ChatMessage>>;
  sendPhoto: (file: Blob) => Promise<ChatResult<ChatMessage>>;
  markRead: (messageId: number) => void;
  /** Tells the shop the shopper is typing (at most every few seconds). */
  typed: () => void;
}

/**
 * One order's conversation, live: the newest page first, then messages as the socket brings them
 * (or, while it cannot open, by asking `after` the last one every ten seconds), each id once.
 */
export function useOrderChat(orderId: string): OrderChat {
  const [load, setLoad] = useState<ChatLoad>('loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  const [thread, setThread] = useState({ readUpTo: 0, otherReadUpTo: 0 });
  const [typing, setTyping] = useState<string | null | undefined>(undefined);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  // The latest messages for callbacks that outlive a render (the socket's `after`, the poll).
  const messagesRef = useRef<ChatMessage[]>([]);
  // The read mark: the highest sent (or being sent), and the highest the API has answered for.
  const readSentRef = useRef(0);
  const readHeldRef = useRef(0);
  const readRetry = useRef<{ failures: number; timer: ReturnType<typeof setTimeout> | null }>({ failures: 0, timer: null });
  const mountedRef = useRef(true);
  const typingSentRef = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const merge = useCallback((incoming: readonly ChatMessage[]) => {
    if (incoming.length === 0) return;
    setMessages((current) => {
      const next = mergeMessages(current, incoming);
      messagesRef.current = next;
      return next;
    });
  }, []);

  const takeThread = useCallback((state: Pick<ChatThreadState, 'readUpTo' | 'otherReadUpTo'>) => {
    setThread((current) => ({
      readUpTo: Math.max(current.readUpTo, state.readUpTo),
      otherReadUpTo: Math.max(current.otherReadUpTo, state.otherReadUpTo),
    }));
  }, []);

  // The newest page.
  useEffect(() => {
    let current = true;
    setLoad('loading');
    void loadMessages(orderId).then((result) => {
      if (!current) return;
      if (!result.ok) return setLoad({ error: result.message });
      merge(result.value.messages);
      setHasEarlier(result.value.hasMore);
      takeThread(result.value.thread);
      readSentRef.current = result.value.thread.readUpTo;
      readHeldRef.current = result.value.thread.readUpTo;
      setLoad('ready');
    });
    return () => {
      current = false;
    };
  }, [orderId, attempt, merge, takeThread]);

  useEffect(() => {
    mountedRef.current = true;
    const retry = readRetry.current;
    return () => {
      mountedRef.current = false;
      if (retry.timer) clearTimeout(retry.timer);
      retry.timer = null;
    };
  }, []);

  // Live frames for this thread.
  useEffect(() => {
    if (load !== 'ready') return;
    const channel = liveChannel();
    setLive(channel.threadStatus(orderId));
    const offStatus = channel.onStatus(() => setLive(channel.threadStatus(orderId)));
    const offFrames = channel.listen((frame) => {
      if (frame.type === 'message' && frame.message.orderId === orderId) {
        merge([frame.message]);
        if (frame.message.author.role !== 'shopper') setTyping(undefined);
      } else if (frame.type === 'read' && frame.orderId === orderId) {
        takeThread({ readUpTo: frame.shopperReadUpTo, otherReadUpTo: frame.staffReadUpTo });
      } else if (frame.type === 'typing' && frame.orderId === orderId && frame.role === 'staff') {
        setTyping(frame.name);
        if (typingTimer.current) clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(undefined), TYPING_SHOWN_MS);
      }
    });
    const offThread = channel.subscribe(orderId, () => lastMessageId(messagesRef.current));
    return () => {
      offThread();
      offFrames();
      offStatus();
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [load, orderId, merge, takeThread]);

  // Without the socket, ask for what is new every ten seconds.
  useEffect(() => {
    if (load !== 'ready' || live === 'open') return;
    const timer = setInterval(() => {
      void loadMessages(orderId, { after: lastMessageId(messagesRef.current) }).then((result) => {
        if (!result.ok) return;
        merge(result.value.messages);
        takeThread(result.value.thread);
      });
    }, CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [load, live, orderId, merge, takeThread]);

  const loadEarlier = useCallback(async () => {
    const first = messagesRef.current[0];
    if (!first) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    const result = await loadMessages(orderId, { before: first.id });
    setLoadingEarlier(false);
    if (!result.ok) return setEarlierError(result.message);
    merge(result.value.messages);
    setHasEarlier(result.value.hasMore);
  }, [orderId, merge]);

  const send = useCallback(
    async (text: string): Promise<ChatResult<ChatMessage>> => {
      const result = await sendMessage(orderId, text);
      if (!result.ok) return result;
      merge([result.value.message]);
      takeThread(result.value.thread);
      return { ok: true, value: result.value.message };
    },
    [orderId, merge, takeThread],
  );

  const sendPicture = useCallback(
    async (file: Blob): Promise<ChatResult<ChatMessage>> => {
      const result = await sendPhoto(orderId, file);
      if (!result.ok) return result;
      merge([result.value.message]);
      takeThread(result.value.thread);
      return { ok: true, value: result.value.message };
    },
    [orderId, merge, takeThread],
  );

  // The mark counts only once the API holds it: until then the shop would still e-mail the reply and
  // the bell still count it. A failed mark is asked again after a short, growing wait, and sooner
  // if the panel asks (the newest message seen again).
  const markRead = useCallback(
    (messageId: number) => {
      const sendMark = () => {
        if (messageId <= readSentRef.current) return;
        readSentRef.current = messageId;
        if (readRetry.current.timer) clearTimeout(readRetry.current.timer);
        readRetry.current.timer = null;
        void markThreadRead(orderId, messageId).then((answer) => {
          if (!mountedRef.current) return;
          if (answer) {
            readRetry.current.failures = 0;
            readHeldRef.current = Math.max(readHeldRef.current, answer.readUpTo);
            takeThread(answer);
            return;
          }
          // A newer mark already went out: it carries this one.
          if (readSentRef.current !== messageId) return;
          readSentRef.current = readHeldRef.current;
          const wait = READ_RETRY_MS[Math.min(readRetry.current.failures, READ_RETRY_MS.length - 1)]!;
          readRetry.current.failures += 1;
          readRetry.current.timer = setTimeout(() => {
            readRetry.current.timer = null;
            sendMark();
          }, wait);
        });
      };
      sendMark();
    },
    [orderId, takeThread],
  );

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - typingSentRef.current < TYPING_SENT_EVERY_MS) return;
    if (liveChannel().send({ type: 'typing', orderId })) typingSentRef.current = now;
  }, [orderId]);

  return {
    load,
    messages,
    hasEarlier,
    loadingEarlier,
    earlierError,
    thread,
    typing,
    live,
    retry: () => setAttempt((n) => n + 1),
    loadEarlier,
    send,
    sendPhoto: sendPicture,
    markRead,
    typed,
  };
}
