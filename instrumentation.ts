import type { Instrumentation } from 'next';

/** Next calls `register()` once when the server starts; the Node.js side prepares config and database. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startUp } = await import('@/lib/server/start-up');
    await startUp();
    // Once per server process: an operator must not mistake sandbox payments for real ones.
    const { sandboxOn, SANDBOX_WARNING } = await import('@/lib/server/payments/providers');
    const { log } = await import('@/lib/server/log');
    if (sandboxOn()) log().warn({ area: 'payments' }, SANDBOX_WARNING);
    // Browser tests start the shop at a chosen time; nobody should run a real shop that way.
    const { clockShifted, now } = await import('@/lib/server/security/clock');
    if (clockShifted()) log().warn({ area: 'clock', at: now().toISOString() }, 'SHOP_CLOCK_START moved the server clock (tests only)');
  }
}

/**
 * Next calls this for an error it caught while serving a request: mostly a page's
 * getServerSideProps or render throwing (API routes catch their own, lib/server/http/route.ts).
 * It is logged as one JSON line like an API failure: the route's pattern (`/account/orders/[number]`,
 * never the address asked for, whose query may hold an e-mail or a token), the method, the
 * request id (the request context is still open) and the error's fields without its message.
 * Next would print the error object itself too (its message and fields: a driver's message holds
 * the query's parameters), so scripts/app-server.mjs starts it with `quiet: true`.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('@/lib/server/log');
  const { errorFields } = await import('@/lib/server/http/errors');
  log().error(
    { area: 'page', method: request.method.slice(0, 10), route: context.routePath, routeType: context.routeType, ...errorFields(error) },
    'request failed',
  );
};
