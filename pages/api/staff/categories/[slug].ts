import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { categoryChangeBody } from '@/lib/contracts/categories-admin';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeCategory } from '@/lib/server/services/backoffice/categories';

export const config = { api: { bodyParser: false } };

/**
 * PATCH /admin/api/categories/{slug} {title?, intro?, seoDescription?, navGroup?, sortOrder?}
 * (owners, managers): changes the category and answers it afterwards; the category page's next
 * request shows it. 400 naming the field, 404 for an unknown category, 403 for florists and riders.
 */
export default route(
  {
    PATCH: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ slug: singleLine(120) }),
      body: categoryChangeBody,
      handle: async ({ db, req, query, body }) => {
        const { category, changed } = await changeCategory(db, signedInStaff(req), query.slug, body, now());
        return { data: category, message: changed ? `${category.title} is changed` : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
