export const COMPILE_HINT: string;
export const MIN_HINTED_BYTES: number;
export function addCompileHints(distDir: string): string[];
