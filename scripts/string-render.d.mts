import type { ReactNode } from 'react';

type EdgeServer = typeof import('react-dom/server.edge');
export const PAGES_RUNTIME: RegExp;
export function stringRenderer(
  edge: EdgeServer,
  toString: (element: ReactNode, options?: { identifierPrefix?: string }) => string,
  counted?: (renderer: 'string' | 'stream') => void,
  textChunks?: boolean,
): EdgeServer;
export class MarkupChunk extends Uint8Array {
  constructor(html: string);
  readonly html: string;
}
export function decodeMarkupChunks(): void;
export function decodesChunks(source: string): boolean;
export function renderPagesToStrings(): void;
