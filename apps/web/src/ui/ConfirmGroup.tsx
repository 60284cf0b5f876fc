'use client';

import { useRef, useState, type ReactNode, type Ref } from 'react';
import styles from './list.module.css';

/** One answer to a question: its words and what it does. */
interface Answer {
  label: string;
  onClick: () => void;
}

export interface ConfirmGroupProps {
  /** The caller moves focus here when the shopper's own action asked the question. */
  ref?: Ref<HTMLDivElement>;
  /** The group's name, the question in short ("Remove Frying Pan?"). */
  label: string;
  /** The question as shown: a paragraph (with role="alert" when it reports a problem). */
  children: ReactNode;
  /** The answer that acts ("Remove it"), the primary button; none when there is nothing to do. */
  confirm?: Answer | null;
  /** The answer that leaves things as they are ("Keep it"), the secondary button. */
  cancel?: Answer | null;
  /** Something in the row is under way: the answer that acts waits for it. */
  busy?: boolean;
}

/**
 * A question a row asks before it acts, or about a change it could not keep: a named group that can
 * take focus, the question, and its answers (the one that acts first). It does not take focus
 * itself: the row moves focus here when the shopper asked, not when the question stands on its own
 * (a cart line already above the stock).
 */
export function ConfirmGroup({ ref, label, children, confirm, cancel, busy = false }: ConfirmGroupProps) {
  return (
    <div className={styles.question} ref={ref} tabIndex={-1} role="group" aria-label={label}>
      {children}
      <div className={styles.buttons}>
        {confirm ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={confirm.onClick}>
            {confirm.label}
          </button>
        ) : null}
        {cancel ? (
          <button type="button" className="button button--secondary" onClick={cancel.onClick}>
            {cancel.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export interface RemoveConfirmationProps {
  ref?: Ref<HTMLDivElement>;
  /** The row's name ("Frying Pan"). */
  name: string;
  /** The list it leaves, as the question says it ("your cart"). */
  list: string;
  /** Something in the row is under way. */
  busy: boolean;
  /** The removal is under way ("Removing…"). */
  removing: boolean;
  onRemove: () => void;
  /** The row stays; the caller puts focus back where the question came from. */
  onKeep: () => void;
}

/** "Remove ‹name›?" with Remove it and Keep it: asked the same way wherever a row can be removed by choosing 0. */
export function RemoveConfirmation({ ref, name, list, busy, removing, onRemove, onKeep }: RemoveConfirmationProps) {
  return (
    <ConfirmGroup
      ref={ref}
      label={`Remove ${name}?`}
      confirm={{ label: removing ? 'Removing…' : 'Remove it', onClick: onRemove }}
      cancel={{ label: 'Keep it', onClick: onKeep }}
      busy={busy}
    >
      <p>
        Remove {name} from {list}?
      </p>
    </ConfirmGroup>
  );
}

/**
 * The question a row asks in a ConfirmGroup, and where focus goes: asking shows it and moves focus
 * to it once shown, so a keyboard or screen reader user meets it at once; keeping things as they
 * were closes it and gives focus back to the control it came from (the row's quantity).
 */
export function useConfirmGroup<Question>(returnFocusTo: string) {
  const [question, setQuestion] = useState<Question | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  return {
    question,
    /** For the ConfirmGroup's `ref`. */
    ref,
    ask(next: Question) {
      setQuestion(next);
      requestAnimationFrame(() => ref.current?.focus());
    },
    /** The question is answered (or has nothing more to say); focus stays where the answer put it. */
    dismiss() {
      setQuestion(null);
    },
    /** "Keep it": nothing changes, and focus goes back. */
    keep() {
      setQuestion(null);
      document.getElementById(returnFocusTo)?.focus();
    },
  };
}
