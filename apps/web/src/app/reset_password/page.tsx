import type { Metadata } from 'next';
import { ResetPasswordForm } from '../../features/account/ResetPasswordForm';
import { firstQueryValue } from '../../features/account/query';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Choose a new password',
  robots: { index: false, follow: false },
  // The address holds a reset token: never send it to another site as a referrer.
  referrer: 'no-referrer',
};

/** `/reset_password?uid=…&token=…`: the link of the reset e-mail. */
export default async function ResetPasswordPage({ searchParams }: PageProps<'/reset_password'>) {
  const { uid, token } = await searchParams;
  return (
    <section className={pageStyles.page} aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <ResetPasswordForm uid={firstQueryValue(uid)} token={firstQueryValue(token)} />
    </section>
  );
}
