import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminPaymentTask } from '@kedai/contract';
import { api } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';
import { BANK_REFERENCE_MAX, PAYMENT_REASON_MAX } from '@kedai/domain';
import {
  CONFIRM_LABEL,
  REFUND_SENT_LABEL,
  REJECT_LABEL,
  handlePaymentError,
  refundBodyOf,
  rejectionBodyOf,
  type PaymentFailure,
  type RefundBody,
  type RejectionBody,
} from './payment-actions';
import { confirmedText, refundSentText, rejectedText } from './payment-view';

/** What the page does with a row's decision. */
export interface DecisionHandlers {
  /** The decision was saved: the task as it is now, and the news to tell. */
  onDone: (task: AdminPaymentTask, news: string) => void;
  /** Someone else decided first, or the payment is gone: the page says so and reads the list again (`reload`). */
  onInterrupted: (failure: PaymentFailure) => void;
  /** A decision is being sent: the page's earlier news no longer applies. */
  onStart: () => void;
  reload: () => Promise<unknown>;
}

interface Props extends DecisionHandlers {
  task: AdminPaymentTask;
  /** The id of the row's heading (its order reference), so each control says which payment it decides. */
  rowId: string;
}

interface Problem {
  text: string;
  n: number;
}

/**
 * Focus for an element once it is on the page (a form just opened, a field with its new error), so
 * it is read with its mark and message: the element's id, asked again each time (`n`).
 */
function useFocusAfterRender(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string; n: number } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  return (id) => setTarget((old) => ({ id, n: (old?.n ?? 0) + 1 }));
}

/** A reported transfer: confirm it in one click, or open the small form to reject it with a reason. */
export function TransferActions({ task, rowId, onDone, onInterrupted, onStart, reload }: Props) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const focus = useFocusAfterRender();
  const ids = { reject: `reject-${task.id}`, reason: `reject-reason-${task.id}` };

  const handlers = (field: boolean) => ({
    interrupt: onInterrupted,
    reload,
    refuse: (failure: PaymentFailure) => {
      const fieldError = field && failure.kind === 'refused' ? failure.fieldError : null;
      if (fieldError) {
        setError(fieldError);
        focus(ids.reason);
      } else setProblem((old) => ({ text: failure.message, n: (old?.n ?? 0) + 1 }));
    },
  });

  const confirm = useMutation({
    mutationFn: () => api.post('/admin/payment/:id/confirm', { params: { id: task.id } }),
    onSuccess: (answer) => onDone(answer, confirmedText(answer)),
    onError: (failed) => handlePaymentError(failed, handlers(false)),
  });
  const reject = useMutation({
    mutationFn: (body: RejectionBody) => api.post('/admin/payment/:id/reject', { params: { id: task.id }, body }),
    onSuccess: (answer) => onDone(answer, rejectedText(answer)),
    onError: (failed) => handlePaymentError(failed, handlers(true)),
  });
  const busy = confirm.isPending || reject.isPending;

  function start() {
    onStart();
    setProblem(null);
  }

  function submitRejection(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    start();
    const checked = rejectionBodyOf(reason);
    if (!checked.ok) {
      setError(checked.error);
      focus(ids.reason);
      return;
    }
    setError(null);
    reject.mutate(checked.body);
  }

  return (
    <div>
      {problem ? (
        <Alert key={problem.n} tone="error" title="Nothing was changed" focusOnShow>
          <p>{problem.text}</p>
        </Alert>
      ) : null}
      {rejecting ? (
        <form onSubmit={submitRejection} noValidate aria-label={`Reject the transfer for order ${task.order.orderRef}`}>
          <TextArea
            id={ids.reason}
            label="Reason for rejecting"
            required
            hint={`The shopper reads it, with a fresh time to pay; such as “No transfer with this reference has arrived”. 1 to ${PAYMENT_REASON_MAX} characters.`}
            rows={3}
            value={reason}
            error={error ?? undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
          />
          <div className="actions">
            <button type="submit" className="button button--danger" aria-busy={reject.isPending || undefined}>
              {reject.isPending ? 'Rejecting…' : 'Reject the transfer'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setRejecting(false);
                setError(null);
                focus(ids.reject);
              }}
            >
              Don&apos;t reject
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button"
            aria-describedby={rowId}
            aria-busy={confirm.isPending || undefined}
            onClick={() => {
              if (busy) return;
              start();
              confirm.mutate();
            }}
          >
            {confirm.isPending ? 'Confirming…' : CONFIRM_LABEL}
          </button>
          <button
            type="button"
            id={ids.reject}
            className="button button--secondary"
            aria-describedby={rowId}
            onClick={() => {
              if (busy) return;
              setProblem(null);
              setRejecting(true);
              focus(ids.reason);
            }}
          >
            {REJECT_LABEL}
          </button>
        </div>
      )}
    </div>
  );
}

/** A refund owed: once staff have sent it from the shop's bank, they mark it sent with the bank's reference. */
export function RefundActions({ task, rowId, onDone, onInterrupted, onStart, reload }: Props) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const focus = useFocusAfterRender();
  const fieldId = `refund-reference-${task.id}`;

  const sent = useMutation({
    mutationFn: (body: RefundBody) => api.post('/admin/payment/:id/refunded', { params: { id: task.id }, body }),
    onSuccess: (answer) => onDone(answer, refundSentText(answer)),
    onError: (failed) =>
      handlePaymentError(failed, {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => {
          const fieldError = failure.kind === 'refused' ? failure.fieldError : null;
          if (fieldError) {
            setError(fieldError);
            focus(fieldId);
          } else setProblem((old) => ({ text: failure.message, n: (old?.n ?? 0) + 1 }));
        },
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sent.isPending) return;
    onStart();
    setProblem(null);
    const checked = refundBodyOf(reference);
    if (!checked.ok) {
      setError(checked.error);
      focus(fieldId);
      return;
    }
    setError(null);
    sent.mutate(checked.body);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Mark the refund for order ${task.order.orderRef} as sent`}>
      {problem ? (
        <Alert key={problem.n} tone="error" title="Nothing was changed" focusOnShow>
          <p>{problem.text}</p>
        </Alert>
      ) : null}
      <TextField
        id={fieldId}
        label="Bank reference of the refund"
        required
        hint={`As the shop's bank shows the transfer: up to ${BANK_REFERENCE_MAX} letters, digits, spaces and - / .`}
        autoComplete="off"
        spellCheck={false}
        value={reference}
        error={error ?? undefined}
        onChange={(e) => {
          setReference(e.target.value);
          if (error) setError(null);
        }}
      />
      <div className="actions">
        <button type="submit" className="button" aria-describedby={rowId} aria-busy={sent.isPending || undefined}>
          {sent.isPending ? 'Saving…' : REFUND_SENT_LABEL}
        </button>
      </div>
    </form>
  );
}
