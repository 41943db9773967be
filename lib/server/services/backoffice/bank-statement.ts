/**
 * Automatic transfer matching: a manager uploads the bank's statement (CSV; formats and matching
 * rules in lib/domain/bank-statement.ts) and each money-in line that names exactly one order
 * awaiting payment in the statement's currency, and covers what is still due on it, confirms the
 * transfer through the lifecycle (`transition()`, actor 'statement import' with the member who
 * uploaded it). Near misses (short, no number, several numbers, unknown, paid, cancelled, another
 * currency) are kept for a person and never confirmed.
 *
 * Every matched line's hash (SHA-256 of its normalised text, `normalisedLines`) is stored in
 * `statement_lines` with its outcome, so a line uploaded again is 'already imported' and changes
 * nothing. The hash is claimed (inserted) before the line acts: a second upload of the same file
 * running at the same moment waits on the unique index and then finds the line taken. The whole
 * upload is one transaction; each confirmation runs in a savepoint, so a refusal by the lifecycle
 * (a reference already recorded for the order) becomes a near miss instead of failing the file. A
 * dry run does all of it and rolls back, so it reports exactly what the import would do.
 *
 * @example
 * const report = await importStatement(db, member, csvText, { dryRun: true, currency: 'NGN' }, now());
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders, staff, statementLines, transferReceipts } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { queuePaidConfirmation } from '@/lib/server/payments/confirmation';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { transition } from '@/lib/server/services/orders/lifecycle';
import { readOrder } from '@/lib/server/services/orders/store';
import type {
  ReviewLine,
  SkippedLine,
  StatementOrderRef,
  StatementReport,
  StatementReview,
  StoredReviewLine,
} from '@/lib/contracts/bank-statement';
import { STATEMENT_LINE_TEXT } from '@/lib/contracts/bank-statement';
import {
  awaitsPayment,
  decideLine,
  normalisedLines,
  orderNumbersIn,
  readStatement,
  type LineDecision,
  type ReviewReason,
  type StatementFormat,
  type StatementLine,
  type StatementOrder,
} from '@/lib/domain/bank-statement';
import { boardStateOf } from '@/lib/domain/backoffice';
import { CsvError, parseCsv } from '@/lib/domain/csv';
import { minorAmountText, type CurrencyCode } from '@/lib/domain/money';
import { STAFF_ROLE_LABELS } from '@/lib/domain/staff';

type Uploader = { id: string; address?: string };

/** How many orders a line without a number suggests at most. */
const MAX_SUGGESTIONS = 5;

/** Thrown to roll a dry run back once its report is made. */
class RolledBack extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Orders by id or number with what is still due on each (total less the transfers received). */
async function statementOrders(tx: Db, where: { ids?: string[]; numbers?: string[] }): Promise<StatementOrder[]> {
  const filter = where.ids ? inArray(orders.id, where.ids) : inArray(orders.orderNumber, where.numbers ?? []);
  if ((where.ids ?? where.numbers ?? []).length === 0) return [];
  const rows = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      currency: orders.currency,
      status: orders.status,
      payment: orders.paymentState,
      total: orders.totalInCurrency,
      received: sql<string>`coalesce((select sum(${transferReceipts.amountMinor}) from ${transferReceipts} where ${transferReceipts.orderId} = ${orders.id}), 0)`,
    })
    .from(orders)
    .where(filter);
  return rows.map((r) => {
    const due = orderAmountMinor(r.total, r.currency) - BigInt(r.received);
    return { id: r.id, orderNumber: r.orderNumber, currency: r.currency, status: r.status, payment: r.payment, dueMinor: due > 0n ? due : 0n };
  });
}

/** Orders awaiting payment in `currency` with exactly `amountMinor` still due: suggestions for a line without an order number. */
async function suggestionsFor(tx: Db, currency: CurrencyCode, amountMinor: bigint): Promise<StatementOrder[]> {
  const perMajor = orderAmountMinor(1, currency);
  const received = sql`coalesce((select sum(${transferReceipts.amountMinor}) from ${transferReceipts} where ${transferReceipts.orderId} = ${orders.id}), 0)`;
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.currency, currency),
        inArray(orders.status, ['created', 'awaiting_payment']),
        inArray(orders.paymentState, ['unpaid', 'awaiting_confirmation', 'part_paid']),
        sql`${orders.totalInCurrency}::bigint * ${perMajor.toString()}::bigint - ${received} = ${amountMinor.toString()}::bigint`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(MAX_SUGGESTIONS);
  return (await statementOrders(tx, { ids: rows.map((r) => r.id) })).filter(awaitsPayment);
}

/** An order as a listed line names it: its id (for the link), number, state in the board's words and what is due. */
function refOf(order: StatementOrder): StatementOrderRef {
  return { id: order.id, orderNumber: order.orderNumber, state: boardStateOf({ status: order.status, payment: order.payment }), due: order.dueMinor > 0n ? minorAmountText(order.dueMinor, order.currency) : null };
}

type Outcome = { kind: 'confirmed'; order: StatementOrder } | { kind: 'review'; reason: ReviewReason; message: string; orders: StatementOrder[]; suggestions: StatementOrder[] };

/** The reference a line's confirmed transfer is recorded under: the bank's, or one made from the line's hash when it gave none. */
export function statementReceiptReference(line: { reference: string; lineHash: string }): string {
  return line.reference || `statement ${line.lineHash.slice(0, 12)}`;
}

/** The references of an order's transfers that statement imports confirmed (lower case, as the lifecycle compares them). */
export async function statementReceiptReferences(db: Db, orderId: string): Promise<Set<string>> {
  const lines = await db
    .select({ reference: statementLines.reference, lineHash: statementLines.lineHash })
    .from(statementLines)
    .where(and(eq(statementLines.orderId, orderId), eq(statementLines.outcome, 'confirmed')));
  return new Set(lines.map((l) => statementReceiptReference(l).toLowerCase()));
}

/**
 * Decides one claimed line and carries it out: a confirmation through the lifecycle in a
 * savepoint (its refusal is a near miss), suggestions for a line without a number.
 */
async function settleLine(tx: Db, line: StatementLine, hash: string, currency: CurrencyCode, actor: Uploader, options: { dryRun: boolean }, at: Date): Promise<Outcome> {
  const found = orderNumbersIn(line.narration, line.reference);
  const named = await statementOrders(tx, { numbers: [...found.marked, ...found.bare] });
  const decision: LineDecision = decideLine(line, currency, found, named);
  if (decision.kind === 'review') {
    const suggestions = decision.reason === 'no_number' ? await suggestionsFor(tx, currency, line.amountMinor) : [];
    return { ...decision, suggestions };
  }
  const order = decision.order;
  try {
    await tx.transaction((sp) =>
      transition(
        sp,
        order.id,
        { type: 'confirm_transfer', reference: statementReceiptReference({ reference: line.reference, lineHash: hash }), amountMinor: line.amountMinor, note: `From the bank statement (${line.date})` },
        { kind: 'statement', staffId: actor.id, ...(actor.address && { address: actor.address }) },
        at,
      ),
    );
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { kind: 'review', reason: 'refused', message: `${order.orderNumber}: ${error.message}`, orders: [order], suggestions: [] };
  }
  const moved = await readOrder(tx, order.id);
  if (!options.dryRun && moved.paymentState === 'paid') await queuePaidConfirmation(tx, moved);
  return { kind: 'confirmed', order };
}

/** The line as every list shows it. */
function shown(line: StatementLine, currency: CurrencyCode) {
  return { row: line.row, date: line.date, narration: line.narration, reference: line.reference, amount: minorAmountText(line.amountMinor, currency) };
}

/** The 400 of a file whose rows cannot be read: each one with its row, the first 20 in the message. */
function unreadable(errors: { row: number; message: string }[]): HttpError {
  const shownErrors = errors.slice(0, 20).map((e) => `Row ${e.row}: ${e.message}`);
  const more = errors.length > shownErrors.length ? ` … and ${errors.length - shownErrors.length} more` : '';
  return new BadRequestError(`Nothing was imported: ${errors.length === 1 ? '1 row' : `${errors.length} rows`} cannot be read. ${shownErrors.join('; ')}${more}`);
}

/**
 * Imports (or, with `dryRun`, checks) a statement in `currency`. Throws 400 for a file that
 * cannot be read (malformed CSV, an unknown header naming the two accepted ones, a row whose date
 * or amount cannot be read, no transaction rows), with nothing written.
 */
export async function importStatement(db: Db, uploader: Uploader, text: string, options: { dryRun: boolean; currency: CurrencyCode }, at: Date): Promise<StatementReport> {
  const { currency } = options;
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new BadRequestError(error.message.replace(/^Row (\d+): /, 'The file cannot be read: row $1: '));
  }
  const read = readStatement(records);
  if (!read.ok) throw new BadRequestError(read.message);
  if (read.errors.length > 0) throw unreadable(read.errors);
  if (read.lines.length === 0 && read.skipped.length === 0) throw new BadRequestError('The file has no transaction rows under its header');

  const hashes = normalisedLines(read.lines, currency).map(sha256);
  const report: StatementReport = {
    dryRun: options.dryRun,
    currency,
    format: read.format,
    counts: { confirmed: 0, review: 0, skipped: read.skipped.length, alreadyImported: 0 },
    confirmed: [],
    review: [],
    skipped: read.skipped.map((s): SkippedLine => ({ row: s.row, date: s.date, narration: s.narration, amount: s.amountMinor === 0n ? '' : minorAmountText(s.amountMinor < 0n ? -s.amountMinor : s.amountMinor, currency), reason: s.reason })),
    alreadyImported: [],
  };
  try {
    await db.transaction(async (tx) => {
      for (const [index, line] of read.lines.entries()) {
        const hash = hashes[index]!;
        const [claimed] = await tx
          .insert(statementLines)
          .values({
            lineHash: hash,
            currency,
            format: read.format as StatementFormat,
            fileRow: line.row,
            lineDate: line.date,
            narration: line.narration.slice(0, 500),
            reference: line.reference.slice(0, 200),
            amountMinor: line.amountMinor,
            outcome: 'review',
            reason: 'refused',
            staffId: uploader.id,
            importedAt: at,
          })
          .onConflictDoNothing({ target: statementLines.lineHash })
          .returning({ id: statementLines.id });
        if (!claimed) {
          const [earlier] = await tx.select().from(statementLines).where(eq(statementLines.lineHash, hash));
          report.alreadyImported.push({ ...shown(line, currency), outcome: earlier?.outcome ?? 'confirmed', importedAt: (earlier?.importedAt ?? at).toISOString() });
          continue;
        }
        const outcome = await settleLine(tx, line, hash, currency, uploader, options, at);
        if (outcome.kind === 'confirmed') {
          await tx.update(statementLines).set({ outcome: 'confirmed', reason: null, message: '', orderId: outcome.order.id, namedOrderIds: [outcome.order.id] }).where(eq(statementLines.id, claimed.id));
          const over = line.amountMinor - outcome.order.dueMinor;
          report.confirmed.push({ ...shown(line, currency), order: { ...refOf(outcome.order), state: 'paid', due: null }, paidInFull: true, overpaid: over > 0n ? minorAmountText(over, currency) : null });
        } else {
          await tx
            .update(statementLines)
            .set({ reason: outcome.reason, message: outcome.message, namedOrderIds: outcome.orders.map((o) => o.id), suggestedOrderIds: outcome.suggestions.map((o) => o.id) })
            .where(eq(statementLines.id, claimed.id));
          report.review.push({ ...shown(line, currency), reason: outcome.reason, message: outcome.message, orders: outcome.orders.map(refOf), suggestions: outcome.suggestions.map(refOf) });
        }
      }
      if (options.dryRun) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  report.counts = { confirmed: report.confirmed.length, review: report.review.length, skipped: report.skipped.length, alreadyImported: report.alreadyImported.length };
  return report;
}

/** The answer's message: what happened (or would), in counts. */
export function statementMessage(report: StatementReport): string {
  const { confirmed, review, skipped, alreadyImported } = report.counts;
  const counts = `${confirmed} confirmed, ${review} for a person to check, ${skipped} skipped, ${alreadyImported} already imported`;
  return report.dryRun ? `Check only, nothing changed: ${counts}` : `Imported: ${counts}`;
}

/** How many kept near misses the page lists. */
export const REVIEW_PAGE_SIZE = 100;

/** A near miss still waiting for a person: kept for review and not marked as dealt with. */
const waiting = and(eq(statementLines.outcome, 'review'), isNull(statementLines.handledAt));

/** The near misses kept from earlier imports and not yet dealt with, newest first, with the orders they name or suggest as they are now. */
export async function readStatementReview(db: Db, limit = REVIEW_PAGE_SIZE): Promise<StatementReview> {
  const [{ total }] = (await db.select({ total: count() }).from(statementLines).where(waiting)) as [{ total: number }];
  const rows = await db
    .select({ line: statementLines, staffName: staff.name, staffRole: staff.role })
    .from(statementLines)
    .leftJoin(staff, eq(staff.id, statementLines.staffId))
    .where(waiting)
    .orderBy(desc(statementLines.importedAt), desc(statementLines.fileRow))
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => [...r.line.namedOrderIds, ...r.line.suggestedOrderIds]))];
  const byId = new Map((await statementOrders(db, { ids })).map((o) => [o.id, o]));
  const refs = (list: string[]) => list.map((id) => byId.get(id)).filter((o): o is StatementOrder => o !== undefined).map(refOf);
  const lines = rows.map(({ line, staffName, staffRole }): StoredReviewLine => {
    const base: ReviewLine = {
      row: line.fileRow,
      date: line.lineDate,
      narration: line.narration,
      reference: line.reference,
      amount: minorAmountText(line.amountMinor, line.currency),
      reason: line.reason as ReviewReason,
      message: line.message,
      orders: refs(line.namedOrderIds),
      suggestions: refs(line.suggestedOrderIds),
    };
    const importedBy = staffName && staffRole ? `${staffName} (${STAFF_ROLE_LABELS[staffRole]})` : 'A former member';
    return { ...base, id: line.id, currency: line.currency, importedAt: line.importedAt.toISOString(), importedBy };
  });
  return { lines, total: Number(total) };
}

/**
 * A member marks a kept near miss as dealt with: it leaves the list, keeping who and when. Only
 * a waiting line: 404 for an unknown id or a confirmed line, 409 when someone said so already
 * (two managers at once: one wins, under the row's lock).
 */
export async function markStatementLineHandled(db: Db, member: { id: string }, id: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [line] = await tx.select({ outcome: statementLines.outcome, handledAt: statementLines.handledAt }).from(statementLines).where(eq(statementLines.id, id)).for('update');
    if (!line || line.outcome !== 'review') throw new NotFoundError(STATEMENT_LINE_TEXT.notFound);
    if (line.handledAt) throw new HttpError(409, STATEMENT_LINE_TEXT.already);
    await tx.update(statementLines).set({ handledAt: at, handledBy: member.id }).where(eq(statementLines.id, id));
  });
}
