export type ApiRoute = { prefix: string; route: string };
export const API_ROUTES: readonly ApiRoute[];
export function toApiRoute(url: string): string;
export function apiRewrites(): { source: string; destination: string }[];
