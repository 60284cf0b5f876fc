'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnsubscribeAnswer } from '@kedai/contract';
import { FormAlert } from '../../ui/Field';
import { LoadStatus } from '../../ui/LoadStatus';
import { OPTIONAL_EMAIL_LABELS, unsubscribe, unsubscribeTarget } from './notifications';

type State =
  | { status: 'loading' }
  | { status: 'invalid'; message: string }
  | { status: 'ready'; target: UnsubscribeAnswer }
  | { status: 'sending'; target: UnsubscribeAnswer }
  | { status: 'done'; target: UnsubscribeAnswer }
  | { status: 'error'; target: UnsubscribeAnswer; message: string };

/**
 * `/unsubscribe?token=…` (issue 29), where an optional e-mail's "Unsubscribe" link leads: it says
 * which e-mail stops (`GET`, which changes nothing, so a mail scanner opening the link does no harm),
 * and only the button unsubscribes (`POST`).
 */
export function UnsubscribeView({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? { status: 'loading' } : { status: 'invalid', message: '' });
  const resultRef = useRef<HTMLDivElement>(null);

  const read = useCallback(async () => {
    if (!token) return;
    setState({ status: 'loading' });
    const result = await unsubscribeTarget(token);
    setState(result.ok ? { status: 'ready', target: result.value } : { status: 'invalid', message: result.message });
  }, [token]);

  useEffect(() => {
    void read();
  }, [read]);

  async function onConfirm(target: UnsubscribeAnswer) {
    if (!token) return;
    setState({ status: 'sending', target });
    const result = await unsubscribe(token);
    setState(result.ok ? { status: 'done', target: result.value } : { status: 'error', target, message: result.message });
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  const words = 'target' in state ? OPTIONAL_EMAIL_LABELS[state.target.kind] : null;
  return (
    <>
      <h1 id="unsubscribe-title">Unsubscribe from e-mails</h1>
      {state.status === 'loading' ? (
        <LoadStatus loading="Checking your link…" failure={null} onRetry={() => void read()} />
      ) : state.status === 'invalid' ? (
        <FormAlert>
          {`This unsubscribe link does not work${state.message ? ` (${state.message})` : ''}. You can choose your e-mails on your profile instead.`}
        </FormAlert>
      ) : state.status === 'done' ? null : words ? (
        <>
          <p>
            This stops one kind of e-mail the shop sends you: <strong>{words.label}</strong>. {words.hint}
          </p>
          {state.target.email ? null : <p>You are already unsubscribed from these e-mails.</p>}
          <p>E-mails about your orders, payments and account are still sent.</p>
          {state.target.email ? (
            <p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void onConfirm(state.target)}
                disabled={state.status === 'sending'}
                aria-busy={state.status === 'sending' || undefined}
              >
                {state.status === 'sending' ? 'Unsubscribing…' : `Unsubscribe from “${words.label}”`}
              </button>
            </p>
          ) : null}
        </>
      ) : null}
      <div ref={resultRef} tabIndex={-1}>
        {state.status === 'done' && words ? (
          <FormAlert tone="success">{`You are unsubscribed from “${words.label}” e-mails. You can turn them back on from your profile at any time.`}</FormAlert>
        ) : null}
        {state.status === 'error' ? <FormAlert>{`We could not unsubscribe you: ${state.message}`}</FormAlert> : null}
      </div>
      <p>
        <Link href="/profile">Choose your e-mails on your profile</Link>
      </p>
    </>
  );
}
