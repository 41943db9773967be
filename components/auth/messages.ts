/**
 * The auth dialog's texts (spec sections 4, 5 and 8), in one place for the dialog and its tests.
 */

/** A login error containing this text switches to the OTP step (from lib/domain, not the zod contract). */
export { LEGACY_UPGRADE_MESSAGE } from '@/lib/domain/accounts';

/** What failed, for 'Unable to {action}: {server message}'. */
export type FailedAction = 'login' | 'register' | 'reset password' | 'validate OTP' | 'request OTP';

export const AUTH_TEXT = {
  checkoutTitle: 'WELCOME TO SECURE CHECKOUT',
  welcomeTitle: (brand: string) => `WELCOME TO ${brand.toUpperCase()}`,
  failed: (action: FailedAction, message: string) => `Unable to ${action}: ${message}`,
  loggedIn: (email: string) => `Logged in successfully as ${email}`,
  signedUp: 'User signed up successfully',
  otpSent: (email: string) => `One-time password has been sent to ${email}`,
  otpValidated: 'OTP validated successfully',
  passwordChanged: 'Password changed successfully and user logged in',
  passwordExpired: 'Your password has expired. Please enter the OTP sent to your inbox',
  passwordsDiffer: 'Passwords do not match',
  required: (field: string) => `${field} is required`,
} as const;
