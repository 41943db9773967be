/** @jest-environment node */
/** The benchmark catalogue: the seed catalogue grown to a requested size, still consistent. */
import { buildCatalogue } from '@/lib/samples/catalogue';
import { buildLargeCatalogue } from '@/lib/samples/large-catalogue';

describe('buildLargeCatalogue(10_000)', () => {
  const started = performance.now();
  const catalogue = buildLargeCatalogue(10_000);
  const elapsed = performance.now() - started;
  const { products } = catalogue;
  const slugs = new Set(products.map((p) => p.slug));

  it('has 10,000 products, fast', () => {
    expect(products).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(2000);
  });

  it('keeps slugs and SKUs (with variant SKUs) unique', () => {
    expect(slugs.size).toBe(products.length);
    const skus = products.flatMap((p) => [p.sku, ...p.variants.map((v) => v.sku)]);
    expect(new Set(skus).size).toBe(skus.length);
    expect(products.filter((p) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug)).map((p) => p.slug)).toEqual([]);
  });

  it('relates 3 or more existing other products', () => {
    const broken = products.filter((p) => p.related.length < 3 || p.related.some((slug) => slug === p.slug || !slugs.has(slug)));
    expect(broken.map((p) => [p.slug, p.related])).toEqual([]);
  });

  it('fills every field with consistent values', () => {
    const categories = new Set(catalogue.categories.map((c) => c.slug));
    const seeds = products.flatMap((p) => p.images.map((i) => i.art.seed));
    expect(new Set(seeds).size).toBe(seeds.length);
    const problems: string[] = [];
    for (const p of products) {
      const at = p.name.indexOf(' \u2013 ');
      if (p.subtitle !== (at >= 0 ? p.name.slice(at + 3) : '')) problems.push(`${p.slug}: subtitle`);
      if (p.description.length <= 20) problems.push(`${p.slug}: description`);
      if (p.images.length < 1 || p.images.length > 4 || p.images.some((i) => i.alt.trim() === '')) problems.push(`${p.slug}: images`);
      if (!p.categories.includes('all') || p.categories.some((c) => !categories.has(c))) problems.push(`${p.slug}: categories`);
      if (p.type === 'variable' ? p.price !== Math.min(...p.variants.map((v) => v.price)) : p.variants.length > 0) problems.push(`${p.slug}: variants`);
      if (p.budget !== (p.price >= 330_000 ? 'vip' : 'regular')) problems.push(`${p.slug}: budget`);
      if (p.price < 8_000 || p.price > 1_500_000) problems.push(`${p.slug}: price`);
    }
    expect(problems).toEqual([]);
    expect(new Set(products.map((p) => p.name)).size).toBeGreaterThan(products.length * 0.9);
    expect(products.filter((p) => p.type === 'variable').length).toBeGreaterThan(1000);
    expect(products.filter((p) => p.productClass === 'gifts').length).toBeGreaterThan(300);
  });

  it('starts with the seed catalogue and is deterministic', () => {
    const base = buildCatalogue();
    expect(products.slice(0, base.products.length)).toEqual(base.products);
    expect(catalogue.featuredGroups).toEqual(base.featuredGroups);
    expect(buildLargeCatalogue(1_000)).toEqual(buildLargeCatalogue(1_000));
  });
});

it('returns the seed catalogue when asked for fewer products than it has', () => {
  expect(buildLargeCatalogue(10)).toEqual(buildCatalogue());
});
