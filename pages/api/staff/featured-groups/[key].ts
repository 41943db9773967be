import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { featuredGroupBody } from '@/lib/contracts/categories-admin';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { saveFeaturedGroup } from '@/lib/server/services/backoffice/categories';

export const config = { api: { bodyParser: false } };

/**
 * PUT /admin/api/featured-groups/{key} {title, featuredSlugs} (owners, managers): sets the group's
 * title and its products (slugs of sold products, each once, in order) and answers the group
 * afterwards. 400 naming the field or the slug, 404 for an unknown group, 403 for florists and riders.
 */
export default route(
  {
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ key: singleLine(60) }),
      body: featuredGroupBody,
      handle: async ({ db, req, query, body }) => {
        const { group, changed } = await saveFeaturedGroup(db, signedInStaff(req), query.key, body, now());
        return { data: group, message: changed ? `${group.title} is saved` : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
