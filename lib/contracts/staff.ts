/**
 * The back office's staff calls (issue 13, "Staff and access"), served under `/admin/api/*`
 * (next.config.js rewrites it to `pages/api/staff/*`), so that the `staff_session` cookie
 * (`Path=/admin`) reaches them and never the storefront. Every answer is the shop's envelope.
 * Every write must come from the shop's own pages: an `Origin` that is the shop's (403 otherwise,
 * a missing one too).
 *
 * - `POST /admin/api/auth/login` {email, password} → from a device this staff member proved
 *   before (`staff_device` cookie): signed in, `{ needsCode: false, staff }` and the session
 *   cookie; otherwise `{ needsCode: true }` and a six-digit code by e-mail. 401
 *   'Incorrect email or password' for an unknown e-mail, a wrong password and an inactive
 *   member alike.
 * - `POST /admin/api/auth/code` {email, code} → signed in: `{ staff }`, the session cookie and
 *   the device cookie. 400 for a wrong, expired, used or dead code.
 * - `POST /admin/api/auth/logout` → this session ends. `POST /admin/api/auth/logout-all` → every
 *   session of this staff member ends, and their devices are forgotten (the next sign-in needs a
 *   code).
 * - `GET /admin/api/auth/me` → the signed-in staff member (`StaffMe`).
 * - `POST /admin/api/auth/password` {password, currentPassword?} → sets the password; the current
 *   one is needed unless none was ever set (a member the owner invited). Other sessions end.
 * - `POST /admin/api/staff` {email, name, role, branch?} (owner only) → 201 the new member, who
 *   gets an e-mail with a sign-in code valid 24 hours; 409 when the e-mail is taken.
 * - `GET /admin/api/staff` (owner only) → every member (`StaffListMember[]`): active ones first,
 *   then by name; whether they chose a password, and when they last signed in.
 * - `PATCH /admin/api/staff/{id}` {name?, role?, branch?, active?} (owner only) → the member
 *   afterwards. Deactivating ends their sessions at once. 400 for a florist or rider without a
 *   branch; 404 for an unknown id; 409 when an owner would deactivate or demote themselves, or
 *   the shop would be left without an active owner.
 * - `POST /admin/api/staff/{id}/invite` (owner only) → a new invitation code by e-mail for a
 *   member who has not chosen a password yet (409 otherwise, or when deactivated); 5 an hour.
 *
 * 401 'Please sign in' without a valid session; 403 for a role the call does not allow; 429 with
 * `Retry-After` past the limits (failed logins: 5 per 15 minutes per e-mail, 20 per address;
 * wrong codes: 5 per 15 minutes per e-mail, 20 per address).
 */
import { z } from 'zod';
import {
  STAFF_BRANCHES,
  STAFF_CODE_MAX_ATTEMPTS,
  STAFF_CODE_VALID_MINUTES,
  STAFF_INVITE_HOURS,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  type StaffMember,
} from '@/lib/domain/staff';
import type { SameShape } from '@/lib/contracts/same-shape';
import { emailField, optional, singleLine, strictObject } from '@/lib/contracts/text';

export { STAFF_CODE_MAX_ATTEMPTS, STAFF_CODE_VALID_MINUTES, STAFF_INVITE_HOURS, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH };

export const STAFF_INCORRECT_LOGIN = 'Incorrect email or password';
export const STAFF_SIGN_IN_AGAIN = 'Please sign in';
export const STAFF_CODE_MESSAGES = {
  wrong: 'This code is not correct.',
  expired: 'This code has expired. Please sign in again to get a new one.',
  used: 'This code has already been used. Please sign in again to get a new one.',
  dead: 'Too many wrong tries for this code. Please sign in again to get a new one.',
} as const;

const email = emailField;
const password = z.string({ message: 'password is required' }).min(1, 'password is required').max(STAFF_PASSWORD_MAX_LENGTH, 'password is too long');
export const newStaffPassword = z
  .string({ message: 'password is required' })
  .min(STAFF_PASSWORD_MIN_LENGTH, `password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters`);

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: `role must be one of ${STAFF_ROLES.join(', ')}` });
export const staffBranchSchema = z.enum(STAFF_BRANCHES, { message: `branch must be one of ${STAFF_BRANCHES.join(', ')}` });

export const staffLoginBody = strictObject({ email, password });
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffCodeBody = strictObject({
  email,
  code: z.string({ message: 'code is required' }).trim().regex(/^\d{6}$/, 'code must be six digits'),
});
export type StaffCodeBody = z.input<typeof staffCodeBody>;

export const staffPasswordBody = strictObject({
  password: newStaffPassword,
  currentPassword: z.string({ message: 'currentPassword must be text' }).max(STAFF_PASSWORD_MAX_LENGTH, 'currentPassword is too long').optional(),
});
export type StaffPasswordBody = z.input<typeof staffPasswordBody>;

export const createStaffBody = strictObject({
  email,
  name: singleLine(100).min(1, 'name is required'),
  role: staffRoleSchema,
  branch: optional(staffBranchSchema),
});
export type CreateStaffBody = z.input<typeof createStaffBody>;

/** A staff member: `StaffMember` of lib/domain/staff.ts. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  branch: staffBranchSchema.nullable(),
}) satisfies z.ZodType<StaffMember>;
const _staffMember: SameShape<z.output<typeof staffMemberSchema>, StaffMember> = true;

/** `GET /admin/api/auth/me`: the member, and whether they still have to choose a password. */
export const staffMeSchema = staffMemberSchema.extend({ passwordSet: z.boolean() });
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffLoginAnswer = z.union([
  z.object({ needsCode: z.literal(true) }),
  z.object({ needsCode: z.literal(false), staff: staffMeSchema }),
]);
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswer>;

export const staffSignedInAnswer = z.object({ staff: staffMeSchema });
export type StaffSignedInAnswer = z.infer<typeof staffSignedInAnswer>;

/** `PATCH /admin/api/staff/{id}`: what to change (at least one field); `branch: null` is every branch (owners and managers only). */
export const updateStaffBody = strictObject({
  name: singleLine(100).min(1, 'name must not be empty').optional(),
  role: staffRoleSchema.optional(),
  branch: staffBranchSchema.nullable().optional(),
  active: z.boolean({ message: 'active must be true or false' }).optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of name, role, branch, active' });
export type UpdateStaffBody = z.input<typeof updateStaffBody>;

/** A member as the owner's staff list shows them (`GET /admin/api/staff`, the answer of a change). */
export const staffListMemberSchema = staffMemberSchema.extend({
  active: z.boolean(),
  /** False for a member who was invited and has not chosen a password yet. */
  passwordSet: z.boolean(),
  /** ISO time the member was added. */
  createdAt: z.string(),
  /** ISO time of their last sign-in (a session started), or null when never (or not since sessions were cleared). */
  lastSignInAt: z.string().nullable(),
});
export type StaffListMember = z.infer<typeof staffListMemberSchema>;

/** One line of the staff audit: what happened to whom, by whom (name and role), before and after, from where, when. */
export type StaffAuditLine = {
  action: 'added' | 'changed' | 'deactivated' | 'reactivated' | 'invitation_sent';
  member: string;
  actor: string;
  before: { name: string; role: string; branch: string | null; active: boolean } | null;
  after: { name: string; role: string; branch: string | null; active: boolean } | null;
  address: string;
  at: string;
};

/** `GET /admin/api/staff/audit?page=` (owners): the staff audit, newest first. */
export type StaffAuditPage = { rows: StaffAuditLine[]; total: number; page: number; pageSize: number };
