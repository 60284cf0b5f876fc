/** Fixed reference data of the demo catalogue: regions, countries, config, categories, merchants. */
import { PLACEHOLDER_IMAGE, THUMBNAIL_SUFFIX } from '@kedai/domain';
import type { Shape } from './images';

export interface RegionDef {
  key: string;
  name: string;
  currency: string;
  countries: string[];
  /** Price band upper edges in major units; stored ×minorFactor. */
  bands: number[];
  /** Units of this currency per 1 SGD. */
  rate: number;
  /** 100 for two-decimal currencies, 1 for zero-decimal ones (JPY). */
  minorFactor: number;
}

export const REGIONS: RegionDef[] = [
  {
    key: 'SG',
    name: 'Singapore',
    currency: 'SGD',
    countries: ['SG'],
    bands: [20, 50, 100, 250, 500, 1000, 2500],
    rate: 1,
    minorFactor: 100,
  },
  {
    key: 'MY',
    name: 'Malaysia',
    currency: 'MYR',
    countries: ['MY'],
    bands: [50, 150, 300, 750, 1500, 3000, 7500],
    rate: 3.5,
    minorFactor: 100,
  },
  {
    key: 'JP',
    name: 'Japan',
    currency: 'JPY',
    countries: ['JP'],
    bands: [2000, 5000, 10000, 30000, 50000, 100000, 300000],
    rate: 115,
    minorFactor: 1,
  },
  {
    key: 'ID',
    name: 'Indonesia',
    currency: 'IDR',
    countries: ['ID'],
    bands: [250_000, 500_000, 1_000_000, 3_000_000, 6_000_000, 12_000_000, 20_000_000],
    rate: 12_000,
    minorFactor: 100,
  },
  {
    key: 'US',
    name: 'United States',
    currency: 'USD',
    countries: ['US'],
    bands: [15, 40, 75, 200, 400, 750, 2000],
    rate: 0.75,
    minorFactor: 100,
  },
  {
    key: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    countries: ['GB'],
    bands: [10, 25, 50, 150, 300, 600, 1500],
    rate: 0.58,
    minorFactor: 100,
  },
];

export const SHIPPING_COUNTRIES = [
  'SG',
  'MY',
  'ID',
  'TH',
  'VN',
  'PH',
  'JP',
  'KR',
  'CN',
  'HK',
  'TW',
  'AU',
  'NZ',
  'IN',
  'US',
  'CA',
  'GB',
  'DE',
  'FR',
  'NL',
  'IT',
  'ES',
  'SE',
  'CH',
  'AE',
  'SA',
  'BR',
  'MX',
  'ZA',
  'IE',
];

/**
 * What delivery costs, by zone (SGD before conversion to each region's currency) and how long it
 * takes in working days. A country not named here is in the last zone.
 */
export interface ShippingZone {
  countries: readonly string[];
  feeSgd: number;
  freeFromSgd: number;
  days: readonly [number, number];
}
export const SHIPPING_ZONES: readonly ShippingZone[] = [
  { countries: ['SG'], feeSgd: 4, freeFromSgd: 60, days: [1, 3] },
  { countries: ['MY', 'ID', 'TH', 'VN', 'PH'], feeSgd: 12, freeFromSgd: 150, days: [3, 7] },
  { countries: ['JP', 'KR', 'CN', 'HK', 'TW', 'AU', 'NZ', 'IN'], feeSgd: 18, freeFromSgd: 250, days: [5, 10] },
  { countries: [], feeSgd: 28, freeFromSgd: 400, days: [7, 14] },
];

/**
 * Tax the demo shop charges by destination (issue 16): GST added on top in Singapore and Australia;
 * Japan's consumption tax and the UK's VAT are inside the prices shoppers there see.
 */
export const TAX_RATES: ReadonlyArray<{ countryCode: string; name: string; rateBp: number; inclusive: boolean }> = [
  { countryCode: 'SG', name: 'GST', rateBp: 900, inclusive: false },
  { countryCode: 'AU', name: 'GST', rateBp: 1000, inclusive: false },
  { countryCode: 'JP', name: 'Consumption tax', rateBp: 1000, inclusive: true },
  { countryCode: 'GB', name: 'VAT', rateBp: 2000, inclusive: true },
];

export const CONFIG: Record<string, unknown> = {
  app_currency: 'SGD',
  default_region: 'SG',
  shop_name: 'Kedai',
  contact_email: 'hello@kedai.example',
  thumbnail_suffix: THUMBNAIL_SUFFIX,
  placeholder_image: PLACEHOLDER_IMAGE,
  support_hours: 'Mon–Fri 09:00–18:00 SGT',
};

/**
 * Demo prices stay at or under this cap, which keeps every amount within a 32-bit integer in every
 * currency (1 SGD ≈ 1,200,000 IDR minor units). The price columns themselves are bigint since
 * migration 0002, so a real shop's prices are not bound by it.
 */
export const PRICE_CAP_SGD = 1700;
export const MAX_INT32 = 2_147_483_647;

interface VariantOption {
  label: string;
  /** Price multiplier of this option; 1 for options that do not change the price. */
  factor: number;
}

export interface VariantDef {
  name: string;
  options: VariantOption[];
  /** Fewest options a product keeps (the first ones are always kept). */
  minOptions?: number;
}

export interface ProductType {
  name: string;
  /** Relative frequency when a model does not fix its type; 0 = only when a model names it. */
  weight: number;
  /** Price multiplier of this type. */
  factor: number;
  /** Variants that make sense for this type; otherwise the category's. */
  variants?: VariantDef[];
}

export interface CategoryDef {
  key: string;
  name: string;
  hue: number;
  shape: Shape;
  children?: CategoryDef[];
  /** Leaf data (a category with products). */
  leaf?: {
    weight: number;
    /** Brand -> models; `Model|Type` fixes the product type for that model. */
    brands: Record<string, string[]>;
    /** Model numbers appended after the model, when it has none of its own. */
    numbers?: string[];
    types: ProductType[];
    /** Base price range in SGD. */
    price: [number, number];
    /** Weight range in grams. */
    grams: [number, number];
    variants: VariantDef[];
    features: string[];
  };
}

const colour = (...labels: string[]): VariantDef => ({
  name: 'Colour',
  options: labels.map((label) => ({ label, factor: 1 })),
});
const sized = (name: string, options: Array<[string, number]>, minOptions?: number): VariantDef => ({
  name,
  options: options.map(([label, factor]) => ({ label, factor })),
  ...(minOptions ? { minOptions } : {}),
});

const STORAGE_LAPTOP = sized('Storage', [
  ['256 GB', 1],
  ['512 GB', 1.08],
  ['1 TB', 1.2],
  ['2 TB', 1.38],
]);
const STORAGE_PHONE = sized('Storage', [
  ['128 GB', 1],
  ['256 GB', 1.12],
  ['512 GB', 1.3],
  ['1 TB', 1.5],
]);
const CLOTHES_SIZE = sized('Size', [
  ['XS', 1],
  ['S', 1],
  ['M', 1],
  ['L', 1],
  ['XL', 1],
]);

export const CATEGORIES: CategoryDef[] = [
  {
    key: 'electronics',
    name: 'Electronics',
    hue: 215,
    shape: 'laptop',
    children: [
      {
        key: 'laptops',
        name: 'Laptops',
        hue: 215,
        shape: 'laptop',
        leaf: {
          weight: 8,
          brands: {
            Acer: ['Swift', 'Aspire', 'Nitro|Gaming Laptop', 'Predator Helios|Gaming Laptop'],
            Asus: ['ZenBook', 'VivoBook', 'ROG Strix|Gaming Laptop', 'TUF|Gaming Laptop'],
            Lenovo: ['IdeaPad', 'ThinkPad', 'Yoga|2-in-1 Laptop', 'Legion|Gaming Laptop'],
            HP: ['Pavilion', 'Envy', 'Spectre x360|2-in-1 Laptop', 'Omen|Gaming Laptop'],
            Dell: ['Inspiron', 'XPS', 'Latitude', 'Alienware|Gaming Laptop'],
          },
          numbers: ['13', '14', '15', '16'],
          types: [
            { name: 'Laptop', weight: 6, factor: 1 },
            { name: 'Ultrabook Laptop', weight: 2, factor: 1.15 },
            { name: 'Gaming Laptop', weight: 0, factor: 1.3 },
            { name: '2-in-1 Laptop', weight: 0, factor: 1.1 },
          ],
          price: [549, 1299],
          grams: [1100, 2600],
          variants: [STORAGE_LAPTOP, colour('Silver', 'Space Grey', 'Midnight Black', 'Sky Blue')],
          features: [
            'Its bright full-HD display is easy on the eyes from morning meetings to late-night films',
            'A backlit keyboard and a large glass touchpad make long typing sessions comfortable',
            'The battery lasts a full working day, and fast charging tops it up in under an hour',
            'Wi-Fi 6, USB-C and HDMI ports connect it to everything on your desk',
            'A slim aluminium body keeps it light enough to carry every day',
          ],
        },
      },
      {
        key: 'phones',
        name: 'Phones',
        hue: 200,
        shape: 'phone',
        leaf: {
          weight: 8,
          brands: {
            Samsung: ['Galaxy A35', 'Galaxy A55', 'Galaxy S24', 'Galaxy S24 Ultra', 'Galaxy Z Flip6|Foldable Phone'],
            Xiaomi: ['Redmi Note 13', 'Redmi 13C', 'Poco X6', 'Xiaomi 14'],
            Oppo: ['Reno 11', 'Find X7', 'A79', 'Find N3|Foldable Phone'],
            Google: ['Pixel 8', 'Pixel 8a', 'Pixel 9'],
            Vivo: ['V30', 'Y36', 'X100'],
          },
          types: [
            { name: 'Smartphone', weight: 5, factor: 1 },
            { name: '5G Smartphone', weight: 3, factor: 1.1 },
            { name: 'Foldable Phone', weight: 0, factor: 1.25 },
          ],
          price: [199, 1199],
          grams: [160, 240],
          variants: [STORAGE_PHONE, colour('Phantom Black', 'Titanium Grey', 'Mint', 'Lavender')],
          features: [
            'A 120 Hz AMOLED screen makes scrolling and games look smooth',
            'The triple camera takes sharp photos in low light and steady 4K video',
            'A 5,000 mAh battery comfortably lasts a full day',
            'It comes with four years of software updates',
            'The water-resistant body survives rain and the odd splash',
          ],
        },
      },
      {
        key: 'audio',
        name: 'Audio',
        hue: 255,
        shape: 'headphones',
        leaf: {
          weight: 6,
          brands: {
            Sony: ['Pulse', 'WH-1000XM5|Noise-Cancelling Headphones', 'LinkBuds|Wireless Earbuds'],
            JBL: ['Tune 520', 'Live 670', 'Tour One', 'Wave Buds|Wireless Earbuds'],
            Sennheiser: ['Momentum 4', 'HD 450', 'Accentum'],
            'Anker Soundcore': ['Q30', 'Space One', 'Life P3|Wireless Earbuds'],
            Bose: ['QuietComfort|Noise-Cancelling Headphones', 'Ultra'],
          },
          types: [
            { name: 'Wireless Headphones', weight: 4, factor: 1 },
            { name: 'Wireless Earbuds', weight: 3, factor: 0.7 },
            { name: 'Noise-Cancelling Headphones', weight: 2, factor: 1.4 },
          ],
          price: [39, 499],
          grams: [40, 320],
          variants: [colour('Black', 'White', 'Midnight Blue', 'Sand')],
          features: [
            'Active noise cancelling shuts out traffic, aircon hum and busy cafés',
            'Up to 30 hours of playback means charging just once a week',
            'Soft memory-foam cushions stay comfortable for hours',
            'Multipoint Bluetooth switches between your phone and laptop automatically',
            'Clear calls thanks to beamforming microphones',
          ],
        },
      },
      {
        key: 'cameras',
        name: 'Cameras',
        hue: 185,
        shape: 'camera',
        leaf: {
          weight: 4,
          brands: {
            Canon: ['EOS R50', 'EOS R10', 'PowerShot G7|Compact Camera'],
            Sony: ['Alpha 6400', 'ZV-E10', 'ZV-1|Compact Camera'],
            Fujifilm: ['X-T30', 'X-S20', 'Instax Mini 12|Instant Camera'],
            Nikon: ['Z50', 'Z fc', 'Coolpix P950|Compact Camera'],
            GoPro: ['Hero 12|Action Camera', 'Hero 11 Mini|Action Camera'],
          },
          types: [
            { name: 'Mirrorless Camera', weight: 1, factor: 1 },
            { name: 'Compact Camera', weight: 0, factor: 0.6 },
            {
              name: 'Instant Camera',
              weight: 0,
              factor: 0.12,
              variants: [colour('Blossom Pink', 'Pastel Blue', 'Clay White', 'Mint Green')],
            },
            {
              name: 'Action Camera',
              weight: 0,
              factor: 0.45,
              variants: [
                sized('Bundle', [
                  ['Camera Only', 1],
                  ['Creator Bundle', 1.35],
                ]),
              ],
            },
          ],
          price: [699, 1399],
          grams: [300, 700],
          variants: [
            sized('Kit', [
              ['Body Only', 1],
              ['With 15–45 mm Lens', 1.15],
              ['With 18–135 mm Lens', 1.3],
            ]),
            colour('Black', 'Silver'),
          ],
          features: [
            'A large APS-C sensor captures rich colour and soft backgrounds',
            'Fast eye-tracking autofocus keeps moving subjects sharp',
            'The flip-out screen makes vlogging and selfies easy',
            'It shoots 4K video without a recording limit',
            'Wi-Fi and Bluetooth send photos straight to your phone',
          ],
        },
      },
    ],
  },
  {
    key: 'home',
    name: 'Home & Living',
    hue: 28,
    shape: 'chair',
    children: [
      {
        key: 'kitchen',
        name: 'Kitchen',
        hue: 18,
        shape: 'pot',
        leaf: {
          weight: 6,
          brands: {
            Tefal: ['Ingenio', 'Daily Cook', 'Expertise'],
            'Le Creuset': ['Signature', 'Classic'],
            Meyer: ['Accent', 'Bauhaus'],
            'Lock & Lock': ['Easy Cook', 'Hard & Light'],
            Zwilling: ['Pure', 'Twin Classic'],
          },
          types: [
            { name: 'Frying Pan', weight: 3, factor: 1 },
            { name: 'Casserole Pot', weight: 2, factor: 1.6 },
            { name: 'Saucepan', weight: 2, factor: 0.9 },
            { name: 'Wok', weight: 2, factor: 1.1 },
          ],
          price: [19, 189],
          grams: [700, 4500],
          variants: [
            sized('Size', [
              ['20 cm', 1],
              ['24 cm', 1.15],
              ['28 cm', 1.3],
              ['32 cm', 1.45],
            ]),
            colour('Graphite', 'Cherry Red', 'Sea Blue', 'Cream'),
          ],
          features: [
            'The non-stick coating releases eggs and fish without a fight',
            'It works on gas, electric and induction hobs',
            'A thick, even base spreads heat with no hot spots',
            'Stay-cool handles make it safe to move from hob to table',
            'It is dishwasher safe, so cleaning up takes a minute',
          ],
        },
      },
      {
        key: 'furniture',
        name: 'Furniture',
        hue: 35,
        shape: 'chair',
        leaf: {
          weight: 4,
          brands: {
            Nordhus: ['Alva', 'Berg', 'Lunde'],
            'Teak & Co': ['Kampung', 'Serene'],
            Oakwood: ['Studio', 'Loft'],
            'Rattan House': ['Bali', 'Lombok'],
          },
          types: [
            { name: 'Dining Chair', weight: 3, factor: 0.5 },
            { name: 'Armchair', weight: 2, factor: 1.4 },
            { name: 'Side Table', weight: 2, factor: 0.6 },
            { name: 'Bookshelf', weight: 1, factor: 1.2 },
            { name: 'Office Chair', weight: 2, factor: 1.1 },
          ],
          price: [89, 799],
          grams: [3500, 25000],
          variants: [colour('Natural Oak', 'Walnut', 'White', 'Charcoal')],
          features: [
            'Solid wood joints keep it sturdy for years',
            'It arrives flat-packed and goes together in about twenty minutes',
            'A clean, simple shape suits both HDB flats and condos',
            'The surface is sealed against spills and stains',
            'It is made from responsibly sourced timber',
          ],
        },
      },
    ],
  },
  {
    key: 'fashion',
    name: 'Fashion',
    hue: 265,
    shape: 'shirt',
    children: [
      {
        key: 'men',
        name: 'Men',
        hue: 230,
        shape: 'shirt',
        leaf: {
          weight: 6,
          brands: {
            Uniqlo: ['AIRism', 'Dry-EX', 'Supima'],
            Giordano: ['Essentials', 'Classic'],
            "Levi's": ['Housemark', 'Original'],
            Padini: ['Authentic', 'Seed'],
          },
          types: [
            { name: 'T-Shirt', weight: 3, factor: 0.6 },
            { name: 'Polo Shirt', weight: 2, factor: 0.9 },
            { name: 'Oxford Shirt', weight: 2, factor: 1.2 },
            { name: 'Linen Shirt', weight: 1, factor: 1.4 },
          ],
          price: [19, 69],
          grams: [150, 400],
          variants: [CLOTHES_SIZE, colour('Navy', 'White', 'Olive', 'Black', 'Heather Grey')],
          features: [
            'Breathable cotton keeps you cool in tropical heat',
            'A relaxed regular fit works tucked in or worn loose',
            'It keeps its shape and colour wash after wash',
            'Quick-drying fabric is ready to wear again by morning',
            'Reinforced seams hold up to everyday wear',
          ],
        },
      },
      {
        key: 'women',
        name: 'Women',
        hue: 320,
        shape: 'dress',
        leaf: {
          weight: 6,
          brands: {
            'Love Bonito': ['Alia', 'Mira', 'Leona'],
            Zalora: ['Basics', 'Studio'],
            Pomelo: ['Arden', 'Juniper'],
            "The Editor's Market": ['Kaia', 'Odette'],
          },
          types: [
            { name: 'Midi Dress', weight: 3, factor: 1.1 },
            { name: 'Wrap Dress', weight: 2, factor: 1.2 },
            { name: 'Blouse', weight: 2, factor: 0.7 },
            { name: 'Maxi Skirt', weight: 1, factor: 0.9 },
          ],
          price: [29, 109],
          grams: [180, 500],
          variants: [CLOTHES_SIZE, colour('Ivory', 'Dusty Rose', 'Sage', 'Black', 'Cobalt')],
          features: [
            'Flowing, lightweight fabric moves beautifully and stays cool',
            'A flattering cut goes from office to dinner',
            'Hidden pockets hold your phone and keys',
            'It is lined, so it is never see-through',
            'Machine washable on a gentle cycle',
          ],
        },
      },
      {
        key: 'bags',
        name: 'Bags',
        hue: 295,
        shape: 'bag',
        leaf: {
          weight: 5,
          brands: {
            'Charles & Keith': ['Koa', 'Aubrielle', 'Gabine'],
            Herschel: ['Little America', 'Settlement', 'Nova'],
            Anello: ['Cross Bottle', 'Legato'],
            Samsonite: ['Red', 'Openroad'],
          },
          types: [
            { name: 'Backpack', weight: 3, factor: 1 },
            { name: 'Tote Bag', weight: 2, factor: 0.9 },
            { name: 'Crossbody Bag', weight: 2, factor: 0.8 },
            { name: 'Laptop Backpack', weight: 1, factor: 1.2 },
          ],
          price: [39, 259],
          grams: [300, 1400],
          variants: [colour('Black', 'Taupe', 'Navy', 'Sand', 'Olive')],
          features: [
            'Water-repellent fabric keeps your things dry in a sudden downpour',
            'A padded sleeve fits a 15-inch laptop',
            'Plenty of inside pockets keep small things organised',
            'Adjustable straps sit comfortably on the shoulder',
            'Sturdy zips and stitching are made to last',
          ],
        },
      },
    ],
  },
  {
    key: 'beauty',
    name: 'Beauty',
    hue: 340,
    shape: 'lipstick',
    children: [
      {
        key: 'skincare',
        name: 'Skincare',
        hue: 160,
        shape: 'bottle',
        leaf: {
          weight: 5,
          brands: {
            Innisfree: ['Green Tea', 'Volcanic'],
            Laneige: ['Water Bank', 'Cream Skin'],
            Cosrx: ['Advanced Snail', 'Low pH'],
            Sulwhasoo: ['First Care', 'Concentrated Ginseng'],
          },
          types: [
            { name: 'Serum', weight: 3, factor: 1.2 },
            { name: 'Moisturiser', weight: 3, factor: 1 },
            { name: 'Cleanser', weight: 2, factor: 0.6 },
            { name: 'Toner', weight: 2, factor: 0.7 },
            { name: 'Sunscreen SPF50', weight: 2, factor: 0.8 },
          ],
          price: [15, 139],
          grams: [80, 400],
          variants: [
            sized('Size', [
              ['30 ml', 1],
              ['50 ml', 1.5],
              ['100 ml', 2.4],
            ]),
          ],
          features: [
            'A light, fast-absorbing texture that suits humid weather',
            'It is gentle enough for sensitive skin and free of fragrance',
            'Hyaluronic acid keeps skin hydrated all day',
            'Dermatologist tested and cruelty free',
            'Use it morning and night after cleansing',
          ],
        },
      },
      {
        key: 'makeup',
        name: 'Makeup',
        hue: 350,
        shape: 'lipstick',
        leaf: {
          weight: 5,
          brands: {
            Maybelline: ['SuperStay', 'Fit Me', 'Colour Sensational'],
            MAC: ['Matte', 'Studio Fix'],
            Fenty: ['Gloss Bomb', "Pro Filt'r"],
            Etude: ['Fixing Tint', 'Play Color'],
          },
          types: [
            { name: 'Lipstick', weight: 3, factor: 1 },
            { name: 'Liquid Lip Tint', weight: 2, factor: 0.9 },
            { name: 'Foundation', weight: 2, factor: 1.6 },
            { name: 'Eyeshadow Palette', weight: 1, factor: 2 },
          ],
          price: [9, 49],
          grams: [20, 200],
          variants: [
            {
              name: 'Shade',
              options: ['Rose', 'Coral', 'Nude', 'Berry', 'Ruby'].map((label) => ({ label, factor: 1 })),
              minOptions: 3,
            },
          ],
          features: [
            'Long-wearing colour lasts up to sixteen hours',
            'The formula is lightweight and never feels sticky',
            'Buildable coverage from a sheer wash to full colour',
            'It is transfer-resistant, so it stays put through lunch',
            'Shades are made for warm, cool and neutral undertones',
          ],
        },
      },
    ],
  },
  {
    key: 'sports',
    name: 'Sports & Outdoors',
    hue: 145,
    shape: 'dumbbell',
    children: [
      {
        key: 'fitness',
        name: 'Fitness',
        hue: 130,
        shape: 'dumbbell',
        leaf: {
          weight: 4,
          brands: {
            Domyos: ['Essential', 'Pro'],
            Adidas: ['Performance', 'Training'],
            Reebok: ['Core', 'Delta'],
            Bowflex: ['SelectTech|Adjustable Dumbbell'],
          },
          types: [
            {
              name: 'Dumbbell Set',
              weight: 3,
              factor: 1,
              variants: [
                sized('Weight', [
                  ['5 kg', 1],
                  ['10 kg', 1.6],
                  ['15 kg', 2.1],
                  ['20 kg', 2.6],
                ]),
              ],
            },
            {
              name: 'Kettlebell',
              weight: 2,
              factor: 0.8,
              variants: [
                sized('Weight', [
                  ['8 kg', 1],
                  ['12 kg', 1.3],
                  ['16 kg', 1.6],
                  ['24 kg', 2.1],
                ]),
              ],
            },
            { name: 'Yoga Mat', weight: 2, factor: 0.6, variants: [colour('Lilac', 'Ocean Blue', 'Charcoal', 'Sage')] },
            { name: 'Resistance Band Set', weight: 1, factor: 0.4 },
            { name: 'Adjustable Dumbbell', weight: 0, factor: 4 },
          ],
          price: [19, 119],
          grams: [500, 20000],
          variants: [colour('Black', 'Red', 'Teal')],
          features: [
            'A non-slip grip stays secure even with sweaty hands',
            'Compact enough to store under the bed',
            'It covers a full-body workout at home',
            'Durable materials handle daily training',
            'A free app has guided workouts to get you started',
          ],
        },
      },
      {
        key: 'outdoor',
        name: 'Outdoor',
        hue: 95,
        shape: 'tent',
        leaf: {
          weight: 4,
          brands: {
            Coleman: ['Sundome', 'Darwin'],
            Naturehike: ['Cloud Up', 'Mongar'],
            Quechua: ['MH100', 'Arpenaz'],
            'The North Face': ['Stormbreak', 'Wawona'],
          },
          types: [
            {
              name: 'Camping Tent',
              weight: 3,
              factor: 1,
              variants: [
                sized('Capacity', [
                  ['2-Person', 1],
                  ['3-Person', 1.25],
                  ['4-Person', 1.5],
                ]),
                colour('Forest Green', 'Orange', 'Sand'),
              ],
            },
            { name: 'Sleeping Bag', weight: 2, factor: 0.5 },
            { name: 'Hiking Backpack', weight: 2, factor: 0.8 },
            { name: 'Camping Chair', weight: 1, factor: 0.3 },
          ],
          price: [59, 499],
          grams: [800, 6000],
          variants: [colour('Forest Green', 'Orange', 'Sand', 'Navy')],
          features: [
            'Sets up in minutes, even on your own',
            'Waterproof seams keep you dry through an overnight storm',
            'It packs down small and clips onto a backpack',
            'Mesh panels keep air moving on warm nights',
            'Made for weekend trips to Pulau Ubin or the Cameron Highlands',
          ],
        },
      },
    ],
  },
  {
    key: 'toys',
    name: 'Toys & Games',
    hue: 45,
    shape: 'teddy',
    leaf: {
      weight: 5,
      brands: {
        Lego: ['City|Building Set', 'Technic|Building Set', 'Friends|Building Set', 'Creator 3-in-1|Building Set'],
        Jellycat: ['Bashful Bunny|Plush Toy', 'Amuseable|Plush Toy'],
        Hasbro: ['Monopoly|Board Game', 'Cluedo|Board Game', 'Play-Doh|Play Set'],
        Mattel: ['Hot Wheels|Play Set', 'Uno Flip|Card Game'],
        'Melissa & Doug': ['Wooden|Play Set', 'Deluxe|Play Set'],
      },
      types: [
        { name: 'Building Set', weight: 1, factor: 1.5 },
        { name: 'Plush Toy', weight: 1, factor: 0.6 },
        { name: 'Board Game', weight: 1, factor: 0.8 },
        { name: 'Card Game', weight: 0, factor: 0.25 },
        { name: 'Play Set', weight: 1, factor: 1 },
      ],
      price: [19, 149],
      grams: [150, 2500],
      variants: [colour('Red', 'Blue', 'Yellow', 'Green')],
      features: [
        'Designed for ages 4 and up, with no small loose parts',
        'It encourages creative, open-ended play',
        'Made from durable, child-safe materials',
        'A great gift for birthdays and Hari Raya',
        'Everything packs neatly back into its box',
      ],
    },
  },
  {
    key: 'groceries',
    name: 'Groceries',
    hue: 75,
    shape: 'basket',
    children: [
      {
        key: 'snacks',
        name: 'Snacks',
        hue: 60,
        shape: 'basket',
        leaf: {
          weight: 4,
          brands: {
            'Khong Guan': ['Assorted|Biscuits', 'Marie|Biscuits'],
            Irvins: ['Salted Egg|Potato Chips', 'Salted Egg Fish Skin|Crisps'],
            'Tao Kae Noi': ['Crispy|Seaweed Snack', 'Big Roll|Seaweed Snack'],
            "Julie's": ['Peanut Butter|Sandwich Biscuits', 'Cheese|Crackers'],
            Pocky: ['Chocolate|Biscuit Sticks', 'Strawberry|Biscuit Sticks'],
          },
          types: [
            { name: 'Biscuits', weight: 1, factor: 1 },
            { name: 'Potato Chips', weight: 0, factor: 1.2 },
            { name: 'Crisps', weight: 0, factor: 1.4 },
            { name: 'Seaweed Snack', weight: 0, factor: 0.8 },
            { name: 'Sandwich Biscuits', weight: 0, factor: 0.9 },
            { name: 'Crackers', weight: 0, factor: 0.8 },
            { name: 'Biscuit Sticks', weight: 0, factor: 0.5 },
          ],
          price: [3, 19],
          grams: [50, 800],
          variants: [
            sized('Pack', [
              ['Single', 1],
              ['3-Pack', 2.8],
              ['6-Pack', 5.2],
            ]),
          ],
          features: [
            'A crowd favourite for office pantries and movie nights',
            'Each pack is resealable to keep it crisp',
            'Made in the region with no artificial colouring',
            'Perfect for sharing at gatherings',
            'Best enjoyed with a cup of kopi or teh',
          ],
        },
      },
      {
        key: 'beverages',
        name: 'Beverages',
        hue: 25,
        shape: 'cup',
        leaf: {
          weight: 4,
          brands: {
            'Nanyang Old Coffee': ['Kopi O|Instant Coffee', 'White Coffee|Instant Coffee'],
            Gryphon: ['Chamomile|Tea Bags', 'Earl Grey|Tea Bags'],
            TWG: ['1837 Black|Loose Leaf Tea', 'Silver Moon|Loose Leaf Tea'],
            Milo: ['Original|Malted Drink', '3-in-1|Malted Drink'],
            Pokka: ['Green Tea|Bottled Tea', 'Jasmine|Bottled Tea'],
          },
          types: [
            { name: 'Instant Coffee', weight: 0, factor: 1 },
            { name: 'Tea Bags', weight: 0, factor: 1 },
            { name: 'Loose Leaf Tea', weight: 0, factor: 2.2 },
            { name: 'Malted Drink', weight: 0, factor: 1 },
            { name: 'Bottled Tea', weight: 1, factor: 0.5 },
          ],
          price: [4, 24],
          grams: [200, 1500],
          variants: [
            sized('Pack', [
              ['Single', 1],
              ['Twin Pack', 1.9],
              ['Carton of 6', 5.4],
            ]),
          ],
          features: [
            'Brewed the traditional way for a rich, full flavour',
            'Ready in a minute: just add hot water',
            'Sourced from growers across Southeast Asia',
            'No added preservatives',
            'A pantry staple for busy mornings',
          ],
        },
      },
    ],
  },
];

export interface MerchantDef {
  slug: string;
  name: string;
  countryCode: string;
  description: string;
  /** Root category keys the merchant sells in; empty = everything. */
  roots: string[];
  hue: number;
}

export const MERCHANTS: MerchantDef[] = [
  {
    slug: 'lion-city-tech',
    name: 'Lion City Tech',
    countryCode: 'SG',
    description: 'Laptops, phones and gadgets from a family-run shop in Sim Lim Square, with local warranty on everything.',
    roots: ['electronics'],
    hue: 215,
  },
  {
    slug: 'petaling-gadgets',
    name: 'Petaling Gadgets',
    countryCode: 'MY',
    description: 'Kuala Lumpur gadget specialists shipping across Southeast Asia.',
    roots: ['electronics', 'toys'],
    hue: 190,
  },
  {
    slug: 'merlion-living',
    name: 'Merlion Living',
    countryCode: 'SG',
    description: 'Cookware and furniture for small homes, picked by our team in Tiong Bahru.',
    roots: ['home'],
    hue: 28,
  },
  {
    slug: 'orchard-threads',
    name: 'Orchard Threads',
    countryCode: 'SG',
    description: 'Everyday fashion and bags made for tropical weather.',
    roots: ['fashion'],
    hue: 265,
  },
  {
    slug: 'straits-beauty',
    name: 'Straits Beauty Co.',
    countryCode: 'SG',
    description: 'K-beauty and makeup favourites, always authentic and stored air-conditioned.',
    roots: ['beauty'],
    hue: 340,
  },
  {
    slug: 'kampong-outdoors',
    name: 'Kampong Outdoors',
    countryCode: 'MY',
    description: 'Gear for the gym, the trail and the campsite, from Penang.',
    roots: ['sports'],
    hue: 140,
  },
  {
    slug: 'little-playhouse',
    name: 'Little Playhouse',
    countryCode: 'SG',
    description: 'Toys and games that grown-ups enjoy too.',
    roots: ['toys'],
    hue: 45,
  },
  {
    slug: 'tiong-bahru-pantry',
    name: 'Tiong Bahru Pantry',
    countryCode: 'SG',
    description: 'Local snacks, kopi and teas, packed fresh every week.',
    roots: ['groceries'],
    hue: 70,
  },
  {
    slug: 'johor-home-market',
    name: 'Johor Home Market',
    countryCode: 'MY',
    description: 'Good-value homeware, fashion and pantry goods from Johor Bahru.',
    roots: ['home', 'fashion', 'groceries'],
    hue: 10,
  },
  {
    slug: 'kedai-select',
    name: 'Kedai Select',
    countryCode: 'SG',
    description: 'Products sourced for you from marketplaces abroad, checked by the Kedai team.',
    roots: [],
    hue: 175,
  },
];

/** Merchant of the products brought in from external marketplaces. */
export const SOURCING_MERCHANT = 'kedai-select';

export const MARKETPLACES: Array<{ name: string; url: (slug: string, n: number) => string }> = [
  { name: 'Amazon', url: (slug, n) => `https://www.amazon.com/${slug}/dp/B0${n.toString(36).toUpperCase().padStart(8, '0')}` },
  { name: 'Taobao', url: (_slug, n) => `https://item.taobao.com/item.htm?id=${600000000000 + n}` },
  { name: 'Lazada', url: (slug, n) => `https://www.lazada.sg/products/${slug}-i${1000000 + n}.html` },
  { name: 'Shopee', url: (slug, n) => `https://shopee.sg/${slug}-i.${80000000 + n}.${20000000000 + n}` },
];

export const DESCRIPTION_ADJECTIVES = [
  'dependable',
  'stylish',
  'well-made',
  'compact',
  'great-value',
  'thoughtfully designed',
  'premium',
  'everyday',
  'popular',
  'versatile',
];
