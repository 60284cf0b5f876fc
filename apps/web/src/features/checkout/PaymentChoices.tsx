import styles from './checkout.module.css';
import { NO_PAYMENT_TEXT, PAYMENT_METHOD_HINTS, paymentMethodLabel, type PaymentMethod } from './payment-methods';

export interface PaymentChoicesProps {
  /** The methods offered for the order's currency, the default first; none: the shop cannot take payment now. */
  methods: readonly PaymentMethod[];
  chosen: PaymentMethod;
  onChoose(method: PaymentMethod): void;
  disabled?: boolean;
}

/**
 * "Payment": the methods offered as radio buttons in one group (arrow keys move between them). What
 * a method means is part of its label, so it is read once, with the name, and a click on it chooses.
 */
export function PaymentChoices({ methods, chosen, onChoose, disabled = false }: PaymentChoicesProps) {
  if (methods.length === 0) {
    // No pretend way to pay: said in words, and "Place order" says it too.
    return (
      <section className={styles.section} aria-labelledby="checkout-payment-title">
        <h2 className={styles.sectionTitle} id="checkout-payment-title">
          Payment
        </h2>
        <div className={styles.alert}>
          <p>{NO_PAYMENT_TEXT}</p>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="checkout-payment-title">
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend>
          <h2 className={styles.sectionTitle} id="checkout-payment-title">
            Payment
          </h2>
        </legend>
        <ul className={styles.choices} role="list">
          {methods.map((method) => {
            const id = `checkout-payment-${method}`;
            return (
              <li key={method}>
                <label className={styles.choice} htmlFor={id}>
                  <input
                    id={id}
                    type="radio"
                    name="payment-method"
                    value={method}
                    checked={chosen === method}
                    onChange={() => onChoose(method)}
                  />
                  <span className={`${styles.choiceText} ${styles.choiceName}`}>
                    {paymentMethodLabel(method)}
                    <span className={styles.choiceHint}>{PAYMENT_METHOD_HINTS[method]}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </section>
  );
}
