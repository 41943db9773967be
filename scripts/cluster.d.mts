export const MAX_WORKERS: number;
export const GIVE_UP_AFTER: number;
export const SAME_SIGNAL_MS: number;
export function workerCount(env?: Record<string, string | undefined>): number;
export function shutdownTimeoutMs(env?: Record<string, string | undefined>): number;
export function runPrimary(count: number, options: { timeoutMs: number; port: number }): void;
