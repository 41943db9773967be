import { route, endpoint } from '@/lib/server/http/route';
import { boardQuery } from '@/lib/contracts/backoffice';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { readBoard } from '@/lib/server/services/backoffice/board';
import { roleSeesMoney } from '@/lib/domain/backoffice';

/**
 * GET /admin/api/orders?day=&branch=&state=&q=&page= (any staff member): the board, scoped to the
 * member's branch when they have one; riders see only their deliveries, without totals.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(),
      query: boardQuery,
      handle: async ({ db, req, query }) => {
        const member = signedInStaff(req);
        const board = await readBoard(db, { day: query.day ?? null, branch: query.branch ?? null, state: query.state ?? null, q: query.q ?? '', page: query.page ?? 1, scope: member.branch, ...(member.role === 'rider' && { rider: member.id }) });
        const rows = roleSeesMoney(member.role) ? board.rows : board.rows.map((r) => ({ ...r, totalInCurrency: 0 }));
        return { data: { ...board, rows } };
      },
    }),
  },
  { ownOrigin: true },
);
