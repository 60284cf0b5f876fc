import type { Metadata } from 'next';
import { UnsubscribeView } from '../../features/notifications/UnsubscribeView';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Unsubscribe',
  robots: { index: false, follow: false },
  // The token must not leak to other sites through the Referer header.
  referrer: 'no-referrer',
};

/** `/unsubscribe?token=…` (issue 29): where an optional e-mail's unsubscribe link leads; the button unsubscribes, opening does not. */
export default async function UnsubscribePage({ searchParams }: PageProps<'/unsubscribe'>) {
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  return (
    <section className={pageStyles.page} aria-labelledby="unsubscribe-title">
      <UnsubscribeView token={value && value.length <= 300 ? value : null} />
    </section>
  );
}
