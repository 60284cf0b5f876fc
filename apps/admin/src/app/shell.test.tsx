/**
 * The back office's navigation as HTML (the admin tests run in Node): Payments after Orders, with
 * the count of reported transfers waiting to be confirmed, as Quotations shows its pending count.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SESSION_KEY } from '../features/auth/session';
import { PENDING_TRANSFERS_KEY } from '../features/payments/queries';
import { QUEUE_KEY } from '../features/quotations/queries';
import { Shell } from './Shell';

function shell({ transfers, quotations }: { transfers?: number; quotations?: number }) {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, {
    profile: { role: 'staff', email: 'staff@kedai.example', firstName: 'Ana', lastName: 'Lim' },
    signedIn: true,
    tfaEnabled: true,
    tfaPassed: true,
    tfaSetupSkipped: false,
  });
  const page = (total: number) => ({ total, page: 1, limit: 1, pages: total, payments: [], items: [] });
  if (transfers !== undefined) client.setQueryData(PENDING_TRANSFERS_KEY, page(transfers));
  if (quotations !== undefined) client.setQueryData([...QUEUE_KEY, 'pending-count'], page(quotations));
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/payments']}>
        <Shell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const links = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[a-z-]*)"/g)].map((match) => match[1]);

describe('the navigation', () => {
  it('links Payments right after Orders', () => {
    const order = links(shell({}));
    expect(order.indexOf('/payments')).toBe(order.indexOf('/orders') + 1);
  });

  it('counts the transfers waiting to be confirmed, read out as such', () => {
    const html = shell({ transfers: 3, quotations: 120 });
    expect(html).toContain(
      '<a aria-current="page" class="active" href="/payments" data-discover="true">Payments <span class="badge badge--count">3</span><span class="visually-hidden"> transfers to confirm</span></a>',
    );
    expect(html).toContain('Quotations <span class="badge badge--count">99+</span><span class="visually-hidden"> pending</span></a>');
  });

  it('shows no badge when nothing waits, or before the count is known', () => {
    expect(shell({ transfers: 0 })).toContain('href="/payments" data-discover="true">Payments</a>');
    expect(shell({})).toContain('href="/payments" data-discover="true">Payments</a>');
  });
});
