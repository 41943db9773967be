import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productBySlugQuery } from '@/lib/contracts/catalogue';
import { productBySlug } from '@/lib/server/services/catalogue';
import { readSettings } from '@/lib/server/services/settings';

export default route({
  GET: endpoint({
    query: productBySlugQuery,
    handle: async ({ db, query }) => {
      const alerts = query.includeAlerts ? (await readSettings(db)).alerts.productAlerts : undefined;
      const product = await productBySlug(db, query.slug, { ...query, alerts });
      return { data: product, headers: PUBLIC_CACHE };
    },
  }),
});
