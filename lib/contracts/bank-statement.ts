/**
 * Bank statement import (automatic transfer matching): `POST
 * /admin/api/bank-statement?dryRun=1|0&currency=NGN|USD|GBP` with the statement's CSV as the body
 * (`Content-Type: text/csv`) answers a `StatementReport`; `GET /admin/api/bank-statement` answers
 * the near misses kept from earlier imports (`StatementReview`). Owners and managers. Formats and
 * matching rules: lib/domain/bank-statement.ts.
 */
import { z } from 'zod';
import type { ReviewReason, StatementFormat } from '@/lib/domain/bank-statement';
import type { BoardState } from '@/lib/domain/backoffice';
import { CURRENCY_CODES, type CurrencyCode } from '@/lib/domain/money';

/** The largest statement the import takes (a year of a busy account is well under 1 MB). */
export const MAX_STATEMENT_FILE_BYTES = 2 * 1024 * 1024;

/** `?dryRun=1` shows what would happen and writes nothing; `currency` is the account's (NGN unless given). */
export const statementImportQuery = z.object({
  dryRun: z.enum(['1', '0', 'true', 'false'], { error: 'dryRun must be 1 (check only) or 0 (import)' }).transform((v) => v === '1' || v === 'true'),
  currency: z.enum(CURRENCY_CODES, { error: `currency must be one of ${CURRENCY_CODES.join(', ')}` }).default('NGN'),
});

/** An order a line names or suggests: its id (the link to /admin/orders/{id}), number, board state now and what is still due (null: nothing). */
export type StatementOrderRef = { id: string; orderNumber: string; state: BoardState; due: string | null };

/** What every listed line shows of itself. */
type LineBase = { row: number; date: string; narration: string; reference: string; amount: string };

/** A line that confirmed (or, in a dry run, would confirm) a transfer. */
export type ConfirmedLine = LineBase & { order: StatementOrderRef; paidInFull: boolean; overpaid: string | null };

/** A near miss: never confirmed, for a person to look at. */
export type ReviewLine = LineBase & { reason: ReviewReason; message: string; orders: StatementOrderRef[]; suggestions: StatementOrderRef[] };

/** A row that is not money in (a debit, a balance line). */
export type SkippedLine = { row: number; date: string; narration: string; amount: string; reason: string };

/** A line imported before (its hash is stored): nothing happens again. */
export type AlreadyImportedLine = LineBase & { outcome: 'confirmed' | 'review'; importedAt: string };

export type StatementReport = {
  dryRun: boolean;
  currency: CurrencyCode;
  format: StatementFormat;
  counts: { confirmed: number; review: number; skipped: number; alreadyImported: number };
  confirmed: ConfirmedLine[];
  review: ReviewLine[];
  skipped: SkippedLine[];
  alreadyImported: AlreadyImportedLine[];
};

/** A kept near miss of an earlier import, with who imported it and when (`id`: to mark it dealt with). */
export type StoredReviewLine = ReviewLine & { id: string; currency: CurrencyCode; importedAt: string; importedBy: string };

/** `GET /admin/api/bank-statement`: the near misses kept and not yet dealt with, newest first. */
export type StatementReview = { lines: StoredReviewLine[]; total: number };

/**
 * `POST /admin/api/bank-statement/{id}/handled` (owners, managers): a kept near miss is dealt
 * with (the order paid by hand, the money returned, not ours) and leaves the list; the line
 * keeps who said so and when. 404 unknown, 409 said already.
 */
export const STATEMENT_LINE_TEXT = {
  handled: 'Marked as dealt with',
  notFound: 'That statement line is not one waiting for a person',
  already: 'That line was already marked as dealt with',
} as const;
