/**
 * Order call payloads (spec sections 3 and 7). The server side comes with the orders and
 * payments capabilities; these shapes are shared by the client functions now.
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/domain/money';

const currency = z.enum(CURRENCY_CODES);

export const orderCartItemSchema = z.object({
  productId: z.string(),
  design: z.string().optional(),
  size: z.string().optional(),
  quantity: z.number().int(),
  image: z.object({ src: z.string(), alt: z.string() }).optional(),
  SKU: z.string(),
});
export type OrderCartItem = z.infer<typeof orderCartItemSchema>;

export const orderCreateBody = z.object({
  deliveryDate: z.string(),
  cartItems: z.array(orderCartItemSchema),
  currency,
  business: z.string(),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;
export const orderCreated = z.object({ id: z.string(), deliveryDate: z.string() });
export type OrderCreated = z.infer<typeof orderCreated>;

export const orderUpdateBody = z.object({
  deliveryDate: z.string(),
  cartItems: z.array(orderCartItemSchema).nullable(),
  currency,
  business: z.string(),
});
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;

export const checkoutOrderBody = z.object({
  shouldCreateAccount: z.boolean(),
  shouldSaveAddress: z.boolean(),
  orderData: z.record(z.string(), z.unknown()),
  userData: z.object({
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    password: z.string().optional(),
    phoneCountryCode: z.string().optional(),
  }),
  currency,
  business: z.string(),
});
export type CheckoutOrderBody = z.input<typeof checkoutOrderBody>;

export const saveSenderInfoBody = z.record(z.string(), z.unknown());
export type SaveSenderInfoBody = z.input<typeof saveSenderInfoBody>;

export const updatePaymentDetailsBody = z.object({ currency, paymentMethod: z.string() });
export type UpdatePaymentDetailsBody = z.input<typeof updatePaymentDetailsBody>;

export const reviewBody = z.object({ rating: z.number().int().min(1).max(5), comment: z.string().max(2000) });
export type ReviewBody = z.input<typeof reviewBody>;

/** The order as the client reads it (spec section 3). */
export type Order = {
  id: string;
  deliveryDate: string;
  paymentStatus: string;
  orderProducts: { image: { src: string; alt: string }; name: string; price: number; quantity: number; id: string; size?: string; description?: string; SKU: string }[];
  client: { email: string; name: string; phone: string; phoneCountryCode: string };
  deliveryDetails: {
    recipientName: string;
    recipientPhone: string;
    recipientPhoneCountryCode: string;
    recipientAltPhone: string;
    recipientAltPhoneCountryCode: string;
    recipientAddress: string;
    state: string;
    zone: string;
  };
  recipientAddress: string;
  deliveryMessage: string;
  purpose: string;
  adminNotes: string;
  despatchLocation: string;
  deliveryInstruction: string;
  pickupState: string;
};
