import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminOrder } from '@kedai/contract';
import { PAYMENT_REASON_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { amountPlaceholder } from '../../lib/money-input';
import { Alert } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';
import {
  EMPTY_MOVE,
  EMPTY_REFUND,
  MOVE_HINTS,
  MOVE_LABELS,
  NOTE_MAX,
  TEXT_MAX,
  cancelBodyOf,
  cancelledText,
  canRefundPart,
  handleOrderError,
  handleOrderFailure,
  moveBodyOf,
  movedText,
  orderActions,
  refundBodyOf,
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
 * Focus for a field once its error is on the page, so it is read with its mark and message: the
 * field's id to `focus`, asked again each time (`n`).
 */
function useFocusAfterRender(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string; n: number } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  return (id) => setTarget((old) => ({ id, n: (old?.n ?? 0) + 1 }));
}

function MoveForm({ move, order, onDone, onInterrupted, onStart, reload }: Props & { move: Move }) {
  const [draft, setDraft] = useState<MoveDraft>(EMPTY_MOVE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const focus = useFocusAfterRender();
  const ids = { carrier: `${move}-carrier`, trackingNumber: `${move}-tracking`, note: `${move}-note` } as const;
  const focusFirst = (bad: FieldErrors) => {
    const first = (['carrier', 'trackingNumber', 'note'] as const).find((key) => bad[key]);
    if (first) focus(ids[first]);
  };

  const save = useMutation({
    mutationFn: (body: MoveBody) => api.post('/admin/order/:id/status', { params: { id: order.id }, body }),
    onSuccess: (answer) => onDone(answer, movedText(answer, move)),
    onError: (error) =>
      handleOrderError(error, 'move', {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => {
          const fields = failure.kind === 'refused' ? failure.errors : {};
          setErrors(fields);
          if (Object.keys(fields).length > 0) focusFirst(fields);
          else setProblem((old) => ({ text: failure.message, n: (old?.n ?? 0) + 1 }));
        },
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    setProblem(null);
    const checked = moveBodyOf(move, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body);
  }

  const set = (key: keyof MoveDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const headingId = `${move}-heading`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{MOVE_LABELS[move]}</h3>
      <p className="hint">{MOVE_HINTS[move]}</p>
      {problem ? (
        <Alert key={problem.n} tone="error" title="The order was not changed" focusOnShow>
          <p>{problem.text}</p>
        </Alert>
      ) : null}
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
      <div className="actions">
        <button type="submit" className={move === 'refunded' ? 'button button--danger' : 'button'} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : MOVE_LABELS[move]}
        </button>
      </div>
    </form>
  );
}

const REASON_ID = 'cancel-reason';

function CancelForm({ order, onDone, onInterrupted, onStart, reload }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const focus = useFocusAfterRender();

  const cancel = useMutation({
    mutationFn: (body: { reason: string }) => api.post('/admin/order/:id/cancel', { params: { id: order.id }, body }),
    onSuccess: (answer) => onDone(answer, cancelledText(answer)),
    onError: (failed) =>
      handleOrderError(failed, 'cancel', {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => {
          const fieldError = failure.kind === 'refused' ? failure.errors.reason : undefined;
          if (fieldError) {
            setError(fieldError);
            focus(REASON_ID);
          } else setProblem((old) => ({ text: failure.message, n: (old?.n ?? 0) + 1 }));
        },
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (cancel.isPending) return;
    onStart();
    setProblem(null);
    const checked = cancelBodyOf(reason);
    if (!checked.ok) {
      setError(checked.error);
      focus(REASON_ID);
      return;
    }
    setError(null);
    cancel.mutate(checked.body);
  }

  const paid = order.payments.some((payment) => payment.kind === 'charge' && payment.status === 'succeeded');
  return (
    <section className="panel" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel order</h2>
      <form onSubmit={submit} noValidate aria-labelledby="cancel-heading">
        {problem ? (
          <Alert key={problem.n} tone="error" title="The order was not cancelled" focusOnShow>
            <p>{problem.text}</p>
          </Alert>
        ) : null}
        <p className="hint">
          Possible until the order is shipped. The stock, the voucher&apos;s use and any quoted items come back
          {paid ? '; the payment is refunded to the shopper.' : '.'}
        </p>
        <TextArea
          id={REASON_ID}
          label="Reason for cancelling"
          required
          hint={`The shopper reads it in an e-mail; 1 to ${NOTE_MAX} characters.`}
          rows={3}
          value={reason}
          error={error ?? undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
        />
        <div className="actions">
          <button type="submit" className="button button--danger" aria-busy={cancel.isPending || undefined}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </form>
    </section>
  );
}

const REFUND_IDS = { amount: 'refund-amount', reason: 'refund-reason' } as const;

/**
 * Part of the payment back to the shopper, with a reason they are e-mailed; the order keeps its
 * status, so the form empties itself once the refund is made (the page keeps it, not a new version).
 */
function RefundForm({ order, onDone, onInterrupted, onStart, reload }: Props) {
  const [draft, setDraft] = useState<RefundDraft>(EMPTY_REFUND);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const focus = useFocusAfterRender();
  const focusFirst = (bad: FieldErrors) => {
    const first = (['amount', 'reason'] as const).find((key) => bad[key]);
    if (first) focus(REFUND_IDS[first]);
  };

  const refund = useMutation({
    mutationFn: (body: RefundBody) => api.post('/admin/order/:id/refund', { params: { id: order.id }, body }),
    onSuccess: (answer, body) => {
      setDraft(EMPTY_REFUND);
      onDone(answer, refundedNews(answer, body.amount));
    },
    onError: (failed) =>
      handleOrderFailure(refundFailureOf(failed, order), {
        interrupt: onInterrupted,
        reload,
        refuse: (failure) => {
          const fields = failure.kind === 'refused' ? failure.errors : {};
          setErrors(fields);
          if (Object.keys(fields).length > 0) focusFirst(fields);
          else setProblem((old) => ({ text: failure.message, n: (old?.n ?? 0) + 1 }));
        },
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (refund.isPending) return;
    onStart();
    setProblem(null);
    const checked = refundBodyOf(draft, order);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    refund.mutate(checked.body);
  }

  const set = (key: keyof RefundDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const paynow = order.paymentMethod === 'paynow';
  return (
    <section className="panel" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund part of the payment</h2>
      <form onSubmit={submit} noValidate aria-labelledby="refund-heading">
        {problem ? (
          <Alert key={problem.n} tone="error" title="Nothing was refunded" focusOnShow>
            <p>{problem.text}</p>
          </Alert>
        ) : null}
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
          error={errors.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button button--danger" aria-busy={refund.isPending || undefined}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </button>
        </div>
      </form>
    </section>
  );
}
