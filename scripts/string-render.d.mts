import type { ReactNode } from 'react';

type EdgeServer = typeof import('react-dom/server.edge');
export const PAGES_RUNTIME: RegExp;
export function stringRenderer(edge: EdgeServer, toString: (element: ReactNode, options?: { identifierPrefix?: string }) => string, counted?: (renderer: 'string' | 'stream') => void): EdgeServer;
export function renderPagesToStrings(): void;
