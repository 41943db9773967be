import type { IncomingMessage, ServerResponse } from 'node:http';

export const GZIP_LEVEL: number;
export function compressAnswers(level?: number): (req: IncomingMessage, res: ServerResponse) => void;
