'use client';

import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Dispute, DisputeInfo } from '@kedai/contract';
import { DISPUTE_DESCRIPTION_MAX, DISPUTE_PHOTOS_MAX } from '@kedai/domain';
import { FieldError, FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { formatAmount } from '../checkout/costs';
import { photoSrc } from '../chat/chat';
import { orderTime } from '../orders/orders';
import {
  REASON_OPTIONS,
  addPhotos,
  descriptionCount,
  disputeFormProblems,
  disputeStatusText,
  loadDisputes,
  openDispute,
  reasonText,
  sendDisputePhoto,
  type DisputeFormProblems,
} from './disputes';
import styles from './disputes.module.css';

export interface OrderDisputeProps {
  orderId: string;
  currency: string;
  /** `GET /order/{id}/dispute_info`; null when it could not be read (the panel then says nothing of opening one). */
  info: DisputeInfo | null;
  timeZone: string;
  /** A dispute was opened: the page reads its dispute information again. */
  onOpened?: () => void;
  /** Disputes as the page opens with them (tests); by default they are loaded. */
  initialDisputes?: Dispute[];
  className?: string;
  titleClassName?: string;
}

/**
 * "Something wrong with this order?" on the order page (issue 29): the order's disputes and how each
 * ended, and — while the domain's rule allows one (`info.canDispute`) — a form to open one: a reason
 * from the short list, a description with its count, and up to DISPUTE_PHOTOS_MAX photos. The
 * dispute is opened first, then each photo is sent for it (`sendDisputePhoto`); they show in the
 * conversation below and under the open dispute, where more can be added while there is room.
 */
export function OrderDispute({
  orderId,
  currency,
  info,
  timeZone,
  onOpened,
  initialDisputes,
  className,
  titleClassName,
}: OrderDisputeProps) {
  const [disputes, setDisputes] = useState<Dispute[] | null>(initialDisputes ?? null);
  const [formOpen, setFormOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<DisputeFormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [opened, setOpened] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  const [photoFailure, setPhotoFailure] = useState<string | null>(null);
  const [addingPhotos, setAddingPhotos] = useState(false);
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    const result = await loadDisputes(orderId);
    if (result.ok) setDisputes(result.value.disputes);
  }, [orderId]);

  useEffect(() => {
    if (!initialDisputes) void refresh();
  }, [initialDisputes, refresh]);

  useEffect(() => {
    if (formOpen) reasonRef.current?.focus();
  }, [formOpen]);

  const open = disputes?.find((dispute) => dispute.status === 'open') ?? null;
  const past = (disputes ?? []).filter((dispute) => dispute.status !== 'open');
  const canOpen = info?.canDispute === true && open === null;
  // Without the dispute information and with none on record there is nothing to say.
  if (!info && !open && past.length === 0 && !opened) return null;

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    // Emptied, so picking the same file again still counts as a change.
    event.target.value = '';
    const { files, leftOut } = addPhotos(photos, picked);
    setPhotos(files);
    setPhotoNote(leftOut ? `A dispute can have up to ${DISPUTE_PHOTOS_MAX} photos: the first ${DISPUTE_PHOTOS_MAX} are kept.` : null);
  }

  /** Sends photos for the open dispute one after another; answers the names stored and the first refusal's words. */
  async function sendPhotos(files: readonly File[]): Promise<{ images: string[]; failed: number; why: string | null }> {
    const images: string[] = [];
    let failed = 0;
    let why: string | null = null;
    for (const file of files) {
      const result = await sendDisputePhoto(orderId, file);
      if (result.ok && result.value.image) images.push(result.value.image);
      else {
        failed += 1;
        why ??= result.ok ? null : result.message;
      }
    }
    return { images, failed, why };
  }

  function photosFailed(failed: number, why: string | null): string {
    const count = failed === 1 ? '1 photo was' : `${failed} photos were`;
    return `${count} not sent${why ? `: ${why}` : ''}`;
  }

  async function onAddPhotos(dispute: Dispute, event: ChangeEvent<HTMLInputElement>) {
    const { files, leftOut } = addPhotos([], [...(event.target.files ?? [])], DISPUTE_PHOTOS_MAX - dispute.photos.length);
    event.target.value = '';
    setAddingPhotos(true);
    const sent = await sendPhotos(files);
    setAddingPhotos(false);
    setDisputes((now) => (now ?? []).map((d) => (d.id === dispute.id ? { ...d, photos: [...d.photos, ...sent.images] } : d)));
    const problems = [
      sent.failed > 0 ? photosFailed(sent.failed, sent.why) : null,
      leftOut ? `only ${DISPUTE_PHOTOS_MAX} can be added` : null,
    ];
    setPhotoFailure(problems.some(Boolean) ? problems.filter(Boolean).join('; ') : null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = disputeFormProblems(reason, description);
    setProblems(found);
    setFailure(null);
    if (found.reason || found.description) {
      (found.reason ? reasonRef.current : document.getElementById(`${id}-description`))?.focus();
      return;
    }
    setSending(true);
    const result = await openDispute(orderId, reason, description);
    if (!result.ok) {
      setSending(false);
      setFailure(result.message);
      return;
    }
    // The dispute is open: its photos follow, each for it.
    const sent = await sendPhotos(photos);
    setSending(false);
    setDisputes((now) => [{ ...result.value, photos: sent.images }, ...(now ?? [])]);
    setPhotoFailure(sent.failed > 0 ? photosFailed(sent.failed, sent.why) : null);
    setFormOpen(false);
    setReason('');
    setDescription('');
    setPhotos([]);
    setPhotoNote(null);
    setOpened(true);
    onOpened?.();
    requestAnimationFrame(() => doneRef.current?.focus());
  }

  const descriptionHintId = `${id}-description-hint`;
  const descriptionErrorId = problems.description ? `${id}-description-error` : undefined;
  const reasonErrorId = problems.reason ? `${id}-reason-error` : undefined;

  return (
    <section id="dispute" className={className} aria-labelledby={`${id}-title`} data-order-dispute>
      <h2 className={titleClassName} id={`${id}-title`}>
        Something wrong with this order?
      </h2>

      <div ref={doneRef} tabIndex={-1} className={styles.notice}>
        {opened ? <FormAlert tone="success">Your dispute is open. The shop answers in the conversation below.</FormAlert> : null}
        {photoFailure ? <FormAlert>{`Your dispute is open, but ${photoFailure}. You can add photos to it below.`}</FormAlert> : null}
      </div>

      {open ? (
        <div className={styles.current} data-dispute-status="open">
          <p>
            <strong>Your dispute: {reasonText(open.reason)}</strong>
          </p>
          <p className={styles.status}>{disputeStatusText('open')}</p>
          <p className={styles.meta}>Opened {orderTime(open.openedAt, timeZone)}</p>
          <p className={styles.description}>{open.description}</p>
          <DisputePhotos dispute={open} />
          {open.photos.length < DISPUTE_PHOTOS_MAX ? (
            <div className={formStyles.field}>
              <label htmlFor={`${id}-more-photos`} className={formStyles.label}>
                {addingPhotos ? 'Sending your photos…' : `Add photos (${open.photos.length} of ${DISPUTE_PHOTOS_MAX})`}
              </label>
              <input
                id={`${id}-more-photos`}
                type="file"
                accept="image/*"
                multiple
                disabled={addingPhotos}
                aria-busy={addingPhotos || undefined}
                onChange={(event) => void onAddPhotos(open, event)}
              />
            </div>
          ) : null}
        </div>
      ) : info ? (
        <p>{info.how}</p>
      ) : null}

      {canOpen && info?.until ? <p className={styles.meta}>You can open a dispute until {orderTime(info.until, timeZone)}.</p> : null}

      {canOpen && !formOpen ? (
        <button
          ref={openButtonRef}
          type="button"
          className="button button--secondary"
          aria-expanded={false}
          aria-controls={`${id}-form`}
          onClick={() => setFormOpen(true)}
        >
          Open a dispute
        </button>
      ) : null}

      {canOpen && formOpen ? (
        <form id={`${id}-form`} className={formStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-reason`} className={formStyles.label}>
              What is wrong?
            </label>
            <select
              id={`${id}-reason`}
              ref={reasonRef}
              className={formStyles.input}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={reasonErrorId}
            >
              <option value="">Choose a reason</option>
              {REASON_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError id={reasonErrorId} error={problems.reason} />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-description`} className={formStyles.label}>
              Tell us what happened
            </label>
            <textarea
              id={`${id}-description`}
              className={`${formStyles.input} ${styles.textarea}`}
              rows={5}
              maxLength={DISPUTE_DESCRIPTION_MAX * 2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={problems.description ? true : undefined}
              aria-describedby={[descriptionErrorId, descriptionHintId].filter(Boolean).join(' ')}
            />
            {/* Read with the box (described by it), not announced at each key. */}
            <p id={descriptionHintId} className={formStyles.hint}>
              {descriptionCount(description)}
            </p>
            <FieldError id={descriptionErrorId} error={problems.description} />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-photos`} className={formStyles.label}>
              Photos (optional, up to {DISPUTE_PHOTOS_MAX})
            </label>
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/*"
              multiple
              disabled={photos.length >= DISPUTE_PHOTOS_MAX}
              aria-describedby={`${id}-photos-hint`}
              onChange={onPick}
            />
            <p id={`${id}-photos-hint`} className={formStyles.hint} aria-live="polite">
              {photoNote ?? 'They are sent with your dispute, and only you and the shop see them.'}
            </p>
            {photos.length > 0 ? (
              <ul className={styles.picked} aria-label="Photos to send">
                {photos.map((file, index) => (
                  <li key={`${index}-${file.name}`}>
                    {file.name}{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={sending}
                      onClick={() => {
                        setPhotos((now) => now.filter((_, i) => i !== index));
                        setPhotoNote(null);
                      }}
                    >
                      Remove<span className="visually-hidden"> {file.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {failure ? <FormAlert>{`Your dispute could not be opened: ${failure}`}</FormAlert> : null}
          <div className={formStyles.actions}>
            <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
              {sending ? 'Sending…' : 'Open dispute'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => {
                setFormOpen(false);
                setProblems({});
                setFailure(null);
                requestAnimationFrame(() => openButtonRef.current?.focus());
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {past.length > 0 ? (
        <div>
          <h3 className={styles.pastTitle}>Earlier disputes</h3>
          <ul className={styles.past} role="list">
            {past.map((dispute) => (
              <li key={dispute.id} data-dispute-status={dispute.status}>
                <p>
                  <strong>{reasonText(dispute.reason)}</strong> — {disputeStatusText(dispute.status)}
                  {dispute.refundAmount !== null ? `: ${formatAmount(dispute.refundAmount, currency)}` : ''}
                </p>
                {dispute.resolution ? <p className={styles.meta}>The shop says: {dispute.resolution}</p> : null}
                <p className={styles.meta}>
                  Opened {orderTime(dispute.openedAt, timeZone)}
                  {dispute.resolvedAt ? ` · resolved ${orderTime(dispute.resolvedAt, timeZone)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The photos sent with a dispute, as thumbnails linked to the full size (private: through the order's photo route). */
function DisputePhotos({ dispute }: { dispute: Dispute }) {
  if (dispute.photos.length === 0) return null;
  return (
    <ul className={styles.photos} aria-label="Photos sent with your dispute">
      {dispute.photos.map((image, index) => {
        const full = photoSrc(dispute.orderId, image, 'full');
        const thumb = photoSrc(dispute.orderId, image, 'thumb');
        if (!full || !thumb) return null;
        return (
          <li key={image}>
            <a href={full} target="_blank" rel="noopener noreferrer">
              <img
                src={thumb}
                alt={`Sent with your dispute, ${index + 1} of ${dispute.photos.length}`}
                className={styles.photo}
                decoding="async"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
