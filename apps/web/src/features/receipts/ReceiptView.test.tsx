import { renderToStaticMarkup } from 'react-dom/server';
import type { Receipt } from '@kedai/contract';
import { describe, expect, it } from 'vitest';
import { ReceiptView } from './ReceiptView';

/* The receipt page rendered as HTML (the web tests run in Node without a DOM). */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n]+/g, ' ');

const ORDER = 'bbbbbbbb-0000-4000-8000-000000000002';
const receipt: Receipt = {
  orderId: ORDER,
  orderRef: 'KD-261124-ABCDEF',
  title: 'Tax invoice',
  number: 'INV-2026-000123',
  issuedAt: 1_799_900_000,
  issuedOn: '14/01/2027',
  seller: { name: 'Kedai', legalName: 'Kedai Pte Ltd', address: '1 Raffles Place\nSingapore 048616', taxRegistrationNumber: 'M90312345A' },
  buyer: ['Tan Ah Kow', '1 Raffles Place', 'Singapore 048616'],
  currency: 'SGD',
  summary: {
    lines: [{ name: 'Kedai T-shirt', variant: 'Colour: Red, Size: M', quantity: 2, unitPrice: 'SGD 15.00', lineTotal: 'SGD 30.00' }],
    totals: [
      { label: 'Subtotal', amount: 'SGD 30.00' },
      { label: 'Delivery', amount: 'SGD 4.00' },
      { label: 'GST 9%', amount: 'SGD 3.06' },
      { label: 'Total', amount: 'SGD 37.06' },
    ],
    taxLabel: 'GST 9%',
    address: ['Tan Ah Kow', '1 Raffles Place', 'Singapore 048616'],
    paymentMethod: 'Card (visa •••• 4242)',
  },
  taxes: [{ label: 'GST 9%', rateBp: 900, taxable: 3400, tax: 306, inclusive: false }],
  total: 3706,
};

const render = (initial: Parameters<typeof ReceiptView>[0]['initial']) =>
  renderToStaticMarkup(<ReceiptView orderId={ORDER} initial={initial} />);

describe('the receipt page', () => {
  it('shows a tax invoice with its number, date, the shop’s legal details, the lines and totals, and the PDF to download', () => {
    const html = render({ status: 'ready', receipt });
    const page = text(html);
    expect(html).toContain('<h1 id="receipt-title">Tax invoice</h1>');
    expect(page).toContain('Number INV-2026-000123');
    expect(page).toContain('Date 14/01/2027');
    expect(page).toContain('Kedai Pte Ltd');
    expect(page).toContain('Trading as Kedai');
    expect(page).toContain('GST reg. no. M90312345A');
    expect(page).toContain('Kedai T-shirt (Colour: Red, Size: M) 2 SGD 15.00 SGD 30.00');
    expect(page).toContain('GST 9% SGD 3.06');
    expect(page).toContain('Total SGD 37.06');
    expect(page).toContain('Paid by Card (visa •••• 4242).');
    expect(html).toContain(`href="/api/order/${ORDER}/receipt.pdf"`);
    expect(html).toContain('download="INV-2026-000123.pdf"');
    expect(html).toContain(`href="/orders/${ORDER}"`);
  });

  it('a receipt without registration shows no GST number; an unpaid order says why there is none yet', () => {
    const plain = text(
      render({ status: 'ready', receipt: { ...receipt, title: 'Receipt', seller: { ...receipt.seller, taxRegistrationNumber: null } } }),
    );
    expect(plain).toContain('Receipt');
    expect(plain).not.toContain('GST reg. no.');
    const unpaid = text(render({ status: 'error', message: 'Your receipt is ready once the order is paid.' }));
    expect(unpaid).toContain('We could not load this receipt: Your receipt is ready once the order is paid.');
  });
});
