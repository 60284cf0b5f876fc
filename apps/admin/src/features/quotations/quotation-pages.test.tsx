/**
 * The quotation screens as HTML (no browser here: the admin tests run in Node), from data in the
 * query cache as the API would answer it: the queue's rows, the detail page's facts, the answer
 * forms' labels, the read-only answer, and what a 409 leaves on the page after the item is read again.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@kedai/contract/client';
import type { AdminQuotationItem } from '@kedai/contract';
import { ANSWER_CONFLICT_MESSAGE, handleAnswerError } from './answer-form';
import { REGIONS, marketplaceItem, shopItem } from './fixtures';
import { itemKey } from './queries';
import { QueueTable } from './QuotationListPage';
import { AnswerFacts, QuotationDetailPage, QuotationView } from './QuotationDetailPage';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

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

function detailPage(item: AdminQuotationItem) {
  const client = new QueryClient();
  client.setQueryData(itemKey(item.id), item);
  client.setQueryData(['regions'], { regions: REGIONS });
  return page(<QuotationDetailPage />, { path: '/quotations/:id', route: `/quotations/${item.id}`, client });
}

describe('the queue', () => {
  it('lists each item with its time, product, shopper, quantity and status, each linking to its page', () => {
    const items = [marketplaceItem(), shopItem({ status: 'r' })];
    const html = page(
      <QueueTable
        data={{ items, total: 27, page: 1, limit: 25, pages: 2 }}
        state={{ status: 'all', source: 'all', page: 1 }}
        updating={false}
      />,
    );
    expect(html).toContain('<caption id="quotations-caption">Quotations, newest first, page 1 of 2</caption>');
    expect(html).toContain(`<a href="/quotations/${items[0]!.id}" data-discover="true">Wireless earbuds</a>`);
    expect(text(html)).toContain('Wireless earbuds from Example Market siti@example.com 2 Pending');
    expect(text(html)).toContain('Linen shirt Colour: Indigo · Size: L siti@example.com 3 Quoted');
    expect(html).toMatch(/<time dateTime="2026-12-01T08:30:00.000Z">1 Dec 2026, \d\d:30<\/time>/);
    expect(text(html)).toContain('27 quotations');
    expect(html).toContain('href="/?status=all&amp;page=2"');
    expect(html).toContain('Next page');
  });

  it('says when there is nothing to answer', () => {
    const html = page(
      <QueueTable
        data={{ items: [], total: 0, page: 1, limit: 25, pages: 1 }}
        state={{ status: 'pending', source: 'all', page: 1 }}
        updating
      />,
    );
    expect(html).toBe('<p role="status">No pending quotations.</p>');
  });
});

describe('a pending marketplace item', () => {
  const html = detailPage(marketplaceItem());

  it('shows the link, opening in a new tab without a referrer, and what was read from the page', () => {
    expect(html).toContain('<h1 tabindex="-1">Quotation: Wireless earbuds</h1>');
    expect(html).toContain(
      '<a href="https://shop.example/p/earbuds" target="_blank" rel="noopener noreferrer">Open the product on Example Market<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
    expect(html).toContain('href="https://shop.example/p/earbuds?ref=share" target="_blank" rel="noopener noreferrer"');
    const words = text(html);
    expect(words).toContain('Price as found USD 129.9');
    expect(words).toContain('Availability In stock');
    expect(words).toContain('Brand Sonica');
    expect(words).toContain("How it was read Read from the marketplace's page");
    expect(words).toContain('Quantity 2 units');
    expect(words).toContain('Instructions Black, please.');
    expect(words).toContain('Shopper Siti Rahman, siti@example.com');
  });

  it('shows https pictures with alt text and no referrer, links the http one, and drops the rest', () => {
    expect(html).toContain(
      '<img class="picture" src="https://img.shop.example/earbuds-1.jpg" alt="Wireless earbuds (1 of 2), from Example Market" referrerPolicy="no-referrer" loading="lazy" decoding="async"/>',
    );
    expect(html).not.toContain('<img class="picture" src="http://');
    expect(html).toContain('href="http://img.shop.example/earbuds-2.jpg"');
    expect(html).not.toContain('javascript:');
  });

  it('offers the quote, prefilled from the page, with a price per region and the total, and the decline', () => {
    expect(html).toContain('<label for="f-basePrice">Marketplace price per unit</label>');
    expect(html).toMatch(/<input id="f-basePrice" type="text"[^>]* value="129.90"/);
    expect(html).toContain('<label for="f-basePriceCurrency">Marketplace currency</label>');
    expect(html).toMatch(/<input id="f-basePriceCurrency" type="text"[^>]* value="USD"/);
    expect(html).toContain('<label for="f-quotedPrice-SG">Quoted price per unit in Singapore (SGD)</label>');
    expect(html).toContain('<label for="f-quotedPrice-JP">Quoted price per unit in Japan (JPY)</label>');
    expect(html).toContain('Total for 2 units: type a price per unit to see it.');
    expect(html).toContain('On the marketplace: USD 259.80 for 2 units');
    expect(html).toContain('<button type="submit" class="button">Send the quote</button>');
    expect(html).toContain('<label for="decline-reason">Reason for declining</label>');
    expect(html).toContain('0 of 500 characters');
    expect(html).toContain('<button type="submit" id="decline-button" class="button button--danger">Decline the quotation</button>');
    expect(html).not.toContain('The answer');
  });
});

describe('a pending marketplace item with a suggested quote', () => {
  it('shows the suggestion beside each region it prices, and a button to use it', () => {
    const html = detailPage(marketplaceItem({ suggestedQuotedPrice: { SG: 18000 } }));
    expect(html).toContain('<p class="hint" id="f-quotedPrice-SG-hint">Suggested: SGD 180.00</p>');
    expect(html).not.toContain('id="f-quotedPrice-MY-hint"');
    expect(html).toContain('<button type="button" class="linklike">Use the suggested prices</button>');
    expect(detailPage(marketplaceItem())).not.toContain('Use the suggested prices');
  });
});

describe("a pending item of the shop's own products", () => {
  it("links the product's editor, shows its variant's price and stock now, and quotes no marketplace price", () => {
    const html = detailPage(shopItem());
    expect(html).toContain('<a href="/products/7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d" data-discover="true">Linen shirt</a>');
    const words = text(html);
    expect(words).toContain('Variant Colour: Indigo · Size: L');
    expect(words).toContain('Price of this variant now Singapore (SGD): SGD 49.00');
    expect(words).toContain('Stock of this variant now 7');
    expect(words).toContain('Instructions None given');
    expect(html).not.toContain('Marketplace price per unit');
    expect(html).toContain('Send the quote');
  });

  it('can only be declined once the product is gone', () => {
    const html = detailPage(shopItem({ product: null, productSourceData: { productId: null, variantPath: '1/2' } }));
    expect(text(html)).toContain('Linen shirt is no longer in the shop, so it cannot be quoted. Decline it with a reason instead.');
    expect(html).not.toContain('Send the quote');
    expect(html).toContain('Decline the quotation');
  });
});

describe('an answered item', () => {
  it('shows the quote read-only: the price per region, the marketplace price, who answered and when', () => {
    const item = marketplaceItem({
      status: 'r',
      version: 4,
      statusData: { quotedPrice: { SG: 19990, MY: 65000 }, basePrice: 12990, basePriceCurrency: 'USD' },
      answeredBy: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', email: 'staff@kedai.example' },
      answeredAt: Date.parse('2026-12-02T10:00:00Z') / 1000,
    });
    const html = detailPage(item);
    const words = text(html);
    expect(words).toContain(
      'Quoted price per unit Singapore (SGD): SGD 199.90 each, SGD 399.80 for 2 Malaysia (MYR): MYR 650.00 each, MYR 1300.00 for 2',
    );
    expect(words).toContain('Marketplace price per unit USD 129.90');
    expect(words).toContain('Answered by staff@kedai.example');
    expect(html).toContain('<time dateTime="2026-12-02T10:00:00.000Z">');
    expect(html).not.toContain('Send the quote');
    expect(html).not.toContain('Decline the quotation');
  });

  it('shows a decline with its reason', () => {
    const html = renderToStaticMarkup(
      <AnswerFacts
        item={shopItem({ status: 'd', declineReason: 'No longer made.', answeredBy: null, answeredAt: null })}
        regions={REGIONS}
      />,
    );
    expect(text(html)).toContain('Answer Declined Reason given to the shopper No longer made. Answered by Not recorded');
  });
});

describe('two staff answering at once', () => {
  it('the one who loses is told, and the item read again shows the other answer instead of the forms', async () => {
    const client = new QueryClient();
    const mine = marketplaceItem();
    client.setQueryData(itemKey(mine.id), mine);
    const theirs = marketplaceItem({
      status: 'd',
      version: 4,
      declineReason: 'The seller does not ship abroad.',
      answeredBy: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', email: 'other@kedai.example' },
      answeredAt: mine.createdAt + 600,
    });
    const told: string[] = [];
    await handleAnswerError(new ApiError({ errorCode: 'quotation/version_conflict', error: '', params: [] }, 409, '/x'), {
      interrupt: (failure) => told.push(failure.message),
      refuse: () => told.push('refused'),
      reload: () => client.fetchQuery({ queryKey: itemKey(mine.id), queryFn: () => Promise.resolve(theirs), staleTime: 0 }),
    });
    expect(told).toEqual([ANSWER_CONFLICT_MESSAGE]);
    const now = client.getQueryData<AdminQuotationItem>(itemKey(mine.id))!;
    expect(now.version).toBe(4);
    const html = page(<QuotationView item={now} regions={REGIONS} answerForms={<p>forms</p>} />);
    expect(text(html)).toContain('Reason given to the shopper The seller does not ship abroad. Answered by other@kedai.example');
    expect(html).not.toContain('forms');
  });
});
