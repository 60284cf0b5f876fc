import type { Metadata } from 'next';
import { SignInForm } from '../../features/account/SignInForm';
import { firstQueryValue } from '../../features/account/query';
import { PendingActionNotice } from '../../features/cart/PendingActionNotice';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Sign in',
  robots: { index: false, follow: true },
};

/**
 * `/sign_in` (rules: screens.md; `?email=` pre-fills the address). After signing in the user returns to the
 * address remembered before coming here (`features/account/return-path.ts`).
 */
export default async function SignInPage({ searchParams }: PageProps<'/sign_in'>) {
  const { email } = await searchParams;
  return (
    <section className={pageStyles.page} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p className={pageStyles.lead}>Sign in to keep a cart and a wishlist, ask for quotations and follow your orders.</p>
      <PendingActionNotice verb="Sign in" />
      <SignInForm initialEmail={firstQueryValue(email)} />
    </section>
  );
}
