/**
 * Builds the shop's seed catalogue from the static data in `catalogue-data.ts`: categories,
 * design options, products (slugs, SKUs, variants, shop-by values, pictures, related products)
 * and featured groups.
 *
 * The result is deterministic: a small seeded PRNG replaces Math.random, so two calls return
 * deep-equal catalogues and seeding twice changes nothing.
 *
 * @example
 * const { products } = buildCatalogue();
 * products.find((p) => p.slug === 'red-velvet-romance')?.price; // 55000
 */
import type { ImageArt } from '@/lib/server/db/schema';
import { SHOP_BY_VALUES } from '@/lib/domain/catalogue';
import { ART_STYLES } from '@/lib/samples/bouquet-art';
import {
  BACKGROUNDS,
  CATEGORY_DATA,
  FAMILIES,
  FEATURED_GROUP_DATA,
  type ExtraArt,
  type ProductEntry,
  type ProductFamily,
  type SizePreset,
} from '@/lib/samples/catalogue-data';
import type {
  SeedCatalogue,
  SeedCategory,
  SeedDesignOption,
  SeedFeaturedGroup,
  SeedImage,
  SeedProduct,
  SeedVariant,
} from '@/lib/server/seed/types';

/* ----------------------------------------------------------------------------------------------
 * Constants
 * -------------------------------------------------------------------------------------------- */

/** Every category slug of the spec (section 2), in navigation order. */
export const CATEGORY_SLUGS: readonly string[] = CATEGORY_DATA.map((c) => c.slug);

export const DESIGN_OPTIONS: readonly SeedDesignOption[] = [
  { name: 'wrapped-bouquet', title: 'Wrapped Bouquet', price: 0, sortOrder: 1 },
  { name: 'in-a-vase', title: 'In a Vase', price: 15000, sortOrder: 2 },
  { name: 'in-a-large-vase', title: 'In a Large Vase', price: 30000, sortOrder: 3 },
  { name: 'in-a-box', title: 'In a Box', price: 0, sortOrder: 4 },
];

/** Shop-by filter values: the domain's (the contracts and listings check against the same list). */
export { SHOP_BY_VALUES };

/** VIP arrangements start here (shop facts). */
export const VIP_MIN_PRICE = 330_000;

/* ----------------------------------------------------------------------------------------------
 * Small helpers, shared with the large benchmark catalogue
 * -------------------------------------------------------------------------------------------- */

export type Rng = () => number;

/**
 * A small seeded PRNG (mulberry32) returning floats in [0, 1).
 *
 * @example const rng = createRng(42); rng() === createRng(42)();
 */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic in-place Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/**
 * Kebab-case slug: accents dropped, '&' spelled out.
 *
 * @example slugify('Moët & Chandon Impérial Brut') === 'moet-and-chandon-imperial-brut'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Adds `-2`, `-3`, … until the slug is free, and records it as taken. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

const EN_DASH = ' \u2013 ';

/**
 * Splits "Title – subtitle" on the first en dash.
 *
 * @example splitName('Peace Lily – indoor plant in ceramic pot') // { title: 'Peace Lily', subtitle: 'indoor plant in ceramic pot' }
 */
export function splitName(name: string): { title: string; subtitle: string } {
  const i = name.indexOf(EN_DASH);
  if (i < 0) return { title: name.trim(), subtitle: '' };
  return { title: name.slice(0, i).trim(), subtitle: name.slice(i + EN_DASH.length).trim() };
}

/** Naira prices round to the nearest 1,000 (or 500 below ₦20,000). */
export function roundPrice(amount: number): number {
  return amount >= 20_000 ? Math.round(amount / 1000) * 1000 : Math.round(amount / 500) * 500;
}

type SizeStep = { name: string; suffix: string; factor: number };

export const SIZE_PRESETS: Record<SizePreset, SizeStep[]> = {
  flower3: [
    { name: 'Standard', suffix: 'STD', factor: 1 },
    { name: 'Deluxe', suffix: 'DLX', factor: 1.6 },
    { name: 'VIP', suffix: 'VIP', factor: 2.5 },
  ],
  flower2: [
    { name: 'Standard', suffix: 'STD', factor: 1 },
    { name: 'Deluxe', suffix: 'DLX', factor: 1.6 },
  ],
  gift2: [
    { name: 'Regular', suffix: 'REG', factor: 1 },
    { name: 'Large', suffix: 'LRG', factor: 1.6 },
  ],
  bear3: [
    { name: 'Regular', suffix: 'REG', factor: 1 },
    { name: 'Large', suffix: 'LRG', factor: 1.8 },
    { name: 'Giant', suffix: 'GNT', factor: 3.5 },
  ],
  plant2: [
    { name: 'Regular', suffix: 'REG', factor: 1 },
    { name: 'Large', suffix: 'LRG', factor: 1.7 },
  ],
};

/** Variants of a sized product; the first size costs `basePrice`. */
export function buildVariants(sku: string, basePrice: number, preset: SizePreset, soldOut: (name: string) => boolean): SeedVariant[] {
  return SIZE_PRESETS[preset].map((step, i) => ({
    name: step.name,
    sku: `${sku}-${step.suffix}`,
    price: i === 0 ? basePrice : roundPrice(basePrice * step.factor),
    inStock: !soldOut(step.name),
  }));
}

/** Design shop-by values and design options that a flower picture kind implies. */
export function designFor(
  productClass: SeedProduct['productClass'],
  kind: ImageArt['kind'],
): { design: string[]; designOptions: string[] } {
  if (productClass !== 'flowers') return { design: [], designOptions: [] };
  switch (kind) {
    case 'bouquet':
      return { design: ['bouquets', 'wrapped bouquet'], designOptions: ['wrapped-bouquet', 'in-a-vase', 'in-a-large-vase'] };
    case 'box':
      return { design: ['box arrangements'], designOptions: ['in-a-box'] };
    case 'vase':
      return { design: ['others'], designOptions: ['in-a-vase', 'in-a-large-vase'] };
    default:
      return { design: ['others'], designOptions: [] };
  }
}

/**
 * A seed for picture number `index` that draws `kind` in `style` (see `ART_STYLES`).
 * Seeds step by 12, which every style count divides, so they stay unique.
 */
export function artSeed(index: number, kind: ImageArt['kind'], style: string | undefined, offset = 1000): number {
  const base = (Math.ceil(offset / 12) + index) * 12;
  const styles: readonly string[] | undefined = (ART_STYLES as Record<string, readonly string[]>)[kind];
  const i = styles !== undefined && style !== undefined ? styles.indexOf(style) : -1;
  return i < 0 ? base : base + i;
}

/**
 * The box shape or vase material a product name asks for ("square velvet box", "ceramic vase").
 *
 * @example impliedStyle('box', 'Blush Luxe Box – 36 blush roses in a square velvet box') === 'square'
 */
export function impliedStyle(kind: ImageArt['kind'], name: string): string | undefined {
  if (kind === 'box') return /square/i.test(name) ? 'square' : 'round';
  if (kind === 'vase') return /ceramic|large vase|cathedral/i.test(name) ? 'ceramic' : 'glass';
  return undefined;
}

const FLOWER_KINDS = new Set<ImageArt['kind']>(['bouquet', 'box', 'vase', 'basket']);

const VIEWS: Record<ImageArt['kind'], string[]> = {
  bouquet: ['front view', 'seen from slightly above', 'close-up of the blooms', 'held at an angle against a light wall'],
  box: ['front view', 'seen from above', 'close-up of the flowers', 'side view of the box'],
  vase: ['front view', 'on a dining table', 'close-up of the blooms', 'side view'],
  basket: ['front view', 'side view', 'close-up of the arrangement', 'seen from above'],
  gift: ['front view', 'side view', 'close-up', 'with a gift card'],
  cake: ['front view', 'on a cake stand', 'close-up of the decoration', 'side view'],
  bottle: ['front view', 'side view', 'label close-up', 'ready to pour'],
  bear: ['front view', 'side view', 'close-up of the face', 'sitting on a shelf'],
  plant: ['front view', 'close-up of the leaves', 'side view', 'on a windowsill'],
  balloon: ['front view', 'side view', 'close-up', 'floating against a wall'],
  candle: ['front view', 'lit, close-up of the flame', 'side view', 'on a side table'],
};

/** Picture count: mostly 2 or 3, sometimes 1 or 4. */
export function pictureCount(rng: Rng): number {
  const r = rng();
  return r < 0.15 ? 1 : r < 0.5 ? 2 : r < 0.8 ? 3 : 4;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Makes pictures: the main art repeated with other seeds, backgrounds and views, then extras. */
export function buildImages(
  rng: Rng,
  nextIndex: () => number,
  main: { kind: ImageArt['kind']; palette: string[]; flower?: ImageArt['flower']; style?: string; alt: string },
  count: number,
  extras: readonly ExtraArt[] = [],
  seedOffset = 1000,
): SeedImage[] {
  const images: SeedImage[] = [];
  const start = Math.floor(rng() * BACKGROUNDS.length);
  const views = VIEWS[main.kind];
  const total = Math.min(4, Math.max(1, count));
  for (let i = 0; i < total; i++) {
    const extra = i > 0 ? extras[i - 1] : undefined;
    const spec = extra ?? main;
    const background = BACKGROUNDS[(start + i * 5) % BACKGROUNDS.length] ?? '#f7f1ec';
    const art: ImageArt = {
      kind: spec.kind,
      palette: [...spec.palette],
      background,
      seed: artSeed(nextIndex(), spec.kind, spec.style, seedOffset),
    };
    const flower = spec.flower;
    if (flower !== undefined && FLOWER_KINDS.has(spec.kind)) art.flower = flower;
    const alt = extra !== undefined ? capitalise(extra.alt) : `${capitalise(main.alt)}, ${views[i % views.length] ?? 'front view'}`;
    images.push({ alt, art });
  }
  return images;
}

/* ----------------------------------------------------------------------------------------------
 * Products
 * -------------------------------------------------------------------------------------------- */

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function mainAlt(entry: ProductEntry, family: ProductFamily, title: string, subtitle: string): string {
  if (entry.alt !== undefined) return entry.alt;
  if (subtitle === '') return title;
  return family.productClass === 'flowers' || family.productClass === 'accessories' ? subtitle : `${title}, ${subtitle}`;
}

type Built = { product: SeedProduct; family: ProductFamily };

function buildProducts(rng: Rng): Built[] {
  const slugs = new Set<string>();
  const skuCounters = new Map<string, number>();
  let imageIndex = 0;
  const nextImage = () => imageIndex++;
  const built: Built[] = [];

  for (const family of FAMILIES) {
    for (const entry of family.entries) {
      const { title, subtitle } = splitName(entry.name);
      const slug = uniqueSlug(slugify(title), slugs);
      const n = (skuCounters.get(family.skuPrefix) ?? 0) + 1;
      skuCounters.set(family.skuPrefix, n);
      const sku = `${family.skuPrefix}-${String(n).padStart(4, '0')}`;

      const variants = entry.sizes
        ? buildVariants(sku, entry.price, entry.sizes, (name) => entry.outOfStock === true || entry.soldOutSize === name)
        : [];
      const price = variants.length > 0 ? Math.min(...variants.map((v) => v.price)) : entry.price;

      const kind = entry.kind ?? family.kind;
      const implied = designFor(family.productClass, kind);
      const design = family.design ?? implied.design;
      const designOptions = family.designOptions ?? implied.designOptions;
      const flowerType = entry.flowerType ?? family.flowerType;
      const flower = entry.flower ?? family.flower;
      const style = entry.style ?? impliedStyle(kind, entry.name) ?? family.style;

      const count = family.bundle ? 1 + (entry.extras?.length ?? 0) : pictureCount(rng);
      const images = buildImages(
        rng,
        nextImage,
        { kind, palette: entry.palette, flower, style, alt: mainAlt(entry, family, title, subtitle) },
        count,
        entry.extras,
      );

      const product: SeedProduct = {
        slug,
        name: entry.name,
        subtitle,
        description: entry.description,
        price,
        sku,
        type: variants.length > 0 ? 'variable' : 'simple',
        variants,
        images,
        active: entry.inactive !== true,
        inStock: entry.outOfStock !== true,
        relevanceOrder: entry.best ?? 10 + Math.floor(rng() * 5),
        productClass: family.productClass,
        categories: unique([...family.categories, ...(entry.categories ?? []), 'all']),
        budget: price >= VIP_MIN_PRICE ? 'vip' : 'regular',
        flowerType: flowerType ? [flowerType] : [],
        design,
        packages: family.bundle ? ['bundled products'] : [],
        delivery: family.sameDay && entry.notSameDay !== true ? ['same day delivery'] : [],
        flowerName: [...(entry.flowerNames ?? family.flowerNames)],
        designOptions: [...designOptions],
        related: [],
      };
      built.push({ product, family });
    }
  }
  return built;
}

const BRIDAL_CATEGORIES = ['bridal-bouquets', 'cascading-bridal-bouquets', 'accessories-boutonnieres-bridesmaids-flowers-corsages'];

/** Categories whose products go well alongside a product of `primary` category. */
export function complementaryCategories(primary: string, productClass: SeedProduct['productClass']): string[] {
  if (primary.startsWith('funeral')) return ['funeral-and-condolence', 'funeral-condolence-flowers', 'lilies'];
  if (BRIDAL_CATEGORIES.includes(primary)) return BRIDAL_CATEGORIES;
  if (primary === 'event-centerpiece') return ['event-centerpiece', 'roses', 'bridal-bouquets'];
  if (productClass === 'plants') return ['scented-candles', 'get-well-soon', 'indoor-plants-and-cactus'];
  if (productClass === 'gifts') return ['chocolates-and-biscuits', 'wine-and-champagne', 'roses', 'birthday-flowers', 'product-packages'];
  return ['chocolates-and-biscuits', 'wine-and-champagne', 'teddy-bears', 'cakes-and-cupcakes', 'balloons'];
}

/** Picks 3 to 6 related slugs: about half from the product's own category, the rest complementary. */
export function pickRelated(product: SeedProduct, byCategory: ReadonlyMap<string, readonly SeedProduct[]>, rng: Rng): string[] {
  const primary = product.categories[0] ?? 'all';
  const want = 3 + Math.floor(rng() * 4);
  const out: string[] = [];
  const add = (pool: readonly SeedProduct[], limit: number) => {
    for (const p of pool) {
      if (out.length >= limit) return;
      if (p.slug !== product.slug && !out.includes(p.slug)) out.push(p.slug);
    }
  };
  const same = shuffled(byCategory.get(primary) ?? [], rng);
  add(same, Math.ceil(want / 2));
  const others = complementaryCategories(primary, product.productClass).flatMap((c) => byCategory.get(c) ?? []);
  add(shuffled(others, rng), want);
  add(same, want);
  add(byCategory.get('all') ?? [], want);
  return out;
}

function buildRelated(products: SeedProduct[], rng: Rng): void {
  const byCategory = new Map<string, SeedProduct[]>();
  for (const p of products) {
    if (!p.active || !p.inStock) continue;
    for (const c of p.categories) {
      const list = byCategory.get(c) ?? [];
      list.push(p);
      byCategory.set(c, list);
    }
  }
  for (const p of products) p.related = pickRelated(p, byCategory, rng);
}

/* ----------------------------------------------------------------------------------------------
 * Featured groups
 * -------------------------------------------------------------------------------------------- */

function byRelevance(a: SeedProduct, b: SeedProduct): number {
  return a.relevanceOrder - b.relevanceOrder;
}

function buildFeaturedGroups(products: readonly SeedProduct[]): SeedFeaturedGroup[] {
  const available = products.filter((p) => p.active && p.inStock);
  return FEATURED_GROUP_DATA.map(({ key, title, from }) => {
    const size = key === 'product' ? 12 : 10;
    if (from.length === 0) {
      const best = [...available].sort(byRelevance).slice(0, size);
      return { key, title, featuredSlugs: best.map((p) => p.slug) };
    }
    // Round-robin over the source categories so that each group mixes kinds of product.
    const lists = from.map((c) => available.filter((p) => p.categories.includes(c)).sort(byRelevance));
    const picked: string[] = [];
    for (let round = 0; picked.length < size && lists.some((l) => l.length > round); round++) {
      for (const list of lists) {
        const p = list[round];
        if (p !== undefined && !picked.includes(p.slug) && picked.length < size) picked.push(p.slug);
      }
    }
    return { key, title, featuredSlugs: picked };
  });
}

/* ----------------------------------------------------------------------------------------------
 * Entry point
 * -------------------------------------------------------------------------------------------- */

function buildCategories(): SeedCategory[] {
  return CATEGORY_DATA.map((c, i) => ({
    slug: c.slug,
    title: c.title,
    intro: c.intro,
    seoDescription: c.seoDescription,
    navGroup: c.navGroup,
    sortOrder: i + 1,
  }));
}

/**
 * The seed catalogue: 30 categories, 4 design options, about 270 products and 6 featured groups.
 * Deterministic: every call returns a deep-equal value (and fresh objects, safe to mutate).
 *
 * @example
 * const catalogue = buildCatalogue();
 * catalogue.featuredGroups.map((g) => g.key); // ['birthday', 'gift', 'product', 'romance', 'occasion', 'valentine']
 */
export function buildCatalogue(): SeedCatalogue {
  const rng = createRng(20240214);
  const products = buildProducts(rng).map((b) => b.product);
  buildRelated(products, rng);
  return {
    categories: buildCategories(),
    designOptions: DESIGN_OPTIONS.map((d) => ({ ...d })),
    products,
    featuredGroups: buildFeaturedGroups(products),
  };
}
