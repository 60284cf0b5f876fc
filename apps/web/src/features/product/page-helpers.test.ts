import { describe, expect, it } from 'vitest';
import { categoryHref } from '../catalogue/links';
import { categoryBreadcrumb, nameFromKey } from './breadcrumb';
import { pan, phone } from './test-fixtures';
import { formatWeight, paragraphs, summarise } from './format';
import { breadcrumbJsonLd, IN_STOCK, OUT_OF_STOCK, productJsonLd, serializeJsonLd } from './jsonld';
import { originFromHeaders } from '../../lib/site';
import { galleryImages, optionPictures, pictureForSelection, searchWithVariant } from './view';

const categories = [
  { path: 'electronics', name: 'Electronics' },
  { path: 'electronics.phones', name: 'Phones & Tablets' },
];

describe('categoryBreadcrumb', () => {
  it('has one crumb per level of the path, root first, named from the tree', () => {
    expect(categoryBreadcrumb(phone().category, categories)).toEqual([
      { name: 'Electronics', href: categoryHref('electronics') },
      // The product's own category name wins for the last level.
      { name: 'Phones', href: categoryHref('electronics.phones') },
    ]);
  });

  it('links each level to its category page', () => {
    expect(categoryBreadcrumb(phone().category, categories).map((crumb) => crumb.href)).toEqual([
      '/category/electronics',
      '/category/electronics.phones',
    ]);
  });

  it('makes a name from the key when the tree does not know a level', () => {
    expect(categoryBreadcrumb({ id: 'x', name: 'Woks', path: 'home.kitchen-tools.woks' }, []).map((crumb) => crumb.name)).toEqual([
      'Home',
      'Kitchen tools',
      'Woks',
    ]);
    expect(nameFromKey('outdoor_gear')).toBe('Outdoor gear');
  });

  it('is empty without a category', () => {
    expect(categoryBreadcrumb(null, categories)).toEqual([]);
    expect(categoryBreadcrumb({ id: 'x', name: 'X', path: '' }, categories)).toEqual([]);
  });
});

describe('productJsonLd', () => {
  const options = { region: 'SG', assetsUrl: 'https://assets.example/', url: 'https://shop.example/product/pixel-8a-73' };

  it('describes a product whose variants differ in price as an AggregateOffer in major units', () => {
    expect(productJsonLd(phone(), options)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pixel 8a <Special> & "Co"',
      image: ['https://assets.example/products/pixel-1.svg', 'https://assets.example/products/pixel-2.svg'],
      description: 'A phone.\n\nWith a camera.',
      sku: '8398e3b5-ff44-4d2c-a65a-5ec75fb20213',
      productID: '8398e3b5-ff44-4d2c-a65a-5ec75fb20213',
      url: options.url,
      brand: { '@type': 'Brand', name: 'Lion City Tech' },
      category: 'Phones',
      weight: { '@type': 'QuantitativeValue', value: 190, unitCode: 'GRM' },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '1129.00',
        highPrice: '1699.00',
        offerCount: 6,
        priceCurrency: 'SGD',
        availability: IN_STOCK,
        url: options.url,
        seller: { '@type': 'Organization', name: 'Lion City Tech' },
      },
    });
  });

  it('gives a single-price product an Offer, with the placeholder image and no brand when there is no merchant', () => {
    const data = productJsonLd(pan(), { ...options, region: 'JP' });
    expect(data.image).toEqual(['https://assets.example/placeholder.svg']);
    expect(data.brand).toBeUndefined();
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: '8880',
      priceCurrency: 'JPY',
      availability: IN_STOCK,
      url: options.url,
    });
  });

  it('is OutOfStock when sold out or disabled, and has no offer outside the product’s regions', () => {
    expect((productJsonLd(pan({ stock: 0 }), options).offers as { availability: string }).availability).toBe(OUT_OF_STOCK);
    expect((productJsonLd(pan({ disabled: true }), options).offers as { availability: string }).availability).toBe(OUT_OF_STOCK);
    expect(productJsonLd(pan(), { ...options, region: 'US' }).offers).toBeUndefined();
  });

  it('lists the breadcrumb with absolute addresses', () => {
    const crumbs = categoryBreadcrumb(phone().category, categories);
    const list = breadcrumbJsonLd(crumbs, { name: 'Pixel', url: options.url }, 'https://shop.example');
    expect(list?.['@type']).toBe('BreadcrumbList');
    expect(list?.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        name: 'Electronics',
        item: new URL(categoryHref('electronics'), 'https://shop.example').toString(),
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Phones',
        item: new URL(categoryHref('electronics.phones'), 'https://shop.example').toString(),
      },
      { '@type': 'ListItem', position: 3, name: 'Pixel', item: options.url },
    ]);
    expect(breadcrumbJsonLd([], { name: 'Pixel', url: options.url }, 'https://shop.example')).toBeNull();
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so no string can close the script element, and round-trips', () => {
    const data = { name: '</script><script>alert(1)</script><!--', other: 'a & b > c \u2028' };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('page helpers', () => {
  it('lists the gallery images main first, with _thumb thumbnails, or the placeholder alone', () => {
    expect(galleryImages(phone(), 'https://a.example')).toEqual({
      images: [
        { full: 'https://a.example/products/pixel-1.svg', thumb: 'https://a.example/products/pixel-1_thumb.svg' },
        { full: 'https://a.example/products/pixel-2.svg', thumb: 'https://a.example/products/pixel-2_thumb.svg' },
      ],
      placeholder: false,
    });
    expect(galleryImages({ mainImage: 'b.svg', images: ['a.svg', 'b.svg'] }, 'https://a.example').images[0]?.full).toBe(
      'https://a.example/b.svg',
    );
    expect(galleryImages(pan(), 'https://a.example')).toEqual({
      images: [{ full: 'https://a.example/placeholder.svg', thumb: 'https://a.example/placeholder_thumb.svg' }],
      placeholder: true,
    });
  });

  it('writes the variant path into the query, keeping the other parameters', () => {
    expect(searchWithVariant('', '0/1')).toBe('?v=0/1');
    expect(searchWithVariant('?v=1/1&ref=home', '0/2')).toBe('?ref=home&v=0/2');
    expect(searchWithVariant('?v=1/1', null)).toBe('');
    expect(searchWithVariant('?ref=home&v=1/1', null)).toBe('?ref=home');
  });

  it('formats the weight, the description and the meta description', () => {
    expect(formatWeight(190)).toBe('190 g');
    expect(formatWeight(1250)).toBe('1.25 kg');
    expect(formatWeight(0)).toBeNull();
    expect(paragraphs('One.\n\n  Two.\r\n\r\nThree\n')).toEqual(['One.', 'Two.', 'Three']);
    expect(summarise('Short  text\n here.')).toBe('Short text here.');
    const long = summarise('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('builds the site origin from forwarded headers', () => {
    expect(originFromHeaders({ host: 'shop.example', proto: 'https' })).toBe('https://shop.example');
    expect(originFromHeaders({ host: 'shop.example, proxy', proto: null })).toBe('https://shop.example');
    expect(originFromHeaders({ host: 'localhost:3103', proto: null })).toBe('http://localhost:3103');
    expect(originFromHeaders({ host: null, proto: null })).toBe('http://localhost');
  });
});

describe('a colour option’s picture', () => {
  const product = {
    mainImage: 'p-1.svg',
    images: ['p-1.svg', 'p-black.svg', 'p-white.svg'],
    variants: [
      { name: 'Storage', options: ['128 GB', '256 GB'] },
      { name: 'Colour', options: ['Black', 'White', 'Gold'], images: ['p-black.svg', 'p-white.svg', null] },
    ],
  };
  const pictures = optionPictures(product);

  it('points each option at its image in the gallery, or nowhere', () => {
    expect(pictures).toEqual([[], [1, 2, null]]);
  });

  it('is shown once the colour is chosen, even before the other variants', () => {
    expect(pictureForSelection(pictures, [null, 1])).toBe(2);
    expect(pictureForSelection(pictures, [0, 0])).toBe(1);
    expect(pictureForSelection(pictures, [1, null])).toBeNull();
    expect(pictureForSelection(pictures, [0, 2])).toBeNull();
    expect(pictureForSelection(pictures, undefined)).toBeNull();
  });

  it('ignores a picture that is not among the product’s images', () => {
    expect(optionPictures({ ...product, images: ['p-1.svg'] })).toEqual([[], [null, null, null]]);
  });
});
