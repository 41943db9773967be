export function inlineScriptHashes(distDir: string): string[];
export function bootstrapScriptHashes(distDir: string): string[];
export function withScriptHashes(policy: string, hashes: readonly string[]): string;
