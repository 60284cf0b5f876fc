import { z } from 'zod';
import { ORDER_STATUS_VALUES, Order } from './checkout';
import {
  BANK_REFERENCE_MAX,
  CARD_DIGITS_MAX,
  CARD_DIGITS_MIN,
  MAX_MERCHANT_CITY,
  MAX_MERCHANT_NAME,
  PAYMENT_REASON_MAX,
  PAYNOW_SETTLE_AFTER_DAYS_MAX,
} from '@kedai/domain';
import { UnixSeconds, Uuid, checkedByDomain, queryInt } from './common';

/** A bank reference as typed (`parseBankReference`): letters, digits, spaces and - / . */
const bankReference = (minLength: number) =>
  ({ type: 'string', minLength, maxLength: BANK_REFERENCE_MAX, pattern: '^\\s*[A-Za-z0-9 ./-]*\\s*$' }) as const;

/**
 * Paying an order (issue 17): what is owed and how (`POST /order/{id}/payment_info`), PayNow
 * transfers the shopper reports (`POST /order/{id}/paynow_paid`) and staff confirm or reject in
 * the back office, and the PayNow refunds staff make by hand.
 */

export const PayNowInfo = z
  .object({
    payload: z.string().describe('The SGQR payload (EMVCo) to draw as a QR code or copy into a banking app'),
    payee: z.object({ kind: z.enum(['uen', 'mobile']), value: z.string() }).describe("The shop's UEN or mobile number"),
    merchantName: z.string(),
    reference: z.string().describe('The bill reference the transfer carries: the order reference'),
  })
  .meta({ id: 'PayNowInfo' });

export const PaymentInfo = z
  .object({
    orderId: Uuid,
    orderRef: z.string(),
    orderStatus: z.enum(ORDER_STATUS_VALUES),
    method: z.enum(['card', 'paynow']),
    amount: z.int().describe('Minor units of `currency`'),
    currency: z.string(),
    payBy: UnixSeconds.nullable().describe('Until when it may be paid; null once paid, or while the shop checks a transfer'),
    state: z
      .enum(['awaiting_payment', 'awaiting_confirmation', 'paid', 'not_payable'])
      .describe('awaiting_confirmation: the shopper has reported a PayNow transfer the shop has not confirmed yet'),
    lastProblem: z.string().nullable().describe("The last declined card's reason, or why the shop rejected a reported transfer"),
    paynow: PayNowInfo.nullable().describe('For PayNow orders awaiting payment'),
  })
  .meta({ id: 'PaymentInfo' });
export type PaymentInfo = z.infer<typeof PaymentInfo>;

export const PayNowPaidRequest = z
  .object({
    reference: checkedByDomain({
      ...bankReference(0),
      description: "Optional: the bank's reference for the transfer, up to 35 letters, digits, spaces and - / .",
    }).optional(),
  })
  .meta({ id: 'PayNowPaidRequest' });
export type PayNowPaidRequest = z.infer<typeof PayNowPaidRequest>;

export const ADMIN_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const AdminPaymentQuery = z.object({
  kind: z
    .enum(['charge', 'refund'])
    .optional()
    .describe('charge by default: PayNow transfers shoppers reported; refund: PayNow refunds to make'),
  status: z.enum(ADMIN_PAYMENT_STATUSES).optional().describe('pending by default: waiting for staff'),
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, 100).optional(),
});
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuery>;

export const AdminPaymentTask = z
  .object({
    id: Uuid,
    kind: z.enum(['charge', 'refund']).describe('charge: a transfer the shopper reported; refund: money staff must send back'),
    status: z.enum(ADMIN_PAYMENT_STATUSES),
    amount: z.int(),
    currency: z.string(),
    reference: z.string().nullable().describe("The shopper's bank reference (charge) or staff's (refund)"),
    problem: z.string().nullable().describe('Why staff rejected a reported transfer'),
    createdAt: UnixSeconds,
    updatedAt: UnixSeconds,
    ageSeconds: z.int().describe('How long ago it was reported (or owed), by the server’s clock'),
    stale: z
      .boolean()
      .describe('A reported transfer still waiting after the days owners set (`payNowSettleAfterDays`): settle it or release the stock'),
    settleAskedAt: UnixSeconds.nullable().describe('When the shopper and staff were asked to settle this stale report; null: not yet'),
    order: z.object({ id: Uuid, orderRef: z.string(), status: z.enum(ORDER_STATUS_VALUES) }),
    shopper: z.object({ id: Uuid, email: z.string(), name: z.string() }),
  })
  .meta({ id: 'AdminPaymentTask' });
export type AdminPaymentTask = z.infer<typeof AdminPaymentTask>;

export const AdminPaymentTaskList = z.object({
  payments: z.array(AdminPaymentTask),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
  pages: z.int(),
});
export type AdminPaymentTaskList = z.infer<typeof AdminPaymentTaskList>;

export const AdminPaymentRejection = z
  .object({
    reason: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: PAYMENT_REASON_MAX,
      description: 'The shopper reads it, 1 to 500 characters',
    }),
  })
  .meta({ id: 'AdminPaymentRejection', required: ['reason'] });
export type AdminPaymentRejection = z.infer<typeof AdminPaymentRejection>;

export const AdminRefundDone = z
  .object({
    reference: checkedByDomain({ ...bankReference(1), description: "The bank's reference of the refund sent, 1 to 35 characters" }),
  })
  .meta({ id: 'AdminRefundDone', required: ['reference'] });
export type AdminRefundDone = z.infer<typeof AdminRefundDone>;

export const AdminPayNowSettingsInput = z
  .object({
    proxy: checkedByDomain({
      type: 'object',
      required: ['kind', 'value'],
      properties: { kind: { enum: ['uen', 'mobile'] }, value: { type: 'string', minLength: 1, maxLength: 99 } },
      description: "{kind: 'uen' | 'mobile', value}: the shop's UEN or Singapore mobile number",
    }),
    merchantName: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: MAX_MERCHANT_NAME,
      description: 'Up to 25 characters, as banking apps show the payee',
    }),
    merchantCity: checkedByDomain({ type: 'string', minLength: 1, maxLength: MAX_MERCHANT_CITY, description: 'Up to 15 characters' }),
  })
  .meta({ id: 'AdminPayNowSettingsInput', required: ['proxy', 'merchantName', 'merchantCity'] });
export type AdminPayNowSettingsInput = z.infer<typeof AdminPayNowSettingsInput>;

export const AdminPayNowSettleInput = z
  .object({
    days: checkedByDomain({
      type: 'integer',
      minimum: 1,
      maximum: PAYNOW_SETTLE_AFTER_DAYS_MAX,
      description: 'After how many days a reported transfer staff have not confirmed asks the shopper and staff to settle it',
    }),
  })
  .meta({ id: 'AdminPayNowSettleInput', required: ['days'] });
export type AdminPayNowSettleInput = z.infer<typeof AdminPayNowSettleInput>;

// Card payments (issue 17): the built-in test gateway or Stripe, behind one call each.

export const CardPayRequest = z
  .object({
    orderId: checkedByDomain({ type: 'string', format: 'uuid', description: 'The order to pay' }),
    card: checkedByDomain({
      type: 'object',
      properties: {
        number: { type: 'string', pattern: `^[\\s-]*(?:[0-9][\\s-]*){${CARD_DIGITS_MIN},${CARD_DIGITS_MAX}}$` },
        expMonth: {
          anyOf: [
            { type: 'integer', minimum: 1, maximum: 12 },
            { type: 'string', pattern: '^[0-9]{1,2}$' },
          ],
        },
        expYear: {
          anyOf: [
            { type: 'integer', minimum: 0, maximum: 9999 },
            { type: 'string', pattern: '^[0-9]{2,4}$' },
          ],
        },
        cvc: { type: 'string', pattern: '^[0-9]{3,4}$' },
        name: { type: 'string', description: 'Kept to its first 200 characters' },
      },
      description:
        'Test gateway only: {number, expMonth, expYear, cvc, name} as typed; the number is never stored. With Stripe the card is entered in Elements and this is 400 `payment/card_form_required`',
    }).optional(),
    savedCardId: checkedByDomain({ type: 'string', format: 'uuid', description: "Pay with one of the shopper's saved cards" }).optional(),
    saveCard: checkedByDomain({
      type: 'boolean',
      description: 'Save the card for next time (on the provider, never its number here)',
    }).optional(),
  })
  .meta({ id: 'CardPayRequest', required: ['orderId'] });
export type CardPayRequest = z.infer<typeof CardPayRequest>;

export const CardPayAnswer = z
  .object({
    order: Order,
    paymentId: Uuid,
    status: z
      .enum(['pending', 'requires_action', 'succeeded', 'failed'])
      .describe('pending: Stripe Elements confirms the card with `clientSecret`; requires_action: 3-D Secure'),
    clientSecret: z
      .string()
      .nullable()
      .describe("Stripe's client secret while the browser has a step to do (Elements' confirmPayment or handleNextAction); null otherwise"),
  })
  .meta({ id: 'CardPayAnswer' });
export type CardPayAnswer = z.infer<typeof CardPayAnswer>;

export const SavedCard = z
  .object({
    id: Uuid,
    brand: z.string().describe('visa, mastercard, amex, …'),
    last4: z.string(),
    expMonth: z.int(),
    expYear: z.int(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCard>;

export const SavedCardList = z
  .object({ paymentMethods: z.array(SavedCard).describe('Newest first; only the cards of the payment provider in use') })
  .meta({ id: 'SavedCardList' });
export type SavedCardList = z.infer<typeof SavedCardList>;

export const SavedCardParams = z.object({ id: z.string().max(100) });

/** A provider's webhook: the event exactly as sent, since its signature is checked on these bytes. */
export const WebhookBody = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be the event as sent')
  .meta({ type: 'string', format: 'binary', description: "Stripe's event, as sent (its signature covers these bytes)" });

export const WebhookReceipt = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceipt' });
