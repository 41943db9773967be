/** @jest-environment node */
/** Invariants of the seed catalogue that the shop's pages and filters rely on. */
import { ART_STYLES } from '@/lib/samples/bouquet-art';
import { buildCatalogue, SHOP_BY_VALUES, VIP_MIN_PRICE } from '@/lib/samples/catalogue';
import type { SeedProduct } from '@/lib/server/seed/types';
import { CATEGORY_SLUGS } from '@/lib/domain/categories';

/** The category slugs of the spec, section 2 (written once, in lib/domain/categories.ts). */
const SPEC_CATEGORY_SLUGS: readonly string[] = CATEGORY_SLUGS;

const NAV_GROUPS = ['Occasions', 'Flower Types', 'Gifts', 'Plants', 'Packages', 'Bridal', 'Funeral', 'Other'];
const DESIGN_OPTION_NAMES = ['wrapped-bouquet', 'in-a-vase', 'in-a-large-vase', 'in-a-box'];
const HEX = /^#[0-9a-f]{6}$/i;

const catalogue = buildCatalogue();
const { products } = catalogue;
const available = products.filter((p) => p.active && p.inStock);
const bySlug = new Map(products.map((p) => [p.slug, p]));

describe('categories and design options', () => {
  it('has exactly the spec category slugs, each with copy and a nav group', () => {
    expect(catalogue.categories.map((c) => c.slug).sort()).toEqual([...SPEC_CATEGORY_SLUGS].sort());
    for (const c of catalogue.categories) {
      expect(c.title.trim()).not.toBe('');
      expect(c.intro.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0).length).toBeGreaterThanOrEqual(2);
      expect(c.intro).not.toMatch(/lorem/i);
      expect(c.seoDescription.length).toBeGreaterThan(0);
      expect(c.seoDescription.length).toBeLessThanOrEqual(155);
      expect(NAV_GROUPS).toContain(c.navGroup);
    }
    expect(new Set(catalogue.categories.map((c) => c.sortOrder)).size).toBe(catalogue.categories.length);
  });

  it('has the four design options with their prices', () => {
    expect(catalogue.designOptions.map(({ name, title, price }) => ({ name, title, price }))).toEqual([
      { name: 'wrapped-bouquet', title: 'Wrapped Bouquet', price: 0 },
      { name: 'in-a-vase', title: 'In a Vase', price: 15000 },
      { name: 'in-a-large-vase', title: 'In a Large Vase', price: 30000 },
      { name: 'in-a-box', title: 'In a Box', price: 0 },
    ]);
  });
});

describe('products', () => {
  it('has at least 220 products with unique kebab-case slugs', () => {
    expect(products.length).toBeGreaterThanOrEqual(220);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique SKUs across products and variants', () => {
    const skus = products.flatMap((p) => [p.sku, ...p.variants.map((v) => v.sku)]);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('puts at least 5 active in-stock products in every spec category, and every product in "all"', () => {
    for (const slug of SPEC_CATEGORY_SLUGS) {
      expect([slug, available.filter((p) => p.categories.includes(slug)).length >= 5]).toEqual([slug, true]);
    }
    for (const p of products) {
      expect(p.categories).toContain('all');
      for (const c of p.categories) expect(SPEC_CATEGORY_SLUGS).toContain(c);
    }
  });

  it('has at least 5 active in-stock products for every shop-by value, and no unknown values', () => {
    const fields = Object.keys(SHOP_BY_VALUES) as Array<keyof typeof SHOP_BY_VALUES>;
    for (const field of fields) {
      const allowed: readonly string[] = SHOP_BY_VALUES[field];
      for (const value of allowed) {
        const n = available.filter((p) => (field === 'budget' ? p.budget === value : (p[field] as string[]).includes(value))).length;
        expect([field, value, n >= 5]).toEqual([field, value, true]);
      }
      for (const p of products) {
        const values = field === 'budget' ? [p.budget] : (p[field] as string[]);
        for (const v of values) expect(allowed).toContain(v);
      }
    }
  });

  it('prices in whole naira within the shop ranges, and VIP by price', () => {
    for (const p of products) {
      const prices = [p.price, ...p.variants.map((v) => v.price)];
      for (const price of prices) {
        expect(Number.isInteger(price)).toBe(true);
        expect(price % 500).toBe(0);
      }
      expect(p.budget).toBe(p.price >= VIP_MIN_PRICE ? 'vip' : 'regular');
      if (p.productClass === 'flowers' && p.budget === 'regular') {
        expect(p.price).toBeGreaterThanOrEqual(25_000);
        expect(p.price).toBeLessThanOrEqual(300_000);
      } else if (p.budget === 'vip') {
        expect(p.price).toBeGreaterThanOrEqual(330_000);
        expect(p.price).toBeLessThanOrEqual(1_500_000);
      } else {
        expect(p.price).toBeGreaterThanOrEqual(8_000);
        expect(p.price).toBeLessThanOrEqual(300_000);
      }
    }
    expect(products.filter((p) => p.budget === 'vip').length).toBeGreaterThanOrEqual(20);
  });

  it('prices variable products at their cheapest variant, and simple ones have no variants', () => {
    const variable = products.filter((p) => p.type === 'variable');
    expect(variable.length).toBeGreaterThanOrEqual(40);
    for (const p of variable) {
      expect(p.variants.length).toBeGreaterThanOrEqual(2);
      expect(p.variants.length).toBeLessThanOrEqual(3);
      expect(p.price).toBe(Math.min(...p.variants.map((v) => v.price)));
      for (const v of p.variants) expect(v.sku.startsWith(`${p.sku}-`)).toBe(true);
    }
    for (const p of products.filter((q) => q.type === 'simple')) expect(p.variants).toEqual([]);
    expect(variable.some((p) => p.inStock && p.variants.some((v) => !v.inStock))).toBe(true);
  });

  it('has inactive and out-of-stock products spread over several categories', () => {
    const inactive = products.filter((p) => !p.active);
    const soldOut = products.filter((p) => !p.inStock);
    expect(inactive.length).toBeGreaterThanOrEqual(6);
    expect(soldOut.length).toBeGreaterThanOrEqual(8);
    expect(new Set(inactive.map((p) => p.categories[0])).size).toBeGreaterThanOrEqual(4);
    expect(new Set(soldOut.map((p) => p.categories[0])).size).toBeGreaterThanOrEqual(4);
  });

  it('offers bundles as product packages', () => {
    const bundles = products.filter((p) => p.packages.includes('bundled products'));
    expect(bundles.length).toBeGreaterThanOrEqual(10);
    for (const p of bundles) expect(p.categories).toContain('product-packages');
  });

  it('gives flower types only to flowers, and forever roses to preserved-rose products', () => {
    for (const p of products) {
      if (p.productClass !== 'flowers') expect(p.flowerType).toEqual([]);
      if (p.categories.includes('forever-roses-preserved-roses')) expect(p.flowerType).toEqual(['forever roses']);
    }
  });

  it('offers known design options, and none on gifts and plants', () => {
    for (const p of products) {
      for (const d of p.designOptions) expect(DESIGN_OPTION_NAMES).toContain(d);
      if (p.productClass === 'gifts' || p.productClass === 'plants') expect(p.designOptions).toEqual([]);
    }
    expect(products.some((p) => p.designOptions.includes('in-a-box'))).toBe(true);
    expect(products.some((p) => p.designOptions.includes('in-a-large-vase'))).toBe(true);
  });

  it('splits names on the en dash into the subtitle', () => {
    for (const p of products) {
      const at = p.name.indexOf(' \u2013 ');
      expect(p.subtitle).toBe(at >= 0 ? p.name.slice(at + 3) : '');
    }
    expect(products.filter((p) => p.subtitle !== '').length).toBeGreaterThan(products.length / 2);
  });

  it('has a real, distinct description for each product', () => {
    for (const p of products) {
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.description).not.toMatch(/lorem/i);
    }
    expect(new Set(products.map((p) => p.description)).size).toBe(products.length);
  });

  it('uses small positive integers for relevance, with best sellers in groups 1 to 3', () => {
    for (const p of products) {
      expect(Number.isInteger(p.relevanceOrder)).toBe(true);
      expect(p.relevanceOrder).toBeGreaterThan(0);
      expect(p.relevanceOrder).toBeLessThan(100);
    }
    expect(products.filter((p) => p.relevanceOrder <= 3).length).toBeGreaterThanOrEqual(10);
  });

  it('relates 3 to 6 existing other products', () => {
    for (const p of products) {
      expect(p.related.length).toBeGreaterThanOrEqual(3);
      expect(p.related.length).toBeLessThanOrEqual(6);
      expect(new Set(p.related).size).toBe(p.related.length);
      for (const slug of p.related) {
        expect(slug).not.toBe(p.slug);
        expect(bySlug.has(slug)).toBe(true);
      }
    }
  });
});

describe('images', () => {
  const flowerKinds = new Set(['bouquet', 'box', 'vase']);

  it('has 1 to 4 described pictures per product, with varied counts', () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const image of p.images) expect(image.alt.trim().length).toBeGreaterThan(5);
    }
    expect(new Set(products.map((p) => p.images.length)).size).toBe(4);
  });

  it('gives every picture a unique seed, valid colours and a flower style for flower pictures', () => {
    const seeds = products.flatMap((p) => p.images.map((i) => i.art.seed));
    expect(new Set(seeds).size).toBe(seeds.length);
    for (const p of products) {
      for (const { art } of p.images) {
        expect(art.palette.length).toBeGreaterThan(0);
        for (const c of [...art.palette, art.background]) expect(c).toMatch(HEX);
        if (flowerKinds.has(art.kind)) expect(art.flower).toBeDefined();
      }
    }
  });

  it('draws the pictures of one product differently', () => {
    for (const p of products) {
      const keys = p.images.map((i) => `${i.art.seed}|${i.art.background}|${i.alt}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(p.images.map((i) => i.alt)).size).toBe(p.images.length);
    }
  });

  it('draws styled kinds in the style the product needs', () => {
    const style = (slug: string) => {
      const a = bySlug.get(slug)!.images[0]!.art;
      const styles: readonly string[] = (ART_STYLES as Record<string, readonly string[]>)[a.kind] ?? [];
      return styles[a.seed % styles.length];
    };
    expect(style('ferrero-rocher-gift-box')).toBe('chocolates');
    expect(style('moet-and-chandon-imperial-brut')).toBe('champagne');
    expect(style('four-cousins-sweet-red')).toBe('wine');
    expect(style('dior-jadore-eau-de-parfum')).toBe('perfume');
    expect(style('party-cupcakes')).toBe('cupcakes');
    expect(style('flowering-cactus')).toBe('cactus');
    expect(style('snake-plant')).toBe('snake-plant');
    expect(style('eternal-rest-wreath')).toBe('wreath');
    expect(style('pillar-candle-trio')).toBe('pillar');
    expect(style('blush-luxe-box')).toBe('square');
    expect(style('rouge-hat-box')).toBe('round');
    expect(style('coral-crush')).toBe('ceramic');
    expect(style('timeless-elegance')).toBe('glass');
  });

  it('matches the picture to the product', () => {
    const kindOf = (p: SeedProduct) => p.images[0]?.art.kind;
    expect(kindOf(bySlug.get('moet-and-chandon-imperial-brut')!)).toBe('bottle');
    expect(kindOf(bySlug.get('cuddly-brown-teddy')!)).toBe('bear');
    expect(kindOf(bySlug.get('peace-lily')!)).toBe('plant');
    const redVelvet = bySlug.get('red-velvet-romance')!.images[0]!.art;
    expect(redVelvet).toMatchObject({ kind: 'bouquet', flower: 'rose' });
    expect(redVelvet.palette.every((c) => parseInt(c.slice(1, 3), 16) > parseInt(c.slice(3, 5), 16) + 80)).toBe(true);
  });
});

describe('featured groups', () => {
  it('has the six spec groups, each with 8 to 12 active in-stock products', () => {
    expect(catalogue.featuredGroups.map((g) => g.key).sort()).toEqual(['birthday', 'gift', 'occasion', 'product', 'romance', 'valentine']);
    for (const g of catalogue.featuredGroups) {
      expect(g.title.trim()).not.toBe('');
      expect(g.featuredSlugs.length).toBeGreaterThanOrEqual(8);
      expect(g.featuredSlugs.length).toBeLessThanOrEqual(12);
      expect(new Set(g.featuredSlugs).size).toBe(g.featuredSlugs.length);
      for (const slug of g.featuredSlugs) {
        const p = bySlug.get(slug);
        expect(p).toBeDefined();
        expect(p?.active && p.inStock).toBe(true);
      }
    }
  });

  it('fills themed groups with fitting products', () => {
    const group = (key: string) => catalogue.featuredGroups.find((g) => g.key === key)!.featuredSlugs.map((s) => bySlug.get(s)!);
    for (const p of group('valentine')) expect(p.categories).toContain('valentines-day-flowers');
    for (const p of group('birthday')) expect(p.categories).toContain('birthday-flowers');
    for (const p of group('gift')) expect(p.productClass).toBe('gifts');
  });
});

it('is deterministic', () => {
  expect(buildCatalogue()).toEqual(buildCatalogue());
});
