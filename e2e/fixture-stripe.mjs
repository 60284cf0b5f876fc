#!/usr/bin/env node
// A pretend Stripe: the slice of its HTTP API (v1, form-encoded) that the payments module uses,
// kept in memory, so no test reaches the internet. It speaks to the real `stripe` package, either
// through `Stripe.createFetchHttpClient(fake.fetch)` (unit tests) or over HTTP
// (`startStripeFixtureServer`, for the browser journeys, with the package's host/port/protocol
// config). Shapes follow the API reference for the version the installed package pins
// (Stripe.API_VERSION); the test card ids are Stripe's documented ones.
// Run directly: `node e2e/fixture-stripe.mjs --port 4420` (or E2E_STRIPE_PORT).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';

/**
 * Stripe's test PaymentMethod ids and what a charge on each does. `auth: 'always'` needs 3-D Secure
 * on every payment; 'unlessSetUp' (…3155) needs it unless the card was saved by an authenticated
 * payment and is now charged off-session. `code` is the error code when it is not card_declined.
 * @typedef {{ brand: string, last4: string, decline?: string, code?: string, auth?: 'always' | 'unlessSetUp' }} TestCard
 * @type {Record<string, TestCard>}
 */
const TEST_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: 'expired_card', code: 'expired_card' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', auth: 'always' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', auth: 'always' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', auth: 'unlessSetUp' },
};
const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
};
/** Top-level parameters each endpoint takes (the package's *Params types); any other gets parameter_unknown. */
const PARAMS = {
  createIntent:
    'amount currency allowed_payment_method_types amount_details application_fee_amount automatic_payment_methods capture_method confirm confirmation_method confirmation_token customer customer_account description error_on_requires_action excluded_payment_method_types expand hooks mandate mandate_data metadata off_session on_behalf_of payment_details payment_method payment_method_configuration payment_method_data payment_method_options radar_options receipt_email return_url setup_future_usage shipping statement_descriptor statement_descriptor_suffix transfer_data transfer_group use_stripe_sdk',
  confirmIntent:
    'allowed_payment_method_types amount_details amount_to_confirm capture_method confirmation_token error_on_requires_action excluded_payment_method_types expand hooks mandate mandate_data off_session payment_details payment_method payment_method_data payment_method_options radar_options receipt_email return_url setup_future_usage shipping use_stripe_sdk',
  cancelIntent: 'cancellation_reason expand',
  createCustomer:
    'address balance business_name cash_balance description email expand individual_name invoice_prefix invoice_settings metadata name next_invoice_sequence payment_method phone preferred_locales shipping source tax tax_exempt tax_id_data test_clock validate',
  createRefund:
    'amount charge currency customer expand instructions_email metadata origin payment_intent reason refund_application_fee reverse_transfer',
  attach: 'customer customer_account expand',
  detach: 'expand',
};
/** The first API version (endive) in which `payment_method_types` is no longer writable. */
const ENDIVE = '2026-09-30';
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

class ApiError extends Error {
  /** @param {number} status @param {Record<string, any>} error Stripe's error object */
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}
const docUrl = (code) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
/** @returns {never} */
function fail(status, type, message, extra = {}) {
  throw new ApiError(status, { type, message, ...extra, ...(extra.code && { doc_url: docUrl(extra.code) }) });
}
const invalid = (message, extra) => fail(400, 'invalid_request_error', message, extra);
/** No such object: 404 when its id is in the path, 400 when it is a parameter. */
const missing = (kind, id, param, status = 400) =>
  fail(status, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** Stripe's bracket form encoding (`a[b]=1&c[0]=x`) to nested objects and arrays; values stay strings. */
export function parseForm(text) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [key.split('[')[0], ...Array.from(key.matchAll(/\[([^\]]*)\]/g), (m) => m[1])];
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = out;
    path.forEach((part, i) => {
      const k = Array.isArray(node) && part === '' ? node.length : part;
      if (i === path.length - 1) node[k] = value;
      else node = node[k] ??= /^\d*$/.test(path[i + 1]) ? [] : {};
    });
  }
  return out;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomId = (prefix, length = 24) => prefix + Array.from(randomBytes(length), (b) => ALPHABET[b % 62]).join('');
const clone = (value) => structuredClone(value);
/** `{ a: null, b: null }` from 'a b': the many fields Stripe sends empty for these payments. */
const nulls = (names) => Object.fromEntries(names.split(' ').map((name) => [name, null]));
/** The parameters in a canonical order: an idempotent retry must send the same ones, in any order. */
function fingerprint(method, path, raw) {
  const pairs = [...new URLSearchParams(raw)].map(([k, v]) => `${k}=${v}`);
  return `${method} ${path} ${pairs.sort().join('&')}`;
}

/**
 * @param {{ apiVersion?: string, secretKey?: string, now?: () => number }} [options] `apiVersion`
 *   answered when a request names none; `secretKey` the one key accepted (default: any
 *   `sk_test_…`/`rk_test_…`); `now` a clock in milliseconds.
 */
export function createStripeFake(options = {}) {
  const apiVersion = options.apiVersion ?? Stripe.API_VERSION;
  const now = () => Math.floor((options.now ?? Date.now)() / 1000);
  /** @type {Map<string, any>} */ const intents = new Map();
  /** @type {Map<string, any>} */ const customers = new Map();
  /** @type {Map<string, any>} */ const paymentMethods = new Map();
  /** @type {Map<string, any>} */ const refunds = new Map();
  /** @type {Map<string, any>} */ const charges = new Map();
  /** What each PaymentMethod does when charged, kept off the objects so they serialise as Stripe's. */
  /** @type {Map<string, { card: TestCard, setUp: boolean, spent: boolean }>} */ const cards = new Map();
  /** @type {Map<string, { fingerprint: string, status: number, text: string }>} */ const idempotent = new Map();
  /** @type {{ method: string, path: string, body: Record<string, any>, query: Record<string, any>, idempotencyKey: string | null, replayed: boolean }[]} */
  const requests = [];
  /** @type {any[]} */ const events = [];
  /** The API request being served, named by the events it causes. @type {{ id: string | null, idempotencyKey: string | null }} */
  let current = { id: null, idempotencyKey: null };

  function event(type, object) {
    const request = { id: current.id, idempotency_key: current.idempotencyKey };
    return {
      id: randomId('evt_'),
      object: 'event',
      api_version: apiVersion,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
  }
  // What Stripe would send to a webhook endpoint; tests take them from `fake.events` and post them signed.
  const emit = (type, object) => events.push(event(type, clone(object)));

  function newPaymentMethod(testId) {
    const card = TEST_CARDS[testId.replace(/^pm_card_visa_(?=chargeDeclined)/, 'pm_card_')];
    if (!card) return undefined;
    const pm = {
      id: randomId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: nulls('city country line1 line2 postal_code state'), ...nulls('email name phone tax_id') },
      card: {
        brand: card.brand,
        checks: { ...nulls('address_line1_check address_postal_code_check'), cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: randomId('', 16),
        funding: 'credit',
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        ...nulls('generated_from wallet'),
      },
      created: now(),
      ...nulls('customer customer_account'),
      livemode: false,
      metadata: {},
      type: 'card',
    };
    paymentMethods.set(pm.id, pm);
    cards.set(pm.id, { card, setUp: false, spent: false });
    return pm;
  }
  /** A test id (`pm_card_visa`) makes a fresh PaymentMethod each time it is used, as on Stripe. */
  const paymentMethodFor = (id, param, status = 400) =>
    paymentMethods.get(id) ?? newPaymentMethod(id) ?? missing('PaymentMethod', id, param, status);
  const customerFor = (id, param, status = 400) => customers.get(id) ?? missing('customer', id, param, status);

  function checkParams(params, name, version) {
    const intentRoute = name === 'createIntent' || name === 'confirmIntent';
    // From endive on the API refuses the old parameter; `allowed_payment_method_types` replaced it.
    if (intentRoute && params.payment_method_types !== undefined && version >= ENDIVE) {
      invalid(
        `\`payment_method_types\` is no longer supported on API version ${version}. Use \`allowed_payment_method_types\`, \`excluded_payment_method_types\` or dynamic payment methods instead.`,
        { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
      );
    }
    const known = (key) => PARAMS[name].split(' ').includes(key) || (intentRoute && key === 'payment_method_types');
    const unknown = Object.keys(params).find((key) => !known(key));
    if (unknown) invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  }
  /** A copy of `object` with the fields named in `expand[]` (top level only) replaced by their objects. */
  function expand(object, params) {
    const out = clone(object);
    const sources = {
      payment_method: paymentMethods,
      latest_charge: charges,
      charge: charges,
      customer: customers,
      payment_intent: intents,
    };
    for (const field of [params.expand ?? []].flat()) {
      if (typeof out[field] === 'string' && sources[field]?.has(out[field])) out[field] = clone(sources[field].get(out[field]));
    }
    return out;
  }

  function attach(pm, customerId) {
    pm.customer = customerId;
    emit('payment_method.attached', pm);
  }
  function newCharge(intent, pm, failure) {
    const charge = {
      id: randomId('ch_'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: failure ? 0 : intent.amount,
      amount_refunded: 0,
      balance_transaction: failure ? null : randomId('txn_'),
      captured: !failure,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: clone(intent.metadata),
      outcome: failure
        ? { network_status: 'declined_by_network', reason: failure.decline_code, risk_level: 'normal', type: 'issuer_declined' }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !failure,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: { type: 'card', card: { ...pm.card, network: pm.card.brand } },
      refunded: false,
      status: failure ? 'failed' : 'succeeded',
    };
    charges.set(charge.id, charge);
    return charge;
  }
  function succeed(intent, pm) {
    const charge = newCharge(intent, pm);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      ...nulls('next_action last_payment_error'),
    });
    const state = cards.get(pm.id);
    // setup_future_usage with a customer saves the card once the payment (and any 3-D Secure) is done;
    // a card used without a customer is spent.
    if (intent.setup_future_usage && intent.customer) {
      if (pm.customer !== intent.customer) attach(pm, intent.customer);
      if (state) state.setUp = true;
    } else if (!pm.customer && state) state.spent = true;
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
  }
  /** The card is declined: a failed charge, the intent back to requires_payment_method; answers the error. */
  function decline(intent, pm, declineCode) {
    const code = declineCode === 'authentication_required' ? declineCode : (cards.get(pm.id)?.card.code ?? 'card_declined');
    const error = { type: 'card_error', code, decline_code: declineCode, message: DECLINE_MESSAGES[declineCode] };
    if (declineCode === 'expired_card') error.param = 'exp_month';
    const failed = newCharge(intent, pm, error);
    const lastError = { ...error, charge: failed.id, doc_url: docUrl(code), payment_method: clone(pm) };
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: lastError,
      latest_charge: failed.id,
    });
    emit('charge.failed', failed);
    emit('payment_intent.payment_failed', intent);
    return lastError;
  }

  /** One payment attempt with `pmId`: answers the intent, or throws the 402 Stripe gives for a decline. */
  function attempt(intent, pmId, { offSession = false, noAuth = false } = {}) {
    const pm = paymentMethodFor(pmId, 'payment_method');
    const state = cards.get(pm.id);
    if (pm.customer && pm.customer !== intent.customer) {
      invalid(`The provided PaymentMethod ${pm.id} is attached to Customer ${pm.customer}; pass that Customer to use it.`, {
        param: 'payment_method',
      });
    }
    if (state?.spent && !pm.customer) {
      invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }
    Object.assign(intent, { payment_method: pm.id, last_payment_error: null });
    const card = state?.card ?? TEST_CARDS.pm_card_visa;
    const needsAuth = card.auth === 'always' || (card.auth === 'unlessSetUp' && !(state?.setUp && offSession));
    let error = null;
    if (card.decline) error = decline(intent, pm, card.decline);
    else if (needsAuth && (offSession || noAuth)) error = decline(intent, pm, 'authentication_required');
    else if (needsAuth) {
      const sdk = {
        type: 'stripe_3ds2_fingerprint',
        directory_server_name: card.brand,
        server_transaction_id: randomUUID(),
        three_d_secure_2_source: randomId('payatt_'),
      };
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: sdk } });
      emit('payment_intent.requires_action', intent);
    } else succeed(intent, pm);
    if (error) throw new ApiError(402, { ...error, payment_intent: clone(intent) });
    return intent;
  }
  function checkConfirmable(intent) {
    if (intent.status === 'succeeded') {
      invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        code: UNEXPECTED_STATE,
        payment_intent: clone(intent),
      });
    }
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: UNEXPECTED_STATE,
        payment_intent: clone(intent),
      });
    }
  }
  function confirm(intent, params) {
    checkConfirmable(intent);
    const pmId = params.payment_method ?? intent.payment_method;
    if (!pmId) {
      const message =
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, provide a payment_method.";
      invalid(message, { code: UNEXPECTED_STATE, param: 'payment_method', payment_intent: clone(intent) });
    }
    if (params.setup_future_usage !== undefined) intent.setup_future_usage = params.setup_future_usage || null;
    const offSession = params.off_session !== undefined && params.off_session !== 'false';
    return attempt(intent, pmId, { offSession, noAuth: params.error_on_requires_action === 'true' });
  }

  function createIntent(params) {
    for (const param of ['amount', 'currency'])
      if (!params[param]) invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
    if (!/^\d+$/.test(params.amount) || Number(params.amount) < 1)
      invalid(`Invalid positive integer: ${params.amount}`, { code: 'parameter_invalid_integer', param: 'amount' });
    if (params.customer) customerFor(params.customer, 'customer');
    if (params.confirm === 'true' && !params.payment_method) {
      const message =
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, provide a payment_method.";
      invalid(message, { code: UNEXPECTED_STATE, param: 'payment_method' });
    }
    // The fake knows cards only: with no allowed list, dynamic payment methods offer 'card'.
    const allowed = params.allowed_payment_method_types ?? params.payment_method_types ?? null;
    const id = randomId('pi_');
    const intent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      automatic_payment_methods: allowed ? null : { allow_redirects: 'always', enabled: true },
      capture_method: params.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${randomId('', 25)}`,
      confirmation_method: params.confirmation_method ?? 'automatic',
      created: now(),
      currency: params.currency.toLowerCase(),
      customer: params.customer ?? null,
      description: params.description ?? null,
      excluded_payment_method_types: params.excluded_payment_method_types ?? null,
      livemode: false,
      metadata: params.metadata || {},
      payment_method_configuration_details: allowed ? null : { id: 'pmc_fixture', parent: null },
      payment_method_options: { card: { ...nulls('installments mandate_options network'), request_three_d_secure: 'automatic' } },
      payment_method_types: allowed ?? ['card'],
      receipt_email: params.receipt_email ?? null,
      setup_future_usage: params.setup_future_usage || null,
      statement_descriptor_suffix: params.statement_descriptor_suffix ?? null,
      status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      ...nulls(
        'application application_fee_amount canceled_at cancellation_reason customer_account last_payment_error latest_charge managed_payments next_action on_behalf_of payment_method payment_record processing review shipping source statement_descriptor transfer_data transfer_group',
      ),
    };
    if (params.payment_method) intent.payment_method = paymentMethodFor(params.payment_method, 'payment_method').id;
    intents.set(id, intent);
    emit('payment_intent.created', intent);
    if (params.confirm === 'true') confirm(intent, { ...params, payment_method: intent.payment_method });
    return intent;
  }

  function cancelIntent(intent, params) {
    if (!CANCELABLE.includes(intent.status)) {
      const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`;
      invalid(message, { code: UNEXPECTED_STATE, payment_intent: clone(intent) });
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: now(),
      cancellation_reason: params.cancellation_reason ?? null,
      next_action: null,
    });
    emit('payment_intent.canceled', intent);
    return intent;
  }

  function createRefund(params) {
    if (!params.payment_intent && !params.charge)
      invalid('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const byCharge = params.charge ? (charges.get(params.charge) ?? missing('charge', params.charge, 'charge')) : null;
    const intentId = params.payment_intent ?? byCharge?.payment_intent;
    const intent = intents.get(intentId) ?? missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    const paid = charges.get(intent.latest_charge);
    const left = paid.amount - paid.amount_refunded;
    if (left === 0) invalid(`Charge ${paid.id} has already been refunded.`, { code: 'charge_already_refunded', charge: paid.id });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      invalid(`Invalid positive integer: ${params.amount}`, { code: 'parameter_invalid_integer', param: 'amount' });
    const money = (n) => `${intent.currency.toUpperCase()} ${(n / 100).toFixed(2)}`;
    if (amount > left) {
      const message = `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`;
      invalid(message, { code: 'amount_too_large', param: 'amount', charge: paid.id });
    }
    const refund = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      balance_transaction: randomId('txn_'),
      charge: paid.id,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: params.metadata || {},
      payment_intent: intent.id,
      payment_method: paid.payment_method,
      reason: params.reason ?? null,
      status: 'succeeded',
      ...nulls('customer_account receipt_number source_transfer_reversal transfer_reversal'),
    };
    refunds.set(refund.id, refund);
    paid.amount_refunded += amount;
    paid.refunded = paid.amount_refunded === paid.amount;
    emit('refund.created', refund);
    emit('charge.refunded', paid);
    return refund;
  }

  function createCustomer(params) {
    const customer = {
      id: randomId('cus_', 14),
      object: 'customer',
      balance: 0,
      created: now(),
      delinquent: false,
      description: params.description ?? null,
      email: params.email ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: nulls('custom_fields default_payment_method footer rendering_options'),
      livemode: false,
      metadata: params.metadata || {},
      name: params.name ?? null,
      next_invoice_sequence: 1,
      phone: params.phone ?? null,
      preferred_locales: params.preferred_locales ?? [],
      tax_exempt: 'none',
      ...nulls('address currency customer_account default_source discount shipping test_clock'),
    };
    customers.set(customer.id, customer);
    emit('customer.created', customer);
    return customer;
  }

  function attachMethod(params, id) {
    if (!params.customer) invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const pm = paymentMethodFor(id, 'payment_method', 404);
    customerFor(params.customer, 'customer');
    if (cards.get(pm.id)?.spent) {
      invalid(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method' },
      );
    }
    if (pm.customer && pm.customer !== params.customer)
      invalid('The payment method you provided has already been attached to a customer.', { param: 'payment_method' });
    if (!pm.customer) attach(pm, params.customer);
    return pm;
  }
  function detachMethod(id) {
    const pm = paymentMethodFor(id, 'payment_method', 404);
    if (!pm.customer)
      invalid('The payment method you provided is not attached to a customer so detachment is impossible.', { param: 'payment_method' });
    pm.customer = null;
    // A detached PaymentMethod can be neither used nor attached again.
    Object.assign(cards.get(pm.id) ?? {}, { spent: true, setUp: false });
    emit('payment_method.detached', pm);
    return pm;
  }
  function listMethods(params, customerId) {
    customerFor(customerId, 'customer', 404);
    const data = [...paymentMethods.values()]
      .filter((pm) => pm.customer === customerId && (!params.type || pm.type === params.type))
      .reverse();
    return { object: 'list', data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  /** Method, path (its group is the id), the parameters it knows (PARAMS) and the handler. */
  /** @type {[string, RegExp, keyof typeof PARAMS | null, (params: Record<string, any>, id: string) => any][]} */
  const routes = [
    ['POST', /^\/v1\/customers$/, 'createCustomer', (params) => createCustomer(params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, null, (_params, id) => customerFor(id, 'id', 404)],
    ['GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, null, listMethods],
    ['POST', /^\/v1\/payment_intents$/, 'createIntent', (params) => createIntent(params)],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, null, (_params, id) => intents.get(id) ?? missing('payment_intent', id, 'intent', 404)],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      'confirmIntent',
      (params, id) => confirm(intents.get(id) ?? missing('payment_intent', id, 'intent', 404), params),
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      'cancelIntent',
      (params, id) => cancelIntent(intents.get(id) ?? missing('payment_intent', id, 'intent', 404), params),
    ],
    ['POST', /^\/v1\/refunds$/, 'createRefund', (params) => createRefund(params)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, null, (_params, id) => refunds.get(id) ?? missing('refund', id, 'id', 404)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, null, (_params, id) => paymentMethodFor(id, 'payment_method', 404)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, 'attach', attachMethod],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, 'detach', (_params, id) => detachMethod(id)],
  ];

  function authenticate(header) {
    const [scheme = '', credential = ''] = (header ?? '').split(' ');
    const key = /^basic$/i.test(scheme)
      ? Buffer.from(credential, 'base64').toString().split(':')[0]
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
   * The fake as a WHATWG fetch, for `Stripe.createFetchHttpClient(fake.fetch)`: the package passes the
   * URL as a string and an init of method, headers ([name, value] pairs) and the form-encoded body.
   * @param {string | URL | Request} input @param {RequestInit} [init] @returns {Promise<Response>}
   */
  async function fetch(input, init) {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const idempotencyKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
    const version = request.headers.get('stripe-version') ?? apiVersion;
    current = { id: randomId('req_', 14), idempotencyKey };
    const headers = {
      'content-type': 'application/json',
      'request-id': current.id,
      'stripe-version': version,
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    };
    const entry = {
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
    let body;
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
        fail(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      const [, pattern, known, handler] = route;
      const params = request.method === 'GET' ? entry.query : entry.body;
      if (known) checkParams(params, known, version);
      body = expand(handler(params, decodeURIComponent(pattern.exec(url.pathname)?.[1] ?? '')), params);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = { error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/${current.id}` } };
    }
    const text = `${JSON.stringify(body, null, 2)}\n`;
    // Stripe saves only requests that ran: one refused by validation (400, 401, 404) may be retried with its key.
    if (idempotencyKey && (status < 400 || status === 402)) idempotent.set(idempotencyKey, { fingerprint: key, status, text });
    return new Response(text, { status, headers });
  }

  /** The shopper's browser (Stripe.js) confirming with a test card: answers the intent, declined or not. */
  function confirmWithMethod(intentId, paymentMethod) {
    current = { id: null, idempotencyKey: null };
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
    try {
      checkConfirmable(intent);
      return clone(attempt(intent, paymentMethod));
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) return clone(intent);
      throw error;
    }
  }

  /** The shopper finishing 3-D Secure in the browser ('succeeded'), or failing it ('failed'). */
  function completeAction(intentId, outcome = 'succeeded') {
    current = { id: null, idempotencyKey: null };
    const intent = intents.get(intentId);
    if (intent?.status !== 'requires_action') {
      throw new Error(`PaymentIntent ${intentId} is not waiting for an action (status ${intent?.status})`);
    }
    const pm = paymentMethods.get(intent.payment_method);
    if (outcome === 'succeeded') succeed(intent, pm);
    else {
      const code = 'payment_intent_authentication_failure';
      const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      const lastError = { type: 'invalid_request_error', code, message, doc_url: docUrl(code), payment_method: clone(pm) };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, next_action: null, last_payment_error: lastError });
      emit('payment_intent.payment_failed', intent);
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
    /** An Event as a webhook delivers it, about `object`. @param {string} type @param {object} object */
    event: (type, object) => ({ ...event(type, object), request: { id: null, idempotency_key: null } }),
    /** The `Stripe-Signature` header for `payload` signed with the endpoint's `secret`. @param {string} payload @param {string} secret @param {number} [timestamp] */
    sign: (payload, secret, timestamp) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
}

/**
 * The fake over HTTP, plus test-only routes for what the shopper's browser does at Stripe:
 * POST /__fixture/confirm {intentId, paymentMethod} and POST /__fixture/complete_action {intentId, outcome}.
 * @param {{ port?: number, host?: string, fake?: ReturnType<typeof createStripeFake> }} [options]
 */
export async function startStripeFixtureServer({ port = 0, host = '127.0.0.1', fake = createStripeFake() } = {}) {
  // A storefront page on another origin calls the /__fixture routes.
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': '*',
  };
  const fixtureRoutes = {
    '/__fixture/confirm': (input) => fake.confirmWithMethod(input.intentId, input.paymentMethod),
    '/__fixture/complete_action': (input) => fake.completeAction(input.intentId, input.outcome),
  };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const send = (status, text, headers = {}) => res.writeHead(status, { ...cors, ...headers }).end(text);
    const json = (status, value) => send(status, JSON.stringify(value), { 'content-type': 'application/json' });
    try {
      if (url.pathname.startsWith('/__fixture/')) {
        if (req.method === 'OPTIONS') return send(204, '', { 'access-control-max-age': '600' });
        const route = req.method === 'POST' ? fixtureRoutes[url.pathname] : undefined;
        if (!route) return json(404, { error: { message: `No fixture route ${req.method} ${url.pathname}` } });
        return json(200, route(body ? JSON.parse(body) : {}));
      }
      const headers = Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]));
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const response = await fake.fetch(url.href, { method: req.method, headers, body: hasBody ? body : undefined });
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
      new Promise((done) => {
        server.closeAllConnections(); // the package keeps connections alive; don't wait out their timeout
        server.close(() => done(undefined));
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const { origin } = await startStripeFixtureServer({
    port: Number(arg('port') ?? process.env.E2E_STRIPE_PORT ?? 4420),
    host: arg('host') ?? '127.0.0.1',
  });
  console.log(`fixture stripe listening on ${origin}`);
}
