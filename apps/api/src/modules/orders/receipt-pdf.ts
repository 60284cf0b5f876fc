import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@kedai/domain';
import type { Receipt } from './receipt';

/**
 * The receipt as a PDF (issue 30), made on the server with pdfkit from the same receipt the page
 * shows. The PDF standard fonts only write Western European text, so DejaVu Sans (shipped in
 * apps/api/assets/fonts, Bitstream Vera licence) is embedded: Latin, Greek, Cyrillic and the "×",
 * "−" and "•" the summary uses. No font is fetched at run time.
 */

/** apps/api/assets/fonts, from the source (src/modules/orders) or the bundle (dist). */
function fontsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, 'DejaVuSans.ttf'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('apps/api/assets/fonts/DejaVuSans.ttf is missing');
}

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

/** The receipt's PDF bytes. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const fonts = fontsDir();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${receipt.title} ${receipt.number}`, Author: receipt.seller.legalName, Subject: `Order ${receipt.orderRef}` },
  });
  doc.registerFont('body', join(fonts, 'DejaVuSans.ttf'));
  doc.registerFont('bold', join(fonts, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { seller, summary } = receipt;
  doc.font('bold').fontSize(18).text(receipt.title);
  doc.moveDown(0.5);
  doc.font('body').fontSize(10);
  doc.text(`Number: ${receipt.number}`);
  doc.text(`Date: ${receipt.issuedOn}`);
  doc.text(`Order: ${receipt.orderRef}`);
  doc.moveDown();

  doc.font('bold').text(seller.legalName);
  doc.font('body');
  if (seller.legalName !== seller.name) doc.text(`Trading as ${seller.name}`);
  if (seller.address) doc.text(seller.address);
  if (seller.taxRegistrationNumber) doc.text(`GST / tax registration no.: ${seller.taxRegistrationNumber}`);
  doc.moveDown();

  doc.font('bold').text('Billed and delivered to');
  doc.font('body').text(receipt.buyer.join('\n'));
  doc.moveDown();

  const row = (left: string, right: string, font: 'body' | 'bold' = 'body') => {
    const y = doc.y;
    doc.font(font).text(left, MARGIN, y, { width: CONTENT - 130 });
    const after = doc.y;
    doc.text(right, MARGIN + CONTENT - 120, y, { width: 120, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(after, doc.y) + 2;
  };
  row('Item', 'Amount', 'bold');
  for (const line of summary.lines) {
    row(`${line.quantity} × ${line.name}${line.variant ? ` (${line.variant})` : ''} at ${line.unitPrice}`, line.lineTotal);
  }
  doc.moveDown(0.5);
  for (const total of summary.totals) row(total.label, total.amount, total.label === 'Total' ? 'bold' : 'body');
  doc.moveDown();

  if (receipt.taxes.length > 0) {
    doc.font('bold').text('Tax per rate');
    for (const tax of receipt.taxes) {
      row(
        `${tax.label}: on ${formatMoney(tax.taxable, receipt.currency)}`,
        `${formatMoney(tax.tax, receipt.currency)}${tax.inclusive ? ' (included)' : ''}`,
      );
    }
    doc.moveDown();
  }
  doc.font('body').text(`Paid by ${summary.paymentMethod}.`);
  doc.end();
  return done;
}
