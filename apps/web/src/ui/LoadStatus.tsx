import styles from './list.module.css';

export interface LoadStatusProps {
  /** Said while the list loads ("Loading your cart…"). */
  loading: string;
  /** Why the list could not be loaded ("We could not load your cart: …"); null while it is still loading. */
  failure: string | null;
  onRetry: () => void;
  /** The class of the failure's box: the list's alert look unless given (the wishlist shows it as a notice). */
  failureClassName?: string;
}

/**
 * What a page says until its list has come: that it is loading (politely announced), or why it
 * could not load, announced at once, with Try again. One wording and one retry for every list page
 * (the cart, the quotations, the wishlist).
 */
export function LoadStatus({ loading, failure, onRetry, failureClassName = styles.error }: LoadStatusProps) {
  if (failure === null) {
    return (
      <p role="status" aria-live="polite">
        {loading}
      </p>
    );
  }
  return (
    <div className={failureClassName} role="alert">
      <p>{failure}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}
