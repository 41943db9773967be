/**
 * The catalogue as a CSV file (issue 14; columns and rules: lib/contracts/catalogue-csv.ts).
 *
 * Export: every product, inactive ones too, one row each, read in three queries whatever the
 * catalogue's size; every cell guarded against formula injection (lib/domain/csv.ts).
 *
 * Import: each row is turned into a product's whole fields (the product's current values for
 * columns the file leaves out) and checked with the product editor's contract
 * (`productFieldsBody`); rows that change their product are written with the editor's own
 * `writeProduct` (product-save.ts: references, unique slugs and SKUs, sizes on orders, slug
 * redirects, one `content_audit` line, here with action 'imported'), each inside a savepoint so
 * that one row's refusal is reported and the others still checked. Everything runs in ONE
 * transaction: a check (dry run) or a file with any error rolls it all back, so the check reports
 * exactly what the import would do and a failed import writes nothing. After a committed import
 * that changed something, `contentChanged()` tells every cache.
 *
 * Related products may name products the same file adds: rows are written once what they name
 * exists; rows that name each other (new products related both ways) are written first without
 * those names and then once more with them (so such a product has two audit lines).
 *
 * @example
 * const report = await importCatalogue(db, member, csvText, { dryRun: true }, now());
 */
import { asc, eq } from 'drizzle-orm';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { products, productVariants, relatedProducts } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { asConflict, fieldsFromRows, writeProduct } from '@/lib/server/services/backoffice/product-save';
import { productFieldsBody, type ProductFields } from '@/lib/contracts/catalogue-admin';
import {
  CATALOGUE_COLUMNS,
  columnOf,
  LIST_SEPARATOR,
  type CatalogueColumnName,
  type CatalogueImportReport,
  type CatalogueRowChange,
  type CatalogueRowError,
} from '@/lib/contracts/catalogue-csv';
import { CsvError, guardCell, parseCsv, toCsv, unguardCell } from '@/lib/domain/csv';

type Actor = { id: string; address?: string };
type Stored = { id: string; fields: ProductFields };

const EMPTY_KEEPS = new Set<CatalogueColumnName>(['in_stock', 'active', 'budget', 'product_class', 'relevance_order']);
const LIST_COLUMNS = new Set<CatalogueColumnName>(['categories', 'flower_type', 'design', 'packages', 'delivery', 'flower_name', 'design_options', 'related']);

// ---------------------------------------------------------------------------------------------
// Reading the catalogue

/** Items by key, each list in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Every product's fields as the editor shows them (product-save.ts's `fieldsFromRows`), for the
 * whole catalogue in three queries: sizes in their order, related products by current slug in
 * their order.
 */
async function storedCatalogue(db: Db): Promise<Stored[]> {
  // One after another: inside a transaction the three share one connection.
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  const sizes = await db.select().from(productVariants).orderBy(asc(productVariants.sortOrder), asc(productVariants.sku));
  const related = await db
    .select({ productId: relatedProducts.productId, slug: products.slug })
    .from(relatedProducts)
    .innerJoin(products, eq(products.id, relatedProducts.relatedId))
    .orderBy(asc(relatedProducts.position));
  const sizesOf = groupBy(sizes, (v) => v.productId);
  const relatedOf = groupBy(related, (r) => r.productId);
  return rows.map((row) => ({ id: row.id, fields: fieldsFromRows(row, sizesOf.get(row.id) ?? [], (relatedOf.get(row.id) ?? []).map((r) => r.slug)) }));
}

// ---------------------------------------------------------------------------------------------
// Cells

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A product's cell in a column, as the file writes it (before the formula guard). */
function cellOf(column: CatalogueColumnName, fields: ProductFields, id: string): string {
  const list = (values: readonly string[]) => values.join(LIST_SEPARATOR);
  switch (column) {
    case 'id':
      return id;
    case 'price':
      return fields.variants.length === 0 && fields.price !== undefined ? String(fields.price) : '';
    case 'sizes':
      return list(fields.variants.map((v) => `${v.name}:${v.sku}:${v.price}:${v.inStock ? 'in' : 'out'}`));
    case 'in_stock':
      return yesNo(fields.inStock);
    case 'active':
      return yesNo(fields.active);
    case 'product_class':
      return fields.productClass;
    case 'relevance_order':
      return String(fields.relevanceOrder);
    case 'flower_type':
      return list(fields.flowerType);
    case 'flower_name':
      return list(fields.flowerName);
    case 'design_options':
      return list(fields.designOptions);
    case 'categories':
    case 'design':
    case 'packages':
    case 'delivery':
    case 'related':
      return list(fields[column]);
    default:
      return String(fields[column]);
  }
}

/** The whole catalogue as a CSV file (UTF-8 with a byte-order mark, so that spreadsheets read ₦ and – right). */
export async function exportCatalogue(db: Db): Promise<string> {
  const stored = await storedCatalogue(db);
  const header = CATALOGUE_COLUMNS.map((c) => c.name);
  const rows = stored.map(({ id, fields }) => CATALOGUE_COLUMNS.map((c) => guardCell(cellOf(c.name, fields, id))));
  return `\uFEFF${toCsv([header, ...rows])}`;
}

// ---------------------------------------------------------------------------------------------
// Rows to fields

/** A header as written ('In stock', 'in-stock', ' IN_STOCK ') to its column's name. */
const headerKey = (text: string) => text.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** A number as typed ('45,000', '₦45000', '45000.00'), else the text itself (the contract then names it). */
function typedNumber(cell: string): number | string {
  const plain = cell.replace(/[\s,₦]/g, '');
  return /^[+-]?\d+(\.\d+)?$/.test(plain) ? Number(plain) : cell;
}

const listOf = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

const BOOLEANS: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };
const STOCK: Record<string, boolean> = { in: true, 'in stock': true, yes: true, out: false, 'out of stock': false, 'sold out': false, no: false };

type Problem = { column: string | null; message: string };

/** The sizes cell to sizes: `name:SKU:price:in|…` (a name may hold a colon; the last three parts are SKU, price, stock). */
function sizesOf(cell: string, problems: Problem[]): Record<string, unknown>[] {
  return listOf(cell).map((part, index) => {
    const pieces = part.split(':').map((p) => p.trim());
    if (pieces.length < 4) {
      problems.push({ column: 'sizes', message: `sizes: size ${index + 1} ("${part}") must be written name:SKU:price:in (or out)` });
      return {};
    }
    const [sku, price, stock] = pieces.slice(-3) as [string, string, string];
    const inStock = STOCK[stock.toLowerCase()];
    if (inStock === undefined) problems.push({ column: 'sizes', message: `sizes: size ${index + 1} ("${part}") must end with :in or :out (in or out of stock)` });
    return { name: pieces.slice(0, -3).join(':'), sku, price: typedNumber(price), inStock: inStock ?? true };
  });
}

/** A field's value from its cell, or `undefined` to keep the product's (or take the default). */
function valueOf(column: CatalogueColumnName, cell: string, problems: Problem[]): unknown {
  if (cell === '' && EMPTY_KEEPS.has(column)) return undefined;
  if (LIST_COLUMNS.has(column)) return listOf(cell);
  switch (column) {
    case 'price':
      return cell === '' ? undefined : typedNumber(cell);
    case 'relevance_order':
      return typedNumber(cell);
    case 'sizes':
      return sizesOf(cell, problems);
    case 'in_stock':
    case 'active': {
      const value = BOOLEANS[cell.toLowerCase()];
      if (value === undefined) problems.push({ column, message: `${column}: must be yes or no` });
      return value;
    }
    case 'budget':
    case 'product_class':
      return cell.toLowerCase();
    default:
      return cell;
  }
}

/**
 * A row's whole fields as the contract takes them: the product's current fields (for a product
 * the file finds), then each column the file has.
 */
function inputOf(columns: CatalogueColumnName[], cells: string[], current: ProductFields | null, problems: Problem[]): Record<string, unknown> {
  const input: Record<string, unknown> = current ? { ...current } : {};
  columns.forEach((column, index) => {
    const field = CATALOGUE_COLUMNS.find((c) => c.name === column)!.field;
    if (!field) return;
    const value = valueOf(column, cells[index] ?? '', problems);
    if (value !== undefined) input[field] = value;
    else if (column === 'price') delete input.price;
  });
  // A product given sizes here is listed at its cheapest size's price: its old price goes.
  if (!columns.includes('price') && Array.isArray(input.variants) && input.variants.length > 0) delete input.price;
  return input;
}

/**
 * A field path ('variants.1.sku', 'categories.0') and its message, in the file's words; a list's
 * value is quoted before the message unless the message names it itself (`named`).
 */
function described(path: readonly PropertyKey[], message: string, input: Record<string, unknown>, named = false): Problem {
  const [field, index, sub] = path.map(String);
  if (!field) return { column: null, message };
  const column = columnOf(field) ?? field;
  const text = /received undefined/.test(message) ? 'is required' : message;
  if (field === 'variants' && index !== undefined && /^\d+$/.test(index)) {
    const size = (input.variants as { name?: unknown }[] | undefined)?.[Number(index)];
    const name = typeof size?.name === 'string' && size.name ? ` (${size.name})` : '';
    return { column, message: `${column}: size ${Number(index) + 1}${name}${sub ? ` ${sub === 'inStock' ? 'stock' : sub}` : ''}: ${text}` };
  }
  if (index !== undefined && /^\d+$/.test(index)) {
    const value = (input[field] as unknown[] | undefined)?.[Number(index)];
    return { column, message: `${column}: ${typeof value === 'string' && !named ? `"${value}" ` : ''}${text.replace(/^lists /, 'is listed ')}` };
  }
  return { column, message: `${column}: ${text.startsWith(`${field} `) ? text.slice(field.length + 1) : text}` };
}

/** The service's refusal ('categories.0: there is no category "x"'), in the file's words. */
function refusal(error: HttpError, input: Record<string, unknown>): Problem {
  const match = /^([a-zA-Z]+)((?:\.[a-zA-Z0-9]+)*): ([\s\S]*)$/.exec(error.message);
  if (!match) return { column: null, message: error.message };
  return described([match[1]!, ...match[2]!.split('.').filter(Boolean)], match[3]!, input, true);
}

// ---------------------------------------------------------------------------------------------
// The import

type Planned = {
  row: number;
  existing: Stored | null;
  fields: ProductFields;
  input: Record<string, unknown>;
  change: CatalogueRowChange;
};

/** Thrown to roll a check (or a failed import) back once its report is made. */
class RolledBack extends Error {}

/** The columns a header row names; problems for unknown or repeated ones. */
function readHeader(cells: string[], errors: CatalogueRowError[]): CatalogueColumnName[] {
  const known = CATALOGUE_COLUMNS.map((c) => c.name) as string[];
  const columns = cells.map((cell) => headerKey(unguardCell(cell)));
  columns.forEach((column, index) => {
    if (!known.includes(column)) errors.push({ row: 1, column: cells[index]!.trim(), message: `Unknown column "${cells[index]!.trim()}"; the columns are ${known.join(', ')}` });
    else if (columns.indexOf(column) !== index) errors.push({ row: 1, column, message: `The column ${column} is there twice` });
  });
  if (!columns.includes('id') && !columns.includes('slug')) errors.push({ row: 1, column: null, message: 'The file needs a slug column (or an id column) to find each product' });
  return columns as CatalogueColumnName[];
}

/** The changed columns of a product, with their cells before and after. */
function changesOf(before: ProductFields, after: ProductFields, id: string) {
  return CATALOGUE_COLUMNS.filter((c) => c.name !== 'id')
    .map((c) => ({ column: c.name, before: cellOf(c.name, before, id), after: cellOf(c.name, after, id) }))
    .filter((c) => c.before !== c.after);
}

/** Reads every product row: the product it finds, its fields checked with the contract, and what it changes. */
function planRows(records: { row: number; fields: string[] }[], columns: CatalogueColumnName[], stored: Stored[], errors: CatalogueRowError[]): Planned[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const bySlug = new Map(stored.map((s) => [s.fields.slug, s]));
  const claimed = new Map<string, number>();
  const newSlugs = new Map<string, number>();
  const planned: Planned[] = [];
  for (const record of records) {
    const cells = record.fields.map(unguardCell);
    const cell = (name: CatalogueColumnName) => cells[columns.indexOf(name)]?.trim() ?? '';
    const fail = (problem: Problem) => errors.push({ row: record.row, ...problem });
    const id = columns.includes('id') ? cell('id') : '';
    const existing = id ? byId.get(id.toLowerCase()) : bySlug.get(cell('slug'));
    if (id && !existing) {
      fail({ column: 'id', message: 'id: no product has this id; leave id empty to add a new product' });
      continue;
    }
    // One row per product: a second row finding the same product, or adding the same slug, is refused.
    const seen = existing ? claimed : newSlugs;
    const key = existing ? existing.id : cell('slug');
    const earlier = key ? seen.get(key) : undefined;
    if (earlier !== undefined) {
      const column = existing && id ? 'id' : 'slug';
      fail({ column, message: `${column}: the same product is on row ${earlier}` });
      continue;
    }
    if (key) seen.set(key, record.row);

    const problems: Problem[] = [];
    const input = inputOf(columns, cells, existing?.fields ?? null, problems);
    const parsed = productFieldsBody.safeParse(input);
    // A cell that could not be read (a malformed size, say) is reported once, as such.
    const unreadable = new Set(problems.map((p) => p.column));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const problem = described(issue.path, issue.message, input);
        if (!unreadable.has(problem.column)) problems.push(problem);
      }
    }
    if (problems.length > 0 || !parsed.success) {
      const said = new Set<string>();
      for (const problem of problems) if (!said.has(problem.message) && said.add(problem.message)) fail(problem);
      continue;
    }
    const fields = parsed.data;
    const changes = existing ? changesOf(existing.fields, fields, existing.id) : [];
    const action = !existing ? 'created' : changes.length > 0 ? 'updated' : 'unchanged';
    planned.push({ row: record.row, existing: existing ?? null, fields, input, change: { row: record.row, slug: fields.slug, name: fields.name, action, changes } });
  }
  return planned;
}

/**
 * Writes the rows that change their product, each in a savepoint: a row is written once the
 * products its related list names exist; rows that name each other are written without those
 * names first, then again in full. Each refusal becomes the row's error.
 */
async function writeRows(tx: Db, rows: Planned[], stored: Stored[], actor: Actor, at: Date, errors: CatalogueRowError[]): Promise<void> {
  const present = new Set(stored.map((s) => s.fields.slug));
  const ids = new Map<Planned, string | null>(rows.map((r) => [r, r.existing?.id ?? null]));
  const write = async (planned: Planned, fields: ProductFields): Promise<boolean> => {
    try {
      const outcome = await tx.transaction((sp) => writeProduct(sp, ids.get(planned) ?? null, fields, actor, at, { action: 'imported' }));
      ids.set(planned, outcome.id);
      if (planned.existing) present.delete(planned.existing.fields.slug);
      present.add(fields.slug);
      return true;
    } catch (error) {
      const refused = asConflict(error);
      if (!(refused instanceof HttpError) || refused.status >= 500) throw error;
      errors.push({ row: planned.row, ...refusal(refused, planned.input) });
      return false;
    }
  };

  let waiting = rows;
  for (let progress = true; progress && waiting.length > 0; ) {
    progress = false;
    const next: Planned[] = [];
    for (const planned of waiting) {
      if (planned.fields.related.every((slug) => present.has(slug))) {
        await write(planned, planned.fields);
        progress = true;
      } else next.push(planned);
    }
    waiting = next;
  }
  // What is left names products that no row has written yet: another waiting row's (each way), or none at all.
  const coming = new Set(waiting.map((p) => p.fields.slug));
  const twice: Planned[] = [];
  for (const planned of waiting) {
    const unknown = planned.fields.related.some((slug) => !present.has(slug) && !coming.has(slug));
    if (unknown) await write(planned, planned.fields); // the editor's own refusal names the slug
    else if (await write(planned, { ...planned.fields, related: planned.fields.related.filter((slug) => present.has(slug)) })) twice.push(planned);
  }
  for (const planned of twice) await write(planned, planned.fields);
}

/** The report's counts and lists. */
function reportOf(dryRun: boolean, rows: number, planned: Planned[], errors: CatalogueRowError[]): CatalogueImportReport {
  const failed = new Set(errors.map((e) => e.row));
  const products = planned.filter((p) => !failed.has(p.row)).map((p) => p.change);
  const count = (action: CatalogueRowChange['action']) => products.filter((p) => p.action === action).length;
  const order = (column: string | null) => CATALOGUE_COLUMNS.findIndex((c) => c.name === column);
  const sorted = [...errors].sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { dryRun, rows, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), products, errors: sorted };
}

/**
 * Checks (`dryRun`) or imports a catalogue file. Answers the report: what each row does (or
 * would do) and every error with its row and column. A real import with any error writes
 * nothing (the caller answers 400); otherwise it commits in one transaction and tells the caches.
 */
export async function importCatalogue(db: Db, actor: Actor, text: string, options: { dryRun: boolean }, at: Date): Promise<CatalogueImportReport> {
  const errors: CatalogueRowError[] = [];
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return reportOf(options.dryRun, 0, [], [{ row: error.row, column: null, message: error.message.replace(/^Row \d+: /, 'The file cannot be read: ') }]);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return reportOf(options.dryRun, 0, [], [{ row: 0, column: null, message: 'The file has no product rows under its header' }]);
  const columns = readHeader(header.fields, errors);
  if (errors.length > 0) return reportOf(options.dryRun, rows.length, [], errors);

  let planned: Planned[] = [];
  try {
    await db.transaction(async (tx) => {
      const stored = await storedCatalogue(tx);
      planned = planRows(rows, columns, stored, errors);
      await writeRows(
        tx,
        planned.filter((p) => p.change.action !== 'unchanged'),
        stored,
        actor,
        at,
        errors,
      );
      if (options.dryRun || errors.length > 0) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  const report = reportOf(options.dryRun, rows.length, planned, errors);
  if (!options.dryRun && errors.length === 0 && report.created + report.updated > 0) await contentChanged(await getDatabase());
  return report;
}

/** The 400 of an import refused for its errors: each one with its row, the first 20 in the message. */
export function importRefusal(report: CatalogueImportReport): HttpError {
  const shown = report.errors.slice(0, 20).map((e) => (e.row > 0 ? `Row ${e.row}: ${e.message}` : e.message));
  const more = report.errors.length > shown.length ? ` … and ${report.errors.length - shown.length} more` : '';
  const rows = new Set(report.errors.map((e) => e.row)).size;
  return new HttpError(400, `Nothing was imported: ${rows === 1 ? '1 row has' : `${rows} rows have`} errors. ${shown.join('; ')}${more}`);
}
