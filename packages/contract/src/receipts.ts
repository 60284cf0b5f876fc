import { z } from 'zod';

/**
 * A paid order's receipt or tax invoice (issue 30, decision 0026): `GET /order/{id}/receipt` for
 * its shopper, `GET /admin/order/{id}/receipt` for staff; the same as a PDF at `…/receipt.pdf`.
 * Amounts are written out already (the order's summary, packages/domain receipts.ts), so the page,
 * the PDF and the e-mails say the same.
 */
const Row = z.object({ label: z.string(), amount: z.string() });

export const Receipt = z
  .object({
    orderId: z.string(),
    orderRef: z.string(),
    title: z.enum(['Tax invoice', 'Receipt']).describe('"Tax invoice" when the order was charged tax and the shop is registered for it'),
    number: z.string().describe('Gapless per shop, e.g. INV-2026-000123'),
    issuedAt: z.number().int().describe('Unix seconds: when the order was paid'),
    issuedOn: z.string().describe("DD/MM/YYYY in the shop's time zone"),
    seller: z.object({
      name: z.string(),
      legalName: z.string(),
      address: z.string(),
      taxRegistrationNumber: z.string().nullable(),
    }),
    buyer: z.array(z.string()).describe('The delivery address, as lines'),
    currency: z.string(),
    summary: z.object({
      lines: z.array(
        z.object({ name: z.string(), variant: z.string(), quantity: z.number().int(), unitPrice: z.string(), lineTotal: z.string() }),
      ),
      totals: z.array(Row),
      taxLabel: z.string().nullable(),
      address: z.array(z.string()),
      paymentMethod: z.string(),
    }),
    taxes: z
      .array(
        z.object({
          label: z.string(),
          rateBp: z.number().int().nullable(),
          taxable: z.number().int(),
          tax: z.number().int(),
          inclusive: z.boolean(),
        }),
      )
      .describe('Tax per rate, minor units: the amount it was charged on and the tax'),
    total: z.number().int(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;

/** The receipt as a PDF (`application/pdf`, an attachment named by its number). */
export const ReceiptPdf = z.string().meta({ id: 'ReceiptPdf', format: 'binary', description: 'The PDF document itself' });

/** `PUT /admin/settings/legal`: '' clears a field; Singapore's GST registration number is checked (e.g. M90312345A, 200312345A). */
export const AdminLegalDetailsInput = z.object({
  legalName: z.string().max(1000),
  legalAddress: z.string().max(2000),
  taxRegistrationNumber: z.string().max(200),
});
