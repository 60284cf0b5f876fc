/**
 * The back office's navigation as HTML (the admin tests run in Node): Payments after Orders, with
 * the count of reported transfers waiting to be confirmed, as Quotations shows its pending count.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PublicConfig } from '@kedai/contract';
import { SESSION_KEY } from '../features/auth/session';
import { WAITING_COUNT_KEY } from '../features/inbox/queries';
import { DEAD_JOBS_KEY } from '../features/jobs/queries';
import { PENDING_TRANSFERS_KEY } from '../features/payments/queries';
import { QUEUE_KEY } from '../features/quotations/queries';
import { AuthGate } from '../features/auth/AuthGate';
import { Shell } from './Shell';

type Payments = PublicConfig['payments'];

function shell({
  transfers,
  quotations,
  payments,
  deadJobs,
  waiting,
  role = 'staff',
}: {
  transfers?: number;
  deadJobs?: number;
  waiting?: number;
  quotations?: number;
  payments?: Payments;
  role?: 'staff' | 'owner';
}) {
  const client = new QueryClient();
  if (payments) client.setQueryData(['config'], { payments });
  client.setQueryData(SESSION_KEY, {
    profile: { role, email: 'staff@kedai.example', firstName: 'Ana', lastName: 'Lim' },
    signedIn: true,
    tfaEnabled: true,
    tfaPassed: true,
    tfaSetupSkipped: false,
  });
  const page = (total: number) => ({ total, page: 1, limit: 1, pages: total, payments: [], items: [] });
  if (transfers !== undefined) client.setQueryData(PENDING_TRANSFERS_KEY, page(transfers));
  if (quotations !== undefined) client.setQueryData([...QUEUE_KEY, 'pending-count'], page(quotations));
  if (deadJobs !== undefined)
    client.setQueryData(DEAD_JOBS_KEY, { jobs: [], counts: { queued: 0, running: 0, done: 0, dead: deadJobs }, nextBefore: null });
  if (waiting !== undefined)
    client.setQueryData(WAITING_COUNT_KEY, { conversations: [], total: waiting, counts: { waiting, disputes: 0 } });
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

  it("opens the member's own account from their name, read out as such", () => {
    expect(shell({})).toContain(
      '<a title="Your account and sign-in security" class="" href="/account" data-discover="true">Ana Lim<span class="visually-hidden">, staff: your account</span></a>',
    );
  });

  it('links Jobs for every staff member, with the count of failed jobs read out as such', () => {
    expect(shell({ deadJobs: 2 })).toContain(
      'href="/jobs" data-discover="true">Jobs <span class="badge badge--count">2</span><span class="visually-hidden"> failed</span></a>',
    );
    expect(shell({ deadJobs: 0 })).toContain('href="/jobs" data-discover="true">Jobs</a>');
  });

  it('links Messages with the count of conversations waiting for an answer, read out as such', () => {
    expect(shell({ waiting: 4 })).toContain(
      'href="/inbox" data-discover="true">Messages <span class="badge badge--count">4</span><span class="visually-hidden"> waiting for an answer</span></a>',
    );
    expect(shell({ waiting: 0 })).toContain('href="/inbox" data-discover="true">Messages</a>');
  });

  it('shows no badge when nothing waits, or before the count is known', () => {
    expect(shell({ transfers: 0 })).toContain('href="/payments" data-discover="true">Payments</a>');
    expect(shell({})).toContain('href="/payments" data-discover="true">Payments</a>');
  });
});

describe('the banners above every screen (issue 27)', () => {
  const testMode: Payments = { provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true };
  const none: Payments = { provider: null, stripePublishableKey: null, methods: [], testMode: false };
  const live: Payments = { provider: 'stripe', stripePublishableKey: 'pk_live_x', methods: ['card'], testMode: false };

  it('says test mode, as the storefront does, before the navigation', () => {
    const html = shell({ payments: testMode });
    expect(html).toContain(
      '<section class="test-mode-banner" aria-label="Test mode"><p><strong>Test mode: no real money is taken.</strong>',
    );
    expect(html.indexOf('test-mode-banner')).toBeLessThan(html.indexOf('<header'));
  });

  it('warns when shoppers cannot pay, and sends owners to Settings → Payments', () => {
    expect(shell({ payments: none, role: 'owner' })).toContain('href="/settings#payments"');
    const staff = shell({ payments: none });
    expect(staff).toContain('Shoppers cannot pay:');
    expect(staff).toContain('An owner can set it up in Settings.');
    expect(staff).not.toContain('test-mode-banner');
  });

  it('says nothing for a shop that takes real payments, or before the configuration is read', () => {
    for (const html of [shell({ payments: live }), shell({})]) {
      expect(html).not.toContain('test-mode-banner');
      expect(html).not.toContain('no-payment-banner');
    }
  });

  it('says test mode on the sign-in screen too', () => {
    const client = new QueryClient();
    client.setQueryData(['config'], { payments: testMode });
    client.setQueryData(SESSION_KEY, { signedIn: false });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AuthGate>
            <p>back office</p>
          </AuthGate>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('<section class="test-mode-banner" aria-label="Test mode">');
    expect(html).not.toContain('back office</p>');
  });
});
