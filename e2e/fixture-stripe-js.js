// A stand-in for Stripe.js (js.stripe.com/<release>/stripe.js) for the browser journeys, which
// cannot reach Stripe: e2e/stripe-support.ts serves it for https://js.stripe.com/** and forwards
// https://api.stripe.com/__fixture/** to the Stripe simulator (e2e/fixture-stripe.ts). It offers
// what @stripe/react-stripe-js and the storefront's card form use, with Stripe.js's answer shapes;
// anything else fails loudly rather than pretending. Unlike Stripe's, the Payment Element is drawn
// in the page (no iframe) as three labelled inputs, so a journey types into them by label.
/* global window, document */
(function () {
  'use strict';
  const API = 'https://api.stripe.com/__fixture';
  // Stripe's test card numbers, as the PaymentMethod ids the Stripe simulator knows (TEST_CARDS there).
  const TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    5555555555554444: 'pm_card_mastercard',
    4000000000000002: 'pm_card_chargeDeclined',
    4000000000009995: 'pm_card_chargeDeclinedInsufficientFunds',
    4000000000000069: 'pm_card_chargeDeclinedExpiredCard',
    4000002500003155: 'pm_card_authenticationRequiredOnSetup',
    4000002760003184: 'pm_card_authenticationRequired',
    4000000000003220: 'pm_card_threeDSecure2Required',
  };
  // What Stripe.js gives a page of a PaymentIntent (the publishable-key view): no customer, metadata or charges.
  const PUBLIC_FIELDS = [
    'id object amount canceled_at cancellation_reason capture_method client_secret confirmation_method created currency',
    'description last_payment_error livemode next_action payment_method payment_method_types receipt_email setup_future_usage shipping status',
  ]
    .join(' ')
    .split(' ');
  // The release this file stands in for, from the URL it was loaded from ('endive', or 3 for /v3),
  // so @stripe/stripe-js sees the version it asked for.
  const release = /js\.stripe\.com\/([a-z0-9]+)\//.exec(document.currentScript?.src ?? '')?.[1] ?? 'v3';
  const notSupported = (name) => () =>
    Promise.reject(new Error(`stripe.${name} is not supported by the test stand-in for Stripe.js (e2e/fixture-stripe-js.js)`));
  const publicIntent = (intent) => Object.fromEntries(PUBLIC_FIELDS.filter((k) => k in intent).map((k) => [k, intent[k]]));
  /** The intent id in a client secret (`pi_123_secret_abc` → `pi_123`), as Stripe.js derives it. */
  function intentId(clientSecret) {
    const id = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret ?? ''))?.[1];
    if (!id) throw new Error(`Invalid value for clientSecret: it should look like pi_…_secret_…, got ${JSON.stringify(clientSecret)}.`);
    return id;
  }
  const luhn = (digits) =>
    [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][+d] : +d), 0) % 10 === 0;

  /** The card's problem in Stripe's words (a validation_error), or null when it is complete. */
  function cardProblem({ number, expiry, cvc }, now = new Date()) {
    const amex = /^3[47]/.test(number);
    const problem = (code, message) => ({ type: 'validation_error', code, message });
    if (number.length < (amex ? 15 : 16)) return problem('incomplete_number', 'Your card number is incomplete.');
    if (!luhn(number)) return problem('invalid_number', 'Your card number is invalid.');
    const [, mm, yy] = /^(\d{2})(\d{2})$/.exec(expiry) ?? [];
    if (!mm) return problem('incomplete_expiry', "Your card's expiration date is incomplete.");
    if (+mm < 1 || +mm > 12) return problem('invalid_expiry_month', "Your card's expiration month is invalid.");
    const year = 2000 + +yy;
    if (year < now.getFullYear()) return problem('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    if (year === now.getFullYear() && +mm < now.getMonth() + 1)
      return problem('invalid_expiry_month_past', "Your card's expiration date is in the past.");
    if (cvc.length < (amex ? 4 : 3)) return problem('incomplete_cvc', "Your card's security code is incomplete.");
    return null;
  }

  let uid = 0;
  function createPaymentElement(group, options) {
    const handlers = new Map();
    const emit = (event, payload) => [...(handlers.get(event) ?? [])].forEach((handler) => handler(payload));
    const id = `stripe-fixture-${++uid}`;
    const root = document.createElement('div');
    root.className = 'stripe-fixture-payment';
    root.style.cssText = 'display:grid;gap:0.5rem';
    const field = (key, label, attrs) => {
      const wrap = document.createElement('div');
      wrap.style.cssText = 'display:grid;gap:0.25rem';
      const labelNode = Object.assign(document.createElement('label'), { htmlFor: `${id}-${key}`, textContent: label });
      const input = Object.assign(document.createElement('input'), { id: `${id}-${key}`, type: 'text', ...attrs });
      input.setAttribute('aria-describedby', `${id}-error`);
      wrap.append(labelNode, input);
      root.append(wrap);
      return input;
    };
    const inputs = {
      number: field('number', 'Card number', { inputMode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' }),
      expiry: field('expiry', 'Expiration date (MM / YY)', { inputMode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' }),
      cvc: field('cvc', 'Security code', { inputMode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' }),
    };
    const errorNode = Object.assign(document.createElement('p'), { id: `${id}-error` });
    errorNode.setAttribute('aria-live', 'polite');
    // The line is kept even when empty: an error shown on blur must not move the page under a click.
    errorNode.style.cssText = 'margin:0;min-height:1.5em;color:#b42318';
    root.append(errorNode);

    const digits = (input) => input.value.replace(/\D/g, '');
    const card = () => ({ number: digits(inputs.number), expiry: digits(inputs.expiry), cvc: digits(inputs.cvc) });
    const state = () => {
      const c = card();
      return { empty: !c.number && !c.expiry && !c.cvc, problem: cardProblem(c) };
    };
    /** Shows the problem under the fields, as Stripe does once the shopper leaves a field or submits. */
    function showProblem(problem) {
      errorNode.textContent = problem?.message ?? '';
      const bad = problem && (/number/.test(problem.code) ? 'number' : /expiry/.test(problem.code) ? 'expiry' : 'cvc');
      Object.entries(inputs).forEach(([key, input]) => input.setAttribute('aria-invalid', String(key === bad)));
    }
    root.addEventListener('input', (event) => {
      // Stripe groups the number in fours as it is typed.
      if (event.target === inputs.number)
        inputs.number.value = digits(inputs.number)
          .slice(0, 19)
          .replace(/(\d{4})(?=\d)/g, '$1 ');
      const { empty, problem } = state();
      if (!problem) showProblem(null);
      emit('change', { elementType: 'payment', empty, complete: !problem, collapsed: false, value: { type: 'card' } });
    });
    // Focus and blur are the element's, not each field's: moving between its fields fires neither.
    root.addEventListener('focusin', (event) => {
      if (!root.contains(event.relatedTarget)) emit('focus', { elementType: 'payment' });
    });
    root.addEventListener('focusout', (event) => {
      if (root.contains(event.relatedTarget)) return;
      if (!state().empty) showProblem(state().problem);
      emit('blur', { elementType: 'payment' });
    });

    let destroyed = false;
    const alive = () => {
      if (destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
    };
    const applyOptions = (opts) => Object.values(inputs).forEach((input) => (input.readOnly = Boolean(opts.readOnly)));
    applyOptions(options);
    const element = {
      mount(target) {
        alive();
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error(`The selector you specified (${target}) applies to no DOM elements that are currently on the page.`);
        node.append(root);
        emit('loaderstart', { elementType: 'payment' });
        // Stripe's frame loads after mount: 'ready' comes a moment later, once the page has added its handlers.
        setTimeout(() => !destroyed && root.isConnected && emit('ready', { elementType: 'payment' }), 20);
      },
      unmount: () => root.remove(),
      destroy() {
        root.remove();
        destroyed = true;
        group.forget('payment');
      },
      on(event, handler) {
        alive();
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event).add(handler);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off(event, handler) {
        if (handler) handlers.get(event)?.delete(handler);
        else handlers.delete(event);
        return element;
      },
      update(opts) {
        alive();
        Object.assign(options, opts);
        applyOptions(options);
      },
      focus: () => inputs.number.focus(),
      blur: () => root.contains(document.activeElement) && document.activeElement.blur(),
      clear() {
        Object.values(inputs).forEach((input) => (input.value = ''));
        showProblem(null);
      },
      collapse: () => element,
      // Not Stripe's: what confirmPayment and elements.submit read from the fields.
      _card: card,
      _check() {
        const { problem } = state();
        showProblem(problem);
        return problem;
      },
    };
    return element;
  }

  function createElementsGroup(options) {
    if (options.mode && (!options.currency || (options.mode !== 'setup' && options.amount === undefined)))
      throw new Error(`elements(): mode '${options.mode}' needs currency${options.mode === 'setup' ? '' : ' and amount'}.`);
    const created = new Map();
    const group = {
      _options: { ...options },
      _submitted: false,
      create(type, opts = {}) {
        if (type !== 'payment') throw new Error(`elements.create('${type}') is not supported by the test stand-in for Stripe.js.`);
        if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
        const element = createPaymentElement(group, { ...opts });
        created.set(type, element);
        return element;
      },
      getElement: (type) => created.get(type) ?? null,
      forget: (type) => created.delete(type),
      update(opts) {
        Object.assign(group._options, opts);
      },
      fetchUpdates: () => Promise.resolve({}),
      async submit() {
        const element = created.get('payment');
        if (!element) throw new Error('elements.submit(): no Payment Element was created in this Elements group.');
        const problem = element._check();
        group._submitted = !problem;
        return problem ? { error: problem } : { selectedPaymentMethod: 'card' };
      },
    };
    return group;
  }

  /** A /__fixture call: the intent it answers, or Stripe.js's error for a refusal or no connection. */
  async function fixture(path, body) {
    let response;
    try {
      // A plain-text body keeps it a "simple" cross-origin request: no CORS preflight to route.
      response = await fetch(`${API}${path}`, { method: 'POST', body: JSON.stringify(body) });
    } catch (cause) {
      return { error: { type: 'api_connection_error', message: `An error occurred with our connection to Stripe. (${cause})` } };
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) return { error: { type: 'invalid_request_error', message: answer.error?.message ?? `HTTP ${response.status}` } };
    return { intent: answer };
  }

  window.Stripe = function Stripe(publishableKey, stripeOptions) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey))
      throw new Error(`Invalid API Key provided (Stripe.js takes a publishable key, pk_…): ${String(publishableKey).slice(0, 8)}…`);
    const seen = new Map(); // the intents this page has had answered, for retrievePaymentIntent
    const wrappers = [];

    /** What confirmPayment and handleNextAction resolve: the intent when paid or under way, else its error. */
    function outcome(intent) {
      seen.set(intent.id, intent);
      if (intent.status === 'requires_payment_method' && intent.last_payment_error)
        return { error: { ...intent.last_payment_error, payment_intent: publicIntent(intent) } };
      return { paymentIntent: publicIntent(intent) };
    }
    /**
     * The bank's 3-D Secure challenge. Stripe.js shows it in its own frame, where the shopper approves;
     * a journey could not click inside that frame even on real Stripe, so the stand-in completes it
     * at once, approved unless the page sets `window.__stripeFixtureAuthentication = 'failed'`.
     */
    async function authenticate(id) {
      const outcomeWanted = window.__stripeFixtureAuthentication === 'failed' ? 'failed' : 'succeeded';
      return fixture('/complete_action', { intentId: id, outcome: outcomeWanted });
    }

    const stripe = {
      _publishableKey: publishableKey,
      _options: stripeOptions ?? {},
      _registerWrapper: (wrapper) => wrappers.push(wrapper),
      registerAppInfo: () => undefined,
      elements: (options = {}) => createElementsGroup(options),

      async confirmPayment({ elements, clientSecret, redirect = 'always', confirmParams = {} } = {}) {
        const secret = clientSecret ?? elements?._options.clientSecret;
        const id = intentId(secret);
        const element = elements?.getElement('payment');
        if (!element) throw new Error('confirmPayment: pass the `elements` that hold a mounted Payment Element.');
        // With deferred intent creation (elements made with mode/amount, no clientSecret) Stripe.js refuses this too.
        if (!elements._options.clientSecret && !elements._submitted)
          throw new Error(
            'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.',
          );
        if (redirect !== 'if_required' && !confirmParams.return_url)
          throw new Error('confirmPayment: confirmParams.return_url is required unless redirect is "if_required".');
        const problem = element._check();
        if (problem) return { error: problem };
        const paymentMethod = TEST_CARDS[element._card().number];
        if (!paymentMethod) {
          const message =
            'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';
          return { error: { type: 'card_error', code: 'card_declined', decline_code: 'test_mode_live_card', message } };
        }
        let answer = await fixture('/confirm', { intentId: id, paymentMethod });
        if (answer.intent?.status === 'requires_action') answer = await authenticate(id);
        if (answer.error) return answer;
        const result = outcome(answer.intent);
        // redirect 'always' (or a payment method that needs one) leaves for the return_url, as Stripe.js does.
        if (redirect !== 'if_required' && result.paymentIntent) {
          const back = new URL(confirmParams.return_url, window.location.href);
          back.searchParams.set('payment_intent', id);
          back.searchParams.set('payment_intent_client_secret', secret);
          back.searchParams.set('redirect_status', result.paymentIntent.status === 'succeeded' ? 'succeeded' : 'pending');
          window.location.assign(back.href);
          return new Promise(() => undefined);
        }
        return result;
      },

      async handleNextAction({ clientSecret } = {}) {
        const id = intentId(clientSecret);
        const answer = await authenticate(id);
        // The Stripe simulator refuses an intent not waiting for an action; Stripe.js throws then too.
        if (answer.error && /not waiting for an action/.test(answer.error.message))
          throw new Error(`handleNextAction: the PaymentIntent must have the status requires_action (${answer.error.message})`);
        return answer.error ? answer : outcome(answer.intent);
      },

      async retrievePaymentIntent(clientSecret) {
        const id = intentId(clientSecret);
        const intent = seen.get(id);
        if (intent) return { paymentIntent: publicIntent(intent) };
        // The Stripe simulator answers /v1 only to a secret key; the stand-in knows what this page was answered.
        const message = `No such payment_intent: '${id}' (the test stand-in for Stripe.js knows only intents this page confirmed)`;
        return { error: { type: 'invalid_request_error', code: 'resource_missing', message } };
      },

      createToken: notSupported('createToken'),
      createPaymentMethod: notSupported('createPaymentMethod'),
      confirmCardPayment: notSupported('confirmCardPayment'),
      confirmSetup: notSupported('confirmSetup'),
      handleCardAction: notSupported('handleCardAction'),
    };
    return stripe;
  };
  window.Stripe.version = release === 'v3' ? 3 : release;
})();
