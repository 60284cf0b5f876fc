/**
 * The conversation about one order, as staff hold it (issue 29): the messages oldest first with a way
 * to load earlier ones, who wrote each (which colleague, too), links clickable with a preview card,
 * photos, a composer (Enter sends, Shift+Enter a new line), a photo to attach, Mark done / Reopen, and
 * "Shopper is typing…". Live over the socket; when it is not open, read again every 15 s. Every source
 * is merged by message id, so nothing shows twice. What is shown is marked read.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatMessagePage, ChatThreadState } from '@kedai/contract';
import { CHAT_MESSAGE_MAX, CHAT_PAGE_DEFAULT, countedLength, firstLink, messageParts } from '@kedai/domain';
import { api } from '../../lib/api';
import { chatPhotoSrc } from '../../lib/assets';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { UPLOAD_ACCEPT, fileProblem, uploadProblem } from '../images/image-list';
import { arrivedText, authorText, lastIdOf, mergeMessages, messageTime, newerMarks, safePreviewImage } from './inbox-view';
import { liveChannel, useLiveFrames, useThreadLive } from './live';
import { INBOX_KEY, POLL_MS, useLinkPreview } from './queries';

interface State {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  messages: ChatMessage[];
  /** Older messages exist before the first shown. */
  hasEarlier: boolean;
  thread: ChatThreadState | null;
}

type Action =
  | { type: 'loaded'; page: ChatMessagePage }
  | { type: 'failed'; error: unknown }
  | { type: 'earlier'; page: ChatMessagePage }
  | { type: 'merge'; messages: ChatMessage[]; thread?: ChatThreadState }
  | { type: 'read'; mine?: number; theirs?: number };

const INITIAL: State = { status: 'loading', error: null, messages: [], hasEarlier: false, thread: null };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'loaded':
      return {
        status: 'ready',
        error: null,
        messages: mergeMessages(state.messages, action.page.messages),
        hasEarlier: action.page.hasMore,
        thread: action.page.thread,
      };
    case 'failed':
      return state.status === 'ready' ? state : { ...state, status: 'error', error: action.error };
    case 'earlier':
      return { ...state, messages: mergeMessages(state.messages, action.page.messages), hasEarlier: action.page.hasMore };
    case 'merge':
      return { ...state, messages: mergeMessages(state.messages, action.messages), thread: newerMarks(state.thread, action.thread) };
    case 'read': {
      if (!state.thread) return state;
      const thread = {
        ...state.thread,
        readUpTo: Math.max(state.thread.readUpTo, action.mine ?? 0),
        otherReadUpTo: Math.max(state.thread.otherReadUpTo, action.theirs ?? 0),
      };
      return { ...state, thread };
    }
  }
}

/** How long "Shopper is typing…" stays without a new typing frame. */
const TYPING_SHOWN_MS = 6_000;
/** A typing frame is sent at most this often while staff type. */
const TYPING_SENT_EVERY_MS = 3_000;

interface Props {
  orderId: string;
  /** Whether staff marked it done, when the page knows (the inbox does; else the thread says); the button follows the answer. */
  done?: boolean;
  /** The clock (ms), for times shown as "today". */
  now?: () => number;
  /** The heading's level where it sits. */
  headingLevel?: 2 | 3;
}

export function Conversation({ orderId, done: doneGiven, now = Date.now, headingLevel = 2 }: Props) {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const queryClient = useQueryClient();
  const live = useThreadLive(orderId);
  const lastId = useRef(0);
  useEffect(() => {
    lastId.current = Math.max(lastId.current, lastIdOf(state.messages));
  }, [state.messages]);
  const [typing, setTyping] = useState<string | null>(null);
  // A message that arrives while staff look elsewhere on the page is read out.
  const [arrived, setArrived] = useState('');
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const [earlierProblem, setEarlierProblem] = useState<string | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The answer of Mark done / Reopen, until the page tells of a newer state.
  const [doneAnswer, setDoneAnswer] = useState<{ given: boolean | undefined; done: boolean } | null>(null);
  // The page's word (the inbox row), else the thread's own state.
  const doneKnown = doneGiven ?? state.thread?.done;
  const done = doneAnswer && doneAnswer.given === doneKnown ? doneAnswer.done : doneKnown;
  const setDone = (next: boolean) => setDoneAnswer({ given: doneKnown, done: next });

  const refreshInbox = useCallback(() => void queryClient.invalidateQueries({ queryKey: INBOX_KEY }), [queryClient]);

  // The newest page first.
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/admin/order/:id/messages', { params: { id: orderId }, query: { limit: CHAT_PAGE_DEFAULT }, signal: controller.signal })
      .then((page) => dispatch({ type: 'loaded', page }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', error });
      });
    return () => controller.abort();
  }, [orderId, attempt]);

  const ready = state.status === 'ready';

  // Live: the thread's frames, from the last message this page has.
  useEffect(() => {
    if (!ready) return;
    return liveChannel().watchThread(orderId, () => lastId.current);
  }, [orderId, ready]);

  useLiveFrames((frame) => {
    if (frame.type === 'message' && frame.message.orderId === orderId) {
      dispatch({ type: 'merge', messages: [frame.message] });
      if (frame.message.author.role === 'shopper') setTyping(null);
      // The shopper's new messages are read out with their words, so two in a row are two announcements;
      // staff's own (their echo may beat the send's answer) and colleagues' show without interrupting.
      if (frame.message.id > lastId.current && frame.message.author.role === 'shopper') setArrived(arrivedText(frame.message));
    } else if (frame.type === 'read' && frame.orderId === orderId) {
      dispatch({ type: 'read', mine: frame.staffReadUpTo, theirs: frame.shopperReadUpTo });
    } else if (frame.type === 'typing' && frame.orderId === orderId && frame.role === 'shopper') {
      setTyping(frame.name ? `${frame.name} (shopper) is typing…` : 'Shopper is typing…');
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    }
  });
  useEffect(() => () => void (typingTimer.current && clearTimeout(typingTimer.current)), []);

  // Without the socket: what came after the last message, every 15 s.
  useEffect(() => {
    if (!ready || live) return;
    let stopped = false;
    const timer = setInterval(() => {
      void (async () => {
        try {
          for (let round = 0; round < 5 && !stopped; round += 1) {
            const page = await api.get('/admin/order/:id/messages', {
              params: { id: orderId },
              query: { after: String(lastId.current), limit: CHAT_PAGE_DEFAULT },
            });
            if (stopped) return;
            dispatch({ type: 'merge', messages: page.messages, thread: page.thread });
            lastId.current = Math.max(lastId.current, lastIdOf(page.messages));
            if (!page.hasMore) break;
          }
        } catch {
          // the next round tries again; the page keeps what it has
        }
      })();
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [orderId, ready, live]);

  // What is shown (the tab visible) is read: the mark moves up to the last message.
  const newest = lastIdOf(state.messages);
  const readUpTo = state.thread?.readUpTo ?? 0;
  const marking = useRef(0);
  useEffect(() => {
    if (!ready || newest <= readUpTo || marking.current >= newest) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marking.current >= newest) return;
      marking.current = newest;
      api
        .post('/admin/order/:id/update_chat_status', { params: { id: orderId }, body: { lastReadMessageId: newest } })
        .then(() => {
          dispatch({ type: 'read', mine: newest });
          refreshInbox();
        })
        .catch(() => {
          marking.current = 0; // tried again with the next message or visit
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [ready, newest, readUpTo, orderId, refreshInbox]);

  // The end stays in view as messages arrive, unless staff scrolled up to read.
  useEffect(() => {
    const list = listRef.current;
    if (list && stickToEnd.current) list.scrollTop = list.scrollHeight;
  }, [newest]);

  async function loadEarlier() {
    const first = state.messages[0];
    if (!first) return;
    setLoadingEarlier(true);
    setEarlierProblem(null);
    stickToEnd.current = false;
    try {
      const page = await api.get('/admin/order/:id/messages', {
        params: { id: orderId },
        query: { before: first.id, limit: CHAT_PAGE_DEFAULT },
      });
      dispatch({ type: 'earlier', page });
    } catch (error) {
      setEarlierProblem(errorText(error));
    } finally {
      setLoadingEarlier(false);
    }
  }

  const markDone = useMutation({
    mutationFn: (next: boolean) => api.post('/admin/order/:id/chat_done', { params: { id: orderId }, body: { done: next } }),
    onSuccess: (answer) => {
      setDone(answer.done);
      refreshInbox();
    },
  });

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `conversation-${orderId}`;
  return (
    <section className="panel conversation" aria-labelledby={headingId}>
      <div className="page-head">
        <Heading id={headingId}>Conversation with the shopper</Heading>
        {ready ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={markDone.isPending}
            onClick={() => markDone.mutate(!done)}
            aria-describedby={`${headingId}-done`}
          >
            {done ? 'Reopen' : 'Mark done'}
          </button>
        ) : null}
      </div>
      <p className="hint" id={`${headingId}-done`}>
        {done
          ? 'Marked done: it leaves the open conversations until the shopper writes again.'
          : 'Mark it done once nothing more is needed; it opens again when the shopper writes.'}
      </p>
      {markDone.isError ? (
        <Alert tone="error" title={done ? 'It was not reopened' : 'It was not marked done'}>
          <p>{errorText(markDone.error)}</p>
        </Alert>
      ) : null}

      {state.status === 'loading' ? (
        <p role="status" className="hint">
          Loading the conversation…
        </p>
      ) : null}
      {state.status === 'error' ? (
        <Alert tone="error" title="The conversation could not be loaded">
          <p>{errorText(state.error)}</p>
          <p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </p>
        </Alert>
      ) : null}
      {ready ? (
        <>
          {state.hasEarlier ? (
            <p>
              <button type="button" className="button button--secondary" disabled={loadingEarlier} onClick={() => void loadEarlier()}>
                {loadingEarlier ? 'Loading earlier messages…' : 'Load earlier messages'}
              </button>
            </p>
          ) : null}
          {earlierProblem ? (
            <Alert tone="error" title="Earlier messages could not be loaded">
              <p>{earlierProblem}</p>
            </Alert>
          ) : null}
          {state.messages.length === 0 ? (
            <p>No messages yet. What you write here is shown to the shopper on their order page, and they get an e-mail.</p>
          ) : (
            <div
              ref={listRef}
              className="messages"
              role="region"
              aria-label="Messages"
              tabIndex={0}
              onScroll={(event) => {
                const list = event.currentTarget;
                stickToEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
              }}
            >
              <ol className="plain message-list" aria-label="Messages, oldest first">
                {state.messages.map((message) => (
                  <MessageItem key={message.id} message={message} now={now} seen={(state.thread?.otherReadUpTo ?? 0) >= message.id} />
                ))}
              </ol>
            </div>
          )}
          <p className="typing hint" role="status">
            {typing ?? ''}
          </p>
          <p className="visually-hidden" role="status">
            {arrived}
          </p>
          {!live ? <p className="hint">Live updates are paused; new messages are checked every 15 seconds.</p> : null}
          <Composer
            orderId={orderId}
            onSent={(message, thread) => {
              stickToEnd.current = true;
              dispatch({ type: 'merge', messages: [message], thread });
              setDone(false);
              refreshInbox();
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function MessageItem({ message, now, seen }: { message: ChatMessage; now: () => number; seen: boolean }) {
  const at = messageTime(message.createdAt, now());
  const role = message.author.role;
  const link = message.kind === 'text' ? firstLink(message.body) : null;
  return (
    <li className={`message message--${role}`}>
      <p className="message-head">
        <strong>{authorText(message)}</strong> <time dateTime={at.iso}>{at.text}</time>
        {role === 'staff' && seen ? <span className="hint"> · seen</span> : null}
      </p>
      {message.body ? <MessageText text={message.body} /> : null}
      {message.image ? (
        <Photo orderId={message.orderId} name={message.image} author={authorText(message)} dispute={message.disputeId !== null} />
      ) : null}
      {link ? <LinkPreview url={link} /> : null}
    </li>
  );
}

/** A message's text as text: links clickable, nothing ever read as HTML. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="message-body prewrap">
      {messageParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** A chat photo: read through the staff's own photo route (chat photos are private), linked to the full size. */
function Photo({ orderId, name, author, dispute = false }: { orderId: string; name: string; author: string; dispute?: boolean }) {
  const [failed, setFailed] = useState(false);
  const full = chatPhotoSrc(orderId, name, 'full');
  const thumb = chatPhotoSrc(orderId, name, 'thumb');
  const what = `${dispute ? 'For the dispute, sent' : 'Sent'} by ${author}`;
  if (!full || !thumb || failed) return <p className="hint">{what}: a photo that could not be shown (reload to try again)</p>;
  return (
    <a href={full} target="_blank" rel="noopener noreferrer">
      <img className="message-photo" src={thumb} alt={`${what}; opens at full size`} loading="lazy" onError={() => setFailed(true)} />
    </a>
  );
}

function LinkPreview({ url }: { url: string }) {
  const preview = useLinkPreview(url);
  const data = preview.data;
  if (!data || (!data.title && !data.description)) return null;
  const image = safePreviewImage(data.image);
  return (
    <a className="link-card" href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
      {image ? <img src={image} alt="" referrerPolicy="no-referrer" loading="lazy" width={64} height={64} /> : null}
      <span>
        {data.siteName ? <span className="hint block">{data.siteName}</span> : null}
        {data.title ? <strong className="block">{data.title}</strong> : null}
        {data.description ? <span className="block">{data.description}</span> : null}
      </span>
    </a>
  );
}

function Composer({ orderId, onSent }: { orderId: string; onSent: (message: ChatMessage, thread: ChatThreadState) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const lastTyping = useRef(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = `reply-${orderId}`;

  const send = useMutation({
    mutationFn: (message: string) => api.post('/admin/order/:id/messages', { params: { id: orderId }, body: { message } }),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      setText('');
      onSent(answer.message, answer.thread);
    },
    onError: (error) => setProblem({ title: 'Your message was not sent', text: `${errorText(error)} It is still in the box.` }),
  });

  const photo = useMutation({
    mutationFn: (file: File) => api.post('/admin/order/:id/messages/photo', { params: { id: orderId }, body: file }),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => onSent(answer.message, answer.thread),
    onError: (error, file) => setProblem({ title: 'The photo was not sent', text: uploadProblem(file.name, error) }),
  });

  const trimmed = text.trim();
  const length = countedLength(text);
  const tooLong = length > CHAT_MESSAGE_MAX;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (trimmed === '' || tooLong || send.isPending) return;
    send.mutate(trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function onType(value: string) {
    setText(value);
    const at = Date.now();
    if (value.trim() !== '' && at - lastTyping.current > TYPING_SENT_EVERY_MS) {
      lastTyping.current = at;
      liveChannel().typing(orderId);
    }
  }

  function onPick(files: FileList | null) {
    const file = files?.[0];
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const refused = fileProblem(file);
    if (refused) setProblem({ title: 'The photo was not sent', text: refused });
    else photo.mutate(file);
  }

  return (
    <form className="composer" onSubmit={submit} aria-label="Reply">
      <div className="field">
        <label htmlFor={inputId}>Reply to the shopper</label>
        <p className="hint" id={`${inputId}-hint`}>
          Enter sends; Shift+Enter starts a new line. The shopper sees your first name.
        </p>
        <textarea
          id={inputId}
          rows={3}
          value={text}
          aria-describedby={`${inputId}-hint${tooLong ? ` ${inputId}-error` : ''}`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {tooLong ? (
          <p className="field-error" id={`${inputId}-error`}>
            At most {CHAT_MESSAGE_MAX.toLocaleString('en-GB')} characters: this has {length.toLocaleString('en-GB')}.
          </p>
        ) : null}
      </div>
      {problem ? (
        <Alert tone="error" title={problem.title}>
          <p>{problem.text}</p>
        </Alert>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={send.isPending || trimmed === '' || tooLong}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
        <input
          ref={fileRef}
          id={`${inputId}-photo`}
          className="visually-hidden"
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={photo.isPending}
          onChange={(event) => onPick(event.target.files)}
        />
        <label htmlFor={`${inputId}-photo`} className="button button--secondary">
          {photo.isPending ? 'Sending the photo…' : 'Attach a photo'}
        </label>
      </div>
    </form>
  );
}
