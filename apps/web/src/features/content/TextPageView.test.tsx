import type { ShippingLocation } from '@kedai/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TextPage } from '@kedai/contract';
import { TextPageView } from './TextPageView';

const page = (body: string): TextPage => ({
  slug: 'terms',
  title: 'Terms and conditions',
  body,
  updatedAt: Date.parse('2026-03-03T20:30:00Z') / 1000,
});

describe('TextPageView', () => {
  it('shows the title as the one h1, the last-updated date in Singapore, and the sections as h2', () => {
    const html = renderToStaticMarkup(<TextPageView page={page('Intro.\n\n## Orders\n\nText.\n\n# Not a second title')} />);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('>Terms and conditions</h1>');
    expect(html).toContain('Last updated <time dateTime="2026-03-04">04/03/2026</time>');
    expect(html).toContain('<h2>Orders</h2>');
    expect(html).toContain('<h2>Not a second title</h2>');
    expect(html).toContain('<p>Intro.</p>');
  });

  it('renders lists, emphasis and safe links, and no raw HTML, script links or images', () => {
    const body = [
      '- **Bold** and *soft*',
      '',
      'See [returns](/help/returns), [mail](mailto:hello@kedai.example), [PDPC](https://www.pdpc.gov.sg/) and [bad](javascript:alert(1)).',
      '',
      '<script>alert(1)</script><b>raw</b>',
      '',
      '![a cat](https://example.com/cat.png)',
    ].join('\n');
    const html = renderToStaticMarkup(<TextPageView page={page(body)} />);
    expect(html).toContain('<li><strong>Bold</strong> and <em>soft</em></li>');
    expect(html).toContain('<a href="/help/returns">returns</a>');
    expect(html).toContain('<a href="mailto:hello@kedai.example">mail</a>');
    expect(html).toContain('<a href="https://www.pdpc.gov.sg/" rel="noopener">PDPC</a>');
    expect(html).toContain(' and bad.');
    expect(html).not.toMatch(/javascript:|<script|<b>|<img/i);
  });

  it('lists where the shop delivers under the shipping page, with the cost in the shopper’s region and the time', () => {
    const locations: ShippingLocation[] = [
      { countryCode: 'SG', name: 'Singapore', rates: { SG: { fee: 400, freeFrom: 6000 } }, deliveryDays: { min: 1, max: 3 } },
      { countryCode: 'MY', name: 'Malaysia', rates: {}, deliveryDays: null },
    ];
    const html = renderToStaticMarkup(
      <TextPageView page={{ ...page('Text.'), slug: 'shipping' }} shippingLocations={locations} region={{ key: 'SG', currency: 'SGD' }} />,
    );
    expect(html).toContain('Where we deliver</h2>');
    expect(html).toMatch(/<th scope="row">Singapore<\/th><td>SGD\s?4\.00, free from SGD\s?60\.00<\/td><td>1–3 working days<\/td>/);
    expect(html).toMatch(/<th scope="row">Malaysia<\/th><td>Shown at checkout<\/td><td>—<\/td>/);
    expect(renderToStaticMarkup(<TextPageView page={page('Text.')} />)).not.toContain('Where we deliver');
  });
});
