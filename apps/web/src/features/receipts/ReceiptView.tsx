'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import type { Receipt } from '@kedai/contract';
import { LoadStatus } from '../../ui/LoadStatus';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { loadReceipt, receiptPdfHref } from './receipt';
import styles from './receipt.module.css';

export type ReceiptLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; receipt: Receipt };

interface ReceiptViewProps {
  orderId: string;
  /** Tests and server renders pass what was loaded. */
  initial?: ReceiptLoad;
}

/** `/orders/{id}/receipt`: the receipt or tax invoice as a printable page, with its PDF to download. */
export function ReceiptView({ orderId, initial }: ReceiptViewProps) {
  const [load, setLoad] = useState<ReceiptLoad>(initial ?? { status: 'loading' });
  const read = useCallback(async () => {
    setLoad({ status: 'loading' });
    const result = await loadReceipt(orderId);
    setLoad(result.ok ? { status: 'ready', receipt: result.value } : { status: 'error', message: result.message });
  }, [orderId]);

  useEffect(() => {
    if (!initial) void read();
  }, [initial, read]);

  useDocumentTitle(load.status === 'ready' ? `Receipt for ${load.receipt.orderRef}` : null);

  const back = (
    <Link href={`/orders/${encodeURIComponent(orderId)}`} className={styles.noPrint}>
      Back to the order
    </Link>
  );
  if (load.status !== 'ready') {
    return (
      <>
        <h1 id="receipt-title">Receipt</h1>
        <LoadStatus
          loading="Loading your receipt…"
          failure={load.status === 'error' ? `We could not load this receipt: ${load.message}` : null}
          onRetry={() => void read()}
        />
        <p>{back}</p>
      </>
    );
  }

  const { receipt } = load;
  const { seller, summary } = receipt;
  return (
    <article className={styles.receipt} aria-labelledby="receipt-title">
      <div className={styles.actions}>
        {back}
        <a href={receiptPdfHref(orderId)} className="button button--primary" download={`${receipt.number}.pdf`}>
          Download PDF
        </a>
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h1 id="receipt-title">{receipt.title}</h1>
      <dl className={styles.facts}>
        <dt>Number</dt>
        <dd>{receipt.number}</dd>
        <dt>Date</dt>
        <dd>{receipt.issuedOn}</dd>
        <dt>Order</dt>
        <dd>{receipt.orderRef}</dd>
      </dl>
      <div className={styles.parties}>
        <section aria-label="From">
          <strong>{seller.legalName}</strong>
          {seller.legalName !== seller.name ? <p>Trading as {seller.name}</p> : null}
          {seller.address ? <p className={styles.address}>{seller.address}</p> : null}
          {seller.taxRegistrationNumber ? <p>GST reg. no. {seller.taxRegistrationNumber}</p> : null}
        </section>
        <section aria-label="Billed and delivered to">
          <strong>Billed and delivered to</strong>
          <p className={styles.address}>{receipt.buyer.join('\n')}</p>
        </section>
      </div>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Unit price</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {summary.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.name}
                {line.variant ? <span className={styles.variant}> ({line.variant})</span> : null}
              </td>
              <td>{line.quantity}</td>
              <td>{line.unitPrice}</td>
              <td>{line.lineTotal}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.totals.map((row) => (
            <tr key={row.label} className={row.label === 'Total' ? styles.total : undefined}>
              <th scope="row" colSpan={3}>
                {row.label}
              </th>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p>Paid by {summary.paymentMethod}.</p>
    </article>
  );
}
