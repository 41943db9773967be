/**
 * Account call payloads (spec section 7), shared by the API client and the routes; the cart-sync
 * call is in lib/contracts/cart.ts.
 *
 * Calls (every answer is the `{ data, error, message }` envelope; errors carry `status`):
 * - `POST /v1/regal/auth/signup` {email, password} → 201 user record; 409 when the e-mail has an
 *   account. Optional `name` and `marketingOptIn` are stored when sent.
 * - `POST /v1/regal/auth/login` {email, password} → user record with the saved server cart;
 *   401 'Incorrect email or password' (unknown e-mail and wrong password alike); a legacy account
 *   gets 403 with a message containing `LEGACY_UPGRADE_MESSAGE` and a one-time password by e-mail.
 * - `POST /v1/regal/auth/otp/request` {email} → always 200 `{ email }` with
 *   'If an account exists for {email}, a one-time password has been sent'.
 * - `POST /v1/regal/auth/otp/validate` {email, code} → user record (logged in); 400 for a wrong,
 *   expired, used or dead code (see `OTP_MESSAGES`).
 * - `PUT /v1/regal/auth/change-password` {password, currentPassword?} with the bearer token → user
 *   record with a NEW token; every older token of the account stops working. `currentPassword` is
 *   needed unless the token came from a one-time password entered in the last 15 minutes (403).
 * - `POST /v1/regal/auth/otp/validate` for an e-mail never proven before proves it: every older
 *   token is revoked, a password set before the proof stops working, planted cart and recipients go.
 * - `POST /v1/regal/auth/logout` with the bearer token → 200; that token stops working.
 * - `GET /v1/regal/handshake`: `user` is the user record for a valid bearer token, else null.
 *
 * Any call that needs a login answers 401 'Please log in again' for a missing, unknown, expired or
 * revoked token: the client should then drop its stored user. Repeated failures answer 429
 * 'Too many attempts. Please wait {n} minutes and try again.' with `Retry-After` (seconds).
 *
 * On login the client merges the answer's `cartItems` (the server cart) into its own cart: the
 * rule is in lib/contracts/cart.ts.
 *
 * `business` is optional in every body; when given it must be the shop's identifier (400 otherwise).
 * Bodies are strict: an undeclared key is a 400 naming it; text refuses control characters
 * (lib/contracts/text.ts). Passwords are length-checked only: they are hashed, never stored as text.
 */
import { z } from 'zod';

/** Passwords: 8 to 200 characters at signup and password change; no composition rules. */
export const PASSWORD_MAX_LENGTH = 200;
import { LEGACY_UPGRADE_MESSAGE, PASSWORD_MIN_LENGTH, type SavedRecipient } from '@/lib/domain/accounts';
import { cartItemSchema } from '@/lib/contracts/cart';
import type { SameShape } from '@/lib/contracts/same-shape';
import { businessField, emailField, optional, singleLine, strictObject } from '@/lib/contracts/text';

export { LEGACY_UPGRADE_MESSAGE, PASSWORD_MIN_LENGTH };
export type { SavedRecipient };

/** Minutes a one-time password stays valid. */
export const OTP_VALID_MINUTES = 10;
/** Wrong tries after which a one-time password is dead. */
export const OTP_MAX_ATTEMPTS = 5;

/** A login error containing this text means: switch the dialog to the OTP step. */
export const INCORRECT_LOGIN_MESSAGE = 'Incorrect email or password';
export const LOGIN_AGAIN_MESSAGE = 'Please log in again';
export const OTP_MESSAGES = {
  wrong: 'This code is not correct.',
  expired: 'This code has expired. Please request a new one.',
  used: 'This code has already been used. Please request a new one.',
  dead: 'Too many wrong tries for this code. Please request a new one.',
} as const;

const email = emailField;
/** A password as typed at login: anything non-empty (older accounts may predate the rule). */
const password = z.string({ message: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX_LENGTH, 'password is too long');
/** A new password (signup, change): the shop's rule. */
const newPassword = z
  .string({ message: 'password is required' })
  .min(1, 'password is required')
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);
const business = businessField;

export const loginBody = strictObject({ email, password, business });
export type LoginBody = z.input<typeof loginBody>;
export const signupBody = strictObject({
  email,
  password: newPassword,
  business,
  name: optional(singleLine(100)),
  marketingOptIn: z.boolean({ message: 'marketingOptIn must be true or false' }).optional(),
});
export type SignupBody = z.input<typeof signupBody>;
export const otpRequestBody = strictObject({ email, business });
export type OtpRequestBody = z.input<typeof otpRequestBody>;
export const otpRequestAnswer = z.object({ email: z.string() });
export type OtpRequestAnswer = z.infer<typeof otpRequestAnswer>;
export const otpValidateBody = strictObject({
  email,
  code: z.string({ message: 'code is required' }).trim().regex(/^\d{6}$/, 'code must be six digits'),
  business,
});
export type OtpValidateBody = z.input<typeof otpValidateBody>;
/**
 * `currentPassword` is needed unless the bearer token came from a one-time password entered in the
 * last 15 minutes (the reset flow); otherwise 403.
 */
export const changePasswordBody = strictObject({
  password: newPassword,
  currentPassword: z.string({ message: 'currentPassword must be text' }).max(PASSWORD_MAX_LENGTH, 'currentPassword is too long').optional(),
  business,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A saved recipient (address book entry): `SavedRecipient` of lib/domain/accounts.ts. */
export const savedRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  altPhone: z.string(),
  altPhoneCountryCode: z.string(),
  address: z.string(),
  residenceType: z.string(),
  state: z.string(),
  zone: z.string(),
}) satisfies z.ZodType<SavedRecipient>;
const _savedRecipient: SameShape<z.output<typeof savedRecipientSchema>, SavedRecipient> = true;

/** The user record answered by login, signup, OTP validation, password change and the handshake. */
export const userRecordSchema = z.object({
  authToken: z.string(),
  email: z.string(),
  /** '' when the shopper gave none (signup sends only e-mail and password). */
  name: z.string(),
  /**
   * The profile's phone ('' when none) and its country code: the checkout pre-fills the sender
   * with them. Absent in records stored by browsers before the account area existed.
   */
  phone: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  /** The server cart. */
  cartItems: z.array(cartItemSchema),
  /** Saved recipients (checkout's 'save address'), most recently saved first. */
  recipients: z.array(savedRecipientSchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
