/**
 * The products of a featured group (spec section 9), fetched by slug once and picked with
 * `pickFeatured`. null while loading, [] when the group is empty or the fetch failed;
 * `onError` decides what a failure shows (a toast for menus, a log line for search).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { getProductsBySlugs } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { pickFeatured } from '@/lib/domain/featured';
import { useShell } from '@/lib/state/shell-context';

export function useFeatured(groupKey: string, count: number, onError: (error: unknown) => void): ProductSummary[] | null {
  const slugs = useShell().featuredGroups.find((g) => g.key === groupKey)?.featuredSlugs;
  const getApi = useApi();
  const [products, setProducts] = useState<ProductSummary[] | null>(slugs?.length ? null : []);
  const failed = useEffectEvent(onError);

  useEffect(() => {
    if (!slugs?.length) return;
    let live = true;
    getApi()
      .then((api) => getProductsBySlugs(api, slugs))
      .then(
        (list) => {
          if (live) setProducts(pickFeatured(list, count));
        },
        (error: unknown) => {
          if (!live) return;
          setProducts([]);
          failed(error);
        },
      );
    return () => {
      live = false;
    };
  }, [getApi, slugs, count]);

  return slugs?.length ? products : [];
}
