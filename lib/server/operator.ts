/**
 * Whether the operator runs the shop in production: the one rule for everything that exists only
 * outside production (the payment sandbox, the dev outbox at /dev/outbox).
 */
import { getConfig } from '@/lib/server/config';

/**
 * Whether the operator runs the shop in production. `npm start` always serves Next with
 * NODE_ENV=production and passes the operator's own NODE_ENV as OPERATOR_NODE_ENV
 * (scripts/start.mjs), so that a plain `npm start` on a fresh machine keeps the development
 * helpers while `NODE_ENV=production npm start` (or any other way of serving in production)
 * does not. Fails closed: only an operator who plainly asked for development or test (or
 * nothing) counts as not in production; 'prod', 'Production' or anything else is production.
 *
 * @example
 * // NODE_ENV=production, OPERATOR_NODE_ENV=''           → false (a plain `npm start`)
 * // NODE_ENV=production, OPERATOR_NODE_ENV='production' → true
 * // NODE_ENV=production, OPERATOR_NODE_ENV unset        → true (served some other way)
 * isLiveProduction();
 */
export function isLiveProduction(): boolean {
  if (getConfig().env !== 'production') return false;
  const asked = process.env.OPERATOR_NODE_ENV;
  return asked === undefined || !['', 'development', 'test'].includes(asked);
}
