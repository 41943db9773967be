/**
 * Account call payloads (spec section 7). The server side comes with the accounts capability;
 * the client functions and these shapes exist now so that both sides share one definition.
 */
import { z } from 'zod';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'email must be a valid e-mail address' }));
const password = z.string().min(1, 'password is required').max(200, 'password is too long');

export const loginBody = z.object({ email, password, business: z.string() });
export type LoginBody = z.input<typeof loginBody>;
export const signupBody = loginBody;
export type SignupBody = z.input<typeof signupBody>;
export const otpRequestBody = z.object({ email, business: z.string() });
export type OtpRequestBody = z.input<typeof otpRequestBody>;
export const otpValidateBody = z.object({ email, code: z.string().trim().regex(/^\d{6}$/, 'code must be six digits'), business: z.string() });
export type OtpValidateBody = z.input<typeof otpValidateBody>;
export const changePasswordBody = z.object({ password, business: z.string() });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const cartItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  price: z.number(),
  quantity: z.number().int(),
  image: z.object({ src: z.string(), alt: z.string() }),
  size: z.string().optional(),
  SKU: z.string(),
  design: z.object({ name: z.string(), title: z.string(), price: z.number(), quantity: z.number().int() }).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The user record answered by login, signup, OTP validation and password change. */
export const userRecordSchema = z.object({
  authToken: z.string(),
  email: z.string(),
  name: z.string(),
  cartItems: z.array(cartItemSchema),
  recipients: z.array(z.unknown()),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const cartUpdateBody = z.object({ cartItems: z.array(cartItemSchema) });
export type CartUpdateBody = z.input<typeof cartUpdateBody>;
