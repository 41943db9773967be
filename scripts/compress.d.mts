import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import type { ZlibOptions } from 'node:zlib';

export const GZIP_LEVEL: number;
export const WHOLE_ANSWER_LIMIT: number;
export function compressAnswers(level?: number): (req: IncomingMessage, res: ServerResponse) => void;
export class AnswerGzip extends Transform {
  constructor(options?: ZlibOptions);
}
export const BROTLI_QUALITY: number;
export function acceptsEncoding(req: IncomingMessage, coding: string): boolean;
export function brotli(bytes: Buffer, quality?: number): Buffer;
export function chunkBytes(chunk: unknown, encoding?: unknown): Buffer;
