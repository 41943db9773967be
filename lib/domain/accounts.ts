/** Account facts shared by the server and the auth dialog (spec sections 4 and 8). */

/** A login error containing this text means the account must be upgraded through a one-time password. */
export const LEGACY_UPGRADE_MESSAGE = 'Upgrade is required for legacy user';

/** New passwords (signup, change, account at checkout): at least this long; no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;

/** A saved recipient (address book entry) of a logged-in shopper, in the user record's `recipients`. */
export type SavedRecipient = {
  id: string;
  name: string;
  phone: string;
  phoneCountryCode: string;
  altPhone: string;
  altPhoneCountryCode: string;
  address: string;
  residenceType: string;
  state: string;
  zone: string;
};
