import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { productChangeBody } from '@/lib/contracts/catalogue-admin';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeProduct } from '@/lib/server/services/backoffice/products';

export const config = { api: { bodyParser: false } };

/**
 * PATCH /admin/api/products/{id} {price?, variants?: [{sku, price?, inStock?}], inStock?, active?}
 * (owners, managers): changes the product and answers it afterwards; shoppers' next request
 * sees the change. 400 naming the field, 404 for an unknown product, 403 for florists and riders.
 */
export default route(
  {
    PATCH: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: singleLine(100) }),
      body: productChangeBody,
      handle: async ({ db, req, query, body }) => {
        const { product, changed } = await changeProduct(db, signedInStaff(req), query.id, body, now());
        return { data: product, message: changed ? `${product.name} is changed` : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
