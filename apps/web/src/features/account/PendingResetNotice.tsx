import { momentInWords } from './two-factor';
import styles from './account-pages.module.css';

/**
 * A reset by e-mail is waiting to take effect (decision 0021): when two-factor turns off, why, and
 * how to stop it if it was not the shopper. `where` words the advice for the page it is on: the
 * sign-in code page (the code entered there cancels it) or the settings of a signed-in shopper.
 * `timeZone` is for tests; the reader's own zone is used otherwise.
 */
export function PendingResetNotice({
  effectiveAt,
  where = 'settings',
  timeZone,
}: {
  effectiveAt: string;
  where?: 'sign-in' | 'settings';
  timeZone?: string;
}) {
  return (
    <div className={styles.warning} role="status" data-testid="pending-reset-notice">
      <p>
        <strong>
          Two-factor authentication will be turned off on <time dateTime={effectiveAt}>{momentInWords(effectiveAt, timeZone)}</time>
        </strong>{' '}
        because someone used the reset link we e-mailed to this account.
      </p>
      <p>
        {where === 'sign-in'
          ? 'If that was not you, enter the code from your authenticator app (or a recovery code) below: that cancels the reset. Or use the “This was not me” link in the e-mail we sent about it.'
          : 'If that was not you, use the “This was not me” link in the e-mail we sent about it, or sign out and sign in again with your authenticator app: either cancels the reset. Then change your password.'}
      </p>
    </div>
  );
}
