/**
 * Who is asking, for every staff call and back-office page: `requireStaff` reads the
 * `staff_session` cookie, checks the session (not ended, used within 12 hours, started within 7
 * days, member active), pushes its idle end back, and refuses a role the call does not allow.
 * Access is decided here, on the server, for every call; `staffActor` names the member to the
 * order lifecycle's `transition()`.
 *
 * @example
 * const member = await requireStaff(db, req, { roles: ['owner', 'manager'] });
 * await transition(tx, orderId, { type: 'prepare' }, staffActor(member), now());
 */
import type { IncomingMessage } from 'node:http';
import { getDb, type Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { clientAddress } from '@/lib/server/security/client-ip';
import { HttpError } from '@/lib/server/http/errors';
import { now as clockNow } from '@/lib/server/security/clock';
import type { Actor } from '@/lib/domain/order-lifecycle';
import { STAFF_ROLE_LABELS, type StaffRole } from '@/lib/domain/staff';
import { STAFF_SIGN_IN_AGAIN, type StaffMe } from '@/lib/contracts/staff';
import { staffMe } from '@/lib/server/services/staff/members';
import { liveSession, sessionToken, touchSession } from '@/lib/server/services/staff/sessions';

/**
 * A signed-in staff member, with the session the request came with and, for a call authorised by
 * `authorizeStaff`, the client address it came from (the socket's, or TRUST_PROXY's hop: the
 * audit records it).
 */
export type SignedInStaff = StaffMe & { sessionId: string; address?: string };

export class StaffUnauthorizedError extends HttpError {
  constructor() {
    super(401, STAFF_SIGN_IN_AGAIN);
    this.name = 'StaffUnauthorizedError';
  }
}

/** 403 for a role a call does not allow. */
export const roleRefusedMessage = (role: StaffRole) => `A ${STAFF_ROLE_LABELS[role].toLowerCase()} cannot do this`;

export type RequireStaffOptions = {
  /** Roles the call allows (any signed-in member when absent). */
  roles?: readonly StaffRole[];
  /** The time (routes: `now()` of lib/server/security/clock.ts, the default). */
  now?: Date;
};

/**
 * The request's staff member; 401 'Please sign in' without a live session (no cookie, unknown,
 * ended, idle for 12 hours, older than 7 days, member inactive), 403 when `roles` leaves theirs
 * out. Using a session pushes its idle end back.
 */
export async function requireStaff(db: Db, req: Pick<IncomingMessage, 'headers'>, options: RequireStaffOptions = {}): Promise<SignedInStaff> {
  const at = options.now ?? clockNow();
  const token = sessionToken(req);
  const session = token ? await liveSession(db, token, at) : null;
  if (!session) throw new StaffUnauthorizedError();
  await touchSession(db, session, at);
  const member = { ...staffMe(session.member), sessionId: session.sessionId };
  if (options.roles && !options.roles.includes(member.role)) throw new HttpError(403, roleRefusedMessage(member.role));
  return member;
}

/** The request's staff member, or null (never an error): for pages that redirect to sign-in. */
export async function currentStaff(db: Db, req: Pick<IncomingMessage, 'headers'>, now?: Date): Promise<SignedInStaff | null> {
  try {
    return await requireStaff(db, req, { now });
  } catch (error) {
    if (error instanceof StaffUnauthorizedError) return null;
    throw error;
  }
}

/**
 * The lifecycle's actor for a staff member's change (recorded in `order_audit` with their id and
 * the client address the call came from, when known).
 * @example staffActor({ id: '6f1c…' }) // { kind: 'staff', id: '6f1c…' }
 * @example staffActor({ id: '6f1c…', address: '10.0.0.7' }) // { kind: 'staff', id: '6f1c…', address: '10.0.0.7' }
 */
export function staffActor(member: { id: string; address?: string }): Extract<Actor, { kind: 'staff' }> {
  return member.address ? { kind: 'staff', id: member.id, address: member.address } : { kind: 'staff', id: member.id };
}

const signedIn = new WeakMap<object, SignedInStaff>();

/**
 * An endpoint's `authorize` for staff calls: checks the session (and the roles) before the
 * query and body are read, so a caller who is not signed in learns nothing about the call's
 * parameters; `handle` then reads the member with `signedInStaff(req)`.
 * @example endpoint({ authorize: authorizeStaff(['owner']), body, handle: async ({ req }) => { const owner = signedInStaff(req); … } })
 */
export function authorizeStaff(roles?: readonly StaffRole[]): (req: IncomingMessage) => Promise<void> {
  return async (req) => {
    const member = await requireStaff(await getDb(), req, { roles });
    signedIn.set(req, { ...member, address: clientAddress(req, getConfig().trustProxy) });
  };
}

/** The member `authorizeStaff` found for this request. */
export function signedInStaff(req: IncomingMessage): SignedInStaff {
  const member = signedIn.get(req);
  if (!member) throw new Error('signedInStaff() needs authorizeStaff() as the endpoint\'s authorize');
  return member;
}
