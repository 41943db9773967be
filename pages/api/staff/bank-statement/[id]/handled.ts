import { z } from 'zod';
import { STATEMENT_LINE_TEXT } from '@/lib/contracts/bank-statement';
import { strictObject } from '@/lib/contracts/text';
import { endpoint, route } from '@/lib/server/http/route';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { markStatementLineHandled } from '@/lib/server/services/backoffice/bank-statement';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/bank-statement/{id}/handled (owners, managers): a kept near miss of a bank
 * statement is dealt with and leaves the list (lib/contracts/bank-statement.ts).
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: z.uuid({ message: STATEMENT_LINE_TEXT.notFound }) }),
      body: strictObject({}),
      handle: async ({ db, req, query }) => {
        await markStatementLineHandled(db, signedInStaff(req), query.id, now());
        return { data: { handled: true }, message: STATEMENT_LINE_TEXT.handled };
      },
    }),
  },
  { ownOrigin: true },
);
