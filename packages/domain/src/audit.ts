/**
 * The audit log's catalogue (issue 30): every action the API records, what kind of object it is
 * about, the plain-language sentence the back office shows for it ("Cancelled order KD-123"), and
 * how the values before and after are written (money in the shop's format, times in its zone,
 * Yes/No, statuses by their labels). `recordAudit` takes only a code of this catalogue.
 */
import { formatDateTime } from './dates';
import { formatMoney } from './money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './orders';

/** The kinds of object the log is about, with the word a sentence uses for one. */
export const AUDIT_OBJECT_KINDS = {
  order: 'order',
  product: 'product',
  voucher: 'voucher',
  user: 'account',
  category: 'category',
  merchant: 'merchant',
  banner: 'banner',
  popup: 'pop-up',
  home_product_group: 'home page product group',
  image_page: 'image page',
  text_page: 'help page',
  settings: 'setting',
  tax_rate: 'tax rate',
  region: 'region',
  shipping_location: 'shipping country',
  job: 'job',
  image: 'image',
  quotation_item: 'quotation',
  dispute: 'dispute',
} as const;
export type AuditObjectKind = keyof typeof AUDIT_OBJECT_KINDS;

export function isAuditObjectKind(value: unknown): value is AuditObjectKind {
  return typeof value === 'string' && Object.hasOwn(AUDIT_OBJECT_KINDS, value);
}

interface AuditActionInfo {
  kind: AuditObjectKind;
  /** The sentence, `{object}` standing for the object's name: "Cancelled order {object}". */
  says: string;
  /** Whether it is a security event (sign-ins, two-factor, roles), which the filter offers as a group. */
  security?: true;
}

const orderMoves = Object.fromEntries(
  ORDER_STATUSES.map((status) => [
    `order.${status}`,
    { kind: 'order', says: `Marked order {object} as ${ORDER_STATUS_LABELS[status].toLowerCase()}` },
  ]),
) as Record<`order.${OrderStatus}`, AuditActionInfo>;

export const AUDIT_ACTIONS = {
  ...orderMoves,
  'order.cancelled': { kind: 'order', says: 'Cancelled order {object}' },
  'order.refund_part': { kind: 'order', says: 'Refunded part of order {object}' },
  'payment.confirmed': { kind: 'order', says: 'Confirmed the PayNow transfer for order {object}' },
  'payment.rejected': { kind: 'order', says: 'Rejected the PayNow transfer for order {object}' },
  'payment.refunded': { kind: 'order', says: 'Recorded the PayNow refund for order {object}' },
  'payment.released': { kind: 'order', says: 'Released the reported PayNow transfer for order {object}' },
  'dispute.refunded': { kind: 'dispute', says: 'Refunded the dispute on order {object}' },
  'dispute.declined': { kind: 'dispute', says: 'Declined the dispute on order {object}' },
  'dispute.reopened': { kind: 'order', says: 'Allowed a new dispute on order {object}' },
  'chat.message': { kind: 'order', says: 'Wrote to the shopper about order {object}' },
  'chat.read': { kind: 'order', says: "Read the shopper's messages about order {object}" },
  'chat.done': { kind: 'order', says: 'Marked the conversation about order {object} done' },
  'quotation.resolve': { kind: 'quotation_item', says: 'Answered quotation {object} with a price' },
  'quotation.decline': { kind: 'quotation_item', says: 'Declined quotation {object}' },
  'product.create': { kind: 'product', says: 'Added product {object}' },
  'product.update': { kind: 'product', says: 'Changed product {object}' },
  'product.stock': { kind: 'product', says: 'Changed the stock of {object}' },
  'category.create': { kind: 'category', says: 'Added category {object}' },
  'category.update': { kind: 'category', says: 'Changed category {object}' },
  'category.delete': { kind: 'category', says: 'Deleted category {object}' },
  'merchant.create': { kind: 'merchant', says: 'Added merchant {object}' },
  'merchant.update': { kind: 'merchant', says: 'Changed merchant {object}' },
  'voucher.create': { kind: 'voucher', says: 'Created voucher {object}' },
  'voucher.update': { kind: 'voucher', says: 'Changed voucher {object}' },
  'text_page.update': { kind: 'text_page', says: 'Changed help page {object}' },
  'banner.create': { kind: 'banner', says: 'Added banner {object}' },
  'banner.update': { kind: 'banner', says: 'Changed banner {object}' },
  'banner.delete': { kind: 'banner', says: 'Deleted banner {object}' },
  'popup.create': { kind: 'popup', says: 'Added pop-up {object}' },
  'popup.update': { kind: 'popup', says: 'Changed pop-up {object}' },
  'popup.delete': { kind: 'popup', says: 'Deleted pop-up {object}' },
  'home_product_group.create': { kind: 'home_product_group', says: 'Added home page group {object}' },
  'home_product_group.update': { kind: 'home_product_group', says: 'Changed home page group {object}' },
  'home_product_group.delete': { kind: 'home_product_group', says: 'Deleted home page group {object}' },
  'image_page.create': { kind: 'image_page', says: 'Added image page {object}' },
  'image_page.update': { kind: 'image_page', says: 'Changed image page {object}' },
  'image_page.delete': { kind: 'image_page', says: 'Deleted image page {object}' },
  'image.upload': { kind: 'image', says: 'Uploaded image {object}' },
  'job.retry': { kind: 'job', says: 'Retried job {object}' },
  'settings.legal': { kind: 'settings', says: "Changed the shop's legal details" },
  'settings.paynow': { kind: 'settings', says: 'Changed the PayNow details' },
  'settings.paynow_settle': { kind: 'settings', says: 'Changed how long a PayNow transfer may wait' },
  'settings.quotation_pricing': { kind: 'settings', says: 'Changed the quotation fees and exchange rates' },
  'settings.currency': { kind: 'settings', says: "Changed the shop's currency" },
  'settings.tax': { kind: 'tax_rate', says: 'Changed the tax rate of {object}' },
  'region.enabled': { kind: 'region', says: 'Turned region {object} on or off' },
  'shipping_location.save': { kind: 'shipping_location', says: 'Changed shipping to {object}' },
  'staff.role': { kind: 'user', says: 'Changed the role of {object}', security: true },
  'staff.reset_tfa': { kind: 'user', says: 'Reset two-factor sign-in for {object}', security: true },
  'tfa.enabled': { kind: 'user', says: 'Turned on two-factor sign-in for {object}', security: true },
  'tfa.disabled': { kind: 'user', says: 'Turned off two-factor sign-in for {object}', security: true },
  'tfa.reset': { kind: 'user', says: 'Two-factor sign-in for {object} was reset by e-mail', security: true },
  'auth.sign_in': { kind: 'user', says: 'Signed in to the back office as {object}', security: true },
  'auth.sign_in_failed': { kind: 'user', says: 'Failed to sign in to the back office as {object}', security: true },
} as const satisfies Record<string, AuditActionInfo>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);
}

/** The sentence of an entry, in three parts so a page can link the object's name: lead, name, tail. */
export interface AuditSentence {
  lead: string;
  name: string;
  tail: string;
}

/**
 * "Cancelled order KD-123" as {lead: 'Cancelled order ', name: 'KD-123', tail: ''}. An action the
 * catalogue no longer has (an old row) still reads: its code, then the object.
 */
export function auditSentence(action: string, objectKind: string, objectName: string): AuditSentence {
  const says: string = isAuditAction(action)
    ? AUDIT_ACTIONS[action].says
    : `${action} on ${isAuditObjectKind(objectKind) ? AUDIT_OBJECT_KINDS[objectKind] : objectKind} {object}`;
  const at = says.indexOf('{object}');
  if (at < 0) return { lead: says, name: '', tail: '' };
  return { lead: says.slice(0, at), name: objectName, tail: says.slice(at + '{object}'.length) };
}

/** Where the back office shows an object, or null for one it has no page of. */
export function auditObjectPath(kind: string, id: string, orderId?: string | null): string | null {
  const at = encodeURIComponent(id);
  switch (kind) {
    case 'order':
      return `/orders/${at}`;
    case 'dispute':
      return orderId ? `/orders/${encodeURIComponent(orderId)}` : null;
    case 'product':
      return `/products/${at}`;
    case 'voucher':
      return `/vouchers/${at}`;
    case 'merchant':
      return `/merchants/${at}`;
    case 'quotation_item':
      return `/quotations/${at}`;
    case 'text_page':
      return `/help-pages/${at}`;
    case 'banner':
      return `/home-page/banners/${at}`;
    case 'popup':
      return `/home-page/popups/${at}`;
    case 'home_product_group':
      return `/home-page/groups/${at}`;
    case 'image_page':
      return `/home-page/image-pages/${at}`;
    case 'category':
      return '/categories';
    case 'user':
      return '/staff';
    case 'job':
      return '/jobs';
    case 'settings':
    case 'tax_rate':
    case 'region':
    case 'shipping_location':
      return '/settings';
    default:
      return null;
  }
}

/** What the shop writes values in: its currency, each region's, and its time zone. */
export interface AuditShopFormat {
  currency: string;
  /** Region key -> its currency (a price per region is written in each one's). */
  regionCurrencies: Readonly<Record<string, string>>;
  timeZone: string;
}

/** One changed field: its label, and the values before and after as the shop writes them ('—' for none). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

type FieldFormat = 'money' | 'regionMoney' | 'time' | 'orderStatus' | 'role' | 'percentBp' | 'secret' | 'hidden';

/** How a field is written, by its name in before/after; any other is written by its value's type. */
const FIELD_FORMATS: Record<string, FieldFormat> = {
  refunded: 'money',
  amount: 'money',
  refundAmount: 'money',
  price: 'regionMoney',
  amountOff: 'regionMoney',
  minSpend: 'regionMoney',
  maxDiscount: 'regionMoney',
  shippingRates: 'regionMoney',
  validFrom: 'time',
  validUntil: 'time',
  createdAt: 'time',
  updatedAt: 'time',
  startsAt: 'time',
  endsAt: 'time',
  status: 'orderStatus',
  orderStatus: 'orderStatus',
  role: 'role',
  percentBp: 'percentBp',
  rateBp: 'percentBp',
  passwordHash: 'secret',
  tfaSecret: 'secret',
  // Bookkeeping, not what someone changed.
  version: 'hidden',
  id: 'hidden',
  searchVector: 'hidden',
  currency: 'hidden',
};

/** Labels where the field's name, split into words, would not read well. */
const FIELD_LABELS: Record<string, string> = {
  tfaEnabled: 'Two-factor sign-in',
  percentBp: 'Percent off',
  rateBp: 'Rate',
  sourceUrl: 'Source URL',
  sourceMarketPlace: 'Source marketplace',
  categoryId: 'Category',
  merchantId: 'Merchant',
  orderStatus: 'Order status',
  refunded: 'Refunded',
  variantPath: 'Variant',
  variantPaths: 'Variants',
  email: 'E-mail',
  value: 'Value',
};

const ROLE_LABELS: Record<string, string> = { shopper: 'Shopper', staff: 'Staff', owner: 'Owner' };
const OTHER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  open: 'Open',
  declined: 'Declined',
};

/** "minSpend" -> "Min spend". */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const NONE = '—';

function moneyText(amount: unknown, currency: string): string | null {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  try {
    return formatMoney(amount, currency);
  } catch {
    return null;
  }
}

function timeText(value: unknown, timeZone: string): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return formatDateTime(date, timeZone);
  } catch {
    return null;
  }
}

/** A value of no known format: Yes/No, text as it is, a list joined, an object as "key: value" pairs. */
function plainText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(plainText).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? NONE : entries.map(([key, inner]) => `${auditFieldLabel(key)}: ${plainText(inner)}`).join('; ');
  }
  return String(value);
}

/** One value of a field as the shop writes it. `currency` is the entry's own (an order's), else the shop's. */
export function auditValueText(field: string, value: unknown, shop: AuditShopFormat, currency = shop.currency): string {
  if (value === null || value === undefined) return NONE;
  switch (FIELD_FORMATS[field]) {
    case 'money':
      return moneyText(value, currency) ?? plainText(value);
    case 'regionMoney': {
      if (typeof value === 'number') return moneyText(value, currency) ?? plainText(value);
      if (typeof value !== 'object' || Array.isArray(value)) return plainText(value);
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return NONE;
      return entries
        .map(([region, amount]) => `${region} ${moneyText(amount, shop.regionCurrencies[region] ?? currency) ?? plainText(amount)}`)
        .join(', ');
    }
    case 'time':
      return timeText(value, shop.timeZone) ?? plainText(value);
    case 'orderStatus':
      return typeof value === 'string'
        ? (ORDER_STATUS_LABELS[value as OrderStatus] ?? OTHER_STATUS_LABELS[value] ?? value)
        : plainText(value);
    case 'role':
      return typeof value === 'string' ? (ROLE_LABELS[value] ?? value) : plainText(value);
    case 'percentBp':
      return typeof value === 'number' ? `${value / 100}%` : plainText(value);
    case 'secret':
      return '(hidden)';
    default:
      return plainText(value);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an entry changed, field by field: a field in both sides with the same value is left out
 * (an edit's form sends every field); one on a single side shows '—' on the other. A value that is
 * not an object (a setting's) is one "Value" line.
 */
export function auditChanges(before: unknown, after: unknown, shop: AuditShopFormat): AuditChange[] {
  const sides = [before, after];
  if (!sides.every((side) => side === null || side === undefined || isRecord(side))) {
    if (same(before, after)) return [];
    return [{ field: 'Value', before: plainText(before), after: plainText(after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const currency = typeof now.currency === 'string' ? now.currency : typeof was.currency === 'string' ? was.currency : shop.currency;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (FIELD_FORMATS[field] === 'hidden') continue;
    // A field only the "before" has, on an edit that has an "after", was not sent, not cleared.
    if (isRecord(before) && isRecord(after) && !(field in now)) continue;
    if (field in was && field in now && same(was[field], now[field])) continue;
    changes.push({
      field: auditFieldLabel(field),
      before: field in was ? auditValueText(field, was[field], shop, currency) : NONE,
      after: field in now ? auditValueText(field, now[field], shop, currency) : NONE,
    });
  }
  return changes;
}
