export const LATEST_MS: number;
export const SCRIPT_LIST_ID: 'shop-scripts';
export const LOADER: string;
export function scriptListJson(sources: readonly string[]): string;
export const HYDRATED_HOOK: 'shopHydrated';
