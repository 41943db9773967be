import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export function metricsRegistry(): Registry;
export function routeLabel(page: string | undefined, path: string): string;
export function nextMatchedPage(req: IncomingMessage): string | undefined;
export function startHttpMetrics(): (req: IncomingMessage, res: ServerResponse) => void;
export function bearerMatches(sent: unknown, token: string): boolean;
export function serveClusterMetrics(): void;
export function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string): Promise<void>;
