// The Stripe simulator: a hand-written, in-memory simulation of the slice of Stripe's HTTP API (v1,
// form-encoded) that the payments module uses, so no test reaches the internet. It is not a recording
// of Stripe's answers: it computes them, and its rules (statuses, declines, 3-D Secure, idempotent
// replays, refunds, saved cards, events) are our reading of Stripe's API reference for the version the
// installed package pins (Stripe.API_VERSION); the test card ids are Stripe's documented ones.
//
// Its fidelity does not rest on its own tests alone: every object it answers is built by a function
// typed with the official `stripe` package's types, which Stripe generates from its API description
// (OpenAPI): `paymentIntent(): Stripe.PaymentIntent`, `charge(): Stripe.Charge`, `refund()`,
// `customer()`, `paymentMethod()`, `event(): Stripe.Event`, the errors `Stripe.StripeRawError`, and
// the parameters each endpoint accepts are exactly the keys of the package's *Params types. `npm run
// typecheck` checks this file (apps/api/test/support/stripe-fake.ts imports it), so an object that
// lacks a field Stripe always sends, or sends one of the wrong type, fails CI. (The package's enums
// end in `string`, so a wrong status word is not caught by the types: the tests cover those.)
//
// It speaks to the real `stripe` package, either through `Stripe.createFetchHttpClient(fake.fetch)`
// (API tests) or over HTTP (`startStripeFixtureServer`, for the browser journeys, with the package's
// host/port/protocol config).
// Run directly: `node --import tsx e2e/fixture-stripe.ts --port 4420` (or E2E_STRIPE_PORT).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';

/** A form-encoded request's parameters as Stripe reads them (`a[b]=1&c[0]=x`): strings, nested. */
export type FormValue = string | FormValue[] | Form;
export interface Form {
  [key: string]: FormValue;
}

type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'authentication_required';
/**
 * Stripe's test PaymentMethod ids and what a charge on each does. `auth: 'always'` needs 3-D Secure
 * on every payment; 'unlessSetUp' (…3155) needs it unless the card was saved by an authenticated
 * payment and is now charged off-session. `code` is the error code when it is not card_declined.
 */
interface TestCard {
  brand: string;
  last4: string;
  decline?: DeclineCode;
  code?: string;
  auth?: 'always' | 'unlessSetUp';
}
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: 'expired_card', code: 'expired_card' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', auth: 'always' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', auth: 'always' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', auth: 'unlessSetUp' },
};
const VISA: TestCard = { brand: 'visa', last4: '4242' };
const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
};

/**
 * The top-level parameters each endpoint takes: every key of the package's *Params type, no more and
 * no fewer (a `Record` over its keys), so a parameter Stripe added or dropped fails the typecheck. Any
 * other parameter is answered parameter_unknown, as Stripe does.
 */
type Known<Params> = Record<keyof Params, true>;
const createIntentParams: Known<Stripe.PaymentIntentCreateParams> = {
  amount: true,
  currency: true,
  allowed_payment_method_types: true,
  amount_details: true,
  application_fee_amount: true,
  automatic_payment_methods: true,
  capture_method: true,
  confirm: true,
  confirmation_method: true,
  confirmation_token: true,
  customer: true,
  customer_account: true,
  description: true,
  error_on_requires_action: true,
  excluded_payment_method_types: true,
  expand: true,
  hooks: true,
  mandate: true,
  mandate_data: true,
  metadata: true,
  off_session: true,
  on_behalf_of: true,
  payment_details: true,
  payment_method: true,
  payment_method_configuration: true,
  payment_method_data: true,
  payment_method_options: true,
  radar_options: true,
  receipt_email: true,
  return_url: true,
  setup_future_usage: true,
  shipping: true,
  statement_descriptor: true,
  statement_descriptor_suffix: true,
  transfer_data: true,
  transfer_group: true,
  use_stripe_sdk: true,
};
const confirmIntentParams: Known<Stripe.PaymentIntentConfirmParams> = {
  allowed_payment_method_types: true,
  amount_details: true,
  amount_to_confirm: true,
  capture_method: true,
  confirmation_token: true,
  error_on_requires_action: true,
  excluded_payment_method_types: true,
  expand: true,
  hooks: true,
  mandate: true,
  mandate_data: true,
  off_session: true,
  payment_details: true,
  payment_method: true,
  payment_method_data: true,
  payment_method_options: true,
  radar_options: true,
  receipt_email: true,
  return_url: true,
  setup_future_usage: true,
  shipping: true,
  use_stripe_sdk: true,
};
const cancelIntentParams: Known<Stripe.PaymentIntentCancelParams> = { cancellation_reason: true, expand: true };
const createCustomerParams: Known<Stripe.CustomerCreateParams> = {
  address: true,
  balance: true,
  business_name: true,
  cash_balance: true,
  description: true,
  email: true,
  expand: true,
  individual_name: true,
  invoice_prefix: true,
  invoice_settings: true,
  metadata: true,
  name: true,
  next_invoice_sequence: true,
  payment_method: true,
  phone: true,
  preferred_locales: true,
  shipping: true,
  source: true,
  tax: true,
  tax_exempt: true,
  tax_id_data: true,
  test_clock: true,
  validate: true,
};
const createRefundParams: Known<Stripe.RefundCreateParams> = {
  amount: true,
  charge: true,
  currency: true,
  customer: true,
  expand: true,
  instructions_email: true,
  metadata: true,
  origin: true,
  payment_intent: true,
  reason: true,
  refund_application_fee: true,
  reverse_transfer: true,
};
const attachParams: Known<Stripe.PaymentMethodAttachParams> = { customer: true, customer_account: true, expand: true };
const detachParams: Known<Stripe.PaymentMethodDetachParams> = { expand: true };
const PARAMS = {
  createIntent: Object.keys(createIntentParams),
  confirmIntent: Object.keys(confirmIntentParams),
  cancelIntent: Object.keys(cancelIntentParams),
  createCustomer: Object.keys(createCustomerParams),
  createRefund: Object.keys(createRefundParams),
  attach: Object.keys(attachParams),
  detach: Object.keys(detachParams),
};
type Endpoint = keyof typeof PARAMS;

/** The first API version (endive) in which `payment_method_types` is no longer writable. */
const ENDIVE = '2026-09-30';
const CANCELABLE: Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CONFIRMABLE: Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

/** A refusal, answered with Stripe's error object. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Stripe.StripeRawError,
  ) {
    super(error.message);
  }
}
type ErrorDetails = Omit<Stripe.StripeRawError, 'type' | 'message'>;
const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
type ErrorType = NonNullable<Stripe.StripeRawError['type']>;
function fail(status: number, type: ErrorType, message: string, extra: ErrorDetails = {}): never {
  throw new ApiError(status, { type, message, ...extra, ...(extra.code ? { doc_url: docUrl(extra.code) } : {}) });
}
function invalid(message: string, extra?: ErrorDetails): never {
  return fail(400, 'invalid_request_error', message, extra);
}
/** No such object: 404 when its id is in the path, 400 when it is a parameter. */
function missing(kind: string, id: string, param: string, status = 400): never {
  return fail(status, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

/** Stripe's bracket form encoding (`a[b]=1&c[0]=x`) to nested objects and arrays; values stay strings. */
export function parseForm(text: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [key.split('[')[0] ?? '', ...Array.from(key.matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Form | FormValue[] = out;
    path.forEach((part, i) => {
      const next = path[i + 1];
      const container = (existing: FormValue | undefined): Form | FormValue[] =>
        existing !== undefined && typeof existing !== 'string' ? existing : /^\d*$/.test(next ?? '') ? [] : {};
      if (Array.isArray(node)) {
        const at = part === '' ? node.length : Number(part);
        if (next === undefined) node[at] = value;
        else node = node[at] = container(node[at]);
      } else if (next === undefined) node[part] = value;
      else node = node[part] = container(node[part]);
    });
  }
  return out;
}
/** A string parameter; any other shape is refused as Stripe refuses it. */
function text(params: Form, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || typeof value === 'string') return value;
  return invalid(`Invalid string: ${key}`, { param: key });
}
/** A list of strings (`a[]=x`, `a[0]=x`), or undefined when not sent. */
function texts(params: Form, key: string): string[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return invalid(`Invalid array: ${key}`, { param: key });
  return value.map((item) => (typeof item === 'string' ? item : invalid(`Invalid string in array: ${key}`, { param: key })));
}
/** `metadata[key]=value`; an empty string (`metadata=`) is none. */
function metadataOf(params: Form): Stripe.Metadata {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) return invalid('Invalid object: metadata', { param: 'metadata' });
  const out: Stripe.Metadata = {};
  for (const [key, entry] of Object.entries(value)) out[key] = typeof entry === 'string' ? entry : invalid(`Invalid metadata[${key}]`);
  return out;
}
const isTrue = (value: string | undefined) => value !== undefined && value !== 'false';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomId = (prefix: string, length = 24) => prefix + Array.from(randomBytes(length), (b) => ALPHABET[b % 62]).join('');
const clone = <T>(value: T): T => structuredClone(value);
/** The parameters in a canonical order: an idempotent retry must send the same ones, in any order. */
function fingerprint(method: string, path: string, raw: string) {
  const pairs = [...new URLSearchParams(raw)].map(([k, v]) => `${k}=${v}`);
  return `${method} ${path} ${pairs.sort().join('&')}`;
}

/** The events the simulator sends, each with the kind of object it is about. */
type Emitted =
  | {
      type:
        | 'payment_intent.created'
        | 'payment_intent.succeeded'
        | 'payment_intent.payment_failed'
        | 'payment_intent.requires_action'
        | 'payment_intent.canceled';
      object: Stripe.PaymentIntent;
    }
  | { type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded'; object: Stripe.Charge }
  | { type: 'refund.created'; object: Stripe.Refund }
  | { type: 'customer.created'; object: Stripe.Customer }
  | { type: 'payment_method.attached' | 'payment_method.detached'; object: Stripe.PaymentMethod };
export type IntentEventType = Extract<Emitted, { object: Stripe.PaymentIntent }>['type'];

/** What an endpoint answers. */
type Answer = Stripe.PaymentIntent | Stripe.Customer | Stripe.PaymentMethod | Stripe.Refund | Stripe.ApiList<Stripe.PaymentMethod>;

/** One request the simulator was sent, as the tests read it. */
export interface SimulatorRequest {
  method: string;
  path: string;
  body: Form;
  query: Form;
  idempotencyKey: string | null;
  replayed: boolean;
}

export interface StripeSimulatorOptions {
  /** Answered when a request names none (default: the package's Stripe.API_VERSION). */
  apiVersion?: string;
  /** The one key accepted (default: any `sk_test_…`/`rk_test_…`). */
  secretKey?: string;
  /** A clock in milliseconds. */
  now?: () => number;
}

export function createStripeFake(options: StripeSimulatorOptions = {}) {
  const apiVersion = options.apiVersion ?? Stripe.API_VERSION;
  const now = () => Math.floor((options.now ?? Date.now)() / 1000);
  const intents = new Map<string, Stripe.PaymentIntent>();
  const customers = new Map<string, Stripe.Customer>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const refunds = new Map<string, Stripe.Refund>();
  const charges = new Map<string, Stripe.Charge>();
  /** What each PaymentMethod does when charged, kept off the objects so they serialise as Stripe's. */
  const cards = new Map<string, { card: TestCard; setUp: boolean; spent: boolean }>();
  const idempotent = new Map<string, { fingerprint: string; status: number; text: string }>();
  const requests: SimulatorRequest[] = [];
  /** What Stripe would send to a webhook endpoint; tests take them from here and post them signed. */
  const events: Stripe.Event[] = [];
  /** The API request being served, named by the events it causes. */
  let current: { id: string | null; idempotencyKey: string | null } = { id: null, idempotencyKey: null };

  // ---- Stripe's objects, each built whole and typed as the package declares it ----

  function event(about: Emitted, request: Stripe.Event.Request | null): Stripe.Event {
    const base: Omit<Stripe.Event, 'type' | 'data'> = {
      id: randomId('evt_'),
      object: 'event',
      api_version: apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request,
    };
    // One case per kind of object, so each event is checked against its own type (its `data.object`).
    switch (about.type) {
      case 'payment_intent.created':
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.requires_action':
      case 'payment_intent.canceled':
        return { ...base, type: about.type, data: { object: clone(about.object) } };
      case 'charge.succeeded':
      case 'charge.failed':
      case 'charge.refunded':
        return { ...base, type: about.type, data: { object: clone(about.object) } };
      case 'refund.created':
        return { ...base, type: about.type, data: { object: clone(about.object) } };
      case 'customer.created':
        return { ...base, type: about.type, data: { object: clone(about.object) } };
      case 'payment_method.attached':
      case 'payment_method.detached':
        return { ...base, type: about.type, data: { object: clone(about.object) } };
    }
  }
  const emit = (about: Emitted) => events.push(event(about, { id: current.id, idempotency_key: current.idempotencyKey }));

  function paymentMethod(card: TestCard): Stripe.PaymentMethod {
    return {
      id: randomId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: randomId('', 16),
        funding: 'credit',
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  function paymentIntent(params: Form, id: string): Stripe.PaymentIntent {
    const allowedTypes = texts(params, 'allowed_payment_method_types') ?? null;
    // The simulator knows cards only: with no allowed list, dynamic payment methods offer 'card'.
    const allowed = allowedTypes ?? texts(params, 'payment_method_types') ?? null;
    return {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowedTypes,
      amount: Number(text(params, 'amount')),
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: allowed ? null : { allow_redirects: 'always', enabled: true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: text(params, 'capture_method') ?? 'automatic_async',
      client_secret: `${id}_secret_${randomId('', 25)}`,
      confirmation_method: text(params, 'confirmation_method') ?? 'automatic',
      created: now(),
      currency: (text(params, 'currency') ?? '').toLowerCase(),
      customer: text(params, 'customer') ?? null,
      customer_account: null,
      description: text(params, 'description') ?? null,
      excluded_payment_method_types: texts(params, 'excluded_payment_method_types') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: metadataOf(params),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: allowed ? null : { id: 'pmc_simulator', parent: null },
      payment_method_options: {
        card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: allowed ?? ['card'],
      payment_record: null,
      processing: null,
      receipt_email: text(params, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: text(params, 'setup_future_usage') || null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: text(params, 'statement_descriptor_suffix') ?? null,
      status: text(params, 'payment_method') ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
  }

  function charge(intent: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, failure?: Stripe.StripeRawError): Stripe.Charge {
    const card = pm.card;
    return {
      id: randomId('ch_'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: failure ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: failure ? null : randomId('txn_'),
      billing_details: clone(pm.billing_details),
      calculated_statement_descriptor: 'KEDAI',
      captured: !failure,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: clone(intent.metadata),
      on_behalf_of: null,
      outcome: failure
        ? {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'declined_by_network',
            reason: failure.decline_code ?? null,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !failure,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: card
          ? {
              amount_authorized: failure ? null : intent.amount,
              authorization_code: failure ? null : String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
              brand: card.brand,
              checks: clone(card.checks),
              country: card.country,
              electronic_commerce_indicator: null,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              fingerprint: card.fingerprint ?? null,
              funding: card.funding,
              installments: null,
              last4: card.last4,
              mandate: null,
              network: card.brand,
              network_transaction_id: failure ? null : randomId('', 15),
              regulated_status: card.regulated_status,
              three_d_secure: null,
              transaction_link_id: null,
              wallet: null,
            }
          : undefined,
      },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: failure ? null : `https://pay.stripe.com/receipts/payment/${randomId('', 40)}`,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: intent.statement_descriptor_suffix,
      status: failure ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
  }

  function refund(params: Form, intent: Stripe.PaymentIntent, paid: Stripe.Charge, amount: number): Stripe.Refund {
    return {
      id: randomId('re_'),
      object: 'refund',
      amount,
      balance_transaction: randomId('txn_'),
      charge: paid.id,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      customer_account: null,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: metadataOf(params),
      payment_intent: intent.id,
      payment_method: paid.payment_method,
      reason: text(params, 'reason') ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
  }

  function customer(params: Form): Stripe.Customer {
    return {
      id: randomId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      customer_account: null,
      default_source: null,
      delinquent: false,
      description: text(params, 'description') ?? null,
      discount: null,
      email: text(params, 'email') ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params),
      name: text(params, 'name') ?? null,
      next_invoice_sequence: 1,
      phone: text(params, 'phone') ?? null,
      preferred_locales: texts(params, 'preferred_locales') ?? [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
  }

  function paymentError(declineCode: DeclineCode, code: string, failedCharge: string, pm: Stripe.PaymentMethod) {
    const lastError: Stripe.PaymentIntent.LastPaymentError = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message: DECLINE_MESSAGES[declineCode],
      ...(declineCode === 'expired_card' && { param: 'exp_month' }),
      charge: failedCharge,
      doc_url: docUrl(code),
      payment_method: clone(pm),
    };
    return lastError;
  }

  // ---- What Stripe does ----

  function newPaymentMethod(testId: string) {
    const card = TEST_CARDS[testId.replace(/^pm_card_visa_(?=chargeDeclined)/, 'pm_card_')];
    if (!card) return undefined;
    const pm = paymentMethod(card);
    paymentMethods.set(pm.id, pm);
    cards.set(pm.id, { card, setUp: false, spent: false });
    return pm;
  }
  /** A test id (`pm_card_visa`) makes a fresh PaymentMethod each time it is used, as on Stripe. */
  const paymentMethodFor = (id: string, param: string, status = 400) =>
    paymentMethods.get(id) ?? newPaymentMethod(id) ?? missing('PaymentMethod', id, param, status);
  const customerFor = (id: string, param: string, status = 400) => customers.get(id) ?? missing('customer', id, param, status);
  const intentFor = (id: string) => intents.get(id) ?? missing('payment_intent', id, 'intent', 404);

  function checkParams(params: Form, name: Endpoint, version: string) {
    const intentRoute = name === 'createIntent' || name === 'confirmIntent';
    // From endive on the API refuses the old parameter; `allowed_payment_method_types` replaced it.
    if (intentRoute && params.payment_method_types !== undefined && version >= ENDIVE) {
      invalid(
        `\`payment_method_types\` is no longer supported on API version ${version}. Use \`allowed_payment_method_types\`, \`excluded_payment_method_types\` or dynamic payment methods instead.`,
        { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
      );
    }
    const known = (key: string) => PARAMS[name].includes(key) || (intentRoute && key === 'payment_method_types');
    const unknown = Object.keys(params).find((key) => !known(key));
    if (unknown) invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  }
  /** A copy of `answer` with the fields named in `expand[]` (top level only) replaced by their objects. */
  function expand(answer: Answer, fields: string[]): Answer {
    const out = clone(answer);
    const wants = (field: string, value: unknown): value is string => fields.includes(field) && typeof value === 'string';
    if (out.object === 'payment_intent') {
      if (wants('payment_method', out.payment_method))
        out.payment_method = clone(paymentMethods.get(out.payment_method) ?? out.payment_method);
      if (wants('latest_charge', out.latest_charge)) out.latest_charge = clone(charges.get(out.latest_charge) ?? out.latest_charge);
      if (wants('customer', out.customer)) out.customer = clone(customers.get(out.customer) ?? out.customer);
    } else if (out.object === 'refund') {
      if (wants('charge', out.charge)) out.charge = clone(charges.get(out.charge) ?? out.charge);
      if (wants('payment_intent', out.payment_intent)) out.payment_intent = clone(intents.get(out.payment_intent) ?? out.payment_intent);
      if (wants('customer', out.customer)) out.customer = clone(customers.get(out.customer) ?? out.customer);
    } else if (out.object === 'payment_method') {
      if (wants('customer', out.customer)) out.customer = clone(customers.get(out.customer) ?? out.customer);
    }
    return out;
  }

  function attach(pm: Stripe.PaymentMethod, customerId: string) {
    pm.customer = customerId;
    emit({ type: 'payment_method.attached', object: pm });
  }
  function newCharge(intent: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, failure?: Stripe.StripeRawError) {
    const made = charge(intent, pm, failure);
    charges.set(made.id, made);
    return made;
  }
  function succeed(intent: Stripe.PaymentIntent, pm: Stripe.PaymentMethod) {
    const paid = newCharge(intent, pm);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = paid.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    const state = cards.get(pm.id);
    // setup_future_usage with a customer saves the card once the payment (and any 3-D Secure) is done;
    // a card used without a customer is spent.
    const customerId = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    if (intent.setup_future_usage && customerId) {
      if (pm.customer !== customerId) attach(pm, customerId);
      if (state) state.setUp = true;
    } else if (!pm.customer && state) state.spent = true;
    emit({ type: 'charge.succeeded', object: paid });
    emit({ type: 'payment_intent.succeeded', object: intent });
  }
  /** The card is declined: a failed charge, the intent back to requires_payment_method; answers the error. */
  function decline(intent: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, declineCode: DeclineCode): Stripe.StripeRawError {
    const code = declineCode === 'authentication_required' ? declineCode : (cards.get(pm.id)?.card.code ?? 'card_declined');
    const error: Stripe.StripeRawError = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message: DECLINE_MESSAGES[declineCode],
      ...(declineCode === 'expired_card' && { param: 'exp_month' }),
    };
    const failed = newCharge(intent, pm, error);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = paymentError(declineCode, code, failed.id, pm);
    intent.latest_charge = failed.id;
    emit({ type: 'charge.failed', object: failed });
    emit({ type: 'payment_intent.payment_failed', object: intent });
    return { ...error, charge: failed.id, doc_url: docUrl(code) };
  }
  function attempt(intent: Stripe.PaymentIntent, pmId: string, { offSession = false, noAuth = false } = {}) {
    const pm = paymentMethodFor(pmId, 'payment_method');
    const state = cards.get(pm.id);
    const customerId = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    if (pm.customer && pm.customer !== customerId) {
      invalid(`The provided PaymentMethod ${pm.id} is attached to Customer ${String(pm.customer)}; pass that Customer to use it.`, {
        param: 'payment_method',
      });
    }
    if (state?.spent && !pm.customer) {
      invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }
    intent.payment_method = pm.id;
    intent.last_payment_error = null;
    const card = state?.card ?? VISA;
    const needsAuth = card.auth === 'always' || (card.auth === 'unlessSetUp' && !(state?.setUp && offSession));
    let error: Stripe.StripeRawError | null = null;
    if (card.decline) error = decline(intent, pm, card.decline);
    else if (needsAuth && (offSession || noAuth)) error = decline(intent, pm, 'authentication_required');
    else if (needsAuth) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'stripe_3ds2_fingerprint',
          directory_server_name: card.brand,
          server_transaction_id: randomUUID(),
          three_d_secure_2_source: randomId('payatt_'),
        },
      };
      emit({ type: 'payment_intent.requires_action', object: intent });
    } else succeed(intent, pm);
    if (error) throw new ApiError(402, { ...error, payment_intent: clone(intent) });
    return intent;
  }
  function checkConfirmable(intent: Stripe.PaymentIntent) {
    if (intent.status === 'succeeded') {
      invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        code: UNEXPECTED_STATE,
        payment_intent: clone(intent),
      });
    }
    if (!CONFIRMABLE.includes(intent.status)) {
      invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: UNEXPECTED_STATE,
        payment_intent: clone(intent),
      });
    }
  }
  function confirm(intent: Stripe.PaymentIntent, params: Form) {
    checkConfirmable(intent);
    const pmId =
      text(params, 'payment_method') ?? (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id);
    if (!pmId) {
      const message =
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, provide a payment_method.";
      invalid(message, { code: UNEXPECTED_STATE, param: 'payment_method', payment_intent: clone(intent) });
    }
    const setupFutureUsage = text(params, 'setup_future_usage');
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage || null;
    return attempt(intent, pmId, {
      offSession: isTrue(text(params, 'off_session')),
      noAuth: text(params, 'error_on_requires_action') === 'true',
    });
  }

  function createIntent(params: Form) {
    for (const param of ['amount', 'currency'])
      if (!text(params, param)) invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
    const amount = text(params, 'amount') ?? '';
    if (!/^\d+$/.test(amount) || Number(amount) < 1)
      invalid(`Invalid positive integer: ${amount}`, { code: 'parameter_invalid_integer', param: 'amount' });
    const customerId = text(params, 'customer');
    if (customerId) customerFor(customerId, 'customer');
    const pmId = text(params, 'payment_method');
    if (text(params, 'confirm') === 'true' && !pmId) {
      const message =
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, provide a payment_method.";
      invalid(message, { code: UNEXPECTED_STATE, param: 'payment_method' });
    }
    const pm = pmId ? paymentMethodFor(pmId, 'payment_method') : undefined;
    const intent = paymentIntent(params, randomId('pi_'));
    if (pm) intent.payment_method = pm.id;
    intents.set(intent.id, intent);
    emit({ type: 'payment_intent.created', object: intent });
    if (pm && text(params, 'confirm') === 'true') confirm(intent, { ...params, payment_method: pm.id });
    return intent;
  }

  function cancelIntent(intent: Stripe.PaymentIntent, params: Form) {
    if (!CANCELABLE.includes(intent.status)) {
      const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`;
      invalid(message, { code: UNEXPECTED_STATE, payment_intent: clone(intent) });
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = text(params, 'cancellation_reason') ?? null;
    intent.next_action = null;
    emit({ type: 'payment_intent.canceled', object: intent });
    return intent;
  }

  function createRefund(params: Form) {
    const chargeId = text(params, 'charge');
    const byCharge = chargeId ? (charges.get(chargeId) ?? missing('charge', chargeId, 'charge')) : null;
    const byChargeIntent = typeof byCharge?.payment_intent === 'string' ? byCharge.payment_intent : byCharge?.payment_intent?.id;
    const intentId = text(params, 'payment_intent') ?? byChargeIntent;
    if (!intentId)
      invalid('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const intent = intents.get(intentId) ?? missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    const latest = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    const paid = (latest && charges.get(latest)) || invalid(`This PaymentIntent (${intent.id}) has no charge.`);
    const left = paid.amount - paid.amount_refunded;
    if (left === 0) invalid(`Charge ${paid.id} has already been refunded.`, { code: 'charge_already_refunded', charge: paid.id });
    const asked = text(params, 'amount');
    const amount = asked === undefined ? left : Number(asked);
    if (!Number.isInteger(amount) || amount < 1)
      invalid(`Invalid positive integer: ${asked}`, { code: 'parameter_invalid_integer', param: 'amount' });
    const money = (n: number) => `${intent.currency.toUpperCase()} ${(n / 100).toFixed(2)}`;
    if (amount > left) {
      const message = `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`;
      invalid(message, { code: 'amount_too_large', param: 'amount', charge: paid.id });
    }
    const made = refund(params, intent, paid, amount);
    refunds.set(made.id, made);
    paid.amount_refunded += amount;
    paid.refunded = paid.amount_refunded === paid.amount;
    emit({ type: 'refund.created', object: made });
    emit({ type: 'charge.refunded', object: paid });
    return made;
  }

  function createCustomer(params: Form) {
    const made = customer(params);
    customers.set(made.id, made);
    emit({ type: 'customer.created', object: made });
    return made;
  }

  function attachMethod(params: Form, id: string) {
    const customerId =
      text(params, 'customer') ?? invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const pm = paymentMethodFor(id, 'payment_method', 404);
    customerFor(customerId, 'customer');
    if (cards.get(pm.id)?.spent) {
      invalid(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method' },
      );
    }
    if (pm.customer && pm.customer !== customerId)
      invalid('The payment method you provided has already been attached to a customer.', { param: 'payment_method' });
    if (!pm.customer) attach(pm, customerId);
    return pm;
  }
  function detachMethod(id: string) {
    const pm = paymentMethodFor(id, 'payment_method', 404);
    if (!pm.customer)
      invalid('The payment method you provided is not attached to a customer so detachment is impossible.', { param: 'payment_method' });
    pm.customer = null;
    // A detached PaymentMethod can be neither used nor attached again.
    const state = cards.get(pm.id);
    if (state) {
      state.spent = true;
      state.setUp = false;
    }
    emit({ type: 'payment_method.detached', object: pm });
    return pm;
  }
  function listMethods(params: Form, customerId: string): Stripe.ApiList<Stripe.PaymentMethod> {
    customerFor(customerId, 'customer', 404);
    const type = text(params, 'type');
    const data = [...paymentMethods.values()].filter((pm) => pm.customer === customerId && (!type || pm.type === type)).reverse();
    return { object: 'list', data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  /** Method, path (its group is the id), the parameters it knows (PARAMS) and the handler. */
  const routes: [string, RegExp, Endpoint | null, (params: Form, id: string) => Answer][] = [
    ['POST', /^\/v1\/customers$/, 'createCustomer', (params) => createCustomer(params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, null, (_params, id) => customerFor(id, 'id', 404)],
    ['GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, null, listMethods],
    ['POST', /^\/v1\/payment_intents$/, 'createIntent', (params) => createIntent(params)],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, null, (_params, id) => intentFor(id)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, 'confirmIntent', (params, id) => confirm(intentFor(id), params)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, 'cancelIntent', (params, id) => cancelIntent(intentFor(id), params)],
    ['POST', /^\/v1\/refunds$/, 'createRefund', (params) => createRefund(params)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, null, (_params, id) => refunds.get(id) ?? missing('refund', id, 'id', 404)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, null, (_params, id) => paymentMethodFor(id, 'payment_method', 404)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, 'attach', attachMethod],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, 'detach', (_params, id) => detachMethod(id)],
  ];

  function authenticate(header: string | null) {
    const [scheme = '', credential = ''] = (header ?? '').split(' ');
    const key = /^basic$/i.test(scheme)
      ? (Buffer.from(credential, 'base64').toString().split(':')[0] ?? '')
      : /^bearer$/i.test(scheme)
        ? credential
        : '';
    if (!key) {
      const message =
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
      fail(401, 'invalid_request_error', message);
    }
    if (options.secretKey ? key !== options.secretKey : !/^(sk|rk)_test_\w+$/.test(key)) {
      fail(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      );
    }
  }

  /**
   * The simulator as a WHATWG fetch, for `Stripe.createFetchHttpClient(fake.fetch)`: the package passes
   * the URL as a string and an init of method, headers ([name, value] pairs) and the form-encoded body.
   */
  async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const idempotencyKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
    const version = request.headers.get('stripe-version') ?? apiVersion;
    current = { id: randomId('req_', 14), idempotencyKey };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': current.id ?? '',
      'stripe-version': version,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const entry: SimulatorRequest = {
      method: request.method,
      path: url.pathname,
      body: parseForm(raw),
      query: parseForm(url.search),
      idempotencyKey,
      replayed: false,
    };
    requests.push(entry);
    const key = fingerprint(request.method, url.pathname, raw);
    let status = 200;
    let body: Answer | { error: Stripe.StripeRawError };
    try {
      authenticate(request.headers.get('authorization'));
      const saved = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (saved?.fingerprint === key) {
        // Stripe replays the first answer, a 402 included, to a retry with the same parameters.
        entry.replayed = true;
        return new Response(saved.text, { status: saved.status, headers: { ...headers, 'idempotent-replayed': 'true' } });
      }
      if (saved) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        fail(400, 'idempotency_error', message);
      }
      const route = routes.find(([method, pattern]) => method === request.method && pattern.test(url.pathname));
      if (!route) {
        return fail(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      const [, pattern, known, handler] = route;
      const params = request.method === 'GET' ? entry.query : entry.body;
      if (known) checkParams(params, known, version);
      const id = decodeURIComponent(pattern.exec(url.pathname)?.[1] ?? '');
      const expandParam = params.expand;
      body = expand(
        handler(params, id),
        expandParam === undefined ? [] : typeof expandParam === 'string' ? [expandParam] : (texts(params, 'expand') ?? []),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = { error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/${current.id}` } };
    }
    const json = `${JSON.stringify(body, null, 2)}\n`;
    // Stripe saves only requests that ran: one refused by validation (400, 401, 404) may be retried with its key.
    if (idempotencyKey && (status < 400 || status === 402)) idempotent.set(idempotencyKey, { fingerprint: key, status, text: json });
    return new Response(json, { status, headers });
  }

  /** The shopper's browser (Stripe.js) confirming with a test card: answers the intent, declined or not. */
  function confirmWithMethod(intentId: string, paymentMethodId: string): Stripe.PaymentIntent {
    current = { id: null, idempotencyKey: null };
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
    try {
      checkConfirmable(intent);
      return clone(attempt(intent, paymentMethodId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) return clone(intent);
      throw error;
    }
  }

  /** The shopper finishing 3-D Secure in the browser ('succeeded'), or failing it ('failed'). */
  function completeAction(intentId: string, outcome: 'succeeded' | 'failed' = 'succeeded'): Stripe.PaymentIntent {
    current = { id: null, idempotencyKey: null };
    const intent = intents.get(intentId);
    if (intent?.status !== 'requires_action') {
      throw new Error(`PaymentIntent ${intentId} is not waiting for an action (status ${intent?.status})`);
    }
    const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    const pm = (pmId && paymentMethods.get(pmId)) || undefined;
    if (!pm) throw new Error(`PaymentIntent ${intentId} has no payment method`);
    if (outcome === 'succeeded') succeed(intent, pm);
    else {
      const code = 'payment_intent_authentication_failure';
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code,
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        doc_url: docUrl(code),
        payment_method: clone(pm),
      };
      emit({ type: 'payment_intent.payment_failed', object: intent });
    }
    return clone(intent);
  }

  return {
    fetch,
    requests,
    events,
    intents,
    customers,
    paymentMethods,
    refunds,
    charges,
    apiVersion,
    completeAction,
    confirmWithMethod,
    /** An Event about an intent as a webhook delivers it (sent by Stripe, not caused by an API request). */
    event: (type: IntentEventType, object: Stripe.PaymentIntent): Stripe.Event => event({ type, object }, null),
    /** The `Stripe-Signature` header for `payload` signed with the endpoint's `secret`. */
    sign: (payload: string, secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
}
export type StripeFake = ReturnType<typeof createStripeFake>;

/** `{ intentId, … }` from the browser's JSON: the named string fields, or undefined. */
function stringField(input: unknown, name: string): string | undefined {
  if (typeof input !== 'object' || input === null || !(name in input)) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(input, name)?.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The simulator over HTTP, plus test-only routes for what the shopper's browser does at Stripe:
 * POST /__fixture/confirm {intentId, paymentMethod} and POST /__fixture/complete_action {intentId, outcome}.
 */
export async function startStripeFixtureServer({
  port = 0,
  host = '127.0.0.1',
  fake = createStripeFake(),
}: { port?: number; host?: string; fake?: StripeFake } = {}): Promise<{
  fake: StripeFake;
  server: Server;
  port: number;
  origin: string;
  close(): Promise<void>;
}> {
  // A storefront page on another origin calls the /__fixture routes.
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': '*',
  };
  const fixtureRoutes: Record<string, (input: unknown) => Stripe.PaymentIntent> = {
    '/__fixture/confirm': (input) =>
      fake.confirmWithMethod(stringField(input, 'intentId') ?? '', stringField(input, 'paymentMethod') ?? ''),
    '/__fixture/complete_action': (input) =>
      fake.completeAction(stringField(input, 'intentId') ?? '', stringField(input, 'outcome') === 'failed' ? 'failed' : 'succeeded'),
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const send = (status: number, payload: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { ...cors, ...headers }).end(payload);
    const json = (status: number, value: unknown) => send(status, JSON.stringify(value), { 'content-type': 'application/json' });
    try {
      if (url.pathname.startsWith('/__fixture/')) {
        if (req.method === 'OPTIONS') return send(204, '', { 'access-control-max-age': '600' });
        const route = req.method === 'POST' ? fixtureRoutes[url.pathname] : undefined;
        if (!route) return json(404, { error: { message: `No fixture route ${req.method} ${url.pathname}` } });
        const input: unknown = body ? JSON.parse(body) : {};
        return json(200, route(input));
      }
      const headers = Object.entries(req.headers).flatMap(([name, value]): [string, string][] =>
        value === undefined ? [] : [[name, String(value)]],
      );
      const method = req.method ?? 'GET';
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const response = await fake.fetch(url.href, { method, headers, body: hasBody ? body : undefined });
      return send(response.status, await response.text(), Object.fromEntries(response.headers));
    } catch (error) {
      return json(400, { error: { message: error instanceof Error ? error.message : String(error) } });
    }
  });
  await new Promise((done, reject) => server.once('error', reject).listen(port, host, () => done(undefined)));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    fake,
    server,
    port: actualPort,
    origin: `http://${host}:${actualPort}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections(); // the package keeps connections alive; don't wait out their timeout
        server.close(() => done());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const { origin } = await startStripeFixtureServer({
    port: Number(arg('port') ?? process.env.E2E_STRIPE_PORT ?? 4420),
    host: arg('host') ?? '127.0.0.1',
  });
  console.log(`Stripe simulator listening on ${origin}`);
}
