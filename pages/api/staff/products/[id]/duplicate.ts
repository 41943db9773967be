import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { singleLine, strictObject } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { duplicateProduct } from '@/lib/server/services/backoffice/product-editor';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/products/{id}/duplicate {} (owners, managers): a copy of the product with a
 * free slug (`<slug>-copy`), new SKUs, "(copy)" after its title, its categories, sizes, related
 * products and pictures; not sold until a manager activates it. Answers the copy (201). 404 for
 * an unknown product, 403 for florists and riders.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: singleLine(100) }),
      body: strictObject({}),
      handle: async ({ db, req, query }) => {
        const { product } = await duplicateProduct(db, signedInStaff(req), query.id, now());
        return { data: product, status: 201, message: `${product.name} is made; it is not sold until you activate it` };
      },
    }),
  },
  { ownOrigin: true },
);
