'use client';

import { useState } from 'react';
import { browserApi } from '../../lib/browser-api';
import { resendErrorMessage } from './errors';
import formStyles from '../../ui/form.module.css';

/**
 * "Send a new code": `POST /auth/resendVerifyCode {email}`. The API answers every well-formed
 * address alike (unknown, verified, or just sent a code) and decides what to mail after answering,
 * so the message covers each case; only its per-address rate limit says how long to wait (rules: errors.md).
 */
export function ResendCodeButton({ email, label = 'Send a new code' }: { email: string; label?: string }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    if (!email) {
      setResult({ ok: false, text: 'Enter your e-mail address first.' });
      return;
    }
    setPending(true);
    try {
      await browserApi.post('/auth/resendVerifyCode', { body: { email } });
      setResult({
        ok: true,
        text: `If ${email} is waiting for verification, a new code is on its way. If it is already verified, we have e-mailed how to sign in.`,
      });
    } catch (error) {
      setResult({ ok: false, text: resendErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className={formStyles.linkButton} onClick={resend} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Sending…' : label}
      </button>
      <span role="status" className={result && !result.ok ? formStyles.fieldError : undefined}>
        {result ? ` ${result.text}` : ''}
      </span>
    </>
  );
}
