import { route, endpoint } from '@/lib/server/http/route';
import { adminProductsQuery, productFieldsBody } from '@/lib/contracts/catalogue-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { listAdminProducts } from '@/lib/server/services/backoffice/products';
import { createProduct } from '@/lib/server/services/backoffice/product-editor';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/products?q=&page= (owners, managers): products by name, inactive ones included, 25 a page.
 * POST /admin/api/products {name, slug, description, sku, price | variants, categories, …}
 * (owners, managers; lib/contracts/catalogue-admin.ts productFieldsBody): adds a product and
 * answers it (201); shoppers' next request sees it. 400 naming the field, 409 for a slug or SKU
 * that is taken (a former slug of another product included).
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: adminProductsQuery,
      handle: async ({ db, query }) => ({ data: await listAdminProducts(db, query) }),
    }),
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      body: productFieldsBody,
      handle: async ({ db, req, body }) => {
        const { product } = await createProduct(db, signedInStaff(req), body, now());
        return { data: product, status: 201, message: `${product.name} is added${product.active ? '' : ' (not sold until activated)'}` };
      },
    }),
  },
  { ownOrigin: true },
);
