import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, type RootState } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { CartLine } from '../cart/CartLine';
import { initialSelectionState } from '../cart/selection-slice';
import { line } from '../cart/test-fixtures';
import { RequestQuotation } from './RequestQuotation';
import { BuyForMe } from './BuyForMe';
import { BuyForMeManualForm } from './BuyForMeManualForm';
import { initialQuotationState, type QuotationState } from './quotation-slice';
import { QuotationsView } from './QuotationsView';
import { externalItem, externalProduct, internalItem, pan, phone, quote } from './test-fixtures';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

/*
 * What the quotations page and "Buy it for me" show in each state, rendered as HTML (the web tests
 * run in Node without a DOM, as the account and address pages' tests do). The rules and calls
 * behind them are tested in quotation-slice.test.ts and quotation-view.test.ts.
 */

const region = { key: 'SG', name: 'Singapore', currency: 'SGD' };

function render(node: ReactNode, state: { quotations?: Partial<QuotationState>; quotationItemIds?: string[] } = {}): string {
  const preloadedState: Partial<RootState> = {
    user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper },
    quotations: { ...initialQuotationState, ...state.quotations },
    selection: { ...initialSelectionState, quotationItemIds: state.quotationItemIds ?? [] },
  };
  const store = makeStore({ api: fakeApi({}).api, preloadedState });
  return renderToStaticMarkup(<Provider store={store}>{node}</Provider>);
}

/** Every aria-describedby of an element names elements that exist. */
function describedByTargetsExist(html: string): boolean {
  const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return ids.length > 0 && ids.every((id) => html.includes(`id="${id}"`));
}

/** The <li> of one item (its opening tag to its closing tag). */
function itemHtml(html: string, id: string): string {
  const start = html.indexOf(`data-quotation-item="${id}"`);
  if (start === -1) return '';
  return html.slice(html.lastIndexOf('<li', start), html.indexOf('</li>', start));
}

/** The checkbox of an item (its tag). */
const checkboxOf = (html: string) => /<input type="checkbox"[^>]*>/.exec(html)?.[0] ?? '';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const marketQuoted = externalItem(externalProduct({ name: 'Studio Headphones X2' }), {
  status: 'r',
  quantity: 2,
  statusData: quote({ SG: 15900 }, { basePrice: 12990, basePriceCurrency: 'USD' }),
});
const phonePending = internalItem(phone(), { instructions: 'Mint if possible' });
const marketDeclined = externalItem(externalProduct({ name: 'Graph Kettle', images: [] }), {
  status: 'd',
  declineReason: 'The seller does not ship outside Japan.',
});
const panQuotedElsewhere = internalItem(pan(), { status: 'r', statusData: quote({ JP: 900 }) });
const disabledPan = pan({ uuid: '66666666-6666-4666-8666-666666666666', disabled: true, name: 'Old Pan' });
const ofDisabled = internalItem(disabledPan, { status: 'r', statusData: quote({ SG: 500 }), checkable: true });
const items = [marketQuoted, phonePending, marketDeclined, panQuotedElsewhere, ofDisabled];
const loaded: Partial<QuotationState> = {
  data: items,
  productById: Object.fromEntries([phone(), pan(), disabledPan].map((product) => [product.uuid, product])),
  dataLoaded: true,
};

describe('/quotations', () => {
  const page = () =>
    render(<QuotationsView region={region} assetsUrl="http://assets.example" />, {
      quotations: loaded,
      quotationItemIds: [marketQuoted.id],
    });

  it('shows each status message exactly as the spec words it, in a badge per status', () => {
    const html = page();
    expect(itemHtml(html, phonePending.id)).toMatch(/data-status="p"[^>]*>Quoting your product\.\.\.<\/p>/);
    expect(itemHtml(html, marketQuoted.id)).toMatch(/data-status="r"[^>]*>Your Quotation is here!<\/p>/);
    expect(itemHtml(html, marketDeclined.id)).toMatch(/data-status="d"[^>]*>Quotation is unsuccessful\.<\/p>/);
  });

  it('has headings in order, no level skipped (axe heading-order): the page, then each quotation', () => {
    const levels = [...page().matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i += 1) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(3);
  });

  it('only a quoted item can be checked; the others are disabled with the reason read with them', () => {
    const html = page();
    expect(checkboxOf(itemHtml(html, marketQuoted.id))).not.toContain('disabled');
    expect(checkboxOf(itemHtml(html, marketQuoted.id))).toContain('checked');
    for (const id of [phonePending.id, marketDeclined.id, ofDisabled.id]) expect(checkboxOf(itemHtml(html, id))).toContain('disabled=""');
    expect(text(itemHtml(html, phonePending.id))).toContain("Waiting for the shop's quote");
    expect(text(itemHtml(html, ofDisabled.id))).toContain('This product is no longer sold, so it cannot be checked out');
    expect(text(itemHtml(html, phonePending.id))).toContain('Select Pixel 8a <Special> & "Co" for checkout');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('shows the quoted price in the region’s currency (unit and total), or that the region has none', () => {
    const html = page();
    const quoted = text(itemHtml(html, marketQuoted.id));
    expect(quoted).toContain(`Quoted price: ${formatMoney(15900, 'SGD')} each`);
    expect(quoted).toContain(`× 2 = ${formatMoney(31800, 'SGD')}`);
    expect(quoted).toContain(`Price found on Fixture Mall: ${formatMoney(12990, 'USD')}`);
    expect(text(itemHtml(html, panQuotedElsewhere.id))).toContain('Not quoted for your region');
    expect(text(itemHtml(html, phonePending.id))).not.toContain('Quoted price');
  });

  it('shows the decline reason of a declined item', () => {
    expect(text(itemHtml(page(), marketDeclined.id))).toContain('Why: The seller does not ship outside Japan.');
  });

  it('names the source and options; a marketplace link opens safely in a new tab, its picture sends no referrer', () => {
    const html = page();
    const market = itemHtml(html, marketQuoted.id);
    expect(market).toMatch(
      /<a href="https:\/\/www\.fixture-mall\.example\/p\/studio-headphones" target="_blank" rel="noopener noreferrer nofollow">/,
    );
    expect(market).toMatch(/<img[^>]*src="https:\/\/images\.fixture-mall\.example\/headphones-1\.jpg"[^>]*referrerPolicy="no-referrer"/i);
    expect(text(market)).toContain('From Fixture Mall');
    expect(itemHtml(html, marketDeclined.id)).toContain('data-placeholder=""');
    const internal = itemHtml(html, phonePending.id);
    expect(internal).toContain('href="/product/pixel-8a-73?v=0/0"');
    expect(text(internal)).toContain('Sold by Lion City Tech · Storage: 128 GB, Colour: Grey');
    expect(text(internal)).toContain('Instructions: Mint if possible');
  });

  it('offers the quantity and instructions to edit, and Remove', () => {
    const item = itemHtml(page(), phonePending.id);
    expect(item).toContain('aria-label="Quantity of Pixel 8a &lt;Special&gt; &amp; &quot;Co&quot;"');
    expect(text(item)).toContain('Edit instructions');
    expect(text(item)).toContain('Remove');
  });

  it('filters by status, selects all quoted, totals the checked items and offers Checkout', () => {
    const html = text(page());
    for (const label of ['All (5)', 'Quoting (1)', 'Quoted (3)', 'Unsuccessful (1)']) expect(html).toContain(label);
    // The pan is quoted for Japan only: it can be checked, and the summary says it is not counted (as the cart's unpriced lines).
    expect(html).toContain('Select all quoted (2)');
    expect(html).toContain(`Selected (1 quotation)${formatMoney(31800, 'SGD')}`);
    expect(html).not.toContain('not available yet');
    expect(page()).toMatch(/<button class="[^"]*" type="button">Checkout<\/button>/);
  });

  it('a checked item with no quote for the region is not counted, and the summary says so', () => {
    const html = text(
      render(<QuotationsView region={region} assetsUrl="" />, {
        quotations: loaded,
        quotationItemIds: [marketQuoted.id, panQuotedElsewhere.id],
      }),
    );
    expect(html).toContain(`Selected (2 quotations)${formatMoney(31800, 'SGD')}`);
    expect(html).toContain('1 selected quotation has no price for Singapore and is not counted.');
  });

  it('with no quotations, links to "Buy it for me" and the catalogue', () => {
    const html = render(<QuotationsView region={region} assetsUrl="" />, { quotations: { dataLoaded: true } });
    expect(text(html)).toContain('You have no quotations yet.');
    expect(html).toMatch(/<a class="button button--primary" href="\/buy-for-me">Buy it for me<\/a>/);
    expect(html).toContain('href="/search"');
  });

  it('loading, and a failure with its text and Try again', () => {
    expect(text(render(<QuotationsView region={region} assetsUrl="" />))).toContain('Loading your quotations…');
    const failed = render(<QuotationsView region={region} assetsUrl="" />, { quotations: { fetchError: 'The shop is taking a break.' } });
    expect(failed).toMatch(/role="alert"/);
    expect(text(failed)).toContain('We could not load your quotations: The shop is taking a break.');
    expect(text(failed)).toContain('Try again');
  });
});

describe('/buy-for-me', () => {
  it('asks for the link with its label, hint and button', () => {
    const html = render(<BuyForMe />);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Paste a link to a product on another marketplace<\/label>/);
    expect(html).toMatch(/<input[^>]*type="url"/);
    expect(text(html)).toContain('Find the product');
    expect(text(html)).toContain('Describe the product by hand');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('shows progress while the page is read', () => {
    const html = render(<BuyForMe initial={{ step: { kind: 'reading' }, link: 'https://shop.example/p/1' }} />);
    expect(html).toMatch(/role="status"[^>]*>.*Reading the product page…/s);
    expect(html).toContain('aria-disabled="true"');
    expect(text(html)).toContain('Reading…');
  });

  it('a page that cannot be read: its message, and the form by hand with the link prefilled', () => {
    const link = 'https://shop.example/article';
    const problem = {
      message: 'We could not find a product on that page. Ask us for a quotation by hand instead.',
      kind: 'unreadable' as const,
    };
    const html = render(<BuyForMe initial={{ step: { kind: 'manual', problem, openedByShopper: false }, link }} />);
    expect(html).toMatch(/role="alert"[^>]*><p>We could not find a product on that page\./);
    expect(text(html)).toContain('Ask for a quotation by hand');
    for (const label of [
      'Product link',
      'Product name',
      'Quantity',
      'Instructions for the shop \\(optional\\)',
      'Picture link \\(optional\\)',
    ])
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    expect(html).toMatch(new RegExp(`<input[^>]*type="url"[^>]*value="${link.replace(/[/.]/g, '\\$&')}"`));
    expect(text(html)).toContain('Send the request');
  });

  it('the form by hand shows each problem under its field, linked to it', () => {
    const html = render(
      <BuyForMeManualForm
        link="https://shop.example/x"
        onSent={() => {}}
        initial={{
          errors: { productName: 'Give the product a name of 1 to 200 characters.', quantity: 'Choose a quantity from 1 to 999.' },
        }}
      />,
    );
    for (const message of ['Give the product a name of 1 to 200 characters.', 'Choose a quantity from 1 to 999.']) {
      const errorId = new RegExp(`<p id="([^"]+)"[^>]*>${message}</p>`).exec(html)?.[1];
      expect(errorId).toBeTruthy();
      expect(html).toMatch(new RegExp(`<input[^>]*aria-invalid="true"[^>]*aria-describedby="${errorId}`));
    }
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a product read: picture, name, brand, marketplace, the price as found and availability, then ask', () => {
    const product = externalProduct();
    const html = render(<BuyForMe initial={{ step: { kind: 'preview', product }, link: product.link }} />);
    const shown = text(html);
    expect(shown).toContain('We found this product');
    expect(shown).toContain('Studio Headphones X2');
    expect(shown).toContain('BrandSonora');
    expect(shown).toContain('MarketplaceFixture Mall');
    expect(shown).toContain('Price thereUSD 129.90');
    expect(shown).toContain('AvailabilityIn stock');
    expect(html).toMatch(/<img[^>]*referrerPolicy="no-referrer"/i);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Quantity<\/label>/);
    expect(shown).toContain('Ask for a quotation');
  });

  it('once asked: a confirmation with a link to the quotations', () => {
    const html = render(<BuyForMe initial={{ step: { kind: 'done', item: externalItem() } }} />);
    expect(html).toMatch(/role="status"/);
    expect(text(html)).toContain('We asked the shop for a quotation for Studio Headphones X2.');
    expect(html).toMatch(/href="\/quotations">See your quotations<\/a>/);
  });
});

describe('where a quotation is asked for', () => {
  const noop = () => {};

  it('a cart line offers "Ask for a quotation" beside Remove; a line whose product is gone does not', () => {
    const lineProps = {
      region,
      assetsUrl: '',
      checked: true,
      highlighted: false,
      onAnnounce: noop,
      onRemoved: noop,
      onMovedToQuotations: noop,
    };
    const html = text(
      render(
        <ul>
          <CartLine item={line(pan())} product={pan()} {...lineProps} />
        </ul>,
      ),
    );
    expect(html).toContain('Ask for a quotation for Frying PanRemove Frying Pan');
    const gone = line(pan({ uuid: '77777777-7777-4777-8777-777777777777' }));
    expect(
      text(
        render(
          <ul>
            <CartLine item={gone} product={undefined} {...lineProps} />
          </ul>,
        ),
      ),
    ).not.toContain('Ask for a quotation');
  });

  it('the product page offers "Request a quotation" (a secondary button, enabled once the session is known)', () => {
    const gate = { ready: () => true, signedIn: true, mayAct: true, settled: true };
    const props = { product: phone(), quantity: 1, chooseFirst: null, gate, pendingQuote: null };
    const html = render(<RequestQuotation {...props} path="0/0" />);
    expect(html).toMatch(/<button type="button" class="button button--secondary">Request a quotation<\/button>/);
    const unsettled = render(<RequestQuotation {...props} path={null} gate={{ ...gate, settled: false }} />);
    expect(unsettled).toMatch(/<button type="button" class="button button--secondary" disabled="">Request a quotation<\/button>/);
  });
});
