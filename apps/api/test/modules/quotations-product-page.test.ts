import { describe, expect, it } from 'vitest';
import { extractProduct, marketplaceOf, type ExternalAvailability } from '../../src/modules/quotations/product-page';

/** Reading a product from a marketplace page (issue 15, "From a link"): pure, no server. */

const PAGE_URL = 'https://www.shop.example/p/widget?ref=1';

function page(head: string, body = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>${head}</head><body>${body}</body></html>`;
}

/** A JSON-LD block, its '<' escaped as pages must (a "</script>" in a string would end the block). */
function ld(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

function meta(property: string, content: string): string {
  return `<meta property="${property}" content="${content}">`;
}

/** The product of a page holding only this JSON-LD. */
function fromJsonLd(data: unknown) {
  return extractProduct(page(ld(data)), PAGE_URL);
}

/** A JSON-LD product with one offer, the offer's fields overridden. */
function withOffer(offer: Record<string, unknown>) {
  return fromJsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: 'Widget', offers: { '@type': 'Offer', ...offer } });
}

describe('extractProduct: JSON-LD', () => {
  it('reads a full product', () => {
    const product = fromJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Acme Widget 3000',
      description: 'A very good widget.',
      image: ['https://cdn.shop.example/w1.jpg', 'https://cdn.shop.example/w2.jpg'],
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'SGD', availability: 'https://schema.org/InStock' },
    });
    expect(product).toEqual({
      name: 'Acme Widget 3000',
      description: 'A very good widget.',
      images: ['https://cdn.shop.example/w1.jpg', 'https://cdn.shop.example/w2.jpg'],
      price: '1299.00',
      currency: 'SGD',
      availability: 'in_stock',
      brand: 'Acme',
      siteName: null,
    });
  });

  it('reads a product in an @graph, following @id references, with the WebSite name as the site name', () => {
    const product = fromJsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', '@id': '#org', name: 'Shop Holdings Pte Ltd' },
        { '@type': 'WebSite', '@id': '#site', name: 'Shop Example', publisher: { '@id': '#org' } },
        { '@type': 'ImageObject', '@id': '#primaryimage', url: 'https://cdn.shop.example/main.jpg' },
        {
          '@type': 'WebPage',
          mainEntity: {
            '@type': 'Product',
            name: 'Graph Widget',
            image: { '@id': '#primaryimage' },
            brand: 'Acme',
            seller: { '@type': 'Organization', name: 'Not the site' },
            offers: { '@id': '#offer' },
          },
        },
        { '@type': 'Offer', '@id': '#offer', price: 45, priceCurrency: 'usd' },
      ],
    });
    expect(product).toMatchObject({
      name: 'Graph Widget',
      images: ['https://cdn.shop.example/main.jpg'],
      price: '45',
      currency: 'USD',
      brand: 'Acme',
      siteName: 'Shop Example',
    });
  });

  it('reads a product from a top-level array, with a top-level Organization as the site name', () => {
    const product = fromJsonLd([
      { '@type': 'BreadcrumbList', itemListElement: [] },
      { '@type': 'Organization', name: 'Lazada Singapore' },
      { '@type': 'Product', name: 'Array Widget', brand: { '@type': 'Organization', name: 'Acme' } },
    ]);
    expect(product).toMatchObject({ name: 'Array Widget', brand: 'Acme', siteName: 'Lazada Singapore' });
  });

  it('takes the lowest of several offers, with its currency and availability', () => {
    const product = fromJsonLd({
      '@type': 'Product',
      name: 'Widget',
      offers: [
        { '@type': 'Offer', price: '129.90', priceCurrency: 'SGD', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', price: 99.5, priceCurrency: 'MYR', availability: 'https://schema.org/OutOfStock' },
        { '@type': 'Offer', price: 'call us', priceCurrency: 'IDR' },
        { '@type': 'Offer', price: '110', priceCurrency: 'USD' },
      ],
    });
    expect(product).toMatchObject({ price: '99.5', currency: 'MYR', availability: 'out_of_stock' });
  });

  it.each([
    [
      'lowPrice before price',
      { '@type': 'AggregateOffer', lowPrice: '19.90', highPrice: '39.90', price: '29.90', priceCurrency: 'EUR' },
      '19.90',
    ],
    ['price when no lowPrice', { '@type': 'AggregateOffer', price: 25, priceCurrency: 'EUR' }, '25'],
    [
      'its own offers when it states no price',
      {
        '@type': 'AggregateOffer',
        priceCurrency: 'EUR',
        offers: [
          { price: '30', priceCurrency: 'EUR' },
          { price: '21', priceCurrency: 'EUR' },
        ],
      },
      '21',
    ],
  ])('reads an AggregateOffer: %s', (_case, offers, price) => {
    expect(fromJsonLd({ '@type': 'Product', name: 'Widget', offers })).toMatchObject({ price, currency: 'EUR' });
  });

  it('falls back to priceSpecification for the price and currency', () => {
    const product = withOffer({
      availability: 'InStock',
      priceSpecification: [{ '@type': 'UnitPriceSpecification', price: '12.5', priceCurrency: 'gbp' }],
    });
    expect(product).toMatchObject({ price: '12.5', currency: 'GBP', availability: 'in_stock' });
  });

  it.each([
    ['Product'],
    [['Product']],
    [['Thing', 'Product']],
    ['schema:Product'],
    ['http://schema.org/Product'],
    ['https://schema.org/Product'],
    ['product'],
    ['ProductGroup'],
    ['IndividualProduct'],
    [['https://schema.org/ProductModel']],
  ])('recognises @type %j', (type) => {
    expect(fromJsonLd({ '@type': type, name: 'Typed Widget' })?.name).toBe('Typed Widget');
  });

  it('is no product for other types', () => {
    expect(fromJsonLd({ '@type': ['Article', 'NewsArticle'], name: 'Ten widgets to buy', headline: 'x' })).toBeNull();
    expect(fromJsonLd({ '@type': 'Productive', name: 'Not a product' })).toBeNull();
  });

  it('reads offers and images from the variants of a ProductGroup that states none itself', () => {
    const product = fromJsonLd({
      '@type': 'ProductGroup',
      name: 'Shirt',
      hasVariant: [
        { '@type': 'Product', name: 'Shirt S', image: 'https://cdn.shop.example/s.jpg', offers: { price: '20', priceCurrency: 'SGD' } },
        { '@type': 'Product', name: 'Shirt M', image: 'https://cdn.shop.example/m.jpg', offers: { price: '18', priceCurrency: 'SGD' } },
      ],
    });
    expect(product).toMatchObject({
      name: 'Shirt',
      price: '18',
      images: ['https://cdn.shop.example/s.jpg', 'https://cdn.shop.example/m.jpg'],
    });
  });

  it('skips a broken block and reads the next one', () => {
    const html = page(
      `<script type="application/ld+json">{"@type": "Product", "name": "Broken",</script>` +
        `<script type="application/ld+json">not json at all</script>` +
        ld({ '@type': 'Product', name: 'Good Widget', offers: { price: '10', priceCurrency: 'SGD' } }),
    );
    expect(extractProduct(html, PAGE_URL)).toMatchObject({ name: 'Good Widget', price: '10' });
  });

  it('reads a block with raw newlines in strings, wrapped in CDATA, with a type in another case', () => {
    const html = page(`<script type="Application/LD+JSON">//<![CDATA[
      {"@type": "Product", "name": "Line
      Widget", "description": "one\ttwo"}
    //]]></script>`);
    expect(extractProduct(html, PAGE_URL)).toMatchObject({ name: 'Line Widget', description: 'one two' });
  });

  it.each([
    ['a string', 'https://cdn.shop.example/a.jpg', ['https://cdn.shop.example/a.jpg']],
    ['a list of strings', ['/a.jpg', 'b.jpg'], ['https://www.shop.example/a.jpg', 'https://www.shop.example/p/b.jpg']],
    ['an ImageObject url', { '@type': 'ImageObject', url: 'https://cdn.shop.example/a.jpg' }, ['https://cdn.shop.example/a.jpg']],
    ['an ImageObject contentUrl', { '@type': 'ImageObject', contentUrl: '//cdn.shop.example/a.jpg' }, ['https://cdn.shop.example/a.jpg']],
    [
      'a list of ImageObjects',
      [{ url: 'https://cdn.shop.example/a.jpg' }, { contentUrl: 'https://cdn.shop.example/b.jpg' }],
      ['https://cdn.shop.example/a.jpg', 'https://cdn.shop.example/b.jpg'],
    ],
  ])('reads an image as %s', (_case, image, images) => {
    expect(fromJsonLd({ '@type': 'Product', name: 'Widget', image })?.images).toEqual(images);
  });

  it('reads the brand as a string or as {name}', () => {
    expect(fromJsonLd({ '@type': 'Product', name: 'W', brand: 'Acme' })?.brand).toBe('Acme');
    expect(fromJsonLd({ '@type': 'Product', name: 'W', brand: { '@type': 'Brand', name: 'Acme' } })?.brand).toBe('Acme');
    expect(fromJsonLd({ '@type': 'Product', name: 'W', brand: [{ name: 'Acme' }] })?.brand).toBe('Acme');
    expect(fromJsonLd({ '@type': 'Product', name: 'W' })?.brand).toBeNull();
  });
});

describe('extractProduct: microdata', () => {
  it('reads the product with a nested brand and offer, not the names of other nested items', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product">
        <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
          <span itemprop="name">Rating of the widget</span><span itemprop="ratingValue">4.5</span>
        </div>
        <div itemprop="review" itemscope itemtype="https://schema.org/Review">
          <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane Doe</span></span>
          <p itemprop="description">Great!</p>
        </div>
        <h1 itemprop="name">  Micro   Widget </h1>
        <img itemprop="image" src="/img/micro.jpg" alt="">
        <link itemprop="image" href="https://cdn.shop.example/micro-2.jpg">
        <div itemprop="description"><p>Strong <b>and</b> light.</p><script>alert(1)</script></div>
        <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Acme</span></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="1299.00">S$1,299</span>
          <meta itemprop="priceCurrency" content="SGD">
          <link itemprop="availability" href="https://schema.org/PreOrder">
          <span itemprop="seller" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Seller</span></span>
        </div>
      </div>`,
    );
    expect(extractProduct(html, PAGE_URL)).toEqual({
      name: 'Micro Widget',
      description: 'Strong and light.',
      images: ['https://www.shop.example/img/micro.jpg', 'https://cdn.shop.example/micro-2.jpg'],
      price: '1299.00',
      currency: 'SGD',
      availability: 'preorder',
      brand: 'Acme',
      siteName: null,
    });
  });

  it('reads a price from text and a brand from text, with http://schema.org types', () => {
    const html = page(
      '',
      `<section itemscope itemtype="http://schema.org/Product">
        <span itemprop="name">Plain Widget</span><span itemprop="brand">Acme &amp; Sons</span>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
          <span itemprop="price">€ 1.299,00</span><span itemprop="priceCurrency">eur</span>
          <meta itemprop="availability" content="http://schema.org/InStock">
        </div>
      </section>`,
    );
    expect(extractProduct(html, PAGE_URL)).toMatchObject({
      name: 'Plain Widget',
      brand: 'Acme & Sons',
      price: '1299.00',
      currency: 'EUR',
      availability: 'in_stock',
    });
  });

  it('is no product for other item types', () => {
    const html = page('', `<div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">Soup</span></div>`);
    expect(extractProduct(html, PAGE_URL)).toBeNull();
  });
});

describe('extractProduct: OpenGraph and meta tags', () => {
  const ogProduct = [
    meta('og:type', 'product'),
    meta('og:title', 'OG Widget'),
    meta('og:description', 'Seen on OpenGraph.'),
    meta('og:image', 'http://cdn.shop.example/og.jpg'),
    meta('og:image:secure_url', 'https://cdn.shop.example/og.jpg'),
    meta('og:image', 'https://cdn.shop.example/og-2.jpg'),
    meta('product:price:amount', '59.5'),
    meta('product:price:currency', 'sgd'),
    meta('product:brand', 'Acme'),
    meta('product:availability', 'in stock'),
    meta('og:site_name', 'Shop Example'),
  ].join('');

  it('reads an OpenGraph-only product', () => {
    expect(extractProduct(page(ogProduct), PAGE_URL)).toEqual({
      name: 'OG Widget',
      description: 'Seen on OpenGraph.',
      images: ['https://cdn.shop.example/og.jpg', 'https://cdn.shop.example/og-2.jpg'],
      price: '59.5',
      currency: 'SGD',
      availability: 'in_stock',
      brand: 'Acme',
      siteName: 'Shop Example',
    });
  });

  it.each([
    ['og:type og:product', meta('og:type', 'og:product')],
    ['og:type product.item', meta('og:type', 'product.item')],
    ['a product:price:amount', meta('og:type', 'website') + meta('product:price:amount', '10')],
    ['an og:price:amount', meta('og:price:amount', '10') + meta('og:price:currency', 'USD')],
  ])('counts og:title as a product with %s', (_case, tags) => {
    const html = page(tags + meta('og:title', 'Priced Widget'));
    expect(extractProduct(html, PAGE_URL)?.name).toBe('Priced Widget');
  });

  it('is no product for an article with og:title and no price', () => {
    const html = page(
      meta('og:type', 'article') +
        meta('og:title', 'Ten widgets we love') +
        meta('og:image', 'https://cdn.shop.example/a.jpg') +
        '<meta name="twitter:card" content="summary"><meta name="twitter:title" content="Ten widgets">',
    );
    expect(extractProduct(html, PAGE_URL)).toBeNull();
  });

  it('is no product for a page without structured data', () => {
    expect(extractProduct(page('', '<h1>Widget</h1><p>$10</p>'), PAGE_URL)).toBeNull();
    expect(extractProduct('', PAGE_URL)).toBeNull();
    expect(extractProduct('not html at all <<<', PAGE_URL)).toBeNull();
  });

  it('prefers JSON-LD over OpenGraph, and OpenGraph fills what JSON-LD left empty', () => {
    const html = page(
      meta('og:title', 'OG name') +
        meta('og:image', 'https://cdn.shop.example/og.jpg') +
        meta('og:description', 'OG description') +
        meta('product:price:amount', '99') +
        meta('product:price:currency', 'USD') +
        ld({ '@type': 'Product', name: 'JSON-LD name', offers: { price: '120', priceCurrency: 'SGD' } }),
    );
    expect(extractProduct(html, PAGE_URL)).toMatchObject({
      name: 'JSON-LD name',
      price: '120',
      currency: 'SGD',
      images: ['https://cdn.shop.example/og.jpg'],
      description: 'OG description',
    });
  });

  it('lets og:title name a product JSON-LD found without a name, even without og:type product', () => {
    const html = page(meta('og:type', 'website') + meta('og:title', 'Named by OG') + ld({ '@type': 'Product', offers: { price: 5 } }));
    expect(extractProduct(html, PAGE_URL)).toMatchObject({ name: 'Named by OG', price: '5' });
  });

  it('prefers microdata over OpenGraph', () => {
    const html = page(
      meta('og:type', 'product') + meta('og:title', 'OG name') + meta('og:image', '/og.jpg'),
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Micro name</span></div>`,
    );
    expect(extractProduct(html, PAGE_URL)).toMatchObject({ name: 'Micro name', images: ['https://www.shop.example/og.jpg'] });
  });

  it('lets Twitter card tags fill the title and image of a product', () => {
    const html = page(
      meta('og:type', 'product') +
        '<meta name="twitter:title" content="Tweet Widget"><meta name="twitter:image" content="https://cdn.shop.example/t.jpg">' +
        '<meta name="twitter:description" content="not read">',
    );
    expect(extractProduct(html, PAGE_URL)).toMatchObject({
      name: 'Tweet Widget',
      images: ['https://cdn.shop.example/t.jpg'],
      description: null,
    });
  });

  it('takes og:site_name before a JSON-LD site name', () => {
    const html = page(
      meta('og:site_name', 'OG Shop') +
        ld([
          { '@type': 'WebSite', name: 'LD Shop' },
          { '@type': 'Product', name: 'W' },
        ]),
    );
    expect(extractProduct(html, PAGE_URL)?.siteName).toBe('OG Shop');
  });
});

describe('extractProduct: cleaning', () => {
  it('resolves relative and protocol-relative images, drops other schemes, de-duplicates and keeps 10', () => {
    const images = [
      '/img/a.jpg',
      'b.jpg',
      '../c.jpg',
      '//cdn.shop.example/d.jpg',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://files.shop.example/e.jpg',
      'https://www.shop.example/img/a.jpg',
      `https://cdn.shop.example/${'x'.repeat(2000)}.jpg`,
      ...Array.from({ length: 12 }, (_, i) => `https://cdn.shop.example/more-${i}.jpg`),
    ];
    const product = extractProduct(page(ld({ '@type': 'Product', name: 'W', image: images })), 'http://www.shop.example/p/widget');
    expect(product?.images).toEqual([
      'http://www.shop.example/img/a.jpg',
      'http://www.shop.example/p/b.jpg',
      'http://www.shop.example/c.jpg',
      'http://cdn.shop.example/d.jpg',
      ...Array.from({ length: 6 }, (_, i) => `https://cdn.shop.example/more-${i}.jpg`),
    ]);
  });

  it('resolves images against <base href> and decodes &amp; in JSON-LD image URLs', () => {
    const html = page(
      '<base href="https://static.shop.example/assets/">' + ld({ '@type': 'Product', name: 'W', image: ['a.jpg?w=1&amp;h=2'] }),
    );
    expect(extractProduct(html, PAGE_URL)?.images).toEqual(['https://static.shop.example/assets/a.jpg?w=1&h=2']);
  });

  it.each([
    ['JSON-LD', ld({ '@type': 'Product', name: 'Tom &amp; Jerry&#39;s &quot;Mug&quot;&nbsp;&#x2764;' })],
    ['OpenGraph', meta('og:type', 'product') + meta('og:title', 'Tom &amp; Jerry&#39;s &quot;Mug&quot;&nbsp;&#x2764;')],
    [
      'microdata',
      `</head><body><div itemscope itemtype="https://schema.org/Product"><b itemprop="name">Tom &amp; Jerry&#39;s &quot;Mug&quot;&nbsp;&#x2764;</b></div>`,
    ],
  ])('decodes entities in a name from %s', (_case, head) => {
    expect(extractProduct(page(head), PAGE_URL)?.name).toBe('Tom & Jerry\'s "Mug" ❤');
  });

  it('never returns markup, even escaped twice', () => {
    const product = fromJsonLd({
      '@type': 'Product',
      name: '<b>Bold</b> <script>alert(1)</script>Widget<img src=x onerror=alert(1)>',
      description: '&lt;p&gt;Nice &lt;script&gt;alert(1)&lt;/script&gt;widget&lt;/p&gt; &amp;lt;i&amp;gt;x',
      brand: '<a href="https://evil.example">Acme</a>',
    });
    expect(product).toMatchObject({ name: 'Bold Widget', brand: 'Acme' });
    for (const text of [product?.name, product?.description, product?.brand]) expect(text).not.toMatch(/<[a-z/!?]/i);
    expect(product?.description).toMatch(/^Nice widget/);
  });

  it('drops control characters, raw or as entities (a NUL is what the database cannot keep)', () => {
    const product = extractProduct(
      page(
        ld({ '@type': 'Product', name: 'Tea\u0000pot', description: 'Bell\u0007 and\u0085 escape\u001b[31m', brand: 'Ac\u007fme' }) +
          meta('og:site_name', 'Shop&#0;&#1; &#x9f;Town'),
      ),
      PAGE_URL,
    );
    expect(product).toMatchObject({ name: 'Teapot', description: 'Bell and escape[31m' });
    for (const text of [product?.name, product?.description, product?.brand, product?.siteName]) {
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(text).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/);
    }
  });

  it('keeps a plain "<" that opens no tag', () => {
    expect(fromJsonLd({ '@type': 'Product', name: 'Cable < 2 m' })?.name).toBe('Cable < 2 m');
  });

  it('cuts a long name to 200 and a long description to 2000 characters at a word boundary', () => {
    const product = fromJsonLd({
      '@type': 'Product',
      name: 'Widget '.repeat(60),
      description: 'lorem ipsum '.repeat(400),
      brand: 'B'.repeat(150),
    });
    expect(product?.name.length).toBeLessThanOrEqual(200);
    expect(product?.name).toMatch(/ Widget…$/);
    expect(product?.description?.length).toBeLessThanOrEqual(2000);
    expect(product?.description).toMatch(/ (lorem|ipsum)…$/);
    expect(product?.brand).toHaveLength(100);
  });

  it('is no product when the name is only whitespace or markup', () => {
    expect(fromJsonLd({ '@type': 'Product', name: '  <br> &nbsp; ' })).toBeNull();
  });

  it.each<[unknown, string | null]>([
    ['1,299.00', '1299.00'],
    ['1.299,00', '1299.00'],
    ['$129.90', '129.90'],
    [' 45 ', '45'],
    [45, '45'],
    [59.5, '59.5'],
    [0, '0'],
    ['59,5', '59.5'],
    ['1,299', '1299'],
    ['1.299.000', '1299000'],
    ['Rp 1.299.000', '1299000'],
    ['€ 1 299,00', '1299.00'],
    ['12.50 USD', '12.50'],
    ['S$ 1,234,567.89', '1234567.89'],
    ['007', '7'],
    ['-5', null],
    [-5, null],
    ['US$ -5.00', null],
    ['free', null],
    ['', null],
    ['10-20', null],
    ['1,2,3', null],
    ['1e3', null],
    ['2000000000000', null],
    [2e12, null],
    ['1'.repeat(100), null],
  ])('normalises the price %j to %j', (price, expected) => {
    expect(withOffer({ price, priceCurrency: 'SGD' })?.price).toBe(expected);
  });

  it.each<[unknown, ExternalAvailability]>([
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/InStock', 'in_stock'],
    ['schema:InStock', 'in_stock'],
    ['InStock', 'in_stock'],
    ['LimitedAvailability', 'in_stock'],
    ['https://schema.org/OnlineOnly', 'in_stock'],
    ['InStoreOnly', 'in_stock'],
    ['https://schema.org/OutOfStock', 'out_of_stock'],
    ['SoldOut', 'out_of_stock'],
    ['https://schema.org/PreOrder', 'preorder'],
    ['PreSale', 'preorder'],
    ['BackOrder', 'preorder'],
    ['in stock', 'in_stock'],
    ['out_of_stock', 'out_of_stock'],
    [{ '@id': 'https://schema.org/InStock' }, 'in_stock'],
    ['Maybe', 'unknown'],
    [undefined, 'unknown'],
  ])('maps the availability %j to %s', (availability, expected) => {
    expect(withOffer({ price: 1, availability })?.availability).toBe(expected);
  });

  it.each<[unknown, string | null]>([
    ['usd', 'USD'],
    ['SGD', 'SGD'],
    [' eur ', 'EUR'],
    ['US$', null],
    ['$', null],
    ['EURO', null],
    [undefined, null],
  ])('normalises the currency %j to %j', (priceCurrency, expected) => {
    expect(withOffer({ price: 1, priceCurrency })?.currency).toBe(expected);
  });

  it('reads a 2 MB page with many scripts quickly', () => {
    const filler = `<script>var s = "${'<div a=' + '&amp;<'.repeat(200)}";</script><script type="application/ld+json">{"@type": ${'['.repeat(300)}</script>`;
    const noise = `<div class="x" data-x='${'<'.repeat(50)}'>${'&#'.repeat(100)}<span itemscope itemprop="a">t</span></div>`;
    let body = '';
    while (body.length < 2_000_000) body += filler + noise;
    const html = page(ld({ '@type': 'Product', name: 'Needle', offers: { price: '1.00', priceCurrency: 'SGD' } }), body + '<div ');
    const started = performance.now();
    expect(extractProduct(html, PAGE_URL)).toMatchObject({ name: 'Needle', price: '1.00' });
    expect(performance.now() - started).toBeLessThan(5000);
  }, 20_000);
});

describe('marketplaceOf', () => {
  it.each<[string, string | null, string]>([
    ['https://www.lazada.sg/p/x', null, 'lazada.sg'],
    ['https://www.lazada.sg/p/x', 'Lazada', 'Lazada'],
    ['https://shopee.sg/item', '  ', 'shopee.sg'],
    ['https://WWW.Amazon.COM:443/dp/B0', null, 'amazon.com'],
    ['https://www2.shop.example/p', null, 'www2.shop.example'],
    ['not a url', null, ''],
  ])('%s with site name %j is %j', (url, siteName, expected) => {
    expect(marketplaceOf(url, siteName)).toBe(expected);
  });
});
