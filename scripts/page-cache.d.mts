import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export const PASS_THROUGH: RegExp;
export function sharedMaxAge(cacheControl: unknown): number;
export function contentVersion(): number;
export function withPageCache(handle: Handler, options?: { maxEntries?: number; maxBodyBytes?: number; passThrough?: RegExp; now?: () => number; version?: () => number }): Handler;
