import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminPaymentTask } from '@kedai/contract';
import { api } from '../../lib/api';
import { TextField } from '../../ui/Field';
import { Confirm, useConfirm } from '../../ui/Confirm';
import { FormProblem } from '../../ui/FormProblem';
import { ReasonForm } from '../../ui/ReasonForm';
import { useFocusAfterRender } from '../../ui/useFocusAfterRender';
import { useOneFieldForm } from '../../ui/useOneFieldForm';
import { BANK_REFERENCE_MAX, PAYMENT_REASON_MAX } from '@kedai/domain';
import {
  CONFIRM_LABEL,
  REFUND_SENT_LABEL,
  REJECT_LABEL,
  RELEASE_LABEL,
  confirmTransferConfirmation,
  handlePaymentError,
  rejectTransferConfirmation,
  releaseConfirmation,
  refundBodyOf,
  rejectionBodyOf,
  type PaymentFailure,
  type RefundBody,
  type RejectionBody,
} from './payment-actions';
import { confirmedText, refundSentText, rejectedText, releasedText } from './payment-view';

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

/**
 * A reported transfer: confirm it in one click, or open the small form to reject it with a reason;
 * a stale one (waiting past the days owners set) may also have its order cancelled and its stock released.
 */
export function TransferActions({ task, rowId, onDone, onInterrupted, onStart, reload }: Props) {
  const [rejecting, setRejecting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const ids = {
    reject: `reject-${task.id}`,
    reason: `reject-reason-${task.id}`,
    release: `release-${task.id}`,
    releaseReason: `release-reason-${task.id}`,
    confirm: `confirm-${task.id}`,
    rejectSubmit: `reject-submit-${task.id}`,
    releaseSubmit: `release-submit-${task.id}`,
  };
  // Each decision waits for staff to confirm it, naming the order and the amount (issue 30).
  const confirmAsk = useConfirm<null>(ids.confirm);
  const rejectAsk = useConfirm<RejectionBody>(ids.rejectSubmit);
  const releaseAsk = useConfirm<RejectionBody>(ids.releaseSubmit);
  // The row has one problem, above its buttons: the rejection form's, which a refused confirmation uses too.
  const rejection = useOneFieldForm({ fieldId: ids.reason, check: rejectionBodyOf, onStart });
  const release = useOneFieldForm({ fieldId: ids.releaseReason, check: rejectionBodyOf, onStart });
  const focus = useFocusAfterRender();

  const handlers = (field: boolean) => ({
    interrupt: onInterrupted,
    reload,
    refuse: (failure: PaymentFailure) => rejection.refuse(field && failure.kind === 'refused' ? failure.fieldError : null, failure.message),
  });

  const confirm = useMutation({
    mutationFn: () => api.post('/admin/payment/:id/confirm', { params: { id: task.id } }),
    onSettled: confirmAsk.close,
    onSuccess: (answer) => onDone(answer, confirmedText(answer)),
    onError: (failed) => handlePaymentError(failed, handlers(false)),
  });
  const reject = useMutation({
    mutationFn: (body: RejectionBody) => api.post('/admin/payment/:id/reject', { params: { id: task.id }, body }),
    onSettled: rejectAsk.close,
    onSuccess: (answer) => onDone(answer, rejectedText(answer)),
    onError: (failed) => handlePaymentError(failed, handlers(true)),
  });
  const released = useMutation({
    mutationFn: (body: RejectionBody) => api.post('/admin/payment/:id/release', { params: { id: task.id }, body }),
    onSettled: releaseAsk.close,
    onSuccess: (answer) => onDone(answer, releasedText(answer)),
    onError: (failed) =>
      handlePaymentError(failed, {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => release.refuse(failure.kind === 'refused' ? failure.fieldError : null, failure.message),
      }),
  });
  const busy = confirm.isPending || reject.isPending || released.isPending;

  return (
    <div>
      <FormProblem problem={releasing ? release.problem : rejection.problem} title="Nothing was changed" />
      {releasing ? (
        <ReasonForm
          form={release}
          aria-label={`Cancel order ${task.order.orderRef} and release its stock`}
          label="Reason for cancelling"
          hint={`The report is rejected and the order cancelled with this reason, which the shopper reads; its stock goes back on sale. Such as “No transfer arrived and we did not hear from you”. 1 to ${PAYMENT_REASON_MAX} characters.`}
          rows={3}
          busy={released.isPending}
          send={releaseAsk.ask}
          submitLabel="Cancel the order and release its stock"
          busyLabel="Cancelling…"
          submitId={ids.releaseSubmit}
          confirmation={
            releaseAsk.asked ? (
              <Confirm
                {...releaseConfirmation(task)}
                busyLabel="Cancelling…"
                keepLabel="Keep waiting"
                busy={released.isPending}
                onConfirm={() => releaseAsk.asked && released.mutate(releaseAsk.asked.value)}
                onKeep={releaseAsk.keep}
              />
            ) : null
          }
          cancel={{
            label: 'Keep waiting',
            onCancel: () => {
              setReleasing(false);
              release.clearError();
              focus(ids.release);
            },
          }}
        />
      ) : rejecting ? (
        // It opens only while nothing is on its way (its button checks `busy`), so only its own sending can be.
        <ReasonForm
          form={rejection}
          aria-label={`Reject the transfer for order ${task.order.orderRef}`}
          label="Reason for rejecting"
          hint={`The shopper reads it, with a fresh time to pay; such as “No transfer with this reference has arrived”. 1 to ${PAYMENT_REASON_MAX} characters.`}
          rows={3}
          busy={reject.isPending}
          send={rejectAsk.ask}
          submitLabel="Reject the transfer"
          busyLabel="Rejecting…"
          submitId={ids.rejectSubmit}
          confirmation={
            rejectAsk.asked ? (
              <Confirm
                {...rejectTransferConfirmation(task)}
                detail="The shopper is e-mailed your reason and may pay again."
                busyLabel="Rejecting…"
                keepLabel="Don't reject"
                busy={reject.isPending}
                onConfirm={() => rejectAsk.asked && reject.mutate(rejectAsk.asked.value)}
                onKeep={rejectAsk.keep}
              />
            ) : null
          }
          cancel={{
            label: "Don't reject",
            onCancel: () => {
              setRejecting(false);
              rejection.clearError();
              focus(ids.reject);
            },
          }}
        />
      ) : confirmAsk.asked ? (
        <Confirm
          {...confirmTransferConfirmation(task)}
          detail="The order is paid and the shopper is e-mailed."
          busyLabel="Confirming…"
          keepLabel="Not yet"
          busy={confirm.isPending}
          onConfirm={() => confirm.mutate()}
          onKeep={confirmAsk.keep}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            id={ids.confirm}
            className="button"
            aria-describedby={rowId}
            aria-busy={confirm.isPending || undefined}
            onClick={() => {
              if (busy) return;
              onStart();
              rejection.clearProblem();
              confirmAsk.ask(null);
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
              rejection.clearProblem();
              setRejecting(true);
              rejection.focusField();
            }}
          >
            {REJECT_LABEL}
          </button>
          {task.stale ? (
            <button
              type="button"
              id={ids.release}
              className="button button--secondary"
              aria-describedby={rowId}
              onClick={() => {
                if (busy) return;
                release.clearProblem();
                setReleasing(true);
                release.focusField();
              }}
            >
              {RELEASE_LABEL}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** A refund owed: once staff have sent it from the shop's bank, they mark it sent with the bank's reference. */
export function RefundActions({ task, rowId, onDone, onInterrupted, onStart, reload }: Props) {
  const fieldId = `refund-reference-${task.id}`;
  const reference = useOneFieldForm({ fieldId, check: refundBodyOf, onStart });

  const sent = useMutation({
    mutationFn: (body: RefundBody) => api.post('/admin/payment/:id/refunded', { params: { id: task.id }, body }),
    onSuccess: (answer) => onDone(answer, refundSentText(answer)),
    onError: (failed) =>
      handlePaymentError(failed, {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => reference.refuse(failure.kind === 'refused' ? failure.fieldError : null, failure.message),
      }),
  });

  return (
    <form
      onSubmit={(event) => reference.submit(event, { busy: sent.isPending, send: sent.mutate })}
      noValidate
      aria-label={`Mark the refund for order ${task.order.orderRef} as sent`}
    >
      <FormProblem problem={reference.problem} title="Nothing was changed" />
      <TextField
        id={fieldId}
        label="Bank reference of the refund"
        required
        hint={`As the shop's bank shows the transfer: up to ${BANK_REFERENCE_MAX} letters, digits, spaces and - / .`}
        autoComplete="off"
        spellCheck={false}
        value={reference.text}
        error={reference.error}
        onChange={(e) => reference.change(e.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button" aria-describedby={rowId} aria-busy={sent.isPending || undefined}>
          {sent.isPending ? 'Saving…' : REFUND_SENT_LABEL}
        </button>
      </div>
    </form>
  );
}
