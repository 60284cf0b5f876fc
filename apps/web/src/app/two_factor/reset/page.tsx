import type { Metadata } from 'next';
import { TwoFactorReset } from '../../../features/account/TwoFactorReset';
import { firstQueryValue } from '../../../features/account/query';
import pageStyles from '../../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Turn off two-factor authentication',
  robots: { index: false, follow: false },
  // The address holds a reset token: never send it to another site as a referrer.
  referrer: 'no-referrer',
};

/** `/two_factor/reset?token=…`: the link e-mailed to someone who lost their authenticator. Works signed out. */
export default async function TwoFactorResetPage({ searchParams }: PageProps<'/two_factor/reset'>) {
  const { token } = await searchParams;
  return (
    <section className={pageStyles.page} aria-labelledby="tfa-reset-title">
      <h1 id="tfa-reset-title">Lost your authenticator?</h1>
      <p className={pageStyles.lead}>
        This asks for two-factor authentication to be turned off, so you can sign in with your e-mail and password and set it up again on a
        new device. For your safety it takes effect only after a waiting time, and we e-mail you about it.
      </p>
      <TwoFactorReset token={firstQueryValue(token)} />
    </section>
  );
}
