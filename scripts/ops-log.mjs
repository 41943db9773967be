/**
 * The server scripts' own log (scripts/serve.mjs, scripts/app-server.mjs, scripts/cluster.mjs):
 * JSON lines in the same shape as the app's log (lib/server/log.ts: pid, level, time, msg, and
 * the request's id when written while one is served), so one reader takes both. The scripts are
 * plain ESM and cannot import the TypeScript module, so this is its twin; the level comes from
 * LOG_LEVEL as in lib/server/config.ts (an unknown value here falls back to info: the app's
 * start-up refuses it with the list of bad settings).
 */
import pino from 'pino';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** The process's script logger, created on first use. */
export function opsLog() {
  if (!globalThis.__shopOpsLog) {
    const wanted = String(process.env.LOG_LEVEL ?? '').trim();
    globalThis.__shopOpsLog = pino({
      level: LEVELS.has(wanted) ? wanted : 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const requestId = globalThis.__shopRequestContext?.getStore()?.requestId;
        return requestId ? { requestId } : {};
      },
    });
  }
  return globalThis.__shopOpsLog;
}
