import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, Dispute } from '@kedai/contract';
import { PAYMENT_REASON_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { chatPhotoSrc } from '../../lib/assets';
import { errorText } from '../../lib/errors';
import { amountPlaceholder } from '../../lib/money-input';
import { priceText } from '../../lib/money-text';
import { Alert, LoadError } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';
import { Confirm, useConfirm } from '../../ui/Confirm';
import { FormProblem, useFormProblem } from '../../ui/FormProblem';
import { ORDERS_KEY, orderKey } from '../orders/queries';
import { when } from '../products/reference';
import './disputes.css';
import {
  DISPUTE_BADGES,
  DISPUTE_STATUS_LABELS,
  declineBodyOf,
  disputesKey,
  emptyResolveDraft,
  mayReopen,
  reasonLabel,
  refundBodyOf,
  resolvedNews,
  useDisputes,
  type ResolveBody,
  type ResolveCheck,
  type ResolveDraft,
  type ResolveErrors,
} from './disputes';

/**
 * The order's disputes on its back-office page (issue 29): the open one with Refund (the amount
 * starts at what the shop still holds, through the refunds ledger) and Decline (a reason the shopper
 * reads); earlier ones and how they ended; and, with none open, allowing the shopper a new one after
 * the window or after they confirmed receipt. Nothing shows for an order that never had one and
 * could not (before shipping).
 */
export function DisputePanel({ order }: { order: AdminOrder }) {
  const disputes = useDisputes(order.id);
  const queryClient = useQueryClient();
  const [news, setNews] = useState<{ tone: 'success' | 'error'; text: string; n: number } | null>(null);
  const tell = (tone: 'success' | 'error', text: string) => setNews((old) => ({ tone, text, n: (old?.n ?? 0) + 1 }));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: disputesKey(order.id) });
    // A refund changes the order's payments and what it may still refund.
    void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  };

  const reopen = useMutation({
    mutationFn: () => api.post('/admin/order/:id/disputes/reopen', { params: { id: order.id } }),
    onSuccess: () => {
      refresh();
      tell('success', 'The shopper may open a new dispute; they are told in the conversation.');
    },
    onError: (failed) => tell('error', errorText(failed)),
  });

  if (disputes.isError) {
    return (
      <section className="panel" aria-labelledby="disputes-heading">
        <h2 id="disputes-heading">Disputes</h2>
        <LoadError message={errorText(disputes.error)} onRetry={() => void disputes.refetch()} />
      </section>
    );
  }
  const list = disputes.data?.disputes ?? [];
  const canReopen = mayReopen(disputes.data);
  if (disputes.isPending || (list.length === 0 && !canReopen)) return null;
  const open = list.find((dispute) => dispute.status === 'open') ?? null;
  const past = list.filter((dispute) => dispute.status !== 'open');

  return (
    <section className="panel" aria-labelledby="disputes-heading" data-disputes>
      <h2 id="disputes-heading">Disputes</h2>
      {news ? (
        <Alert key={news.n} tone={news.tone} focusOnShow>
          <p>{news.text}</p>
        </Alert>
      ) : null}
      {open ? (
        <OpenDispute
          // A refund moves what may be refunded: the form starts afresh from it.
          key={`${open.id}:${order.refundable}`}
          order={order}
          dispute={open}
          onResolved={(resolved) => {
            refresh();
            tell('success', resolvedNews(resolved, order.currency));
          }}
          onGone={(text) => {
            refresh();
            tell('error', text);
          }}
        />
      ) : list.length === 0 ? (
        <p>The shopper has not opened a dispute about this order.</p>
      ) : null}
      {past.length > 0 ? (
        <>
          <h3>{open ? 'Earlier disputes' : 'Resolved disputes'}</h3>
          <ul className="dispute-list">
            {past.map((dispute) => (
              <PastDispute key={dispute.id} dispute={dispute} currency={order.currency} />
            ))}
          </ul>
        </>
      ) : null}
      {canReopen ? (
        <div className="actions">
          <p className="hint">
            After the dispute window, or once the shopper confirmed receipt, they cannot open a dispute themselves: allow one when they ask
            in the conversation.
          </p>
          <button
            type="button"
            className="button"
            aria-busy={reopen.isPending || undefined}
            onClick={() => !reopen.isPending && reopen.mutate()}
          >
            {reopen.isPending ? 'Allowing…' : 'Allow a new dispute'}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function DisputeFacts({ dispute }: { dispute: Dispute }) {
  const opened = when(dispute.openedAt);
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>
        <span className={DISPUTE_BADGES[dispute.status]}>{DISPUTE_STATUS_LABELS[dispute.status]}</span>
      </dd>
      <dt>Reason</dt>
      <dd>{reasonLabel(dispute.reason)}</dd>
      <dt>Opened on</dt>
      <dd>
        <time dateTime={opened.iso}>{opened.text}</time>
      </dd>
      <dt>What the shopper says</dt>
      <dd className="prewrap break">{dispute.description}</dd>
      <dt>Photos</dt>
      <dd>{dispute.photos.length === 0 ? 'None sent' : <DisputePhotos dispute={dispute} />}</dd>
    </dl>
  );
}

/** The photos the shopper sent with the dispute: thumbnails from the staff's photo route (they are private), linked to the full size. */
function DisputePhotos({ dispute }: { dispute: Dispute }) {
  return (
    <ul className="dispute-photos">
      {dispute.photos.map((image, index) => {
        const full = chatPhotoSrc(dispute.orderId, image, 'full');
        const thumb = chatPhotoSrc(dispute.orderId, image, 'thumb');
        if (!full || !thumb) return null;
        return (
          <li key={image}>
            <a href={full} target="_blank" rel="noopener noreferrer">
              <img src={thumb} alt={`Sent with the dispute, ${index + 1} of ${dispute.photos.length}; opens at full size`} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function PastDispute({ dispute, currency }: { dispute: Dispute; currency: string }) {
  const resolved = dispute.resolvedAt ? when(dispute.resolvedAt) : null;
  return (
    <li>
      <DisputeFacts dispute={dispute} />
      <dl className="facts">
        {dispute.refundAmount !== null ? (
          <>
            <dt>Refunded</dt>
            <dd>{priceText(dispute.refundAmount, currency)}</dd>
          </>
        ) : null}
        {dispute.resolution ? (
          <>
            <dt>{dispute.status === 'declined' ? 'Reason given' : 'Note'}</dt>
            <dd className="prewrap break">{dispute.resolution}</dd>
          </>
        ) : null}
        {resolved ? (
          <>
            <dt>Resolved on</dt>
            <dd>
              <time dateTime={resolved.iso}>{resolved.text}</time>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

const IDS = { amount: 'dispute-refund-amount', note: 'dispute-refund-note', reason: 'dispute-decline-reason' } as const;
const BUTTONS = { refund: 'dispute-refund-button', decline: 'dispute-decline-button' } as const;

function OpenDispute({
  order,
  dispute,
  onResolved,
  onGone,
}: {
  order: AdminOrder;
  dispute: Dispute;
  onResolved: (dispute: Dispute) => void;
  onGone: (text: string) => void;
}) {
  const [draft, setDraft] = useState<ResolveDraft>(() => emptyResolveDraft(order));
  const [errors, setErrors] = useState<ResolveErrors>({});
  const refundProblem = useFormProblem();
  const declineProblem = useFormProblem();
  const set = (key: keyof ResolveDraft, value: string) => {
    setDraft((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  // A checked answer waits for staff to confirm it, naming the order and the amount (issue 30).
  const refundAsk = useConfirm<ResolveBody>(BUTTONS.refund);
  const declineAsk = useConfirm<ResolveBody>(BUTTONS.decline);
  const asking = refundAsk.asked !== null || declineAsk.asked !== null;

  const resolve = useMutation({
    mutationFn: (body: ResolveBody) => api.post('/admin/dispute/:id/resolve', { params: { id: dispute.id }, body }),
    onSettled: () => {
      refundAsk.close();
      declineAsk.close();
    },
    onSuccess: (answer) => onResolved(answer),
    onError: (failed, body) => {
      const said = errorText(failed);
      // Resolved meanwhile by someone else: the panel reads the disputes again.
      if ((failed as { errorCode?: unknown }).errorCode === 'dispute/not_open') onGone(said);
      else (body.outcome === 'refund' ? refundProblem : declineProblem).say(said);
    },
  });

  function submit(event: FormEvent, check: () => ResolveCheck, first: readonly (keyof ResolveErrors)[]) {
    event.preventDefault();
    if (resolve.isPending || asking) return;
    refundProblem.clear();
    declineProblem.clear();
    const checked = check();
    if (!checked.ok) {
      setErrors(checked.errors);
      const key = first.find((name) => checked.errors[name]);
      if (key) requestAnimationFrame(() => document.getElementById(IDS[key])?.focus());
      return;
    }
    (checked.body.outcome === 'refund' ? refundAsk : declineAsk).ask(checked.body);
  }
  const refunding = refundAsk.asked?.value;
  const declining = declineAsk.asked?.value;

  const paynow = order.paymentMethod === 'paynow';
  return (
    <div data-dispute-open>
      <DisputeFacts dispute={dispute} />
      <p className="hint">The photos sent with it are in the conversation too, marked as the dispute's.</p>
      <div className="dispute-actions">
        {order.refundable > 0 ? (
          <form
            onSubmit={(event) => submit(event, () => refundBodyOf(draft, order), ['amount', 'note'])}
            noValidate
            aria-labelledby="dispute-refund-heading"
          >
            <h3 id="dispute-refund-heading">Refund</h3>
            <FormProblem problem={refundProblem.problem} title="Nothing was refunded" />
            <p className="hint">
              {paynow
                ? 'Paid by PayNow: the refund is added to Refunds to send under Payments.'
                : 'The money goes back to the card it was paid with.'}{' '}
              The order keeps its status.
            </p>
            <TextField
              id={IDS.amount}
              label={`Amount in ${order.currency}`}
              required
              hint={`The shop still holds ${priceText(order.refundable, order.currency)} of this order.`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder(order.currency)}
              value={draft.amount}
              readOnly={asking || undefined}
              error={errors.amount}
              onChange={(e) => set('amount', e.target.value)}
            />
            <TextArea
              id={IDS.note}
              label="Note to the shopper (optional)"
              hint={`Shown in the conversation; at most ${PAYMENT_REASON_MAX} characters.`}
              rows={2}
              value={draft.note}
              readOnly={asking || undefined}
              error={errors.note}
              onChange={(e) => set('note', e.target.value)}
            />
            {refunding?.outcome === 'refund' ? (
              <Confirm
                question={`Refund ${priceText(refunding.amount, order.currency)} of ${order.orderRef} ${paynow ? 'by PayNow' : 'to the card'} and close the dispute?`}
                detail="The shopper is told in the conversation and by e-mail."
                confirmLabel={`Refund ${priceText(refunding.amount, order.currency)}`}
                busyLabel="Refunding…"
                keepLabel="Don't refund"
                busy={resolve.isPending}
                onConfirm={() => resolve.mutate(refunding)}
                onKeep={refundAsk.keep}
              />
            ) : (
              <div className="actions">
                <button type="submit" id={BUTTONS.refund} className="button button--danger" aria-busy={resolve.isPending || undefined}>
                  {resolve.isPending && resolve.variables?.outcome === 'refund' ? 'Refunding…' : 'Refund'}
                </button>
              </div>
            )}
          </form>
        ) : (
          <p>Nothing of this order's payment is left to refund: decline the dispute, or answer in the conversation.</p>
        )}
        <form
          onSubmit={(event) => submit(event, () => declineBodyOf(draft), ['reason'])}
          noValidate
          aria-labelledby="dispute-decline-heading"
        >
          <h3 id="dispute-decline-heading">Decline</h3>
          <FormProblem problem={declineProblem.problem} title="The dispute was not declined" />
          <TextArea
            id={IDS.reason}
            label="Reason"
            required
            hint={`The shopper reads it in the conversation; 1 to ${PAYMENT_REASON_MAX} characters.`}
            rows={3}
            value={draft.reason}
            readOnly={asking || undefined}
            error={errors.reason}
            onChange={(e) => set('reason', e.target.value)}
          />
          {declining ? (
            <Confirm
              question={`Decline the dispute about ${order.orderRef}? Nothing is refunded.`}
              detail="The shopper reads your reason in the conversation."
              confirmLabel="Decline the dispute"
              busyLabel="Declining…"
              keepLabel="Don't decline"
              busy={resolve.isPending}
              onConfirm={() => resolve.mutate(declining)}
              onKeep={declineAsk.keep}
            />
          ) : (
            <div className="actions">
              <button type="submit" id={BUTTONS.decline} className="button" aria-busy={resolve.isPending || undefined}>
                {resolve.isPending && resolve.variables?.outcome === 'decline' ? 'Declining…' : 'Decline'}
              </button>
            </div>
          )}
        </form>
      </div>
    </div>
  );
}
