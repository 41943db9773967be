/**
 * The pay link's calls (/v1/charges/{token}): what an extra charge is (a redelivery fee, a fee
 * difference, a quoted delivery fee), starting a card payment for it, and the outcome on return.
 */
import { z } from 'zod';
import type { ChargeKind, ChargeStatus } from '@/lib/domain/charges';
import { singleLine, strictObject } from '@/lib/contracts/text';

/** `GET /v1/charges/{token}`. */
export type ChargeView = {
  orderNumber: string;
  kind: ChargeKind;
  /** 'Redelivery fee'… */
  what: string;
  reason: string;
  /** '₦4,500'. */
  amount: string;
  currency: string;
  status: ChargeStatus;
  /** Card methods that take it, while it is due. */
  methods: string[];
  /** Paid in the built-in sandbox: no money was taken. */
  test: boolean;
};

/**
 * `POST /v1/charges/{token}/start {method}` answers where to pay. An `Idempotency-Key` header makes a
 * retry with the same key and method answer the first attempt again (see lib/contracts/payments.ts).
 */
export const chargeStartBody = strictObject({ method: singleLine(40).min(1, 'method is required') });
export type ChargeStart = { redirectUrl: string; reference: string };

/** `POST /v1/charges/{token}/verify {reference, query}`: the provider's return. */
export const chargeVerifyBody = strictObject({
  reference: singleLine(100).min(1, 'reference is required'),
  query: z.record(z.string().max(100), z.string().max(500)).optional(),
});
export type ChargeOutcome = { outcome: 'paid' | 'pending' | 'failed'; message: string };
