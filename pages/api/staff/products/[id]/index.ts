import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { productPatchBody } from '@/lib/contracts/catalogue-admin';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { editProduct, productEditorData } from '@/lib/server/services/backoffice/product-editor';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/products/{id} (owners, managers): the product with every field the editor shows
 * (inactive ones too) and the choices it offers, `{ product, choices }`; `/new` answers
 * `{ product: null, choices }` for the new-product form. 404 for an unknown product.
 *
 * PATCH /admin/api/products/{id} (owners, managers): any subset of the product's fields
 * (productPatchBody), the list's quick change {price?, variants?: [{sku, price?, inStock?}],
 * inStock?, active?} included; answers the product afterwards. Shoppers' next request sees the
 * change. 400 naming the field, 404 for an unknown product, 409 for a taken slug or SKU or a size
 * on orders that would be removed, 403 for florists and riders.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: singleLine(100) }),
      handle: async ({ db, query }) => ({ data: await productEditorData(db, query.id) }),
    }),
    PATCH: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: singleLine(100) }),
      body: productPatchBody,
      handle: async ({ db, req, query, body }) => {
        const { product, changed } = await editProduct(db, signedInStaff(req), query.id, body, now());
        return { data: product, message: changed ? `${product.name} is changed` : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
