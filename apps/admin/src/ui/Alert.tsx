/**
 * A message box. Errors are announced at once (`role="alert"`), other news politely (`role="status"`).
 * `focusOnShow` moves focus to it, for a form's summary of problems.
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  tone?: 'error' | 'info' | 'success';
  title?: string;
  focusOnShow?: boolean;
  children?: ReactNode;
}

export function Alert({ tone = 'info', title, focusOnShow = false, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <div ref={ref} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={focusOnShow ? -1 : undefined}>
      {title ? (
        <p>
          <strong>{title}</strong>
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A failed load: what the API said, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert tone="error" title="This could not be loaded">
      <p>{message}</p>
      {onRetry ? (
        <p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
    </Alert>
  );
}

export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p role="status" className="hint">
      {what}
    </p>
  );
}
