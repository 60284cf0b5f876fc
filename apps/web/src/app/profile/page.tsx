import type { Metadata } from 'next';
import { ProfileForm } from '../../features/account/ProfileForm';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Your profile',
  robots: { index: false, follow: false },
};

/** `/profile`: the signed-in user's details, editable except the e-mail; links to password and two-factor settings. */
export default function ProfilePage() {
  return (
    <section className={pageStyles.pageWide} aria-labelledby="profile-title">
      <h1 id="profile-title">Your profile</h1>
      <RequireSignIn>
        <ProfileForm />
      </RequireSignIn>
    </section>
  );
}
