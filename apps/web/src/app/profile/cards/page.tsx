import type { Metadata } from 'next';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import { SavedCardsView } from '../../../features/payments/SavedCardsView';
import pageStyles from '../../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Saved cards',
  robots: { index: false, follow: false },
};

/** `/profile/cards` (issue 17): the signed-in shopper's saved cards, to remove. */
export default function SavedCardsPage() {
  return (
    <section className={pageStyles.pageWide} aria-labelledby="cards-title">
      <h1 id="cards-title">Saved cards</h1>
      <RequireSignIn>
        <SavedCardsView />
      </RequireSignIn>
    </section>
  );
}
