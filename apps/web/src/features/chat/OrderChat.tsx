'use client';

import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import type { ChatMessage } from '@kedai/contract';
import { countedLength, firstLink } from '@kedai/domain';
import { LoadStatus } from '../../ui/LoadStatus';
import { FormAlert } from '../../ui/Field';
import { CHAT_MESSAGE_MAX, COUNT_SHOWN_FROM, authorLabel, lastMessageId, messageDay, messageTime, photoSrc, seenMessageId } from './chat';
import { LinkPreview } from './LinkPreview';
import { MessageText } from './MessageText';
import { useOrderChat } from './useOrderChat';
import styles from './chat.module.css';

export interface OrderChatProps {
  orderId: string;
  orderRef: string;
  timeZone: string;
  /** The section's class (the order page's card look). */
  className?: string | undefined;
  titleClassName?: string | undefined;
}

const numberFormat = new Intl.NumberFormat('en-SG');

/**
 * The conversation about one order with the shop's staff (issue 29), on the order page: messages
 * oldest first (earlier ones on request), the shopper's on the right and the shop's on the left with
 * the staff member's first name and the time, links clickable with a preview of the first, photos,
 * "The shop is typing…" and "Seen". Enter sends, Shift+Enter starts a new line. New messages are
 * announced politely; the thread is marked read when its newest message is in view on a focused page.
 */
export function OrderChat({ orderId, orderRef, timeZone, className, titleClassName }: OrderChatProps) {
  const id = useId();
  const chat = useOrderChat(orderId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState<'text' | 'photo' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const earlierRef = useRef<HTMLButtonElement>(null);
  const atBottomRef = useRef(true);
  const prependRef = useRef<number | null>(null);
  const [endInView, setEndInView] = useState(true);
  const [pageActive, setPageActive] = useState(true);

  const titleId = `${id}-title`;
  const countId = `${id}-count`;
  const problemId = `${id}-problem`;
  const length = countedLength(text);
  const tooLong = length > CHAT_MESSAGE_MAX;
  const newestId = lastMessageId(chat.messages);
  const seenId = seenMessageId(chat.messages, chat.thread.otherReadUpTo);

  // Keep the view at the newest message while the shopper is there; keep it still when earlier ones come in.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (prependRef.current !== null) {
      log.scrollTop += log.scrollHeight - prependRef.current;
      prependRef.current = null;
    } else if (atBottomRef.current) {
      log.scrollTop = log.scrollHeight;
    }
  }, [chat.messages]);

  // Whether the newest message is in view (without IntersectionObserver: assumed so).
  useEffect(() => {
    const end = endRef.current;
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setEndInView(entries.some((entry) => entry.isIntersecting)), {
      root: null,
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [chat.load]);

  // Whether the shopper is looking: the tab shown and the window focused.
  useEffect(() => {
    const update = () => setPageActive(document.visibilityState !== 'hidden' && document.hasFocus());
    update();
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  const { markRead } = chat;
  useEffect(() => {
    if (newestId > chat.thread.readUpTo && endInView && pageActive) markRead(newestId);
  }, [newestId, chat.thread.readUpTo, endInView, pageActive, markRead]);

  const onScroll = useCallback(() => {
    const log = logRef.current;
    if (log) atBottomRef.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  }, []);

  async function onEarlier() {
    prependRef.current = logRef.current?.scrollHeight ?? null;
    await chat.loadEarlier();
    // The button goes when nothing is left: focus then stays in the conversation.
    requestAnimationFrame(() => {
      if (!earlierRef.current) logRef.current?.focus();
    });
  }

  async function submit() {
    if (sending) return;
    if (length === 0) {
      setProblem('Write a message first.');
      textRef.current?.focus();
      return;
    }
    if (tooLong) {
      setProblem(`A message can be at most ${numberFormat.format(CHAT_MESSAGE_MAX)} characters.`);
      textRef.current?.focus();
      return;
    }
    setSending('text');
    setProblem(null);
    const result = await chat.send(text);
    setSending(null);
    if (result.ok) {
      setText('');
      atBottomRef.current = true;
    } else {
      setProblem(`Your message was not sent: ${result.message}`);
    }
    textRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSending('photo');
    setProblem(null);
    const result = await chat.sendPhoto(file);
    setSending(null);
    if (result.ok) atBottomRef.current = true;
    else setProblem(`Your photo was not sent: ${result.message}`);
  }

  return (
    <section className={`${className ?? ''} ${styles.panel}`} aria-labelledby={titleId} data-order-chat="">
      <h2 className={titleClassName} id={titleId}>
        Messages with the shop
      </h2>
      {chat.load === 'loading' || typeof chat.load === 'object' ? (
        <LoadStatus
          loading="Loading the conversation…"
          failure={typeof chat.load === 'object' ? `We could not load the conversation: ${chat.load.error}` : null}
          onRetry={chat.retry}
        />
      ) : (
        <>
          <div
            ref={logRef}
            className={styles.log}
            role="region"
            aria-label={`Conversation about order ${orderRef}`}
            // A scrolling box takes focus so a keyboard can scroll it (as the back office's wide tables do).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            onScroll={onScroll}
          >
            {chat.hasEarlier ? (
              <p className={styles.earlier}>
                <button
                  ref={earlierRef}
                  type="button"
                  className="button button--secondary"
                  onClick={() => void onEarlier()}
                  disabled={chat.loadingEarlier}
                  aria-busy={chat.loadingEarlier || undefined}
                >
                  {chat.loadingEarlier ? 'Loading…' : 'Load earlier messages'}
                </button>
              </p>
            ) : null}
            {chat.earlierError ? <FormAlert>{`Earlier messages could not be loaded: ${chat.earlierError}`}</FormAlert> : null}
            <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages">
              {chat.messages.length === 0 ? (
                <p className={styles.empty}>Questions about this order? Write to the shop here.</p>
              ) : (
                <ol className={styles.messages} role="list">
                  {chat.messages.map((message, index) => {
                    const day = messageDay(message.createdAt, timeZone);
                    const previous = chat.messages[index - 1];
                    const newDay = !previous || messageDay(previous.createdAt, timeZone) !== day;
                    return (
                      <MessageItem
                        key={message.id}
                        message={message}
                        day={newDay ? day : null}
                        seen={message.id === seenId}
                        timeZone={timeZone}
                      />
                    );
                  })}
                </ol>
              )}
            </div>
            <div ref={endRef} className={styles.end} />
          </div>
          <p className={styles.typing} role="status">
            {chat.typing !== undefined ? `${chat.typing ? `${chat.typing} from the shop` : 'The shop'} is typing…` : ''}
          </p>
          <form className={styles.compose} onSubmit={onSubmit} noValidate>
            {problem ? <FormAlert id={problemId}>{problem}</FormAlert> : null}
            <label htmlFor={`${id}-text`} className={styles.label}>
              Your message
            </label>
            <textarea
              ref={textRef}
              id={`${id}-text`}
              className={styles.textarea}
              value={text}
              rows={3}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
                chat.typed();
              }}
              onKeyDown={onKeyDown}
              aria-invalid={tooLong || undefined}
              aria-describedby={[`${id}-keys`, length >= COUNT_SHOWN_FROM ? countId : '', problem ? problemId : '']
                .filter(Boolean)
                .join(' ')}
            />
            <div className={styles.composeFoot}>
              <p id={`${id}-keys`} className={styles.hint}>
                Enter sends, Shift+Enter starts a new line.
              </p>
              {length >= COUNT_SHOWN_FROM ? (
                // Read with the box (described by it), not announced at each key: only crossing the limit is.
                <p id={countId} className={tooLong ? styles.countOver : styles.count}>
                  {tooLong
                    ? `${numberFormat.format(length - CHAT_MESSAGE_MAX)} characters too many`
                    : `${numberFormat.format(length)} of ${numberFormat.format(CHAT_MESSAGE_MAX)} characters`}
                </p>
              ) : null}
              <p className="visually-hidden" aria-live="polite">
                {tooLong ? `The message is longer than ${numberFormat.format(CHAT_MESSAGE_MAX)} characters: shorten it to send it.` : ''}
              </p>
            </div>
            <div className={styles.actions}>
              <input
                ref={fileRef}
                id={`${id}-photo`}
                type="file"
                accept="image/*"
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void onPhoto(event)}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => fileRef.current?.click()}
                disabled={sending !== null}
                aria-busy={sending === 'photo' || undefined}
              >
                {sending === 'photo' ? 'Sending the photo…' : 'Attach a photo'}
              </button>
              <button
                type="submit"
                className="button button--primary"
                disabled={sending !== null}
                aria-busy={sending === 'text' || undefined}
              >
                {sending === 'text' ? 'Sending…' : 'Send'}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

function MessageItem({ message, day, seen, timeZone }: { message: ChatMessage; day: string | null; seen: boolean; timeZone: string }) {
  const mine = message.author.role === 'shopper';
  const note = message.author.role === 'system' || message.kind.startsWith('dispute_');
  const link = message.kind === 'text' ? firstLink(message.body) : null;
  const time = messageTime(message.createdAt, timeZone);
  return (
    <li className={styles.item} data-message={message.id} data-role={message.author.role}>
      {day ? (
        <p className={styles.day} aria-hidden="true">
          {day}
        </p>
      ) : null}
      <div className={note ? styles.note : mine ? styles.mine : styles.theirs}>
        <p className={styles.meta}>
          <span className={styles.author}>{authorLabel(message)}</span>{' '}
          <time dateTime={new Date(message.createdAt * 1000).toISOString()}>{time}</time>
        </p>
        {message.kind === 'photo' && message.image ? <Photo message={message} mine={mine} /> : null}
        {message.body ? <MessageText text={message.body} className={styles.text} /> : null}
        {link ? <LinkPreview url={link} /> : null}
      </div>
      {seen ? <p className={styles.seen}>Seen</p> : null}
    </li>
  );
}

/**
 * A photo of the conversation: private to the buyer and the shop, so read through the order's own
 * photo route on this origin (the session cookie goes with it), never from the assets host.
 */
function Photo({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const [failed, setFailed] = useState(false);
  const full = photoSrc(message.orderId, message.image, 'full');
  const thumb = photoSrc(message.orderId, message.image, 'thumb');
  const label = message.disputeId ? 'A photo for your dispute' : mine ? 'A photo you sent' : 'A photo from the shop';
  if (!full || !thumb || failed) return <p className={styles.meta}>{label} (it could not be shown; reload the page to try again)</p>;
  return (
    <a href={full} target="_blank" rel="noopener noreferrer" className={styles.photoLink}>
      <img className={styles.photo} src={thumb} alt={label} decoding="async" onError={() => setFailed(true)} />
    </a>
  );
}
