/** POST /v1/regal/subscribe?business&email: a newsletter subscription, stored once. */
import { z } from 'zod';
import { businessQuery, envelope } from '@/lib/contracts/envelope';

export const subscribeQuery = businessQuery.extend({
  email: z
    .string({ message: 'email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'email is too long')
    .pipe(z.email({ message: 'email must be a valid e-mail address' })),
});
export type SubscribeQuery = z.input<typeof subscribeQuery>;
export const subscribeResponse = envelope(z.object({ email: z.string(), alreadySubscribed: z.boolean() }));
