import { catalogueImportQuery, MAX_CATALOGUE_FILE_BYTES } from '@/lib/contracts/catalogue-csv';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { csvBody } from '@/lib/server/http/csv-body';
import { answerOptions, beginAnswer, endpoint, route, sendError, sendFailure, type ApiRequest, type ApiResponse } from '@/lib/server/http/route';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { exportCatalogue, importCatalogue, importRefusal } from '@/lib/server/services/backoffice/catalogue-csv';
import { shopDay } from '@/lib/domain/dates';

export const config = { api: { bodyParser: false } };

const OWN_ORIGIN = { ownOrigin: true };
const METHODS = 'GET, POST';
const managers = authorizeStaff(['owner', 'manager']);

/**
 * POST /admin/api/catalogue-file?dryRun=1|0 with the CSV file as the body (owners, managers):
 * `dryRun=1` checks every row and answers what each would change and every error (200, nothing
 * written); `dryRun=0` imports in one transaction and answers the same report, or 400 naming
 * each row's errors with nothing written. 413 over 5 MB, 415 not CSV.
 */
const importCall = route(
  {
    POST: endpoint({
      authorize: managers,
      query: catalogueImportQuery,
      handle: async ({ db, req, query }) => {
        const report = await importCatalogue(db, signedInStaff(req), await csvBody(req, MAX_CATALOGUE_FILE_BYTES), { dryRun: query.dryRun }, now());
        if (!report.dryRun && report.errors.length > 0) throw importRefusal(report);
        const counts = `${report.created} to add, ${report.updated} to change, ${report.unchanged} unchanged`;
        const message = report.dryRun
          ? report.errors.length > 0
            ? `${report.errors.length === 1 ? '1 error' : `${report.errors.length} errors`}: fix them and check again (${counts})`
            : `Ready to import: ${counts}`
          : `Imported: ${report.created} added, ${report.updated} changed, ${report.unchanged} unchanged`;
        return { data: report, message };
      },
    }),
  },
  OWN_ORIGIN,
);

/**
 * GET /admin/api/catalogue-file (owners, managers): every product, inactive ones too, as a CSV
 * file to download (columns: lib/contracts/catalogue-csv.ts), `private, no-store`. The route
 * wrapper answers JSON only, so this method writes its answer itself, with the wrapper's pieces
 * (request id, staff check, its JSON errors).
 */
export default async function catalogueFile(req: ApiRequest, res: ApiResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'POST') return importCall(req, res);
  const requestId = beginAnswer(req, res, OWN_ORIGIN);
  if (method === 'OPTIONS') return answerOptions(req, res, METHODS, OWN_ORIGIN);
  if (method !== 'GET' && method !== 'HEAD') return sendError(res, new HttpError(405, `Method ${method} is not allowed here; use ${METHODS}`, { Allow: METHODS }));
  try {
    await managers(req);
    const body = Buffer.from(await exportCatalogue(await getDb()), 'utf8');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="catalogue-${shopDay(now())}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', body.length);
    res.end(method === 'HEAD' ? undefined : body);
  } catch (error) {
    sendFailure(req, res, requestId, error);
  }
}
