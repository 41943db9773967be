import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { categoryQuery } from '@/lib/contracts/catalogue';
import { categoryBySlug } from '@/lib/server/services/catalogue';
import { NotFoundError } from '@/lib/server/http/errors';

export default route({
  GET: endpoint({
    query: categoryQuery,
    handle: async ({ db, query }) => {
      const category = await categoryBySlug(db, query.slug);
      if (!category) throw new NotFoundError(`No category is called "${query.slug}"`);
      return { data: category, headers: PUBLIC_CACHE };
    },
  }),
});
