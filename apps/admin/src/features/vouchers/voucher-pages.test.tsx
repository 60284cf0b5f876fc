/**
 * The voucher screens as HTML (the admin tests run in Node), from data in the query cache as the API
 * would answer it: the list, the editor of a new and of a saved voucher (its labels, values and
 * buttons), and the redemptions of a saved one.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminVoucher } from '@kedai/contract';
import { SESSION_KEY } from '../auth/session';
import { REGIONS, fixedVoucher, percentVoucher } from './fixtures';
import { VOUCHERS_KEY, redemptionsKey } from './queries';
import { VoucherEditorPage } from './VoucherEditorPage';
import { VoucherTable } from './VoucherListPage';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

const PLACED = Date.parse('2026-12-03T04:00:00Z') / 1000;

function page(element: ReactNode, { path = '/', route = '/', client = new QueryClient() } = {}) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function editor(route: string, vouchers: AdminVoucher[] = [percentVoucher(), fixedVoucher()]) {
  const client = new QueryClient();
  client.setQueryData(['regions'], { regions: REGIONS });
  client.setQueryData(VOUCHERS_KEY, { vouchers });
  client.setQueryData(SESSION_KEY, {
    profile: { role: 'staff' },
    signedIn: true,
    tfaEnabled: true,
    tfaPassed: true,
    tfaSetupSkipped: false,
  });
  client.setQueryData(redemptionsKey(percentVoucher().id), {
    redemptions: [
      {
        orderId: '3f2e1d0c-9b8a-4765-8432-10fedcba9876',
        orderRef: 'KD-261203-7Q4M9X',
        email: 'siti@example.com',
        discount: 300,
        currency: 'SGD',
        createdAt: PLACED,
      },
    ],
  });
  client.setQueryData(redemptionsKey(fixedVoucher().id), { redemptions: [] });
  return page(
    <Routes>
      <Route path="/vouchers/new" element={<VoucherEditorPage />} />
      <Route path="/vouchers/:id" element={<VoucherEditorPage />} />
    </Routes>,
    { path: '/*', route, client },
  );
}

describe('the voucher list', () => {
  it('shows each code (linking to its editor) with its discount, validity, uses, orders and status', () => {
    const html = page(<VoucherTable vouchers={[percentVoucher(), fixedVoucher({ active: false })]} updating={false} />);
    expect(html).toContain('<caption id="vouchers-caption">Vouchers, newest first</caption>');
    expect(html).toContain(`<a href="/vouchers/${percentVoucher().id}" data-discover="true">WELCOME10</a>`);
    const words = text(html);
    expect(words).toContain(
      'WELCOME10 10 % Minimum spend SGD 50.00 · At most SGD 20.00 off · Once per shopper Any time 3 of 100 Cart orders Active',
    );
    expect(words).toContain('FIVEOFF SGD 5.00 or JP¥500 off Any time 12 (no limit) Cart and quotation orders Inactive');
    expect(html).toContain('<span class="badge badge--off">Inactive</span>');
    expect(words).toContain('2 vouchers, 1 active');
  });

  it('offers to create the first one when there is none', () => {
    expect(text(page(<VoucherTable vouchers={[]} updating={false} />))).toContain('There are no vouchers yet. Create the first one');
  });
});

describe('a new voucher', () => {
  const html = editor('/vouchers/new');

  it('asks for a code, the kind and a percentage, amounts in each region currency, dates, limits, orders, regions and status', () => {
    expect(html).toContain('<h1 tabindex="-1">New voucher</h1>');
    expect(html).toContain('<form noValidate="" aria-label="New voucher">');
    expect(html).toContain('<label for="f-code">Code</label>');
    expect(html).toMatch(/<input type="radio" name="kind" checked=""\/>A percentage off/);
    expect(html).toContain('A fixed amount off');
    expect(html).toContain('<label for="f-percentBp">Percentage off (%)</label>');
    for (const currency of ['SGD', 'MYR', 'JPY']) {
      expect(html).toContain(`<label for="f-maxDiscount-${currency}">Maximum discount in ${currency}</label>`);
      expect(html).toContain(`<label for="f-minSpend-${currency}">Minimum spend in ${currency}</label>`);
    }
    expect(html).not.toContain('Amount off in SGD');
    expect(html).toMatch(/<input id="f-validFrom" type="datetime-local"/);
    expect(html).toMatch(/<input id="f-validUntil" type="datetime-local"/);
    expect(html).toContain('<label for="f-totalLimit">Uses in all</label>');
    expect(html).toContain('<label for="f-perUserLimit">Uses per shopper</label>');
    expect(html).toMatch(/<input type="radio" name="scope" checked=""\/>Cart and quotation orders/);
    expect(text(html)).toContain('Singapore (SGD) Malaysia (MYR) Japan (JPY)');
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Active: shoppers can use it/);
    expect(html).toContain('<button type="submit" class="button">Create voucher</button>');
    expect(html).not.toContain('Deactivate');
    expect(html).not.toContain('Redemptions');
  });
});

describe('a saved voucher', () => {
  it('opens as saved, with "Save changes", "Deactivate" and its redemptions', () => {
    const html = editor(`/vouchers/${percentVoucher().id}`);
    expect(html).toContain('<h1 tabindex="-1">Voucher WELCOME10</h1>');
    expect(html).toMatch(/<input id="f-code" type="text"[^>]* value="WELCOME10"/);
    expect(html).toMatch(/<input id="f-percentBp" type="text"[^>]* value="10"/);
    expect(html).toMatch(/<input id="f-maxDiscount-SGD" type="text"[^>]* value="20.00"/);
    expect(html).toMatch(/<input id="f-minSpend-SGD" type="text"[^>]* value="50.00"/);
    expect(html).toMatch(/<input id="f-totalLimit" type="text"[^>]* value="100"/);
    expect(html).toMatch(/<input type="radio" name="scope" checked=""\/>Cart orders/);
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Singapore \(SGD\)/);
    expect(html).toMatch(/<input type="checkbox"\/>Malaysia \(MYR\)/);
    expect(html).toContain('<button type="submit" class="button">Save changes</button>');
    expect(html).toContain('<button type="button" class="button button--danger" aria-describedby="deactivate-hint">Deactivate</button>');
    expect(html).toContain('<caption id="redemptions-caption">Orders that used this voucher, newest first</caption>');
    expect(html).toContain('<a href="/orders/3f2e1d0c-9b8a-4765-8432-10fedcba9876" data-discover="true">KD-261203-7Q4M9X</a>');
    expect(text(html)).toContain('Used 3 of 100.');
    expect(text(html)).toContain('siti@example.com SGD 3.00');
  });

  it('of a fixed amount shows the amount per currency, and says when no order used it', () => {
    const html = editor(`/vouchers/${fixedVoucher().id}`);
    expect(html).toMatch(/<input type="radio" name="kind" checked=""\/>A fixed amount off/);
    expect(html).toMatch(/<input id="f-amountOff-SGD" type="text"[^>]* value="5.00"/);
    expect(html).toMatch(/<input id="f-amountOff-JPY" type="text"[^>]* value="500"/);
    expect(html).not.toContain('Percentage off');
    expect(text(html)).toContain('No order has used this voucher yet.');
  });

  it('that is inactive cannot be deactivated again', () => {
    const html = editor(`/vouchers/${fixedVoucher().id}`, [fixedVoucher({ active: false })]);
    expect(html).not.toContain('Deactivate');
    expect(html).toMatch(/<input type="checkbox"\/>Active: shoppers can use it/);
  });

  it('that does not exist says so', () => {
    expect(text(editor('/vouchers/00000000-0000-4000-8000-000000000000'))).toContain('This voucher could not be found.');
  });
});
