/**
 * The shape of the catalogue that the seed writes. Ids are not part of it: the seed derives
 * stable ids from slugs and SKUs, so that seeding twice changes nothing.
 */
import type { ImageArt } from '@/lib/server/db/schema';

export type SeedCategory = {
  slug: string;
  title: string;
  intro: string;
  seoDescription: string;
  navGroup: string;
  sortOrder: number;
};

export type SeedDesignOption = { name: string; title: string; price: number; sortOrder: number };

export type SeedVariant = { name: string; sku: string; price: number; inStock: boolean };

export type SeedImage = { alt: string; art: ImageArt };

export type SeedProduct = {
  slug: string;
  /** "Title – subtitle" where a subtitle fits (en dash). */
  name: string;
  subtitle: string;
  description: string;
  /** Simple products: the price. Variable products: the lowest variant price. Whole naira. */
  price: number;
  sku: string;
  type: 'simple' | 'variable';
  variants: SeedVariant[];
  images: SeedImage[];
  active: boolean;
  inStock: boolean;
  relevanceOrder: number;
  productClass: 'flowers' | 'gifts' | 'plants' | 'accessories';
  categories: string[];
  budget: 'regular' | 'vip';
  flowerType: string[];
  design: string[];
  packages: string[];
  delivery: string[];
  flowerName: string[];
  designOptions: string[];
  /** Slugs of related products, in display order. */
  related: string[];
};

export type SeedFeaturedGroup = { key: string; title: string; featuredSlugs: string[] };

export type SeedCatalogue = {
  categories: SeedCategory[];
  designOptions: SeedDesignOption[];
  products: SeedProduct[];
  featuredGroups: SeedFeaturedGroup[];
};
