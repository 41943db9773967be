export function ownScriptHashes(): string[];
export function bootstrapHashesByPage(distDir: string): Map<string, string>;
export function pageMatcher(distDir: string): (pathname: string) => string | undefined;
export function scriptHashesFor(distDir: string): (pathname: string) => string[];
export function withScriptHashes(policy: string, hashes: readonly string[]): string;
