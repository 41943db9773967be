import { MAX_STATEMENT_FILE_BYTES, statementImportQuery } from '@/lib/contracts/bank-statement';
import { csvBody } from '@/lib/server/http/csv-body';
import { endpoint, route } from '@/lib/server/http/route';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { importStatement, readStatementReview, statementMessage } from '@/lib/server/services/backoffice/bank-statement';

export const config = { api: { bodyParser: false } };

const managers = authorizeStaff(['owner', 'manager']);

/**
 * Bank statement import (owners, managers; lib/server/services/backoffice/bank-statement.ts).
 *
 * POST /admin/api/bank-statement?dryRun=1|0&currency=NGN|USD|GBP with the statement's CSV as the
 * body: matches every money-in line and answers a `StatementReport` (confirmed, for a person,
 * skipped, already imported, with counts); `dryRun=1` writes nothing. 400 for a file that cannot
 * be read or an unknown header (naming the two accepted header rows), 413 over 2 MB, 415 not CSV,
 * 403 for other roles.
 *
 * GET /admin/api/bank-statement: the near misses kept from earlier imports, newest first.
 */
export default route(
  {
    GET: endpoint({
      authorize: managers,
      handle: async ({ db }) => {
        const review = await readStatementReview(db);
        return { data: review, message: `${review.total} ${review.total === 1 ? 'line' : 'lines'} for a person to check` };
      },
    }),
    POST: endpoint({
      authorize: managers,
      query: statementImportQuery,
      handle: async ({ db, req, query }) => {
        const member = signedInStaff(req);
        const report = await importStatement(db, { id: member.id, address: member.address }, await csvBody(req, MAX_STATEMENT_FILE_BYTES), query, now());
        return { data: report, message: statementMessage(report) };
      },
    }),
  },
  { ownOrigin: true },
);
