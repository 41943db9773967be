/**
 * A large catalogue for benchmarks: the seed catalogue plus generated products up to a total
 * count. Generated products combine flower names, colours and arrangement styles (and a share
 * of gifts), with realistic values in every field; their related slugs point at seed products.
 * Deterministic and fast (10,000 products in well under a second).
 *
 * @example
 * const catalogue = buildLargeCatalogue(10_000);
 * catalogue.products.length; // 10000
 */
import type { ImageArt } from '@/lib/server/db/schema';
import { PALETTES } from '@/lib/samples/catalogue-data';
import {
  buildCatalogue,
  buildImages,
  buildVariants,
  createRng,
  designFor,
  pictureCount,
  roundPrice,
  slugify,
  uniqueSlug,
  VIP_MIN_PRICE,
  type Rng,
} from '@/lib/samples/catalogue';
import type { SeedCatalogue, SeedProduct } from '@/lib/server/seed/types';

type Colour = { word: string; titleWords: string[]; palette: string[] };

const COLOURS: Record<string, Colour> = {
  red: { word: 'red', titleWords: ['Crimson', 'Scarlet', 'Ruby'], palette: PALETTES.red },
  pink: { word: 'pink', titleWords: ['Blush', 'Petal', 'Candy'], palette: PALETTES.pink },
  white: { word: 'white', titleWords: ['Ivory', 'Snow', 'Pearl'], palette: PALETTES.white },
  yellow: { word: 'yellow', titleWords: ['Golden', 'Sunlit', 'Honey'], palette: PALETTES.yellow },
  peach: { word: 'peach', titleWords: ['Apricot', 'Peach', 'Sorbet'], palette: PALETTES.peach },
  burgundy: { word: 'burgundy', titleWords: ['Plum', 'Merlot', 'Velvet'], palette: PALETTES.burgundy },
  coral: { word: 'coral', titleWords: ['Coral', 'Papaya', 'Flamingo'], palette: PALETTES.coral },
  lavender: { word: 'lavender', titleWords: ['Lilac', 'Amethyst', 'Violet'], palette: PALETTES.lavender },
  orange: { word: 'orange', titleWords: ['Amber', 'Tangerine', 'Saffron'], palette: PALETTES.orange },
  purple: { word: 'purple', titleWords: ['Royal', 'Orchid', 'Mulberry'], palette: PALETTES.purple },
  blue: { word: 'blue', titleWords: ['Sapphire', 'Azure', 'Indigo'], palette: PALETTES.skyBlue },
  green: { word: 'green', titleWords: ['Emerald', 'Jade', 'Mint'], palette: PALETTES.green },
  bronze: { word: 'bronze', titleWords: ['Bronze', 'Copper', 'Cinnamon'], palette: ['#b5651d', '#e0a030', '#8d4a14'] },
  striped: { word: 'striped red and white', titleWords: ['Candy Cane', 'Peppermint', 'Harlequin'], palette: PALETTES.redWhite },
  rainbow: { word: 'rainbow', titleWords: ['Rainbow', 'Carnival', 'Prism'], palette: PALETTES.rainbow },
  mixed: { word: 'mixed bright', titleWords: ['Festival', 'Confetti', 'Kaleidoscope'], palette: PALETTES.bright },
};

type Flower = {
  plural: string;
  art: NonNullable<ImageArt['flower']>;
  category: string;
  code: string;
  perStem: number;
  colours: string[];
};

const FLOWERS: Flower[] = [
  { plural: 'roses', art: 'rose', category: 'roses', code: 'ROS', perStem: 2200, colours: ['red', 'pink', 'white', 'yellow', 'peach', 'burgundy', 'coral', 'lavender', 'orange'] },
  { plural: 'chrysanthemums', art: 'chrysanthemum', category: 'chrysanthemums', code: 'CHR', perStem: 1500, colours: ['white', 'yellow', 'purple', 'pink', 'bronze', 'green'] },
  { plural: 'lilies', art: 'lily', category: 'lilies', code: 'LIL', perStem: 6000, colours: ['white', 'pink', 'orange', 'yellow'] },
  { plural: 'million stars', art: 'million-stars', category: 'million-stars', code: 'MST', perStem: 1800, colours: ['white', 'pink', 'blue', 'lavender', 'rainbow'] },
  { plural: 'gerberas', art: 'gerbera', category: 'gerbera-flowers', code: 'GER', perStem: 2000, colours: ['orange', 'pink', 'red', 'yellow', 'coral', 'mixed'] },
  { plural: 'carnations', art: 'carnation', category: 'carnations', code: 'CAR', perStem: 1200, colours: ['pink', 'red', 'white', 'striped', 'peach', 'burgundy'] },
];

type Style = { phrase: string; kind: ImageArt['kind']; extra: number; counts: number[]; artStyle?: string };

const STYLES: Style[] = [
  { phrase: 'in a wrapped bouquet', kind: 'bouquet', extra: 0, counts: [12, 15, 18, 20, 24, 30, 36, 50] },
  { phrase: 'hand-tied in kraft paper', kind: 'bouquet', extra: 0, counts: [10, 12, 15, 20, 24] },
  { phrase: 'in a round hat box', kind: 'box', extra: 10000, counts: [9, 16, 20, 25, 36], artStyle: 'round' },
  { phrase: 'in a square velvet box', kind: 'box', extra: 14000, counts: [12, 20, 30, 40], artStyle: 'square' },
  { phrase: 'in a glass vase', kind: 'vase', extra: 15000, counts: [12, 18, 24, 30], artStyle: 'glass' },
  { phrase: 'in a ceramic vase', kind: 'vase', extra: 18000, counts: [10, 15, 20], artStyle: 'ceramic' },
  { phrase: 'in a wicker basket', kind: 'basket', extra: 12000, counts: [15, 20, 30], artStyle: 'basket' },
];

const ADJECTIVES = [
  'Velvet', 'Morning', 'Midnight', 'Gentle', 'Sweet', 'Wild', 'Silken', 'Radiant', 'Secret', 'Endless',
  'Tender', 'Bright', 'Quiet', 'Lush', 'Dreamy', 'Lagos', 'Abuja', 'Ikoyi', 'Lekki', 'Maitama',
  'Harmattan', 'Lagoon', 'Island', 'Garden', 'Sunday', 'Evening', 'Summer', 'Festive', 'Grand', 'Little',
  'Classic', 'Modern', 'Timeless', 'Joyful', 'Graceful', 'Noble', 'Heavenly', 'Serene', 'Vivid', 'Whispering',
];

const NOUNS = [
  'Whisper', 'Romance', 'Glow', 'Promise', 'Embrace', 'Serenade', 'Delight', 'Charm', 'Melody', 'Blossom',
  'Kiss', 'Dream', 'Sonnet', 'Ballad', 'Affair', 'Bloom', 'Posy', 'Treasure', 'Symphony', 'Reverie',
  'Sunrise', 'Sunset', 'Breeze', 'Heart', 'Crush', 'Wishes', 'Greetings', 'Surprise', 'Celebration', 'Tribute',
  'Harmony', 'Spark', 'Devotion', 'Cloud', 'Parade', 'Jubilee', 'Flame', 'Story', 'Moment', 'Touch',
];

const OPENERS: Record<ImageArt['kind'], string[]> = {
  bouquet: [
    '{Count} {colour} {flower}, hand-tied with seasonal greenery and wrapped in layered paper with a satin ribbon.',
    '{Count} {colour} {flower} gathered into a generous dome and tied with ribbon by our Ikoyi florists.',
    'A loose, garden-style bouquet of {count} {colour} {flower} with eucalyptus and ruscus.',
  ],
  box: [
    'A keepsake box holding {count} {colour} {flower} on wet foam, so no vase is needed.',
    'A box arrangement of {count} {colour} {flower}, finished with a ribbon band and a gift card.',
  ],
  vase: [
    '{Count} {colour} {flower} arranged in a vase and delivered with water, ready for the table.',
    'A vase arrangement of {count} {colour} {flower} with trailing greenery, made to last a week or more.',
  ],
  basket: ['{Count} {colour} {flower} in a handled wicker basket with soft greenery, easy to carry into any room.'],
  gift: [],
  cake: [],
  bottle: [],
  bear: [],
  plant: [],
  balloon: [],
  candle: [],
};

const OCCASION_LINES: Record<string, string[]> = {
  'anniversary-flowers': ['A thoughtful way to mark another year together.', 'Made for anniversaries, big and small.'],
  'birthday-flowers': ['A cheerful birthday surprise that arrives ready to display.', 'Perfect for birthdays at home or at the office.'],
  'flowers-to-say-thanks-sorry-etc': ['Just right for saying thank you, sorry or well done.', 'Lets the flowers say what words cannot.'],
  'valentines-day-flowers': ['A Valentine’s favourite; order early for the 14th.', 'Romantic enough for Valentine’s Day and every day after.'],
  'get-well-soon': ['Bright and gentle for someone recovering at home or in hospital.', 'A warm get-well wish for a hospital bedside.'],
};

const DELIVERY_LINES = [
  'Delivered the same day in Lagos and Abuja when ordered before 4pm.',
  'Made fresh on the morning of delivery by our florists in Lagos and Abuja.',
  'Comes with a handwritten card carrying your message.',
  'Our riders call the recipient before arriving, so the surprise is never missed.',
];

type GiftTemplate = {
  category: string;
  code: string;
  kind: ImageArt['kind'];
  artStyle?: string;
  names: string[];
  sizes: Array<{ label: string; price: number }>;
  palettes: string[][];
  lines: string[];
};

const GIFTS: GiftTemplate[] = [
  {
    category: 'chocolates-and-biscuits',
    code: 'CHO',
    kind: 'gift',
    artStyle: 'chocolates',
    names: ['Ferrero Rocher Gift Box', 'Lindt Lindor Selection', 'Godiva Signature Box', 'Guylian Pralines', 'Patchi Keepsake Box', 'Leonidas Belgian Assortment', 'Neuhaus Discovery Box', 'Quality Street Tin'],
    sizes: [
      { label: '12 pieces', price: 12000 },
      { label: '16 pieces', price: 16000 },
      { label: '24 pieces', price: 24000 },
      { label: '30 pieces', price: 32000 },
      { label: '48 pieces', price: 48000 },
    ],
    palettes: [['#5a3a22', '#d4af37'], ['#b3122e', '#d4af37'], ['#c9a24d', '#7a4a2a'], ['#1d3557', '#d4af37']],
    lines: ['Chocolates kept cool in our stores and delivered in perfect shape.', 'A sweet add-on to any bouquet, or a gift on its own.'],
  },
  {
    category: 'wine-and-champagne',
    code: 'WIN',
    kind: 'bottle',
    artStyle: 'wine',
    names: ['Casillero del Diablo Merlot', 'Nederburg Shiraz', 'Four Cousins Sweet Rosé', 'Jacob’s Creek Chardonnay', 'Baron de Valls Sweet White', 'Campo Viejo Rioja', 'Robertson Sweet Red', 'Drostdy-Hof Claret'],
    sizes: [
      { label: '75cl', price: 12000 },
      { label: '75cl in a gift bag', price: 15000 },
      { label: '1.5L magnum', price: 26000 },
      { label: '2 bottles in a gift box', price: 28000 },
    ],
    palettes: [['#3b0f1a', '#f3ead7', '#6b1526'], ['#2b0a14', '#f4e3c1', '#8e1b2d'], ['#f2c6c2', '#ffffff', '#c0c0c0']],
    lines: ['Stored upright and delivered chilled on request.', 'A generous host gift for a Sunday lunch.'],
  },
  {
    category: 'teddy-bears',
    code: 'TED',
    kind: 'bear',
    names: ['Cuddle Bear', 'Hug Me Teddy', 'Sweetheart Bear', 'Fluffy Friend', 'Snuggle Bear', 'Button Nose Teddy'],
    sizes: [
      { label: '30cm', price: 12000 },
      { label: '40cm', price: 16000 },
      { label: '60cm', price: 26000 },
      { label: '90cm', price: 45000 },
    ],
    palettes: [['#a0522d', '#c8102e', '#e53950'], ['#f2e6d8', '#e91e63', '#f48fb1'], ['#c49a6c', '#1d1d1f', '#d4af37']],
    lines: ['Soft, huggable and wrapped with a ribbon.', 'A favourite add-on for birthdays and new babies.'],
  },
  {
    category: 'scented-candles',
    code: 'CND',
    kind: 'candle',
    artStyle: 'jar',
    names: ['Vanilla & Tonka Candle', 'Rose Garden Candle', 'Oud & Amber Candle', 'Fresh Linen Candle', 'Lemongrass Candle', 'Fig & Cedar Candle'],
    sizes: [
      { label: '200g jar', price: 12000 },
      { label: '300g jar', price: 17000 },
      { label: '400g jar', price: 22000 },
    ],
    palettes: [['#f6e7d8', '#2c2c2c', '#f3d3dc'], ['#7d1f33', '#d4af37', '#5a0c1e'], ['#d1c4e9', '#ffffff', '#b39ddb']],
    lines: ['Slow-burning wax with a clean, even flame.', 'A calm gift for a new home or a host.'],
  },
];

const OCCASIONS = Object.keys(OCCASION_LINES);

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() needs items');
  return item;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

type Context = {
  rng: Rng;
  slugs: Set<string>;
  nextImage: () => number;
  relatedPool: Map<string, string[]>;
  fallbackPool: string[];
};

function relatedFor(ctx: Context, category: string): string[] {
  const pool = ctx.relatedPool.get(category) ?? ctx.fallbackPool;
  const want = 3 + Math.floor(ctx.rng() * 3);
  const out: string[] = [];
  const start = Math.floor(ctx.rng() * pool.length);
  for (let k = 0; k < pool.length && out.length < want; k++) {
    const slug = pool[(start + k * 7) % pool.length];
    if (slug !== undefined && !out.includes(slug)) out.push(slug);
  }
  for (const slug of ctx.fallbackPool) {
    if (out.length >= want) break;
    if (!out.includes(slug)) out.push(slug);
  }
  return out;
}

function flowerProduct(ctx: Context, i: number): SeedProduct {
  const { rng } = ctx;
  const flower = pick(rng, FLOWERS);
  const colourKey = pick(rng, flower.colours);
  const colour = COLOURS[colourKey] ?? COLOURS.red!;
  const style = pick(rng, STYLES);
  const vip = rng() < 0.06;
  const count = vip ? pick(rng, [150, 200, 250, 300]) : pick(rng, style.counts);
  const withStars = flower.art !== 'million-stars' && rng() < 0.2;

  const title = `${pick(rng, ADJECTIVES)} ${pick(rng, colour.titleWords)} ${pick(rng, NOUNS)}`;
  const subtitle = `${count} ${colour.word} ${flower.plural}${withStars ? ' with million stars' : ''} ${style.phrase}`;
  const slug = uniqueSlug(slugify(title), ctx.slugs);
  const sku = `BX-${flower.code}-${String(i + 1).padStart(5, '0')}`;

  let price = roundPrice(count * flower.perStem + style.extra + (withStars ? 5000 : 0));
  price = vip ? Math.min(1_500_000, Math.max(VIP_MIN_PRICE, price)) : Math.min(300_000, Math.max(25_000, price));
  const variable = !vip && price <= 120_000 && rng() < 0.3;
  const variants = variable ? buildVariants(sku, price, 'flower3', () => rng() < 0.03) : [];

  const occasions = [pick(rng, OCCASIONS)];
  if (rng() < 0.5) occasions.push(pick(rng, OCCASIONS));
  const romantic = flower.art === 'rose' && ['red', 'pink', 'burgundy'].includes(colourKey);
  const categories = [...new Set([flower.category, ...occasions.filter((o) => o !== 'valentines-day-flowers' || romantic), 'all'])];

  const values = { count: String(count), Count: String(count), colour: colour.word, flower: flower.plural };
  const description = [
    fill(pick(rng, OPENERS[style.kind]), values),
    pick(rng, OCCASION_LINES[occasions[0] ?? 'birthday-flowers'] ?? DELIVERY_LINES),
    pick(rng, DELIVERY_LINES),
  ].join(' ');

  const { design, designOptions } = designFor('flowers', style.kind);
  const images = buildImages(
    rng,
    ctx.nextImage,
    { kind: style.kind, palette: colour.palette, flower: flower.art, style: style.artStyle, alt: subtitle },
    Math.min(3, pictureCount(rng)),
    [],
    1_000_000,
  );

  return {
    slug,
    name: `${title} \u2013 ${subtitle}`,
    subtitle,
    description,
    price: variants.length > 0 ? Math.min(...variants.map((v) => v.price)) : price,
    sku,
    type: variants.length > 0 ? 'variable' : 'simple',
    variants,
    images,
    active: rng() >= 0.03,
    inStock: rng() >= 0.05,
    relevanceOrder: 10 + Math.floor(rng() * 10),
    productClass: 'flowers',
    categories,
    budget: price >= VIP_MIN_PRICE ? 'vip' : 'regular',
    flowerType: ['fresh flowers'],
    design,
    packages: [],
    delivery: vip || rng() < 0.12 ? [] : ['same day delivery'],
    flowerName: withStars ? [flower.plural, 'million stars'] : [flower.plural],
    designOptions,
    related: relatedFor(ctx, flower.category),
  };
}

const GIFT_EXTRAS = ['', ' with a gold ribbon', ' with a handwritten card', ' in a keepsake box', ' gift-wrapped'];

function giftProduct(ctx: Context, i: number): SeedProduct {
  const { rng } = ctx;
  const gift = pick(rng, GIFTS);
  const title = pick(rng, gift.names);
  const size = pick(rng, gift.sizes);
  const subtitle = `${size.label}${pick(rng, GIFT_EXTRAS)}`;
  const slug = uniqueSlug(slugify(title), ctx.slugs);
  const sku = `BX-${gift.code}-${String(i + 1).padStart(5, '0')}`;
  const price = roundPrice(size.price * (0.9 + rng() * 0.3));
  const images = buildImages(
    rng,
    ctx.nextImage,
    { kind: gift.kind, palette: pick(rng, gift.palettes), style: gift.artStyle, alt: `${title}, ${subtitle}` },
    Math.min(3, pictureCount(rng)),
    [],
    1_000_000,
  );
  return {
    slug,
    name: `${title} \u2013 ${subtitle}`,
    subtitle,
    description: `${pick(rng, gift.lines)} ${pick(rng, DELIVERY_LINES)}`,
    price,
    sku,
    type: 'simple',
    variants: [],
    images,
    active: rng() >= 0.03,
    inStock: rng() >= 0.05,
    relevanceOrder: 10 + Math.floor(rng() * 10),
    productClass: 'gifts',
    categories: [gift.category, 'gifts', 'all'],
    budget: 'regular',
    flowerType: [],
    design: [],
    packages: [],
    delivery: ['same day delivery'],
    flowerName: [],
    designOptions: [],
    related: relatedFor(ctx, gift.category),
  };
}

/**
 * The seed catalogue plus generated products, `count` products in all (the seed catalogue alone
 * when `count` is not larger than it). Slugs and SKUs stay unique; related slugs exist.
 *
 * @example buildLargeCatalogue(10_000).products.length === 10_000
 */
export function buildLargeCatalogue(count: number): SeedCatalogue {
  const base = buildCatalogue();
  const extra = Math.max(0, Math.floor(count) - base.products.length);
  if (extra === 0) return base;

  const relatedPool = new Map<string, string[]>();
  for (const p of base.products) {
    if (!p.active || !p.inStock) continue;
    for (const c of p.categories) {
      const list = relatedPool.get(c) ?? [];
      list.push(p.slug);
      relatedPool.set(c, list);
    }
  }
  let imageIndex = 0;
  const ctx: Context = {
    rng: createRng(10_000_019),
    slugs: new Set(base.products.map((p) => p.slug)),
    nextImage: () => imageIndex++,
    relatedPool,
    fallbackPool: (relatedPool.get('all') ?? []).slice(0, 40),
  };

  const generated: SeedProduct[] = new Array<SeedProduct>(extra);
  for (let i = 0; i < extra; i++) generated[i] = ctx.rng() < 0.08 ? giftProduct(ctx, i) : flowerProduct(ctx, i);
  return { ...base, products: [...base.products, ...generated] };
}
