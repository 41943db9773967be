/**
 * Bank statements (pure): reading a statement export into money-in lines, finding order numbers
 * in what the bank wrote, and deciding what one line does to the orders it names. The service
 * (`lib/server/services/backoffice/bank-statement.ts`) reads the orders and applies the outcome
 * through the lifecycle.
 *
 * Two formats, told apart by their header row (the first row, within the first 30, that is one):
 * - GTBank internet banking: `Trans. Date, Value Date, Reference, Debits, Credits, Balance,
 *   Remarks` (the narration is in Remarks; Value Date and Balance may be absent; rows above the
 *   header, the account's name and period, are ignored);
 * - generic: `date, narration, amount, reference` in any order, any case (reference may be
 *   absent); the amount is positive for money in, negative for money out.
 *
 * Order numbers (`RF-123456`) as banks mangle them: `RF-123456`, `RF 123456`, `rf123456`,
 * `RF/123456`, `RF:123456`, `RF#123456`: 'RF' not preceded by a letter or digit, up to three
 * separators, six digits not followed by another digit. A bare six-digit number (`123456`,
 * standing alone: not part of a longer run of digits, a date or a time) is read only when the
 * line has no RF number, only when it is an order's number, and it confirms only an amount that
 * is exactly what is still due (otherwise a person decides): order numbers are six random digits,
 * so a bare number in a narration (part of a name, a session id, a phone) can be an order's number
 * by chance, and needing the exact amount in the same currency on an order awaiting payment makes
 * a wrong confirmation very unlikely.
 */
import { minorAmountText, type CurrencyCode } from '@/lib/domain/money';
import type { OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';

export type StatementFormat = 'gtbank' | 'generic';

/** The two header rows the import takes, as the 400 names them. */
export const GTBANK_HEADER = 'Trans. Date, Value Date, Reference, Debits, Credits, Balance, Remarks';
export const GENERIC_HEADER = 'date, narration, amount, reference';
export const UNKNOWN_HEADER_MESSAGE = `The file's header is not one the import knows. Use the GTBank internet banking export (${GTBANK_HEADER}) or a file with the columns ${GENERIC_HEADER}`;

/** How far down a file the header row may be (GTBank puts the account and period above it). */
const HEADER_SEARCH_ROWS = 30;

/** A header cell reduced to letters and digits: 'Trans. Date' → 'transdate'. */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

const GTBANK_COLUMNS = { date: ['transdate', 'transactiondate'], reference: ['reference'], debit: ['debits', 'debit'], credit: ['credits', 'credit'], narration: ['remarks'] };
const GENERIC_COLUMNS = { date: ['date'], narration: ['narration'], amount: ['amount'], reference: ['reference'] };

type Columns = Partial<Record<'date' | 'reference' | 'debit' | 'credit' | 'narration' | 'amount', number>>;

function columnsOf(cells: string[], names: Record<string, string[]>): Columns {
  const keys = cells.map(headerKey);
  const found: Columns = {};
  for (const [column, accepted] of Object.entries(names)) {
    const index = keys.findIndex((k) => accepted.includes(k));
    if (index >= 0) found[column as keyof Columns] = index;
  }
  return found;
}

/** A header row's format and where its columns are, or null when the row is not one. */
export function headerOf(cells: string[]): { format: StatementFormat; columns: Columns } | null {
  const gtbank = columnsOf(cells, GTBANK_COLUMNS);
  if (gtbank.date !== undefined && gtbank.credit !== undefined && gtbank.debit !== undefined && gtbank.narration !== undefined) return { format: 'gtbank', columns: gtbank };
  const generic = columnsOf(cells, GENERIC_COLUMNS);
  if (generic.date !== undefined && generic.narration !== undefined && generic.amount !== undefined) return { format: 'generic', columns: generic };
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A statement's date as YYYY-MM-DD, or null: '2026-11-26', '26/11/2026' and '26-11-2026' (day
 * first, as Nigerian and British banks write it), '26-Nov-2026', '26 Nov 26'; a time after it is
 * ignored. A day that does not exist is null.
 * @example statementDate('26-Nov-2026 10:42:11') // '2026-11-26'
 * @example statementDate('31/02/2026') // null
 */
export function statementDate(text: string): string | null {
  const t = text.trim();
  let parts: [number, number, number] | null = null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(t);
  if (m) parts = [Number(m[1]), Number(m[2]), Number(m[3])];
  m = m ? null : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:$|\s)/.exec(t);
  if (m) parts = [Number(m[3]), Number(m[2]), Number(m[1])];
  m = parts ? null : /^(\d{1,2})[\s/-]([a-z]{3})[a-z]*[\s/-](\d{2}|\d{4})(?:$|\s)/i.exec(t);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) parts = [Number(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1])];
  if (!parts) return null;
  const [rawYear, month, day] = parts;
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as a statement writes it, in minor units (two decimals: naira and kobo, dollars and
 * cents, pounds and pence), signed; 0n for an empty cell; null when it is not an amount.
 * Thousands separators, spaces and a currency sign or code are allowed; '-' or brackets mean
 * money out.
 * @example statementAmountMinor('1,234,567.50') // 123456750n
 * @example statementAmountMinor('(2,000.00)') // -200000n
 * @example statementAmountMinor('12.345') // null
 */
export function statementAmountMinor(text: string): bigint | null {
  let t = text.replace(/[\s,₦$£]|NGN|USD|GBP/gi, '');
  if (t === '') return 0n;
  let negative = false;
  const bracketed = /^\((.*)\)$/.exec(t);
  if (bracketed) [negative, t] = [true, bracketed[1]!];
  if (t.startsWith('-') || t.startsWith('+')) [negative, t] = [negative || t.startsWith('-'), t.slice(1)];
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(t) ?? /^()\.(\d{1,2})$/.exec(t);
  if (!m) return null;
  const minor = BigInt(m[1] || '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** One transaction line of a statement: money in (`amountMinor` > 0) or out (< 0). */
export type StatementLine = { row: number; date: string; narration: string; reference: string; amountMinor: bigint };

/** A row that is not money in, and why (a debit, no amount, not a transaction). */
export type SkippedRow = { row: number; date: string; narration: string; amountMinor: bigint; reason: string };

export type ReadStatement =
  | { ok: true; format: StatementFormat; lines: StatementLine[]; skipped: SkippedRow[]; errors: { row: number; message: string }[] }
  | { ok: false; message: string };

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A parsed CSV file (lib/domain/csv.ts's records) as statement lines: money in, money out and
 * rows skipped, or the unknown header's refusal. Rows whose date or amount cannot be read are
 * errors (`errors`, by row).
 * @example readStatement([{ row: 1, fields: ['date', 'narration', 'amount'] }, { row: 2, fields: ['2026-11-26', 'RF-123456', '45000'] }])
 * // { ok: true, format: 'generic', lines: [{ row: 2, date: '2026-11-26', narration: 'RF-123456', reference: '', amountMinor: 4500000n }], skipped: [], errors: [] }
 */
export function readStatement(records: { row: number; fields: string[] }[]): ReadStatement {
  const headerIndex = records.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => headerOf(r.fields) !== null);
  if (headerIndex < 0) return { ok: false, message: UNKNOWN_HEADER_MESSAGE };
  const { format, columns } = headerOf(records[headerIndex]!.fields)!;
  const lines: StatementLine[] = [];
  const skipped: SkippedRow[] = [];
  const errors: { row: number; message: string }[] = [];
  for (const record of records.slice(headerIndex + 1)) {
    const cell = (column: keyof Columns) => (columns[column] === undefined ? '' : clean(record.fields[columns[column]] ?? ''));
    const narration = cell('narration');
    const dateText = cell('date');
    if (!dateText) {
      // An opening or closing balance, a total, a note under the table.
      skipped.push({ row: record.row, date: '', narration: narration || record.fields.map(clean).filter(Boolean).join(' ').slice(0, 120), amountMinor: 0n, reason: 'Not a transaction (no date)' });
      continue;
    }
    const date = statementDate(dateText);
    if (!date) {
      errors.push({ row: record.row, message: `The date "${dateText.slice(0, 40)}" cannot be read: write it as 2026-11-26, 26/11/2026 or 26-Nov-2026` });
      continue;
    }
    let amountMinor: bigint | null;
    if (format === 'gtbank') {
      const credit = statementAmountMinor(cell('credit'));
      const debit = statementAmountMinor(cell('debit'));
      if (credit === null || debit === null) amountMinor = null;
      else if (credit !== 0n && debit !== 0n) {
        errors.push({ row: record.row, message: 'The row has both a debit and a credit' });
        continue;
      } else amountMinor = credit !== 0n ? credit : -(debit < 0n ? -debit : debit);
    } else amountMinor = statementAmountMinor(cell('amount'));
    if (amountMinor === null) {
      const text = format === 'gtbank' ? `${cell('debit')} ${cell('credit')}`.trim() : cell('amount');
      errors.push({ row: record.row, message: `The amount "${text.slice(0, 40)}" cannot be read: write it as 45000 or 45,000.00` });
      continue;
    }
    const line = { row: record.row, date, narration, reference: cell('reference'), amountMinor };
    if (amountMinor > 0n) lines.push(line);
    else skipped.push({ row: record.row, date, narration, amountMinor, reason: amountMinor < 0n ? 'Money out (a debit)' : 'No amount' });
  }
  return { ok: true, format, lines, skipped, errors };
}

/** Order numbers a text carries: written with RF (`marked`), and bare six-digit numbers (`bare`), each once, as `RF-123456`. */
export type FoundNumbers = { marked: string[]; bare: string[] };

const MARKED = /(?<![a-z0-9])rf[\s\-_/:#.]{0,3}(\d{6})(?!\d)/gi;
/** Six digits standing alone: not beside another digit or letter, nor joined to digits by / . : - (dates, times, amounts). */
const BARE = /(?<![a-z0-9]|\d[/.:-])(\d{6})(?![a-z0-9]|[/.:-]\d)/gi;

/**
 * The order numbers in a line's narration and reference (see the top of this file).
 * @example orderNumbersIn('TRF FROM ADA OBI rf 123456', '') // { marked: ['RF-123456'], bare: [] }
 * @example orderNumbersIn('PAYMENT 654321 FLOWERS', 'S/26/11/2026') // { marked: [], bare: ['RF-654321'] }
 */
export function orderNumbersIn(...texts: string[]): FoundNumbers {
  const text = texts.join(' \n ');
  const marked = [...new Set([...text.matchAll(MARKED)].map((m) => `RF-${m[1]}`))];
  const withoutMarked = text.replace(MARKED, ' ');
  const bare = [...new Set([...withoutMarked.matchAll(BARE)].map((m) => `RF-${m[1]}`))].filter((n) => !marked.includes(n));
  return { marked, bare };
}

/**
 * The text a line's hash is made from: date, narration (spaces collapsed), amount in minor units,
 * reference, the statement's currency, and which of the file's identical lines it is (1 for the
 * first): two equal transfers on one day with the same narration and no reference are two lines,
 * and the same file read again gives the same texts.
 * @example normalisedLines([{ row: 2, date: '2026-11-26', narration: 'RF-1', reference: '', amountMinor: 100n }], 'NGN') // ['2026-11-26|RF-1|100||NGN|1']
 */
export function normalisedLines(lines: StatementLine[], currency: CurrencyCode): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = [line.date, clean(line.narration), line.amountMinor.toString(), clean(line.reference), currency].join('|');
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return `${base}|${nth}`;
  });
}

/** An order as the matcher sees it: where it is, its currency, and what is still due (its total less the transfers received). */
export type StatementOrder = { id: string; orderNumber: string; currency: CurrencyCode; status: OrderStatus; payment: PaymentState; dueMinor: bigint };

export const REVIEW_REASONS = ['amount_short', 'no_number', 'several_numbers', 'unknown_number', 'already_paid', 'cancelled', 'not_awaiting_payment', 'other_currency', 'bare_number', 'refused'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export type LineDecision = { kind: 'confirm'; order: StatementOrder } | { kind: 'review'; reason: ReviewReason; message: string; orders: StatementOrder[] };

/** Whether an order is waiting for money a transfer can bring (the lifecycle's confirm_transfer states). */
export function awaitsPayment(order: Pick<StatementOrder, 'status' | 'payment'>): boolean {
  return (order.status === 'created' || order.status === 'awaiting_payment') && (order.payment === 'unpaid' || order.payment === 'awaiting_confirmation' || order.payment === 'part_paid');
}

/**
 * What a money-in line does: confirm exactly one order awaiting payment in the statement's
 * currency whose outstanding amount the line covers, or go to a person with the reason.
 * `orders`: the orders whose numbers the line carries (any currency; a number no order has is
 * simply absent).
 * @example decideLine({ amountMinor: 4500000n }, 'NGN', { marked: ['RF-123456'], bare: [] }, [order]) // { kind: 'confirm', order }
 */
export function decideLine(line: Pick<StatementLine, 'amountMinor'>, currency: CurrencyCode, found: FoundNumbers, orders: StatementOrder[]): LineDecision {
  const byNumber = new Map(orders.map((o) => [o.orderNumber, o]));
  const bareKnown = found.bare.filter((n) => byNumber.has(n));
  const numbers = found.marked.length > 0 ? found.marked : bareKnown;
  const review = (reason: ReviewReason, message: string, named: StatementOrder[] = []): LineDecision => ({ kind: 'review', reason, message, orders: named });
  if (numbers.length === 0) return review('no_number', 'No order number in the narration or reference');
  const named = numbers.map((n) => byNumber.get(n)).filter((o): o is StatementOrder => o !== undefined);
  if (numbers.length > 1) return review('several_numbers', `Several order numbers: ${numbers.join(', ')}`, named);
  const number = numbers[0]!;
  const order = byNumber.get(number);
  if (!order) return review('unknown_number', `No order has the number ${number}`);
  const money = (minor: bigint) => minorAmountText(minor, currency);
  if (order.currency !== currency) return review('other_currency', `${number} is an order in ${order.currency}; this statement is in ${currency}`, [order]);
  if (order.payment === 'paid' || order.payment === 'refund_due' || order.payment === 'refunded') return review('already_paid', `${number} is already paid`, [order]);
  if (order.status === 'cancelled') return review('cancelled', `${number} is cancelled`, [order]);
  if (!awaitsPayment(order)) return review('not_awaiting_payment', `${number} is not awaiting payment`, [order]);
  if (line.amountMinor < order.dueMinor) return review('amount_short', `Short: ${money(line.amountMinor)} received, ${money(order.dueMinor)} due on ${number}`, [order]);
  if (found.marked.length === 0 && line.amountMinor !== order.dueMinor) {
    return review('bare_number', `The number ${number.slice(3)} has no RF in front and the amount is not exactly the ${money(order.dueMinor)} due: check it is this order`, [order]);
  }
  return { kind: 'confirm', order };
}
