/**
 * The shared building blocks of every request schema (issue 11): what a text field may hold, what
 * an omitted optional field looks like, and how a write body treats keys it does not know.
 *
 * - `singleLine(max)`: trimmed, at most `max` characters, no control characters at all (C0, DEL,
 *   C1: U+0000–U+001F, U+007F–U+009F, so also tab and newline) and no unpaired UTF-16 surrogate.
 *   PostgreSQL refuses a NUL in text (22021) and an unpaired surrogate in JSON; the others have no
 *   place in a name, a phone, a code or a slug. Used by every text field that reaches the
 *   database or a query, path parameters included.
 * - `multiLine(max)`: the same, except that newline and tab are kept and a carriage return
 *   (CRLF or CR) is normalised to a newline. For the card message, notes and review comments.
 * - The 400 names the field: 'orderData.recipient.name must not contain control characters'.
 * - `optional(schema)`: an optional field where "" (or only spaces) counts as omitted, the habit
 *   of the shop's previous client (`recipient.altPhoneCountryCode: ''` is not a bad code).
 * - `strictObject(shape)`: a write body (or a nested object of one) that refuses keys it does not
 *   declare, with a 400 that names them: 'userData.foo is not a field of this call'. A call must
 *   not answer success while ignoring part of what it was sent.
 *
 * Passwords are the one kind of text left free (any character, length only): they are hashed,
 * never stored or queried as text.
 */
import { z } from 'zod';

/** Control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab (U+0009) and newline (U+000A): carriage returns are normalised first. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path as the 400 names it ('orderData.recipient.name'). */
const fieldOf = (path: readonly PropertyKey[] | undefined): string => (path && path.length > 0 ? path.map(String).join('.') : 'text');

/**
 * Adds the single-line rules (no control characters, no unpaired surrogate) to a string schema
 * that keeps its own length messages.
 * @example withoutControls(z.string().max(100, 'searchValue must be at most 100 characters'))
 */
export function withoutControls(schema: z.ZodString): z.ZodString {
  return checked(schema, CONTROL);
}

function checked(schema: z.ZodString, control: RegExp): z.ZodString {
  return schema
    .refine((s) => !control.test(s), { error: (iss) => `${fieldOf(iss.path)} must not contain control characters` })
    .refine((s) => !LONE_SURROGATE.test(s), { error: (iss) => `${fieldOf(iss.path)} must not contain unpaired surrogate characters` });
}

/**
 * One line of text: trimmed, at most `max` characters, no control characters.
 * @example singleLine(200).parse('  Amaka Obi ') // 'Amaka Obi'
 * @example singleLine(200).safeParse('Amaka\u0000').success // false
 */
export function singleLine(max: number): z.ZodString {
  return checked(z.string().trim().max(max, `must be at most ${max} characters`), CONTROL);
}

/**
 * Text of several lines: CRLF and CR become LF, trimmed, at most `max` characters; newline and
 * tab are the only control characters allowed.
 * @example multiLine(1000).parse('Happy birthday,\r\nAmaka') // 'Happy birthday,\nAmaka'
 */
export function multiLine(max: number): z.ZodString {
  return checked(
    z
      .string()
      .overwrite((s) => s.replace(/\r\n?/g, '\n'))
      .trim()
      .max(max, `must be at most ${max} characters`),
    CONTROL_MULTI_LINE,
  );
}

/**
 * An optional field where "" (or only spaces) counts as omitted; anything else must pass `schema`.
 * @example optional(countryCode).parse('') // undefined
 */
export function optional<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(schema.optional());
}

/** The 400 for keys a strict object does not declare, each named with its path. */
function unknownKeys(iss: { code?: string; keys?: readonly string[]; path?: readonly PropertyKey[] }): string | undefined {
  if (iss.code !== 'unrecognized_keys' || !iss.keys) return undefined;
  const names = iss.keys.map((key) => [...(iss.path ?? []), key].map(String).join('.'));
  return names.length === 1 ? `${names[0]} is not a field of this call` : `${names.join(', ')} are not fields of this call`;
}

/**
 * An object that refuses undeclared keys (400 naming them, with their path).
 * @example strictObject({ name: singleLine(10) }).safeParse({ name: 'a', nmae: 'b' }) // error 'nmae is not a field of this call'
 */
export function strictObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, { error: unknownKeys });
}

/** `business` in a body: optional, but when given it must be the shop's identifier (checked by the route). */
export const businessField = singleLine(64).optional();

/** The body of a write call that takes nothing but `business` (e.g. POST /v1/payments/start/{id} {}). */
export const emptyBody = strictObject({ business: businessField });

/** An e-mail address as typed: trimmed, lower-cased, at most 254 characters, and a valid address. */
export const emailField = z
  .string({ message: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .pipe(z.email({ message: 'email must be a valid e-mail address' }));
