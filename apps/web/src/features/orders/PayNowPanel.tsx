'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Order, PaymentInfo } from '@kedai/contract';
import { shopperMessage } from '@kedai/domain';
import { FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import { LoadStatus } from '../../ui/LoadStatus';
import { formatAmount } from '../checkout/costs';
import { awaitingPaymentText } from './orders';
import {
  TRANSFER_REPORTED_TEXT,
  copyText,
  loadPaymentInfo,
  payNowQrLabel,
  payeeText,
  rejectedTransferText,
  type PayNowDetails,
} from './paynow';
import { PayNowPaidForm } from './PayNowPaidForm';
import { QrCode } from './QrCode';
import { qrPngBlob } from './qr-code';
import styles from './orders.module.css';

export type PaymentInfoLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; info: PaymentInfo };

/** Whether the PayNow code was copied, or the browser refused (it is then shown to copy by hand). */
export type CopyState = 'idle' | 'copied' | 'refused';

export interface PayNowPanelProps {
  orderId: string;
  /** The time zone times are shown in. */
  timeZone: string;
  /** The order as the shopper's report left it. */
  onReported(order: Order): void;
  /** The report was refused because the page is out of date (reported, paid or cancelled meanwhile): the page reads the order again. */
  onOutdated(): void;
  /** What the panel opens with (tests); by default the payment is read. */
  initial?: PaymentInfoLoad;
  initialCopy?: CopyState;
  initialMessage?: string | null;
}

/**
 * A PayNow order awaiting payment (issue 17), from `POST /order/{id}/payment_info`: why the shop
 * rejected the last transfer reported, if it did; the QR code to scan, with the amount, the payee,
 * the reference to keep and until when; the code to copy; how to pay; and "I have paid". Once
 * reported, that the shop is checking the transfer.
 */
export function PayNowPanel({ orderId, timeZone, onReported, onOutdated, initial, initialCopy, initialMessage = null }: PayNowPanelProps) {
  const [load, setLoad] = useState<PaymentInfoLoad>(initial ?? { status: 'loading' });
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [reported, setReported] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  const read = useCallback(
    async (quietly = false) => {
      if (!quietly) setLoad({ status: 'loading' });
      const result = await loadPaymentInfo(orderId);
      if (result.ok) setLoad({ status: 'ready', info: result.value });
      else if (!quietly) setLoad({ status: 'error', message: result.message });
    },
    [orderId],
  );

  useEffect(() => {
    if (!initial) void read();
  }, [initial, read]);

  const state = load.status === 'ready' ? load.info.state : null;

  // The thanks take the focus the form had, so the shopper hears that the report went through.
  useEffect(() => {
    if (reported && state === 'awaiting_confirmation') thanksRef.current?.focus();
  }, [reported, state]);

  if (load.status !== 'ready') {
    return (
      <LoadStatus
        loading="Loading the PayNow details…"
        failure={load.status === 'error' ? `We could not load the PayNow details: ${load.message}` : null}
        onRetry={() => void read()}
      />
    );
  }

  const { info } = load;

  function say(text: string) {
    setMessage(text);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  // The code is shown only while it may be paid (the API sends it only then).
  const paynow = info.state === 'awaiting_payment' ? info.paynow : null;

  return (
    <div className={styles.payNow}>
      {paynow ? (
        <>
          {info.lastProblem ? <FormAlert>{rejectedTransferText(info.lastProblem)}</FormAlert> : null}
          <p className={styles.payBy}>{awaitingPaymentText(info.payBy, timeZone)}</p>
          <PayNowCode info={info} paynow={paynow} initialCopy={initialCopy} />
        </>
      ) : info.state === 'awaiting_confirmation' ? (
        <p ref={thanksRef} tabIndex={-1} className={styles.thanks}>
          {TRANSFER_REPORTED_TEXT}
        </p>
      ) : info.state === 'paid' ? (
        <p className={styles.thanks}>The shop has confirmed your transfer: this order is paid.</p>
      ) : info.state === 'awaiting_payment' ? (
        // No code while the shop does not take PayNow (issue 27): its demo code pays no one.
        <FormAlert>{shopperMessage('payment/method_unavailable', ['PayNow'])}</FormAlert>
      ) : (
        <p>{shopperMessage('payment/not_payable')}</p>
      )}
      <div ref={messageRef} tabIndex={-1} className={styles.message}>
        {message ? <FormAlert>{message}</FormAlert> : null}
      </div>
      {paynow ? (
        <PayNowPaidForm
          orderId={orderId}
          onReported={(order) => {
            setMessage(null);
            setReported(true);
            onReported(order);
            void read();
          }}
          onRefused={({ message: refusal, outdated }) => {
            say(refusal);
            if (outdated) {
              void read(true);
              onOutdated();
            }
          }}
        />
      ) : null}
    </div>
  );
}

interface PayNowCodeProps {
  info: PaymentInfo;
  paynow: PayNowDetails;
  initialCopy?: CopyState | undefined;
}

/**
 * The QR code with what it pays, "Copy the PayNow code", and how to pay with it; on a phone, where
 * the code cannot be scanned from the same screen, "Save QR code" (for the banking app's scan from
 * the gallery) and a Copy button each for the UEN or number and the reference.
 */
function PayNowCode({ info, paynow, initialCopy = 'idle' }: PayNowCodeProps) {
  const id = useId();
  const [copy, setCopy] = useState<CopyState>(initialCopy);
  // What the last small Copy or Save said ("Reference copied"), read out once.
  const [said, setSaid] = useState('');
  const payloadRef = useRef<HTMLTextAreaElement>(null);
  const amount = formatAmount(info.amount, info.currency);

  async function copyFact(what: string, text: string) {
    setCopy('idle');
    setSaid('');
    setSaid((await copyText(text)) ? `${what} copied` : `Your browser did not let us copy the ${what.toLowerCase()}: it is ${text}.`);
  }

  async function onSaveQr() {
    setCopy('idle');
    setSaid('');
    const png = await qrPngBlob(paynow.payload);
    if (!png) return setSaid('Your browser could not make the picture: take a screenshot of the code instead.');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(png);
    link.download = `PayNow-${paynow.reference}.png`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    setSaid('QR code saved: in your banking app, scan it from your photos or downloads.');
  }

  async function onCopy() {
    setCopy('idle'); // so a second copy is announced again
    setSaid('');
    const copied = await copyText(paynow.payload);
    setCopy(copied ? 'copied' : 'refused');
    // Refused: the code waits selected in its field, for the shopper to copy.
    if (!copied)
      requestAnimationFrame(() => {
        payloadRef.current?.focus();
        payloadRef.current?.select();
      });
  }

  return (
    <div className={styles.payNowCode}>
      <QrCode text={paynow.payload} label={payNowQrLabel(info, paynow)} />
      <div className={styles.payNowFacts}>
        <dl className={styles.details}>
          <div>
            <dt>Amount</dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>Pay to</dt>
            <dd>
              {payeeText(paynow.payee)}{' '}
              <button
                type="button"
                className={styles.copyFact}
                onClick={() => void copyFact(paynow.payee.kind === 'uen' ? 'UEN' : 'Mobile number', paynow.payee.value)}
              >
                Copy<span className="visually-hidden"> the {paynow.payee.kind === 'uen' ? 'UEN' : 'mobile number'}</span>
              </button>
            </dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{paynow.merchantName}</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd>
              <span className={styles.reference}>{paynow.reference}</span>{' '}
              <button type="button" className={styles.copyFact} onClick={() => void copyFact('Reference', paynow.reference)}>
                Copy<span className="visually-hidden"> the reference</span>
              </button>
            </dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={() => void onCopy()}>
            Copy the PayNow code
          </button>
          <button type="button" className="button button--secondary" onClick={() => void onSaveQr()}>
            Save QR code
          </button>
          <p className={styles.copied} role="status">
            {copy === 'copied' ? 'Copied' : said}
          </p>
        </div>
        {copy === 'refused' ? (
          <div className={formStyles.field}>
            <label htmlFor={`${id}-payload`} className={formStyles.label}>
              PayNow code
            </label>
            <p id={`${id}-payload-hint`} className={formStyles.hint}>
              Your browser did not let us copy it: select the code and copy it yourself.
            </p>
            <textarea
              ref={payloadRef}
              id={`${id}-payload`}
              className={styles.payload}
              readOnly
              rows={4}
              value={paynow.payload}
              aria-describedby={`${id}-payload-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        ) : null}
      </div>
      <div className={styles.steps}>
        <h3 id={`${id}-how`}>How to pay</h3>
        <ol aria-labelledby={`${id}-how`}>
          <li>Open your banking app and scan the QR code.</li>
          <li>
            Check that it pays {amount} to {paynow.merchantName}, and keep the reference {paynow.reference} in the transfer.
          </li>
          <li>Once you have paid, tap “I have paid” below.</li>
        </ol>
      </div>
    </div>
  );
}
