'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { countryName, errorMessageFor } from '@kedai/domain';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import formStyles from '../../ui/form.module.css';
import { FormAlert } from '../../ui/Field';
import { trackAddShippingInfo, trackBeginCheckout, trackPurchase } from '../analytics/analytics';
import { AddressForm } from '../addresses/AddressForm';
import type { AddressBookLoad } from '../addresses/AddressBook';
import { countryChoices, defaultCountry, loadAddressBook, newAddressForm, withSaved, type Address } from '../addresses/address-book';
import { countryOfRegion } from '../region/region-slice';
import { AddressChoices, NEW_ADDRESS } from './AddressChoices';
import { CheckoutItems } from './CheckoutItems';
import { estimateCosts, openCheckout, paymentMethodChosen, placeOrder } from './checkout-slice';
import {
  NOTES_MAX,
  analyticsCheckoutOf,
  checkoutLines,
  defaultShippingAddress,
  nothingLeft,
  orderHref,
  placeOrderBlockers,
} from './checkout-view';
import { costLines, costsOfEstimate } from './costs';
import styles from './checkout.module.css';
import { paymentMethodsFor, type PaymentMethod } from './payment-methods';
import { PaymentChoices } from './PaymentChoices';
import { PlaceOrderSummary } from './PlaceOrderSummary';
import { VoucherField } from './VoucherField';

export interface CheckoutViewProps {
  checkoutKey: string;
  /** The shopper's region (the page's): prices are in its currency, and its country is sent with every call. */
  region: { key: string; name: string; currency: string; countries: string[] };
  assetsUrl: string;
  /** The ways to pay the shop takes now (`GET /config` `payments.methods`); all by default. */
  shopTakes?: readonly PaymentMethod[];
  /** What the address book opens with (tests); by default it is loaded. */
  initialBook?: AddressBookLoad;
}

const CART_HREF = '/cart';
const QUOTATIONS_HREF = '/quotations';
const ORDERS_HREF = '/orders';

/**
 * `/checkout/<key>` (signed-in users): the lines of the checkout session, each with its price or the
 * reason it cannot be bought; the shipping address from the address book (main first) or a new one
 * with the address form (countries the shop delivers to only); the billing address (the shipping
 * one by default); a voucher; notes to the shop; the payment method (card, or PayNow for orders in
 * Singapore dollars); and the costs, worked out again whenever the address, the voucher or the region
 * changes. "Place order" is enabled only when the estimate says the order can be placed; the order
 * placed, the shopper goes to its page to pay. Reports `begin_checkout` once the costs are known,
 * `add_shipping_info` for each address chosen and `purchase` for the order placed.
 */
export function CheckoutView({ checkoutKey, region, assetsUrl, shopTakes, initialBook }: CheckoutViewProps) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const checkout = useAppSelector((state) => state.checkout);
  const profile = useAppSelector((state) => state.user.profile);
  const preferred = useAppSelector((state) => state.region.preferredRegion);
  const regionCountryCode = countryOfRegion(region);
  const [book, setBook] = useState<AddressBookLoad>(initialBook ?? { status: 'loading' });
  const [shippingPick, setShippingPick] = useState<string | null>(null);
  const [sameBilling, setSameBilling] = useState(true);
  const [billingPick, setBillingPick] = useState<string | null>(null);
  const [voucher, setVoucher] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const began = useRef<string | null>(null);
  const shippingReported = useRef<string | null>(null);

  // This session's state only (the store may still hold another session's until it is read).
  const current = checkout.key === checkoutKey ? checkout : null;
  const session = current?.session ?? null;
  const estimate = current?.estimate ?? null;

  useEffect(() => {
    void dispatch(openCheckout({ key: checkoutKey, regionCountryCode }));
  }, [dispatch, checkoutKey, regionCountryCode]);

  const loadBook = useCallback(async () => {
    setBook({ status: 'loading' });
    const result = await loadAddressBook();
    setBook(result.ok ? { status: 'ready', ...result.value } : { status: 'error', message: result.message });
  }, []);

  useEffect(() => {
    if (!initialBook) void loadBook();
  }, [initialBook, loadBook]);

  const addresses = book.status === 'ready' ? book.addresses : [];
  const countries = book.status === 'ready' ? book.countries : null;
  const shippingChoice = shippingPick ?? (book.status === 'ready' ? (defaultShippingAddress(addresses, countries) ?? NEW_ADDRESS) : null);
  const shippingAddressId = shippingChoice && shippingChoice !== NEW_ADDRESS ? shippingChoice : null;
  const billingAddressId = sameBilling ? null : (billingPick ?? shippingAddressId);
  const bookSettled = book.status !== 'loading';
  const ready = current?.status === 'ready';

  // The costs again whenever the address, the voucher or the region changes (once the address book
  // is known): another region's currency may not offer the payment method chosen.
  useEffect(() => {
    if (!ready || !bookSettled) return;
    void dispatch(estimateCosts({ shippingAddressId, voucherCode: voucher }));
  }, [dispatch, ready, bookSettled, shippingAddressId, voucher, regionCountryCode]);

  const lines = useMemo(() => (session && estimate ? checkoutLines(session, estimate) : []), [session, estimate]);
  const methods = useMemo(() => (estimate ? paymentMethodsFor(estimate.currency, shopTakes) : []), [estimate, shopTakes]);
  const chosenMethod = current?.paymentMethod;

  // The method chosen is always one the shop takes for this currency (PayNow alone when it takes no cards).
  useEffect(() => {
    const first = methods[0];
    if (first && chosenMethod && !methods.includes(chosenMethod)) dispatch(paymentMethodChosen(first));
  }, [dispatch, methods, chosenMethod]);
  const estimating = current?.estimating ?? false;
  const chosenFor = current?.estimateChoices.shippingAddressId ?? null;

  useEffect(() => {
    if (!estimate || began.current === checkoutKey) return;
    began.current = checkoutKey;
    trackBeginCheckout(analyticsCheckoutOf(estimate, lines));
  }, [estimate, lines, checkoutKey]);

  useEffect(() => {
    if (!estimate || estimating || !chosenFor || !estimate.shippingCountry || estimate.shippingError) return;
    if (shippingReported.current === chosenFor) return;
    shippingReported.current = chosenFor;
    trackAddShippingInfo(analyticsCheckoutOf(estimate, lines), estimate.shippingCountry);
  }, [estimate, estimating, chosenFor, lines]);

  const heading = (
    <h1 id="checkout-title" tabIndex={-1}>
      Checkout
    </h1>
  );

  if (!current || current.status === 'idle' || current.status === 'loading') {
    return (
      <>
        {heading}
        <p className={styles.loading} role="status" aria-live="polite">
          Loading your checkout…
        </p>
      </>
    );
  }
  if (current.status === 'expired') {
    return (
      <>
        {heading}
        <StartAgain text="This checkout has expired. Start again from your cart." />
      </>
    );
  }
  if (current.status === 'failed' || !session) {
    return (
      <>
        {heading}
        <FormAlert>
          <p>We could not load your checkout: {current.loadError ?? 'Unknown error'}</p>
          <p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void dispatch(openCheckout({ key: checkoutKey, regionCountryCode }))}
            >
              Try again
            </button>
          </p>
        </FormAlert>
      </>
    );
  }
  if (!estimate) {
    return (
      <>
        {heading}
        {current.estimateError ? (
          <FormAlert>
            <p>We could not work out what your order costs: {current.estimateError}</p>
            <p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void dispatch(estimateCosts({ shippingAddressId, voucherCode: voucher }))}
              >
                Try again
              </button>
            </p>
          </FormAlert>
        ) : (
          <p className={styles.loading} role="status" aria-live="polite">
            Working out your costs…
          </p>
        )}
      </>
    );
  }
  if (nothingLeft(estimate)) {
    return (
      <>
        {heading}
        <StartAgain text="The items of this checkout are no longer in your cart or your quotations. Start again from your cart." />
      </>
    );
  }
  if (current.placedOrderId) {
    return (
      <>
        {heading}
        <p className={styles.loading} role="status" aria-live="polite">
          Your order is placed. <Link href={orderHref(current.placedOrderId)}>Taking you to it…</Link>
        </p>
      </>
    );
  }

  const blockers = placeOrderBlockers(estimate, { addressChosen: shippingAddressId !== null, canPay: methods.length > 0 });
  const placeError = current.placeError;
  const busy = current.placing;

  async function onPlace() {
    if (!shippingAddressId || busy) return;
    const result = await dispatch(placeOrder({ shippingAddressId, billingAddressId, voucherCode: voucher, notes }));
    if (placeOrder.fulfilled.match(result)) {
      trackPurchase(result.payload);
      router.push(orderHref(result.payload.id));
    } else {
      // The alert says what went wrong; focus goes there so it is met at once.
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  function onAddressSaved(saved: Address) {
    setBook((now) => (now.status === 'ready' ? { ...now, addresses: withSaved(now.addresses, saved) } : now));
    setShippingPick(saved.id);
  }

  const offered = countryChoices(countries).map((country) => country.code);
  const newCountry = defaultCountry({ preferred, profileCountry: profile?.country, regionCountries: region.countries }, offered);
  const notDelivered = (address: Address) =>
    countries && !countries.includes(address.country.toUpperCase()) ? `We do not deliver to ${countryName(address.country)}.` : null;

  return (
    <>
      {heading}
      <div ref={alertRef} tabIndex={-1} className={styles.alertRegion} role="alert" aria-live="assertive">
        {placeError ? (
          <div className={styles.alert}>
            <p>{placeError.message}</p>
            {placeError.maybePlaced ? (
              <p>
                <Link href={ORDERS_HREF}>See your orders</Link>
              </p>
            ) : null}
          </div>
        ) : current.estimateError ? (
          <div className={styles.alert}>
            <p>We could not update the costs: {current.estimateError}</p>
            <p>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => void dispatch(estimateCosts({ shippingAddressId, voucherCode: voucher }))}
              >
                Try again
              </button>
            </p>
          </div>
        ) : current.loadError ? (
          <div className={styles.alert}>
            <p>We could not read your checkout again, so some of it may be out of date: {current.loadError}</p>
          </div>
        ) : null}
      </div>
      <div className={styles.layout}>
        <div className={styles.column}>
          <CheckoutItems lines={lines} currency={estimate.currency} assetsUrl={assetsUrl} />
          {lines.some((line) => line.reason) ? (
            <p className={styles.hint}>
              Change or remove the items that cannot be bought in <Link href={CART_HREF}>your cart</Link> or{' '}
              <Link href={QUOTATIONS_HREF}>your quotations</Link>, then check out again.
            </p>
          ) : null}

          <section className={styles.section} aria-labelledby="checkout-shipping-title">
            <fieldset className={styles.fieldset} disabled={busy}>
              <legend>
                <h2 className={styles.sectionTitle} id="checkout-shipping-title">
                  Shipping address
                </h2>
              </legend>
              {book.status === 'loading' ? (
                <p className={styles.hint} role="status">
                  Loading your addresses…
                </p>
              ) : book.status === 'error' ? (
                <FormAlert>
                  <p>We could not load your addresses: {book.message}</p>
                  <p>
                    <button type="button" className="button button--secondary" onClick={() => void loadBook()}>
                      Try again
                    </button>
                  </p>
                </FormAlert>
              ) : (
                <>
                  {addresses.length === 0 ? <p className={styles.hint}>Where should we deliver your order? Add your address.</p> : null}
                  {addresses.length > 0 ? (
                    <AddressChoices
                      name="shipping-address"
                      addresses={addresses}
                      chosen={shippingChoice}
                      onChoose={setShippingPick}
                      unavailable={notDelivered}
                      offerNew
                    />
                  ) : null}
                  {shippingAddressId && estimate.shippingError && !estimating && chosenFor === shippingAddressId ? (
                    <p className={formStyles.fieldError}>{errorMessageFor(estimate.shippingError)}</p>
                  ) : null}
                </>
              )}
            </fieldset>
            {book.status === 'ready' && shippingChoice === NEW_ADDRESS ? (
              <AddressForm
                address={null}
                initialValues={newAddressForm(newCountry, profile ?? undefined)}
                countries={countries}
                isFirst={addresses.length === 0}
                title="New shipping address"
                headingLevel={3}
                submitLabel="Use this address"
                focusOnOpen={shippingPick === NEW_ADDRESS}
                onSaved={onAddressSaved}
                onCancel={() => setShippingPick(null)}
              />
            ) : null}
          </section>

          <section className={styles.section} aria-labelledby="checkout-billing-title">
            <fieldset className={styles.fieldset} disabled={busy}>
              <legend>
                <h2 className={styles.sectionTitle} id="checkout-billing-title">
                  Billing address
                </h2>
              </legend>
              <label className={styles.check}>
                <input type="checkbox" checked={sameBilling} onChange={(event) => setSameBilling(event.target.checked)} />
                <span>Same as shipping address</span>
              </label>
              {sameBilling ? null : addresses.length > 0 ? (
                <AddressChoices name="billing-address" addresses={addresses} chosen={billingAddressId} onChoose={setBillingPick} />
              ) : (
                <p className={styles.hint}>Add an address first: it will be your billing address too.</p>
              )}
            </fieldset>
          </section>

          <VoucherField
            applied={voucher}
            estimate={estimate}
            estimating={estimating}
            onApply={setVoucher}
            onRemove={() => setVoucher(null)}
            disabled={busy}
          />

          <section className={styles.section} aria-labelledby="checkout-notes-title">
            <h2 className={styles.sectionTitle} id="checkout-notes-title">
              Notes
            </h2>
            <div className={formStyles.field}>
              <label htmlFor="checkout-notes" className={formStyles.label}>
                Notes to the shop (optional)
              </label>
              <textarea
                id="checkout-notes"
                name="notes"
                className={styles.textarea}
                maxLength={NOTES_MAX}
                value={notes}
                disabled={busy}
                aria-describedby="checkout-notes-count"
                onChange={(event) => setNotes(event.target.value)}
              />
              <p className={styles.hint} id="checkout-notes-count">
                {notes.length} of {NOTES_MAX} characters
              </p>
            </div>
          </section>

          <PaymentChoices
            methods={methods}
            chosen={current.paymentMethod}
            onChoose={(method) => dispatch(paymentMethodChosen(method))}
            disabled={busy}
          />
        </div>
        <PlaceOrderSummary
          lines={costLines(costsOfEstimate(estimate), shippingAddressId ? '—' : 'Choose an address')}
          estimating={estimating}
          blockers={blockers}
          placing={busy}
          paymentMethod={current.paymentMethod}
          onPlace={() => void onPlace()}
        />
      </div>
    </>
  );
}

/** A checkout that cannot go on: back to the cart (or the quotations) to start again. */
function StartAgain({ text }: { text: string }) {
  return (
    <div className="notice">
      <p>{text}</p>
      <p className="notice__actions">
        <Link href={CART_HREF} className="button button--primary">
          Back to your cart
        </Link>
        <Link href={QUOTATIONS_HREF} className="button button--secondary">
          Your quotations
        </Link>
      </p>
    </div>
  );
}
