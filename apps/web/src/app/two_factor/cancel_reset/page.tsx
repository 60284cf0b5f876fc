import type { Metadata } from 'next';
import { TwoFactorCancelReset } from '../../../features/account/TwoFactorCancelReset';
import { firstQueryValue } from '../../../features/account/query';
import pageStyles from '../../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Keep two-factor authentication on',
  robots: { index: false, follow: false },
  // The address holds a cancel token: never send it to another site as a referrer.
  referrer: 'no-referrer',
};

/**
 * `/two_factor/cancel_reset?token=…`: the "this was not me" link of the e-mail that tells an account
 * a reset of its two-factor authentication is waiting (decision 0021). Works signed out.
 */
export default async function TwoFactorCancelResetPage({ searchParams }: PageProps<'/two_factor/cancel_reset'>) {
  const { token } = await searchParams;
  return (
    <section className={pageStyles.page} aria-labelledby="tfa-cancel-title">
      <h1 id="tfa-cancel-title">Keep two-factor authentication on</h1>
      <p className={pageStyles.lead}>
        Someone used the link we e-mailed to turn off two-factor authentication for your account. If that was not you, stop it here: your
        two-factor authentication stays on as it is.
      </p>
      <TwoFactorCancelReset token={firstQueryValue(token)} />
    </section>
  );
}
