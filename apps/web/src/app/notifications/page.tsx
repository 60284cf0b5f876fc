import type { Metadata } from 'next';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { NotificationsView } from '../../features/notifications/NotificationsView';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Notifications',
  robots: { index: false, follow: false },
};

/** `/notifications` (issue 29): everything the shop told the signed-in shopper, newest first. */
export default function NotificationsPage() {
  return (
    <section className={pageStyles.pageWide} aria-labelledby="notifications-title">
      <RequireSignIn>
        <NotificationsView />
      </RequireSignIn>
    </section>
  );
}
