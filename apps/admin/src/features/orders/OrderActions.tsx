import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminOrder } from '@kedai/contract';
import { PAYMENT_REASON_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { amountPlaceholder } from '../../lib/money-input';
import { TextArea, TextField } from '../../ui/Field';
import { Confirm, useConfirm } from '../../ui/Confirm';
import { FormProblem, useFormProblem } from '../../ui/FormProblem';
import { ReasonForm } from '../../ui/ReasonForm';
import { useFocusAfterRender } from '../../ui/useFocusAfterRender';
import { useOneFieldForm } from '../../ui/useOneFieldForm';
import {
  EMPTY_MOVE,
  EMPTY_REFUND,
  MOVE_HINTS,
  MOVE_LABELS,
  NOTE_MAX,
  TEXT_MAX,
  cancelBodyOf,
  cancelConfirmation,
  cancelledText,
  canRefundPart,
  handleOrderError,
  handleOrderFailure,
  moveBodyOf,
  movedText,
  orderActions,
  refundAllConfirmation,
  refundBodyOf,
  refundConfirmation,
  refundFailureOf,
  refundableText,
  refundedNews,
  waitingText,
  type FieldErrors,
  type Move,
  type MoveBody,
  type MoveDraft,
  type OrderFailure,
  type OrderNews,
  type RefundBody,
  type RefundDraft,
} from './order-actions';

interface Props {
  order: AdminOrder;
  /** The step, the cancellation or the refund was saved: the order as it is now, and the news to tell. */
  onDone: (order: AdminOrder, news: OrderNews) => void;
  /** The order moved meanwhile, or is gone: the page says so and reads it again (`reload`). */
  onInterrupted: (failure: OrderFailure) => void;
  /** A change is being sent: the page's earlier news no longer applies. */
  onStart: () => void;
  reload: () => Promise<unknown>;
}

/**
 * The steps staff may take now (`nextStatuses`), refunding part of the payment while the shop still
 * holds some of it, and cancelling while the shop has not shipped.
 */
export function OrderActions(props: Props) {
  const { moves, canCancel } = orderActions(props.order);
  return (
    <>
      <section className="panel" aria-labelledby="next-step-heading">
        <h2 id="next-step-heading">Next step</h2>
        {moves.length === 0 ? <p>{waitingText(props.order.status)}</p> : null}
        {moves.map((move) => (
          <MoveForm key={move} move={move} {...props} />
        ))}
      </section>
      {canRefundPart(props.order) ? <RefundForm {...props} /> : null}
      {canCancel ? <CancelForm {...props} /> : null}
    </>
  );
}

/**
 * A form of several fields that sends one change to the order: the draft, each field's error beside
 * it (the first, in the form's order, focused once shown), and the problem at the top of the form
 * when the API names no field.
 */
function useOrderForm<Draft extends Partial<Record<keyof FieldErrors, string>>, Body>({
  empty,
  ids,
  check,
  onStart,
}: {
  empty: Draft;
  /** Each field's element id, in the form's order. */
  ids: Record<keyof Draft & keyof FieldErrors, string>;
  check: (draft: Draft) => { ok: true; body: Body } | { ok: false; errors: FieldErrors };
  onStart: () => void;
}) {
  type Key = keyof Draft & keyof FieldErrors;
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { problem, say, clear: clearProblem } = useFormProblem();
  const focus = useFocusAfterRender();
  const showErrors = (bad: FieldErrors) => {
    setErrors(bad);
    const first = (Object.keys(ids) as Key[]).find((key) => bad[key]);
    if (first) focus(ids[first]);
  };

  return {
    draft,
    errors,
    problem,
    set: (key: Key, value: string) => {
      setDraft((d) => ({ ...d, [key]: value }));
      if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    },
    reset: () => setDraft(empty),
    /** The API's refusal: beside the fields it names, else at the top of the form. */
    refuse: (failure: OrderFailure) => {
      const fields = failure.kind === 'refused' ? failure.errors : {};
      showErrors(fields);
      if (Object.keys(fields).length === 0) say(failure.message);
    },
    /** The form's `onSubmit`: checks the draft and sends it, unless a change is still on its way (`busy`). */
    submit: (event: FormEvent, { busy, send }: { busy: boolean; send: (body: Body) => void }) => {
      event.preventDefault();
      if (busy) return;
      onStart();
      clearProblem();
      const checked = check(draft);
      if (!checked.ok) {
        showErrors(checked.errors);
        return;
      }
      setErrors({});
      send(checked.body);
    },
  };
}

function MoveForm({ move, order, onDone, onInterrupted, onStart, reload }: Props & { move: Move }) {
  const ids = { carrier: `${move}-carrier`, trackingNumber: `${move}-tracking`, note: `${move}-note` } as const;
  const form = useOrderForm({ empty: EMPTY_MOVE, ids, check: (draft: MoveDraft) => moveBodyOf(move, draft), onStart });
  const { draft, errors, set } = form;

  // Refunding in full cannot be undone: it waits for staff to confirm the amount (issue 30).
  const buttonId = `${move}-button`;
  const confirm = useConfirm<MoveBody>(buttonId);
  const asked = move === 'refunded' ? confirm.asked : null;

  const save = useMutation({
    mutationFn: (body: MoveBody) => api.post('/admin/order/:id/status', { params: { id: order.id }, body }),
    onSettled: confirm.close,
    onSuccess: (answer) => onDone(answer, movedText(answer, move)),
    onError: (error) => handleOrderError(error, 'move', { interrupt: onInterrupted, reload, refuse: form.refuse }),
  });

  const headingId = `${move}-heading`;
  return (
    <form
      onSubmit={(event) =>
        form.submit(event, { busy: save.isPending || asked !== null, send: move === 'refunded' ? confirm.ask : save.mutate })
      }
      noValidate
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{MOVE_LABELS[move]}</h3>
      <p className="hint">{MOVE_HINTS[move]}</p>
      <FormProblem problem={form.problem} title="The order was not changed" />
      {move === 'shipped' ? (
        <div className="row">
          <TextField
            id={ids.carrier}
            label="Carrier"
            required
            hint={`Who delivers it, such as SingPost; up to ${TEXT_MAX} characters.`}
            autoComplete="off"
            maxLength={TEXT_MAX}
            value={draft.carrier}
            error={errors.carrier}
            onChange={(e) => set('carrier', e.target.value)}
          />
          <TextField
            id={ids.trackingNumber}
            label="Tracking number"
            required
            hint="The shopper follows the parcel with it."
            autoComplete="off"
            spellCheck={false}
            maxLength={TEXT_MAX}
            value={draft.trackingNumber}
            error={errors.trackingNumber}
            onChange={(e) => set('trackingNumber', e.target.value)}
          />
        </div>
      ) : null}
      <TextArea
        id={ids.note}
        label="Note for the order's history (optional)"
        hint={`Staff see it in the history; up to ${NOTE_MAX} characters.`}
        rows={2}
        value={draft.note}
        error={errors.note}
        onChange={(e) => set('note', e.target.value)}
      />
      {asked ? (
        <Confirm
          {...refundAllConfirmation(order)}
          busyLabel="Refunding…"
          keepLabel="Don't refund"
          busy={save.isPending}
          onConfirm={() => save.mutate(asked.value)}
          onKeep={confirm.keep}
        />
      ) : (
        <div className="actions">
          <button
            type="submit"
            id={buttonId}
            className={move === 'refunded' ? 'button button--danger' : 'button'}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? 'Saving…' : MOVE_LABELS[move]}
          </button>
        </div>
      )}
    </form>
  );
}

const REASON_ID = 'cancel-reason';
const CANCEL_BUTTON_ID = 'cancel-order-button';

function CancelForm({ order, onDone, onInterrupted, onStart, reload }: Props) {
  const reason = useOneFieldForm({ fieldId: REASON_ID, check: cancelBodyOf, onStart });
  // A checked reason waits here for staff to confirm the cancellation (and the refund it makes).
  const confirm = useConfirm<{ reason: string }>(CANCEL_BUTTON_ID);

  const cancel = useMutation({
    mutationFn: (body: { reason: string }) => api.post('/admin/order/:id/cancel', { params: { id: order.id }, body }),
    onSuccess: (answer) => onDone(answer, cancelledText(answer)),
    onSettled: confirm.close,
    onError: (failed) =>
      handleOrderError(failed, 'cancel', {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => reason.refuse(failure.kind === 'refused' ? failure.errors.reason : undefined, failure.message),
      }),
  });

  const paid = order.payments.some((payment) => payment.kind === 'charge' && payment.status === 'succeeded');
  const asked = confirm.asked;
  return (
    <section className="panel" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel order</h2>
      <ReasonForm
        form={reason}
        aria-labelledby="cancel-heading"
        label="Reason for cancelling"
        hint={`The shopper reads it in an e-mail; 1 to ${NOTE_MAX} characters.`}
        rows={3}
        busy={cancel.isPending}
        send={confirm.ask}
        submitLabel="Cancel order"
        busyLabel="Cancelling…"
        submitId={CANCEL_BUTTON_ID}
        confirmation={
          asked ? (
            <Confirm
              {...cancelConfirmation(order)}
              busyLabel="Cancelling…"
              keepLabel="Keep the order"
              busy={cancel.isPending}
              onConfirm={() => cancel.mutate(asked.value)}
              onKeep={confirm.keep}
            />
          ) : null
        }
      >
        <FormProblem problem={reason.problem} title="The order was not cancelled" />
        <p className="hint">
          Possible until the order is shipped. The stock, the voucher&apos;s use and any quoted items come back
          {paid ? '; the payment is refunded to the shopper.' : '.'}
        </p>
      </ReasonForm>
    </section>
  );
}

const REFUND_IDS = { amount: 'refund-amount', reason: 'refund-reason' } as const;
const REFUND_BUTTON_ID = 'refund-button';

/**
 * Part of the payment back to the shopper, with a reason they are e-mailed; the order keeps its
 * status, so the form empties itself once the refund is made (the page keeps it, not a new version).
 */
function RefundForm({ order, onDone, onInterrupted, onStart, reload }: Props) {
  const form = useOrderForm({ empty: EMPTY_REFUND, ids: REFUND_IDS, check: (draft: RefundDraft) => refundBodyOf(draft, order), onStart });
  const { draft, errors, set } = form;
  // A checked refund waits here for staff to confirm its amount and where it goes.
  const confirm = useConfirm<RefundBody>(REFUND_BUTTON_ID);
  const asked = confirm.asked;

  const refund = useMutation({
    mutationFn: (body: RefundBody) => api.post('/admin/order/:id/refund', { params: { id: order.id }, body }),
    onSettled: confirm.close,
    onSuccess: (answer, body) => {
      form.reset();
      onDone(answer, refundedNews(answer, body.amount));
    },
    onError: (failed) => handleOrderFailure(refundFailureOf(failed, order), { interrupt: onInterrupted, reload, refuse: form.refuse }),
  });

  const paynow = order.paymentMethod === 'paynow';
  return (
    <section className="panel" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund part of the payment</h2>
      <form
        onSubmit={(event) => form.submit(event, { busy: refund.isPending || asked !== null, send: confirm.ask })}
        noValidate
        aria-labelledby="refund-heading"
      >
        <FormProblem problem={form.problem} title="Nothing was refunded" />
        <p className="hint">
          {paynow
            ? 'Paid by PayNow: the refund is added to Refunds to send under Payments, for staff to send from the shop’s bank.'
            : 'The money goes back to the card at once.'}{' '}
          The order keeps its status; cancelling it later gives back only the rest.
        </p>
        <TextField
          id={REFUND_IDS.amount}
          label={`Amount in ${order.currency}`}
          required
          hint={refundableText(order)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={amountPlaceholder(order.currency)}
          value={draft.amount}
          readOnly={asked ? true : undefined}
          error={errors.amount}
          onChange={(e) => set('amount', e.target.value)}
        />
        <TextArea
          id={REFUND_IDS.reason}
          label="Reason for the refund"
          required
          hint={`The shopper is e-mailed it; 1 to ${PAYMENT_REASON_MAX} characters.`}
          rows={3}
          value={draft.reason}
          readOnly={asked ? true : undefined}
          error={errors.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
        {asked ? (
          <Confirm
            {...refundConfirmation(order, asked.value.amount)}
            detail={paynow ? 'It is added to Refunds to send under Payments.' : 'The money goes back to the card at once.'}
            busyLabel="Refunding…"
            keepLabel="Don't refund"
            busy={refund.isPending}
            onConfirm={() => refund.mutate(asked.value)}
            onKeep={confirm.keep}
          />
        ) : (
          <div className="actions">
            <button type="submit" id={REFUND_BUTTON_ID} className="button button--danger" aria-busy={refund.isPending || undefined}>
              {refund.isPending ? 'Refunding…' : 'Refund'}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
