/**
 * Every `/v1` answer has one shape: `{ data, error, message }`. A failure carries the HTTP
 * status too: `{ data: null, error: true, message, status }`.
 */
import { z } from 'zod';

export const errorBodySchema = z.object({
  data: z.null(),
  error: z.literal(true),
  message: z.string(),
  status: z.number().int(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The success envelope around a call's data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, error: z.literal(false), message: z.string() });
}

export type Envelope<T> = { data: T; error: false; message: string };

/** `?business=` on every call: optional, but when given it must name this shop. */
export const businessQuery = z.object({ business: z.string().trim().min(1).max(64).optional() });

/** Query booleans arrive as strings over HTTP; typed callers may pass booleans. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { message: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');
