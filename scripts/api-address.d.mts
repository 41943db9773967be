import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Header = { key: string; value: string };
export const API_PATH: RegExp;
export function securityHeadersFrom(nextConfig: unknown): Promise<Header[]>;
export function withApiAddressCheck(handle: Handler, options?: { headers?: Header[] }): Handler;
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers?: Header[], cacheControl?: string): void;
