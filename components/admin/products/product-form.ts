/**
 * The product editor's values as the form holds them (text as typed, the name as title and
 * subtitle), and the way back to the shop's contract: the whole fields a create sends, the
 * fields that differ for a change, the checks of `productFieldsBody` per field before sending,
 * and the server's message put next to the field it names ('variants.1.price: …').
 */
import type { AdminProductDetail, ProductFields, ProductFieldsInput, ProductPatchBody } from '@/lib/contracts/catalogue-admin';
import { productFieldsBody, productName } from '@/lib/contracts/catalogue-admin';
import { splitProductName } from '@/lib/domain/catalogue';
import { typedPrice } from './product-text';

export type SizeValues = { key: string; id?: string; name: string; sku: string; price: string; inStock: boolean };

export type EditorValues = {
  title: string;
  subtitle: string;
  slug: string;
  description: string;
  sku: string;
  hasSizes: boolean;
  price: string;
  sizes: SizeValues[];
  designOptions: string[];
  categories: string[];
  flowerType: string[];
  design: string[];
  packages: string[];
  delivery: string[];
  flowerName: string[];
  budget: string;
  productClass: string;
  relevanceOrder: string;
  related: string[];
  inStock: boolean;
  active: boolean;
};

/** The shop-by lists the form shows as ticks. */
export type ShopByList = 'flowerType' | 'design' | 'packages' | 'delivery' | 'flowerName';
export type ListField = ShopByList | 'designOptions' | 'categories';

/** Errors by field key: 'name', 'slug', 'variants', 'variants.0.price', 'categories', … */
export type FieldErrors = Record<string, string>;

let sizeKeys = 0;
/** A key for a size row that stays while its values change. */
export const newSizeKey = () => `size-${++sizeKeys}`;

export function emptySize(): SizeValues {
  return { key: newSizeKey(), name: '', sku: '', price: '', inStock: true };
}

/** A new product's values: not sold until a manager says so. */
export function blankValues(): EditorValues {
  return {
    title: '',
    subtitle: '',
    slug: '',
    description: '',
    sku: '',
    hasSizes: false,
    price: '',
    sizes: [],
    designOptions: [],
    categories: [],
    flowerType: [],
    design: [],
    packages: [],
    delivery: [],
    flowerName: [],
    budget: 'regular',
    productClass: 'flowers',
    relevanceOrder: '100',
    related: [],
    inStock: true,
    active: false,
  };
}

/** The form's values for a product's fields. */
export function valuesOf(fields: ProductFields): EditorValues {
  const { title, subtitle } = splitProductName(fields.name);
  return {
    title,
    subtitle,
    slug: fields.slug,
    description: fields.description,
    sku: fields.sku,
    hasSizes: fields.variants.length > 0,
    price: fields.price === undefined ? '' : String(fields.price),
    sizes: fields.variants.map((v) => ({ key: newSizeKey(), id: v.id, name: v.name, sku: v.sku, price: String(v.price), inStock: v.inStock })),
    designOptions: fields.designOptions,
    categories: fields.categories,
    flowerType: fields.flowerType,
    design: fields.design,
    packages: fields.packages,
    delivery: fields.delivery,
    flowerName: fields.flowerName,
    budget: fields.budget,
    productClass: fields.productClass,
    relevanceOrder: String(fields.relevanceOrder),
    related: fields.related,
    inStock: fields.inStock,
    active: fields.active,
  };
}

/** A price as typed: none when empty, a number when it is one, else the text (so that the check names it). */
const priceOf = (text: string) => (text.trim() === '' ? undefined : (typedPrice(text) as number));

/** A whole number as typed ('1,000' is 1000), else the text itself so that the check names it. */
function typedNumber(text: string): number | string {
  const plain = text.replace(/[\s,]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text.trim();
}

/** The whole fields the values stand for, as a create sends them. */
export function fieldsOf(values: EditorValues): ProductFieldsInput {
  return {
    name: productName(values.title, values.subtitle),
    slug: values.slug.trim(),
    description: values.description,
    sku: values.sku.trim(),
    ...(values.hasSizes ? {} : { price: priceOf(values.price) }),
    variants: values.hasSizes ? values.sizes.map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name, sku: s.sku.trim(), price: priceOf(s.price)!, inStock: s.inStock })) : [],
    designOptions: values.designOptions,
    categories: values.categories,
    flowerType: values.flowerType as ProductFieldsInput['flowerType'],
    design: values.design as ProductFieldsInput['design'],
    packages: values.packages as ProductFieldsInput['packages'],
    delivery: values.delivery as ProductFieldsInput['delivery'],
    flowerName: values.flowerName as ProductFieldsInput['flowerName'],
    budget: values.budget as ProductFieldsInput['budget'],
    productClass: values.productClass as ProductFieldsInput['productClass'],
    relevanceOrder: values.relevanceOrder.trim() === '' ? undefined : (typedNumber(values.relevanceOrder) as number),
    related: values.related,
    inStock: values.inStock,
    active: values.active,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The change for a product: each field whose value differs from the product's (sizes as the
 * whole new list; `active` is changed by its own button). Null when nothing differs.
 */
export function patchOf(product: AdminProductDetail, values: EditorValues): ProductPatchBody | null {
  const next = fieldsOf({ ...values, active: product.fields.active });
  const before = product.fields;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'price' || key === 'variants') continue;
    if (!same(value, before[key as keyof ProductFields])) body[key] = value;
  }
  if (!same(next.variants, before.variants)) body.variants = next.variants;
  // A simple product's price; a product leaving its sizes needs its price too.
  if (next.price !== undefined && (!same(next.price, before.price) || before.variants.length > 0)) body.price = next.price;
  return Object.keys(body).length > 0 ? (body as ProductPatchBody) : null;
}

/** Where a message's path shows: sizes' own fields by row, other lists as a whole ('categories.2' → 'categories'). */
export function errorKey(path: readonly PropertyKey[]): string {
  const [field, index, part] = path.map(String);
  if (!field) return '';
  if (field === 'variants' && index !== undefined && (part === 'name' || part === 'sku' || part === 'price')) return `variants.${index}.${part}`;
  return field;
}

/** Every field's first problem by `productFieldsBody`, before anything is sent. */
export function checkValues(values: EditorValues): FieldErrors {
  const parsed = productFieldsBody.safeParse(fieldsOf(values));
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = errorKey(issue.path);
    const field = issue.path.map(String).join('.');
    const text =
      issue.code === 'invalid_type' && /received undefined/.test(issue.message)
        ? 'is required'
        : issue.message.startsWith(field)
          ? issue.message.slice(field.length).replace(/^:?\s*/, '')
          : issue.message;
    errors[key] ??= text;
  }
  return errors;
}

/** The server's message by the field it names ('slug: "x" is taken' → slug), or under '' when it names none. */
export function serverError(message: string): FieldErrors {
  const named = /^([a-zA-Z]+)((?:\.\d+)?(?:\.[a-zA-Z]+)?)(:\s*|\s+)(.+)$/s.exec(message);
  if (!named || !KNOWN.has(named[1]!)) return { '': message };
  const path = `${named[1]}${named[2]}`.split('.');
  // 'price: is required…' shows as 'is required…'; 'variants.1.name is required…' keeps its subject.
  return { [errorKey(path)]: named[3]!.startsWith(':') ? named[4]! : `${path.at(-1)} ${named[4]!}` };
}

const KNOWN = new Set(['name', 'slug', 'description', 'sku', 'price', 'variants', 'designOptions', 'categories', 'flowerType', 'design', 'packages', 'delivery', 'flowerName', 'budget', 'productClass', 'relevanceOrder', 'related', 'inStock', 'active']);

/**
 * A slug from a title: lower-case words of letters and digits joined by hyphens.
 * @example slugFrom("Valentine's Red Roses & Wine") // 'valentines-red-roses-and-wine'
 */
export function slugFrom(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
